// ff.binary.polynomial: the skeleton of a polynomial-basis field GF(2)[x]/(f). The product is
// the N-limb carry-less product of ff.binary.products; the reduction is the field's own
// straight-line F::reduce (written once per modulus, over any limb type), or, on policies with
// funnel shifts, the generic sparse_reduction built from F::modulus.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <utility>
#include "fieldlab/macros.h"
export module ff.binary.polynomial;
import ff.core.element;
import ff.core.cpu;
import ff.core.lanes;
import ff.binary.policies;
import ff.binary.products;
import ff.binary.field;
import ff.binary.xmm;

export namespace ff {

// Reduction modulo a sparse f = x^d + x^e1 + ... + 1 (every e < 33) with one funnel shift,
// (hi << k) | (lo >> (64 - k)), per term and limb: one instruction on policies with
// funnel_shifts (vpshldq on zmm), where it beats the fields' own limb-by-limb folds (two plain
// shifts per term and limb, which is what scalar and ymm limbs do best). Two forms:
//  - d not a multiple of 64 (b163, b191, sect193), for a product of degree <= 2d - 2: one
//    pass. H = p div x^d; r = (p mod x^d) + H (f - x^d); the bits of r from x^d up (fewer
//    than e1) fold once more. Only the limbs the degree bounds allow are computed (h_limbs,
//    r_limbs).
//  - d = 64 N (ghash128, b256, and ghash2's folds over ghash128): limb by limb from the top
//    (reduce_by_limbs), with no final fold left.
// docs/performance/decisions.md ("Reduction on zmm") has the measurements.
template <class F>
struct sparse_reduction {
  static constexpr std::size_t N = F::limbs;
  static constexpr unsigned d = F::degree, q = d / 64, s = d % 64, e1 = F::modulus[1];
  static constexpr std::size_t middle_terms = F::modulus.size() - 2;
  // Limbs that can be nonzero, from the degree bounds (the compiler cannot see them, so
  // limbs past these would cost shifts of zeros): H has degree <= d - 2, r <= d + e1 - 2.
  static constexpr std::size_t h_limbs = (d - 1 + 63) / 64, r_limbs = (d + e1 - 1 + 63) / 64;
  // Limbs of a product of degree <= 2d - 2 (sect193's is 7 of its 8).
  static constexpr std::size_t product_limbs = (2 * d - 2) / 64 + 1;
  // The shape it handles (tests check reduce on every field that has it) ...
  static constexpr bool fits = F::modulus.size() >= 3 && F::modulus.back() == 0 && e1 < 33 &&
                               d > 64 * (N - 1) && d <= 64 * N;

  // out = (hi:lo) << k, the upper half; k in 1..63. (An out-parameter: a vector returned by
  // value from a function without the vector ISA would change the ABI.)
  template <class V>
  FF_INLINE static void funnel_left(const V& hi, const V& lo, unsigned k, V& out) {
    out = (hi << k) | (lo >> (64 - k));
  }
  template <class V, std::size_t M>
    requires(M >= product_limbs)
  FF_INLINE static std::array<V, N> reduce(const std::array<V, M>& p) {
    if constexpr (s == 0) return reduce_by_limbs(p);
    else return reduce(p, std::make_index_sequence<middle_terms>{});
  }
  template <class V, std::size_t M>
    requires(s == 0 && N >= 2 && M > N)
  FF_INLINE static std::array<V, N> reduce_by_limbs(const std::array<V, M>& p) {
    return reduce_by_limbs(p, std::make_index_sequence<middle_terms>{});
  }

  // d = 64 N: fold limb by limb from the top. Limb i's terms land on limbs i - N (shifted
  // left) and i - N + 1 (shifted right), so each limb that receives both takes one funnel
  // shift per term of the limb above it and the limb itself; nothing is left above x^d at the
  // end. m (N + 1) shifts for M = 2N and m middle terms, where one pass and a final fold take
  // m (N + 2). Any M > N, any degree (ghash2 reduces its 6-limb m0 + x^121 m1 with it).
  template <class V, std::size_t M, std::size_t... J>
    requires(s == 0 && N >= 2 && M > N)
  FF_INLINE static std::array<V, N> reduce_by_limbs(std::array<V, M> p, std::index_sequence<J...>) {
    // Step i reads p[i] after every contribution to it: they come from steps i + N - 1 > i.
    V above = p[M - 1];
    ((p[M - N] ^= above >> (64 - F::modulus[J + 1])), ...);
    for (std::size_t i = M - 2; i >= N; --i) {
      const V t = p[i];
      V& lands = p[i - N + 1];
      lands ^= above;
      auto add_term = [&](unsigned e) FF_LAMBDA_INLINE {
        V shifted;
        funnel_left(above, t, e, shifted);
        lands ^= shifted;
      };
      (add_term(F::modulus[J + 1]), ...);
      above = t;
    }
    p[0] ^= above;
    ((p[0] ^= above << F::modulus[J + 1]), ...);
    std::array<V, N> out;
    for (std::size_t k = 0; k < N; ++k) out[k] = p[k];
    return out;
  }

  // d not a multiple of 64: one pass (the first form in the comment above the struct).
  template <class V, std::size_t M, std::size_t... J>
    requires(s != 0)
  FF_INLINE static std::array<V, N> reduce(const std::array<V, M>& p, std::index_sequence<J...>) {
    std::array<V, h_limbs> h;
    for (std::size_t k = 0; k < h_limbs; ++k) {  // h = p div x^d
      if (q + k + 1 < product_limbs) funnel_left(p[q + k + 1], p[q + k], 64 - s, h[k]);
      else h[k] = p[q + k] >> s;
    }
    std::array<V, r_limbs> r;  // p mod x^d, + h
    for (std::size_t k = 0; k < r_limbs; ++k) {
      if (k < q && k < h_limbs) r[k] = p[k] ^ h[k];
      else if (k < q) r[k] = p[k];
      else if (k < h_limbs) r[k] = h[k];
      else r[k] = p[0] ^ p[0];
    }
    r[q] ^= p[q] & ((u64{1} << s) - 1);
    auto add_h_times_x_to = [&](unsigned e) FF_LAMBDA_INLINE {
      r[0] ^= h[0] << e;
      for (std::size_t k = 1; k < r_limbs; ++k) {
        V shifted;
        if (k < h_limbs) funnel_left(h[k], h[k - 1], e, shifted);
        else if (k == h_limbs) shifted = h[k - 1] >> (64 - e);
        else continue;
        r[k] ^= shifted;
      }
    };
    (add_h_times_x_to(F::modulus[J + 1]), ...);
    std::array<V, N> out;
    for (std::size_t k = 0; k < N; ++k) out[k] = k < r_limbs ? r[k] : p[0] ^ p[0];
    if constexpr (q < r_limbs) {  // t = r div x^d: below x^(e1 - 1), so t (f - x^d) fits in limb 0
      V t;
      if constexpr (q + 1 < r_limbs) funnel_left(r[q + 1], r[q], 64 - s, t);
      else t = r[q] >> s;
      out[q] &= (u64{1} << s) - 1;
      out[0] ^= t;
      ((out[0] ^= t << F::modulus[J + 1]), ...);
    }
    return out;
  }
};

// Reduction modulo f = x^d + x^e1 + ... + 1 by folding limbs from the top with plain shifts
// (what scalar and ymm limbs do best): the limb t at x^(64i), i >= N, is
// t x^(64(i - N) + s) (f - x^d) with s = 64 N - d, two shifts per term landing below it; then
// the bits of limb N - 1 at and above x^d fold once. Written once from F::modulus for any
// sparse modulus. Two shapes of the same folds, chosen per field by measurement
// (F::fold_sums_per_limb; decisions.md, "One fold reduction, two shapes"): each term XORed into
// the limb it lands on (b233, b283, b409, b571), or each landing limb taking the XOR of its
// shifted copies of t first and then one XOR (b163, b191: their hand-written reductions' shape;
// the other shape cost b163's pclmul batch 22-26 %, this one b233's pclmul batch 13-24 %).
template <class F>
struct limb_fold_reduction {
  static constexpr std::size_t N = F::limbs;
  static constexpr unsigned d = F::degree, s = unsigned(64 * N) - d, e1 = F::modulus[1];
  static constexpr std::size_t terms = F::modulus.size() - 1;  // the exponents below d
  // Every term of a folded limb lands below it, and the last fold lands below x^d.
  static constexpr bool fits = F::modulus.back() == 0 && s + e1 < 64 * (N - 1) && s + e1 <= d;

  // A shifted copy of a limb t: t << amount, or t >> amount (right).
  struct piece {
    bool right;
    unsigned amount;
  };
  struct pieces {
    std::array<piece, 2 * terms> item{};
    std::size_t count = 0;
  };
  // What a limb t with `bits` significant bits, times x^offset (f - x^d), adds to the limb j
  // above the one it starts on (only pieces that can be nonzero), lowest exponent first.
  static consteval pieces landing(std::size_t j, unsigned offset, unsigned bits) {
    pieces r;
    for (std::size_t k = terms; k >= 1; --k) {
      const unsigned o = offset + F::modulus[k];
      if (o / 64 == j) r.item[r.count++] = {false, o % 64};
      else if (o / 64 + 1 == j && o % 64 != 0 && o % 64 + bits > 64) r.item[r.count++] = {true, 64 - o % 64};
    }
    return r;
  }
  // limb ^= the XOR of the pieces of t in L. (No lambda returns the sum: a vector returned by
  // value from a function without the vector ISA would change the ABI.)
  template <pieces L, class V, std::size_t... K>
  FF_INLINE static void add_pieces(V& limb, const V& t, std::index_sequence<K...>) {
    limb ^= (... ^ (L.item[K].right ? t >> L.item[K].amount : t << L.item[K].amount));
  }
  // The pieces of t landing on the limbs first + J, for each J.
  template <unsigned Offset, unsigned Bits, class V, std::size_t M, std::size_t... J>
  FF_INLINE static void add_landings(std::array<V, M>& p, std::size_t first, const V& t, std::index_sequence<J...>) {
    auto add = [&]<std::size_t Jv>(std::integral_constant<std::size_t, Jv>) FF_LAMBDA_INLINE {
      constexpr pieces l = landing(Jv, Offset, Bits);
      if constexpr (l.count > 0) add_pieces<l>(p[first + Jv], t, std::make_index_sequence<l.count>{});
    };
    (add(std::integral_constant<std::size_t, J>{}), ...);
  }

  template <class V, std::size_t M>
  FF_INLINE static constexpr std::array<V, N> reduce(const std::array<V, M>& in) {
    static_assert(fits, "limb_fold_reduction does not handle this modulus");
    std::array<V, M> p = in;
    if constexpr (F::fold_sums_per_limb) {
      for (std::size_t i = M - 1; i >= N; --i)
        add_landings<s, 64>(p, i - N, V(p[i]), std::make_index_sequence<(s + e1) / 64 + 2>{});
    } else {
      for (std::size_t i = M - 1; i >= N; --i) {
        const V t = p[i];
        for (std::size_t k = 1; k < F::modulus.size(); ++k) {
          const unsigned o = s + F::modulus[k];
          const std::size_t at = i - N + o / 64;
          p[at] ^= t << (o % 64);
          if (o % 64 != 0) p[at + 1] ^= t >> (64 - o % 64);
        }
      }
    }
    std::array<V, N> out;
    for (std::size_t k = 0; k < N; ++k) out[k] = p[k];
    if constexpr (s != 0) {
      const V t = out[N - 1] >> (64 - s);  // x^d .. x^(64N - 1): s bits
      out[N - 1] &= (u64{1} << (64 - s)) - 1;
      if constexpr (F::fold_sums_per_limb) {
        add_landings<0, s>(out, 0, t, std::make_index_sequence<(e1 + s + 63) / 64>{});
      } else {
        for (std::size_t k = 1; k < F::modulus.size(); ++k) {
          const unsigned e = F::modulus[k];
          out[e / 64] ^= t << (e % 64);
          if (e % 64 != 0 && e / 64 + 1 < N) out[e / 64 + 1] ^= t >> (64 - e % 64);
        }
      }
    }
    return out;
  }
};

// Fields with a sparse GF(2) modulus (exponent list, highest first) and a reducer.
template <class F>
concept polynomial_field = binary_family<F> && requires {
  F::modulus;
  { F::modulus[0] } -> std::convertible_to<unsigned>;
  { F::sparse_reduction_on_funnel_shifts } -> std::convertible_to<bool>;
} && (F::modulus[0] == F::degree);

// The base of a polynomial-basis field F with N limbs. F declares name, degree, modulus,
// tuning and sparse_reduction_on_funnel_shifts (whether sparse_reduction replaces reduce on
// policies with funnel shifts; false where reduce is already one pass), and may declare reduce
// (a straight-line reducer of a product of two canonical elements) in place of
// limb_fold_reduction.
template <class F, std::size_t N>
struct polynomial_basis : binary_field_base<F> {
  static constexpr std::size_t limbs = N;

  // Multiplication and squaring in two stages, the unreduced product and its reduction, so that
  // ff.algo.batch can reduce one block while it multiplies the next. A field whose product is
  // not the plain N-limb one (sect193) replaces mul_product / square_product only.
  template <class A>
  FF_INLINE static std::array<limb_t<A>, 2 * N> mul_product(const std::array<limb_t<A>, N>& a,
                                                            const std::array<limb_t<A>, N>& b) {
    return binary::clmul_product<A, N>(a, b);
  }
  template <class A>
  FF_INLINE static std::array<limb_t<A>, 2 * N> square_product(const std::array<limb_t<A>, N>& a) {
    return binary::clmul_square<A, N>(a);
  }
  template <class A, class Product>
  FF_INLINE static std::array<limb_t<A>, N> reduce_product(const Product& p) {
    if constexpr (A::funnel_shifts && F::sparse_reduction_on_funnel_shifts) {
      static_assert(sparse_reduction<F>::fits, "sparse_reduction does not handle this modulus");
      return sparse_reduction<F>::reduce(p);
    } else {
      return F::reduce(p);
    }
  }

  template <class V, std::size_t M>
  FF_INLINE static constexpr std::array<V, N> reduce(const std::array<V, M>& p) {
    return limb_fold_reduction<F>::reduce(p);
  }

  // Whether the product is the plain N-limb one (sect193's is not: it sets false).
  static constexpr bool plain_product = true;
  // limb_fold_reduction's shape: one XOR per term (false) or per landing limb (true; measured).
  static constexpr bool fold_sums_per_limb = false;

  template <class A>
  FF_INLINE static std::array<limb_t<A>, N> mul(const std::array<limb_t<A>, N>& a, const std::array<limb_t<A>, N>& b) {
#if defined(__x86_64__)
    if constexpr (in_xmm<A>) return reduce_blocks(binary::xmm::product<N>(binary::xmm::to_blocks(a), binary::xmm::to_blocks(b)));
#endif
    return F::template reduce_product<A>(F::template mul_product<A>(a, b));
  }
  template <class A>
  FF_INLINE static std::array<limb_t<A>, N> square(const std::array<limb_t<A>, N>& a) {
#if defined(__x86_64__)
    // A square has too few clmuls to pay for a shift fold in xmm (b233, b409: 30 -> 33 and
    // 33 -> 38 cycles of latency there); by clmul it pays (decisions.md).
    if constexpr (in_xmm<A> && binary::xmm::block_reduction<F>::by_clmul)
      return reduce_blocks(binary::xmm::square<N>(binary::xmm::to_blocks(a)));
#endif
    return F::template reduce_product<A>(F::template square_product<A>(a));
  }
#if defined(__x86_64__)
  // One element on PCLMULQDQ from three limbs up: held in xmm blocks (ff.binary.xmm). With two
  // limbs the general-register path's shorter chain was faster (decisions.md).
  template <class A>
  static constexpr bool in_xmm =
      A::xmm_blocks && N >= 3 && F::plain_product && binary::xmm::block_reduction<F>::fits;
  FF_INLINE static std::array<u64, N> reduce_blocks(const std::array<binary::xmm::block, N>& p) {
    return binary::xmm::to_limbs<N>(binary::xmm::block_reduction<F>::reduce(p));
  }
#endif

  // The fixed generator of fixed-base powers: x (ffproofs certifies its order).
  static constexpr element<F> generator() { return binary_field_base<F>::monomial(1); }
};

}  // namespace ff
