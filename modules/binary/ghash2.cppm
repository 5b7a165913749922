// ff.ghash2: GF(2^256) as the quadratic extension K[v]/(v^2 + v + x^121) of K = ghash128.
// An element a0 + a1 v is stored as limbs {a0.lo, a0.hi, a1.lo, a1.hi}, so its 256-bit hex
// value is (coefficient of v) * 2^128 + (constant term).
//
// Multiplication is specialized like an Fp2 of a pairing tower (docs/ghash2.md): the three
// Karatsuba products over K stay unreduced (256 bits each), are combined, and each output
// coefficient is reduced once; the multiplication by c = x^121 is a shift folded into the
// constant term's reduction.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.ghash2;
export import ff.ghash128;

export namespace ff {

struct ghash2 : binary_field_base<ghash2> {
  static constexpr std::string_view name = "ghash2";
  static constexpr unsigned degree = 256;
  static constexpr std::size_t limbs = 4;
  // Measured choices (docs/performance/decisions.md, "Tuning"): one block per batch step,
  // because the three unreduced products and the 6-limb reduction of two blocks exceed the
  // registers.
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 11};
  // v^2 = v + c with c = x^121 in K.
  static constexpr unsigned c_exponent = 121;
  static_assert(c_exponent > 64 && c_exponent < 128, "the shifts below assume 64 < c_exponent < 128");

  template <class A>
  using half = std::array<limb_t<A>, 2>;
  template <class A>
  using quad = std::array<limb_t<A>, 4>;

  // c * m for m in K: a shift by 121 bits and one ghash128 reduction, not a multiplication.
  template <class A>
  FF_INLINE static half<A> mul_by_c(const half<A>& m) {
    using L = limb_t<A>;
    constexpr unsigned s = c_exponent - 64, r = 64 - s;
    const L zero = m[0] ^ m[0];
    return ghash128::reduce<L>({zero, m[0] << s, (m[0] >> r) | (m[1] << s), m[1] >> r});
  }

  // ---- Reduction of the longer polynomial m0 + x^121 m1 (degree <= 375, 6 limbs) -------
  // x^(64i) = x^(64(i-2)) (x^7 + x^2 + x + 1): limb i lands on limbs i-2 and i-1.
  template <class V>
  FF_INLINE static void fold_limb_by_shifts(std::array<V, 6>& p, int i) {
    const V t = p[i];
    p[i - 2] ^= t ^ (t << 1) ^ (t << 2) ^ (t << 7);
    p[i - 1] ^= (t >> 63) ^ (t >> 62) ^ (t >> 57);
  }
  // The same fold as one carry-less product by 0x87 = x^7 + x^2 + x + 1.
  template <class A>
  FF_INLINE static void fold_limb_by_clmul(std::array<limb_t<A>, 6>& p, int i) {
    using L = limb_t<A>;
    const L poly = (p[i] ^ p[i]) | u64{0x87};
    L lo, hi;
    A::clmul(p[i], poly, lo, hi);
    p[i - 2] ^= lo;
    p[i - 1] ^= hi;
  }

  // m0 + x^121 m1 for unreduced products m0, m1 (degree <= 254): 6 limbs, not reduced.
  template <class V>
  FF_INLINE static std::array<V, 6> add_shifted_by_c(const std::array<V, 4>& m0, const std::array<V, 4>& m1) {
    constexpr unsigned s = c_exponent - 64, r = 64 - s;
    return {m0[0],
            m0[1] ^ (m1[0] << s),
            m0[2] ^ (m1[0] >> r) ^ (m1[1] << s),
            m0[3] ^ (m1[1] >> r) ^ (m1[2] << s),
            (m1[2] >> r) ^ (m1[3] << s),
            m1[3] >> r};
  }

  enum class fold { shifts, clmul };

  template <class A, fold How>
  FF_INLINE static half<A> reduce_wide(std::array<limb_t<A>, 6> p) {
    // With funnel shifts (zmm), ghash128's limb-by-limb sparse reduction: one vpshldq per
    // term and limb where these folds take two shifts.
    if constexpr (How == fold::shifts && A::funnel_shifts)
      return sparse_reduction<ghash128>::reduce_by_limbs(p);
    for (int i = 5; i >= 2; --i) {
      if constexpr (How == fold::shifts) fold_limb_by_shifts(p, i);
      else fold_limb_by_clmul<A>(p, i);
    }
    return {p[0], p[1]};
  }
  template <class A, fold How>
  FF_INLINE static half<A> reduce_quad(const quad<A>& m) {
    if constexpr (How == fold::shifts && A::funnel_shifts) return sparse_reduction<ghash128>::reduce_by_limbs(m);
    else if constexpr (How == fold::shifts) return ghash128::reduce<limb_t<A>>(m);
    else {
      std::array<limb_t<A>, 6> p{m[0], m[1], m[2], m[3], m[0] ^ m[0], m[0] ^ m[0]};
      fold_limb_by_clmul<A>(p, 3);
      fold_limb_by_clmul<A>(p, 2);
      return {p[0], p[1]};
    }
  }

  // ---- Multiplication --------------------------------------------------------------------

  // Lazy reduction: the same three Karatsuba products left unreduced; the v coefficient is
  // reduce(m2 + m0), the constant reduce(m0 + x^121 m1) (one reducer for the 6-limb input):
  // 6 limb folds instead of the generic form's 8, and no separate mul_by_c.
  // Two stages (as polynomial_basis, for ff.algo.batch): the combined unreduced products, then
  // their two reductions.
  template <class A>
  struct unreduced {
    quad<A> v_coefficient;               // m2 + m0
    std::array<limb_t<A>, 6> constant;  // m0 + x^121 m1
  };
  template <class A>
  FF_INLINE static unreduced<A> mul_product(const quad<A>& a, const quad<A>& b) {
    const half<A> a0{a[0], a[1]}, a1{a[2], a[3]}, b0{b[0], b[1]}, b1{b[2], b[3]};
    const quad<A> m0 = binary::clmul_2x2_karatsuba<A>(a0, b0);
    const quad<A> m1 = binary::clmul_2x2_karatsuba<A>(a1, b1);
    quad<A> m2 = binary::clmul_2x2_karatsuba<A>({a[0] ^ a[2], a[1] ^ a[3]}, {b[0] ^ b[2], b[1] ^ b[3]});
    for (std::size_t i = 0; i < 4; ++i) m2[i] ^= m0[i];
    return {m2, add_shifted_by_c(m0, m1)};
  }
  template <class A, fold How>
  FF_INLINE static quad<A> reduce_lazy(const unreduced<A>& p) {
    const half<A> r1 = reduce_quad<A, How>(p.v_coefficient);
    const half<A> r0 = reduce_wide<A, How>(p.constant);
    return {r0[0], r0[1], r1[0], r1[1]};
  }
  // The faster fold per backend (decisions.md, "ghash2"): on scalar limbs a fold is one clmul
  // instead of seven shifts; on vector limbs the shifts are cheaper than the two VPCLMULQDQ
  // and two unpacks a vector clmul costs.
  template <class A>
  static constexpr fold fastest_fold = A::lanes == 1 ? fold::clmul : fold::shifts;
  template <class A>
  FF_INLINE static quad<A> reduce_product(const unreduced<A>& p) {
    return reduce_lazy<A, fastest_fold<A>>(p);
  }
  template <class A>
  FF_INLINE static quad<A> mul(const quad<A>& a, const quad<A>& b) {
    return reduce_product<A>(mul_product<A>(a, b));
  }

  // ---- Squaring ---------------------------------------------------------------------------

  // (a0 + a1 v)^2 = (a0^2 + c a1^2) + a1^2 v, with complete ghash128 squarings: 3 reductions.
  template <class A>
  FF_INLINE static quad<A> square_generic(const quad<A>& a) {
    const half<A> s0 = ghash128::square<A>(half<A>{a[0], a[1]});
    const half<A> s1 = ghash128::square<A>(half<A>{a[2], a[3]});
    const half<A> cs1 = mul_by_c<A>(s1);
    return {s0[0] ^ cs1[0], s0[1] ^ cs1[1], s1[0], s1[1]};
  }

  // Lazy: a1^2 v reduced once, a0^2 + x^121 a1^2 reduced once from the unreduced squares.
  template <class A, fold How = fold::shifts>
  FF_INLINE static quad<A> square_lazy(const quad<A>& a) {
    const quad<A> s0 = binary::clmul_square<A, 2>(half<A>{a[0], a[1]});
    const quad<A> s1 = binary::clmul_square<A, 2>(half<A>{a[2], a[3]});
    const half<A> r1 = reduce_quad<A, How>(s1);
    const half<A> r0 = reduce_wide<A, How>(add_shifted_by_c(s0, s1));
    return {r0[0], r0[1], r1[0], r1[1]};
  }

  // Squaring has no Karatsuba sums to save: on vector limbs the lazy form only moves the
  // shifts around and measured no faster, so the generic form stays there.
  template <class A>
  FF_INLINE static quad<A> square(const quad<A>& a) {
    if constexpr (A::lanes == 1) return square_lazy<A, fastest_fold<A>>(a);
    else return square_generic<A>(a);
  }

  // Squaring in two stages for ff.algo.batch: the square itself, nothing left to reduce.
  template <class A>
  FF_INLINE static quad<A> square_product(const quad<A>& a) {
    return square<A>(a);
  }
  template <class A>
  FF_INLINE static quad<A> reduce_product(const quad<A>& squared) {
    return squared;
  }

  // The fixed generator of fixed-base powers: v (x lies in the subfield K).
  static constexpr element<ghash2> generator() { return monomial(128); }
};

}  // namespace ff
