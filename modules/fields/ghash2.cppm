// ff.ghash2: GF(2^256) as the quadratic extension K[v]/(v^2 + v + x^121) of K = ghash128.
// An element a0 + a1 v is stored as limbs {a0.lo, a0.hi, a1.lo, a1.hi}, so its 256-bit hex
// value is (coefficient of v) * 2^128 + (constant term).
module;
#include <array>
#include <string_view>
#include "../core/targets.h"
export module ff.ghash2;
export import ff.ghash128;

export namespace ff {

struct ghash2 : field_base<ghash2> {
  static constexpr std::string_view name = "ghash2";
  static constexpr unsigned degree = 256;
  static constexpr std::size_t limbs = 4;
  // v^2 = v + c with c = x^121 in K.
  static constexpr unsigned c_exponent = 121;

  template <class A>
  using half = std::array<limbs_t<A>, 2>;

  // c * m for m in K: a shift by 121 bits and one ghash128 reduction, not a multiplication.
  template <class A>
  FF_INLINE static half<A> mul_by_c(const half<A>& m) {
    using L = limbs_t<A>;
    const L zero = m[0] ^ m[0];
    return ghash128::reduce<L>({zero, m[0] << 57, (m[0] >> 7) | (m[1] << 57), m[1] >> 7});
  }

  // (a0 + a1 v)(b0 + b1 v) = (a0 b0 + c a1 b1) + ((a0 + a1)(b0 + b1) + a0 b0) v:
  // three ghash128 multiplications (Karatsuba over K) and one multiplication by c.
  template <class A>
  FF_INLINE static std::array<limbs_t<A>, 4> mul(const std::array<limbs_t<A>, 4>& a,
                                                 const std::array<limbs_t<A>, 4>& b) {
    const half<A> a0{a[0], a[1]}, a1{a[2], a[3]}, b0{b[0], b[1]}, b1{b[2], b[3]};
    const half<A> m0 = ghash128::mul<A>(a0, b0);
    const half<A> m1 = ghash128::mul<A>(a1, b1);
    const half<A> m2 = ghash128::mul<A>({a[0] ^ a[2], a[1] ^ a[3]}, {b[0] ^ b[2], b[1] ^ b[3]});
    const half<A> cm1 = mul_by_c<A>(m1);
    return {m0[0] ^ cm1[0], m0[1] ^ cm1[1], m2[0] ^ m0[0], m2[1] ^ m0[1]};
  }

  // (a0 + a1 v)^2 = (a0^2 + c a1^2) + a1^2 v.
  template <class A>
  FF_INLINE static std::array<limbs_t<A>, 4> sqr(const std::array<limbs_t<A>, 4>& a) {
    const half<A> s0 = ghash128::sqr<A>(half<A>{a[0], a[1]});
    const half<A> s1 = ghash128::sqr<A>(half<A>{a[2], a[3]});
    const half<A> cs1 = mul_by_c<A>(s1);
    return {s0[0] ^ cs1[0], s0[1] ^ cs1[1], s1[0], s1[1]};
  }

  // The fixed generator of the power benchmark: v (x lies in the subfield K).
  static constexpr element<ghash2> generator() { return monomial(128); }
};

}  // namespace ff
