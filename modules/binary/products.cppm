// ff.binary.products: unreduced carry-less products of N-limb polynomials, written once over a
// binary backend policy A (or any ff::binary::clmul_arithmetic limb type: ff.binary.xmm runs
// them on 128-bit blocks of one element). Result limb k holds the coefficients of
// x^(64k) .. x^(64k+63).
module;
#include <array>
#include <cstddef>
#include "fieldlab/macros.h"
export module ff.binary.products;
import ff.core.element;
import ff.core.lanes;
import ff.binary.policies;

export namespace ff::binary {

// 2 limbs, Karatsuba: 3 clmuls.
template <class A>
FF_INLINE std::array<limb_t<A>, 4> clmul_2x2_karatsuba(const std::array<limb_t<A>, 2>& a,
                                                       const std::array<limb_t<A>, 2>& b) {
  limb_t<A> l0, h0, l1, h1, lm, hm;
  A::clmul(a[0], b[0], l0, h0);
  A::clmul(a[1], b[1], l1, h1);
  const limb_t<A> sa = a[0] ^ a[1], sb = b[0] ^ b[1];
  A::clmul(sa, sb, lm, hm);
  lm ^= l0 ^ l1;
  hm ^= h0 ^ h1;
  return {l0, h0 ^ lm, l1 ^ hm, h1};
}

// 3 limbs, Karatsuba: 6 clmuls (three diagonal, three pairwise sums).
template <class A>
FF_INLINE std::array<limb_t<A>, 6> clmul_3x3_karatsuba(const std::array<limb_t<A>, 3>& a,
                                                       const std::array<limb_t<A>, 3>& b) {
  limb_t<A> l0, h0, l1, h1, l2, h2, l01, h01, l02, h02, l12, h12;
  A::clmul(a[0], b[0], l0, h0);
  A::clmul(a[1], b[1], l1, h1);
  A::clmul(a[2], b[2], l2, h2);
  const limb_t<A> a01 = a[0] ^ a[1], b01 = b[0] ^ b[1];
  const limb_t<A> a02 = a[0] ^ a[2], b02 = b[0] ^ b[2];
  const limb_t<A> a12 = a[1] ^ a[2], b12 = b[1] ^ b[2];
  A::clmul(a01, b01, l01, h01);
  A::clmul(a02, b02, l02, h02);
  A::clmul(a12, b12, l12, h12);
  // Coefficient pairs c_k of x^(64k): c0 = p0, c1 = p01+p0+p1, c2 = p02+p0+p1+p2, c3 = p12+p1+p2, c4 = p2.
  const limb_t<A> c1l = l01 ^ l0 ^ l1, c1h = h01 ^ h0 ^ h1;
  const limb_t<A> c2l = l02 ^ l0 ^ l1 ^ l2, c2h = h02 ^ h0 ^ h1 ^ h2;
  const limb_t<A> c3l = l12 ^ l1 ^ l2, c3h = h12 ^ h1 ^ h2;
  return {l0, h0 ^ c1l, c1h ^ c2l, c2h ^ c3l, c3h ^ l2, h2};
}

// 4 limbs, Karatsuba on 128-bit halves of 2-limb Karatsuba: 9 clmuls.
template <class A>
FF_INLINE std::array<limb_t<A>, 8> clmul_4x4_karatsuba(const std::array<limb_t<A>, 4>& a,
                                                       const std::array<limb_t<A>, 4>& b) {
  using half = std::array<limb_t<A>, 2>;
  const half a0{a[0], a[1]}, a1{a[2], a[3]}, b0{b[0], b[1]}, b1{b[2], b[3]};
  const half as{a[0] ^ a[2], a[1] ^ a[3]}, bs{b[0] ^ b[2], b[1] ^ b[3]};
  const auto lo = clmul_2x2_karatsuba<A>(a0, b0);
  const auto hi = clmul_2x2_karatsuba<A>(a1, b1);
  auto mid = clmul_2x2_karatsuba<A>(as, bs);
  for (std::size_t i = 0; i < 4; ++i) mid[i] ^= lo[i] ^ hi[i];
  return {lo[0], lo[1], lo[2] ^ mid[0], lo[3] ^ mid[1], hi[0] ^ mid[2], hi[1] ^ mid[3], hi[2], hi[3]};
}

// N > 4 limbs, Karatsuba on halves of h = ceil(N / 2) and N - h limbs (the smaller half and the
// sums padded to h): 3 products of about half the size, each in the shape clmul_product picks.
template <class A, std::size_t N>
FF_INLINE std::array<limb_t<A>, 2 * N> clmul_split_karatsuba(const std::array<limb_t<A>, N>& a,
                                                             const std::array<limb_t<A>, N>& b);

// N limbs, schoolbook: N^2 clmuls, no additions before the products.
template <class A, std::size_t N>
FF_INLINE std::array<limb_t<A>, 2 * N> clmul_schoolbook(const std::array<limb_t<A>, N>& a,
                                                        const std::array<limb_t<A>, N>& b) {
  std::array<limb_t<A>, 2 * N> r;
  for (std::size_t k = 0; k < 2 * N; ++k) r[k] = a[0] ^ a[0];
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) {
      limb_t<A> lo, hi;
      A::clmul(a[i], b[j], lo, hi);
      r[i + j] ^= lo;
      r[i + j + 1] ^= hi;
    }
  return r;
}

// The largest schoolbook product: beyond it clang keeps the accumulating limbs on the stack with
// mixed 64- and 128-bit stores and loads (store-forwarding stalls: 7 limbs cost 260 ns on pclmul,
// decisions.md), so a schoolbook policy splits larger products by Karatsuba into schoolbook halves.
constexpr std::size_t schoolbook_limit = 5;

// The product of N-limb polynomials in the shape the policy declares.
template <class A, std::size_t N>
FF_INLINE std::array<limb_t<A>, 2 * N> clmul_product(const std::array<limb_t<A>, N>& a,
                                                     const std::array<limb_t<A>, N>& b) {
  static_assert(clmul_arithmetic<A>);
  if constexpr (N == 1 || (A::product == product_shape::schoolbook && N <= schoolbook_limit)) {
    return clmul_schoolbook<A, N>(a, b);
  } else if constexpr (N > 4) {
    return clmul_split_karatsuba<A, N>(a, b);
  } else if constexpr (N == 2) {
    return clmul_2x2_karatsuba<A>(a, b);
  } else if constexpr (N == 3) {
    return clmul_3x3_karatsuba<A>(a, b);
  } else {
    return clmul_4x4_karatsuba<A>(a, b);
  }
}

template <class A, std::size_t N>
FF_INLINE std::array<limb_t<A>, 2 * N> clmul_split_karatsuba(const std::array<limb_t<A>, N>& a,
                                                             const std::array<limb_t<A>, N>& b) {
  constexpr std::size_t h = (N + 1) / 2, m = N - h;
  using L = limb_t<A>;
  std::array<L, h> a0, b0, as, bs;
  std::array<L, m> a1, b1;
  for (std::size_t i = 0; i < h; ++i) {
    a0[i] = a[i];
    b0[i] = b[i];
    as[i] = i < m ? a[i] ^ a[h + i] : a[i];
    bs[i] = i < m ? b[i] ^ b[h + i] : b[i];
  }
  for (std::size_t i = 0; i < m; ++i) {
    a1[i] = a[h + i];
    b1[i] = b[h + i];
  }
  const auto lo = clmul_product<A, h>(a0, b0);
  const auto hi = clmul_product<A, m>(a1, b1);
  auto mid = clmul_product<A, h>(as, bs);
  for (std::size_t i = 0; i < 2 * h; ++i) mid[i] ^= lo[i] ^ (i < 2 * m ? hi[i] : a[0] ^ a[0]);
  std::array<L, 2 * N> r;
  for (std::size_t i = 0; i < 2 * h; ++i) r[i] = lo[i];
  for (std::size_t i = 0; i < 2 * m; ++i) r[2 * h + i] = hi[i];
  for (std::size_t i = 0; i < 2 * h; ++i) r[h + i] ^= mid[i];
  return r;
}

// The square of an N-limb polynomial: one limb square each, no cross terms (characteristic 2).
template <class A, std::size_t N>
FF_INLINE std::array<limb_t<A>, 2 * N> clmul_square(const std::array<limb_t<A>, N>& a) {
  std::array<limb_t<A>, 2 * N> r;
  for (std::size_t i = 0; i < N; ++i) A::square(a[i], r[2 * i], r[2 * i + 1]);
  return r;
}

}  // namespace ff::binary
