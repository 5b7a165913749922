// ff.binary.xmm: one element at a time on PCLMULQDQ with the element held in xmm registers, two
// limbs per 128-bit block (limbs 2k and 2k + 1 in block k). The scalar pclmul policy's limbs are
// general registers, so each 64x64 product there moves its operands into xmm and back and the
// Karatsuba XORs are round trips (hence its schoolbook shape); on blocks the XORs are cheap and
// the products are Karatsuba over blocks, three clmuls per block pair: 9 clmuls for 4 limbs
// instead of 16, 45 for 9 instead of 66. The reduction stays in xmm too (block_reduction).
// polynomial_basis uses it for fields of three limbs or more on the pclmul policy
// (docs/performance/decisions.md, "Scalar pclmul in xmm").
module;
#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>
#include "fieldlab/macros.h"
export module ff.binary.xmm;
import ff.core.element;
import ff.core.simd;
import ff.binary.policies;
import ff.binary.products;

#if defined(__x86_64__)
export namespace ff::binary::xmm {

using block = v2u64;

template <std::size_t N>
constexpr std::size_t blocks = (N + 1) / 2;

// [0, v0] and [v1, 0]: a block's limbs moved one limb up or down (pslldq / psrldq by 8).
FF_INLINE block limb_up(const block& v) { return __builtin_shufflevector(v, v ^ v, 2, 0); }
FF_INLINE block limb_down(const block& v) { return __builtin_shufflevector(v, v ^ v, 1, 2); }

// Blocks as the limbs of ff.binary.products: a 128 x 128-bit product in three clmuls
// (Karatsuba on the two halves), a square in two.
struct block_arithmetic {
  using limb = block;
  static constexpr product_shape product = product_shape::karatsuba;
  FF_INLINE static void clmul(const block& a, const block& b, block& lo, block& hi) {
    block l, h, m;
    simd::clmul_lanes<0x00>(a, b, l);
    simd::clmul_lanes<0x11>(a, b, h);
    const block sa = a ^ __builtin_shufflevector(a, a, 1, 0), sb = b ^ __builtin_shufflevector(b, b, 1, 0);
    simd::clmul_lanes<0x00>(sa, sb, m);
    m ^= l ^ h;
    lo = l ^ limb_up(m);
    hi = h ^ limb_down(m);
  }
  FF_INLINE static void square(const block& a, block& lo, block& hi) {
    simd::clmul_lanes<0x00>(a, a, lo);
    simd::clmul_lanes<0x11>(a, a, hi);
  }
};
static_assert(clmul_arithmetic<block_arithmetic>);

// Limbs <-> blocks (an odd limb count leaves the top block's upper limb zero).
template <std::size_t N>
FF_INLINE std::array<block, blocks<N>> to_blocks(const std::array<u64, N>& a) {
  std::array<block, blocks<N>> r;
  for (std::size_t k = 0; k < blocks<N>; ++k) r[k] = block{a[2 * k], 2 * k + 1 < N ? a[2 * k + 1] : 0};
  return r;
}
template <std::size_t N, std::size_t B>
FF_INLINE std::array<u64, N> to_limbs(const std::array<block, B>& r) {
  std::array<u64, N> a;
  for (std::size_t i = 0; i < N; ++i) a[i] = r[i / 2][i % 2];
  return a;
}

// The unreduced product and square of N-limb elements: 2N limbs in N blocks.
template <std::size_t N>
FF_INLINE std::array<block, N> product(const std::array<block, blocks<N>>& a, const std::array<block, blocks<N>>& b) {
  const auto p = clmul_product<block_arithmetic, blocks<N>>(a, b);
  std::array<block, N> r;
  for (std::size_t k = 0; k < N; ++k) r[k] = p[k];
  return r;
}
template <std::size_t N>
FF_INLINE std::array<block, N> square(const std::array<block, blocks<N>>& a) {
  const auto p = clmul_square<block_arithmetic, blocks<N>>(a);
  std::array<block, N> r;
  for (std::size_t k = 0; k < N; ++k) r[k] = p[k];
  return r;
}

// The 128-bit product of limb I of x and limb J of y.
template <std::size_t I, std::size_t J>
FF_INLINE block clmul_limbs(const block& x, const block& y) {
  block r;
  simd::clmul_lanes<int(I % 2) | (int(J % 2) << 4)>(x, y, r);
  return r;
}

// A sum of two-limb values at limb offsets: one at an even offset adds to one block, one at an
// odd offset straddles two and is moved into place once, when the block is read. The offsets
// come from loop indices, never from data.
template <std::size_t M>
struct block_sum {
  std::array<block, M> even{}, odd{};
  FF_INLINE void add(std::size_t at, const block& v) {
    if (at % 2 == 0) even[at / 2] ^= v;
    else odd[at / 2] ^= v;
  }
  // v x^(64 at + b), 0 <= b < 64; `fits` says v << b loses no bit (so nothing lands at at + 2).
  FF_INLINE void add_shifted(std::size_t at, unsigned b, const block& v, bool fits = false) {
    if (b == 0) return add(at, v);
    add(at, v << b);
    if (!fits) add(at + 1, v >> (64 - b));
  }
  FF_INLINE block operator[](std::size_t k) const {
    return even[k] ^ limb_up(odd[k]) ^ (k > 0 ? limb_down(odd[k - 1]) : block{0, 0});
  }
};

// Reduction of a product of two canonical elements modulo f = x^d + g (F::modulus), N =
// F::limbs, in blocks. With s = 64N - d a limb t at x^(64i), i >= N, is t x^(64(i - N)) x^s g:
//  - by one clmul with the constant c = x^s g where c fits a qword (the pentanomials, b163's
//    to b571's);
//  - else by g's shifts, two limbs at a time (b233's and b409's x^74 and x^87 put c in two
//    qwords: two clmuls per limb would cost more than the shifts).
// The folded limbs land below N but for the top ones, which fold again (the degree bounds say
// how often); last, the bits of limb N - 1 from x^d up (fewer than s) fold by g's shifts.
template <class F>
struct block_reduction {
  static constexpr std::size_t N = F::limbs;
  static constexpr unsigned d = F::degree, s = unsigned(64 * N) - d, deg_c = s + F::modulus[1];
  static constexpr bool by_clmul = deg_c < 64;
  static constexpr bool fits = F::modulus.back() == 0 && s < 64;
  static constexpr u64 c = [] {
    u64 r = 0;
    for (std::size_t t = 1; t < F::modulus.size(); ++t) r |= u64{1} << ((s + F::modulus[t]) % 64);
    return r;
  }();

  // v has degree <= D; folds its limbs from N up, and again what lands at N or above.
  template <unsigned D, std::size_t M>
  FF_INLINE static void fold(std::array<block, M>& v) {
    constexpr unsigned folded = D - 64 * N + deg_c;  // the degree bound of what the folds add
    constexpr std::size_t top = D / 64;
    constexpr std::size_t out = std::max((folded < 64 * N ? N - 1 : folded / 64) / 2 + 2, (top - N + 3) / 2 + 1);
    block_sum<out> sum;
    if constexpr (by_clmul) {
      const block cv{c, 0};
      [&]<std::size_t... T>(std::index_sequence<T...>) FF_LAMBDA_INLINE {
        (sum.add(T, clmul_limbs<N + T, 0>(v[(N + T) / 2], cv)), ...);
      }(std::make_index_sequence<top - N + 1>{});
    } else {
      for (std::size_t k = N / 2; 2 * k <= top; ++k) {
        // The block's limbs from N up, lowest first: limb N alone where N is odd.
        const std::size_t low = 2 * k < N ? N : 2 * k;
        const block t = 2 * k < N ? limb_down(v[k]) : v[k];
        for (std::size_t m = 1; m < F::modulus.size(); ++m) {
          const unsigned o = s + F::modulus[m];
          sum.add_shifted(low - N + o / 64, o % 64, t);
        }
      }
    }
    for (std::size_t k = 0; k < M; ++k) {
      block below = v[k];  // the limbs below N
      if (2 * k >= N) below = block{0, 0};
      else if (2 * k + 1 == N) below = block{below[0], 0};
      v[k] = k < out ? below ^ sum[k] : below;
    }
    if constexpr (folded >= 64 * N) fold<folded>(v);
  }

  // The clmul stages of the reduction and the clmuls they issue (0 when it folds by shifts).
  static constexpr std::pair<std::size_t, std::size_t> clmul_stages_and_count() {
    if (!by_clmul) return {0, 0};
    std::size_t stages = 0, count = 0;
    for (unsigned D = 2 * d - 2; D >= 64 * N; D = D - 64 * N + deg_c) ++stages, count += D / 64 - N + 1;
    return {stages, count};
  }

  FF_INLINE static std::array<block, blocks<N>> reduce(std::array<block, N> v)
    requires fits
  {
    fold<2 * d - 2>(v);
    std::array<block, blocks<N>> r;
    for (std::size_t k = 0; k < blocks<N>; ++k) r[k] = v[k];
    if constexpr (s != 0) {
      constexpr std::size_t hi = N - 1;
      block& top = r[hi / 2];
      const block t = (hi % 2 ? limb_down(top) : top) >> (64 - s);  // x^d .. x^(64N - 1), in lane 0
      top &= hi % 2 ? block{~u64{0}, (u64{1} << (64 - s)) - 1} : block{(u64{1} << (64 - s)) - 1, 0};
      block_sum<blocks<N> + 1> sum;
      for (std::size_t m = 1; m < F::modulus.size(); ++m) {
        const unsigned e = F::modulus[m];
        sum.add_shifted(e / 64, e % 64, t, e % 64 + s <= 64);
      }
      for (std::size_t k = 0; k < blocks<N>; ++k) r[k] ^= sum[k];
    }
    return r;
  }
};

// What one multiplication issues, for the floors ffbench puts beside it: its clmuls and the
// clmuls on its critical path (the product's, then one per reduction stage by clmul). Block
// pairs of two half-empty blocks (the top block of an odd limb count, which only Karatsuba's
// high products see) cost two: the compiler drops the product of the zero halves.
constexpr std::size_t block_product_clmuls(std::size_t b, bool half_top) {
  const std::size_t top = half_top ? 2 : 3;
  if (b == 1) return top;
  if (b == 2) return 3 + 3 + top;
  if (b == 3) return 3 * 3 + 3 + 3 + top;
  const std::size_t h = b == 4 ? 2 : (b + 1) / 2;
  return 2 * block_product_clmuls(h, false) + block_product_clmuls(b - h, half_top);
}
template <class F>
struct kernel_cost {
  static constexpr std::size_t N = F::limbs;
  static constexpr std::size_t mul_clmuls =
      block_product_clmuls(blocks<N>, N % 2 == 1) + block_reduction<F>::clmul_stages_and_count().second;
  static constexpr std::size_t square_clmuls = N + block_reduction<F>::clmul_stages_and_count().second;
  static constexpr std::size_t clmul_depth = 1 + block_reduction<F>::clmul_stages_and_count().first;
};

}  // namespace ff::binary::xmm
#endif
