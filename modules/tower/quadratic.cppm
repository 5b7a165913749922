// ff.tower.quadratic: the quadratic extension A[u] / (u^2 - Beta) over any arithmetic A (a
// field's arithmetic under one backend policy: ff::prime::arithmetic, or another tower
// level; ff::tower::extensible), Beta a compile-time constant of A (ff.tower.constant) that
// is not a square. Products by Beta and by other constants go through mul_constant, so
// u^2 = -1 costs a negation and xi = 9 + u two products by the integer 9. The level is an
// ff::arithmetic itself. Constant time: no branch on values.
module;
#include <concepts>
#include <random>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.tower.quadratic;
import ff.core.element;
import ff.core.arithmetic;
import ff.tower.constant;

export namespace ff::tower {
// c0 + c1 u: one type for a level under every policy.
template <class B>
struct quadratic_value {
  B c0, c1;
  // f(coordinates of v...) for each coordinate.
  template <class F, class... V>
  FF_INLINE static constexpr auto map(F f, const V&... v) {
    return quadratic_value<decltype(f(v.c0...))>{f(v.c0...), f(v.c1...)};
  }
  friend constexpr bool operator==(const quadratic_value&, const quadratic_value&) = default;
};

template <extensible A, auto Beta>
struct quadratic : extension<quadratic<A, Beta>, A, quadratic_value> {
  using parts = extension<quadratic, A, quadratic_value>;
  using typename parts::base_value;
  using typename parts::mask;
  using typename parts::value;
  template <class O>
  using over = typename parts::template over<O>;
  // The same level over the portable policy (constexpr: compile-time constants).
  using portable_twin = quadratic<typename A::portable_twin, Beta>;
  static constexpr auto beta = Beta;

  FF_INLINE static constexpr value zero() { return {A::zero(), A::zero()}; }
  FF_INLINE static constexpr value one() { return {A::one(), A::zero()}; }
  // Uniform: each coordinate uniform in A (tests and benchmarks).
  static value random(std::mt19937_64& rng) {
    base_value c0 = A::random(rng);
    return {c0, A::random(rng)};
  }
  FF_INLINE static constexpr value conjugate(const value& a) { return {a.c0, A::neg(a.c1)}; }
  FF_INLINE static constexpr mask equal_mask(const value& a, const value& b) {
    return A::equal_mask(a.c0, b.c0) & A::equal_mask(a.c1, b.c1);
  }

  // The level's formulas, once over ops O (ff.tower.constant): its values' coordinates are O's.

  // a K for a constant K: an integer scales both coordinates; (k0 + k1 u) multiplies out as
  // (k0 a0 + Beta k1 a1) + (k1 a0 + k0 a1) u with the zero terms dropped.
  template <class O, auto K>
  FF_INLINE static constexpr over<O> times_constant(const over<O>& a) {
    if constexpr (std::integral<decltype(K)>) {
      return {O::template times<K>(a.c0), O::template times<K>(a.c1)};
    } else if constexpr (is_zero(K.c1)) {
      return {O::template times<K.c0>(a.c0), O::template times<K.c0>(a.c1)};
    } else if constexpr (is_zero(K.c0)) {
      return {O::template times<Beta>(O::template times<K.c1>(a.c1)), O::template times<K.c1>(a.c0)};
    } else {
      const auto k0a0 = O::template times<K.c0>(a.c0), k0a1 = O::template times<K.c0>(a.c1);
      if constexpr (std::integral<decltype(Beta)> && std::integral<decltype(K.c1)>) {
        // Beta k1 folds into one integer: (9 + u) a = (9 a0 - a1) + (a0 + 9 a1) u for Beta = -1.
        return {add_times<O, Beta * K.c1>(k0a0, a.c1), add_times<O, K.c1>(k0a1, a.c0)};
      } else {
        return {O::add(k0a0, O::template times<Beta>(O::template times<K.c1>(a.c1))), add_times<O, K.c1>(k0a1, a.c0)};
      }
    }
  }
  // Karatsuba: three products of A instead of four. With wide ops: a0 b0 + Beta a1 b1 mod p R,
  // and (a0 + a1)(b0 + b1) - a0 b0 - a1 b1, exact when A's wide products are.
  template <class O>
  FF_INLINE static constexpr over<O> product(const value& a, const value& b) {
    const auto v0 = O::product(a.c0, b.c0), v1 = O::product(a.c1, b.c1);
    const auto s = O::product(O::sum(a.c0, a.c1), O::sum(b.c0, b.c1));
    return {add_times<O, Beta>(v0, v1), O::sub_part(O::sub_part(s, v0), v1)};
  }
  // (a0 + a1 u)^2 = a0^2 + Beta a1^2 + 2 a0 a1 u: two products of A, by
  // (a0 + a1)(a0 + Beta a1) = a0^2 + Beta a1^2 + (1 + Beta) a0 a1 (the complex squaring when
  // Beta = -1: (a0 + a1)(a0 - a1)).
  template <class O>
  FF_INLINE static constexpr over<O> square_of(const value& a) {
    const auto m = O::product(a.c0, a.c1);
    if constexpr (is_integer(Beta, -1)) {
      return {O::product(O::sum(a.c0, a.c1), O::difference(a.c0, a.c1)), O::add(m, m)};
    } else {
      const auto t = O::product(O::sum(a.c0, a.c1), O::sum(a.c0, times_beta(a.c1)));
      return {O::sub(t, add_times<O, Beta>(m, m)), O::add(m, m)};
    }
  }

  // Beta x.
  FF_INLINE static constexpr base_value times_beta(const base_value& x) { return A::template mul_constant<Beta>(x); }

  // The complex squaring (Beta = -1) has one product per coordinate: no reduction to share, so
  // its reduced form is the field's fused products (its wide form serves the levels above).
  static constexpr bool lazy_square = level<A>::lazy && !is_integer(Beta, -1);

  // The constant K as a value.
  template <auto K>
  FF_INLINE static constexpr value constant() {
    if constexpr (std::integral<decltype(K)>) return {A::template constant<K>(), A::zero()};
    else return {A::template constant<K.c0>(), A::template constant<K.c1>()};
  }
  // K^((p - 1) / D) for a constant K of this level, at compile time.
  template <auto K, unsigned D>
  static constexpr value frobenius_constant() {
    return power<portable_twin>(portable_twin::template constant<K>(), level<A>::template p_minus_1_over<D>());
  }
  // u^(p - 1) = Beta^((p - 1) / 2), an element of A.
  static constexpr base_value frobenius_u = A::template frobenius_constant<Beta, 2>();
  // a^p: the coordinates' images, and u^p = u^(p - 1) u.
  FF_INLINE static constexpr value frobenius(const value& a) { return {A::frobenius(a.c0), A::mul(A::frobenius(a.c1), frobenius_u)}; }

  // a^-1 = conj(a) / (a0^2 - Beta a1^2); 0 for 0.
  FF_INLINE static constexpr value inverse(const value& a) {
    const base_value norm = A::sub(A::square(a.c0), times_beta(A::square(a.c1)));
    const base_value n = A::inverse(norm);
    return {A::mul(a.c0, n), A::neg(A::mul(a.c1, n))};
  }
};
}  // namespace ff::tower
