// ff.tower.cubic: the cubic extension A[v] / (v^3 - Xi) over any arithmetic A (see
// ff.tower.quadratic), Xi a compile-time constant of A that is not a cube. Products by Xi go
// through mul_constant. The level is an ff::arithmetic itself. Constant time: no branch on
// values.
module;
#include <concepts>
#include <random>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.tower.cubic;
import ff.core.element;
import ff.core.arithmetic;
import ff.tower.constant;

export namespace ff::tower {
// c0 + c1 v + c2 v^2: one type for a level under every policy.
template <class B>
struct cubic_value {
  B c0, c1, c2;
  // f(coordinates of v...) for each coordinate.
  template <class F, class... V>
  FF_INLINE static constexpr auto map(F f, const V&... v) {
    return cubic_value<decltype(f(v.c0...))>{f(v.c0...), f(v.c1...), f(v.c2...)};
  }
  friend constexpr bool operator==(const cubic_value&, const cubic_value&) = default;
};

template <extensible A, auto Xi>
struct cubic : extension<cubic<A, Xi>, A, cubic_value> {
  using parts = extension<cubic, A, cubic_value>;
  using typename parts::base_value;
  using typename parts::mask;
  using typename parts::value;
  template <class O>
  using over = typename parts::template over<O>;
  // The same level over the portable policy (constexpr: compile-time constants).
  using portable_twin = cubic<typename A::portable_twin, Xi>;
  static constexpr auto xi = Xi;

  FF_INLINE static constexpr value zero() { return {A::zero(), A::zero(), A::zero()}; }
  FF_INLINE static constexpr value one() { return {A::one(), A::zero(), A::zero()}; }
  // Uniform: each coordinate uniform in A (tests and benchmarks).
  static value random(std::mt19937_64& rng) {
    base_value c0 = A::random(rng), c1 = A::random(rng);
    return {c0, c1, A::random(rng)};
  }
  FF_INLINE static constexpr mask equal_mask(const value& a, const value& b) {
    return A::equal_mask(a.c0, b.c0) & A::equal_mask(a.c1, b.c1) & A::equal_mask(a.c2, b.c2);
  }
  FF_INLINE static constexpr base_value times_xi(const base_value& x) { return A::template mul_constant<Xi>(x); }

  // Karatsuba over three coordinates: six products of A instead of nine.
  template <class O>
  FF_INLINE static constexpr over<O> product(const value& a, const value& b) {
    const auto v0 = O::product(a.c0, b.c0), v1 = O::product(a.c1, b.c1), v2 = O::product(a.c2, b.c2);
    const auto s12 = O::sub_part(O::sub_part(O::product(O::sum(a.c1, a.c2), O::sum(b.c1, b.c2)), v1), v2);  // a1 b2 + a2 b1
    const auto s01 = O::sub_part(O::sub_part(O::product(O::sum(a.c0, a.c1), O::sum(b.c0, b.c1)), v0), v1);  // a0 b1 + a1 b0
    const auto s02 = O::sub_part(O::sub_part(O::product(O::sum(a.c0, a.c2), O::sum(b.c0, b.c2)), v0), v2);  // a0 b2 + a2 b0
    return {O::add(v0, O::template times<Xi>(s12)), O::add(s01, O::template times<Xi>(v2)), O::add(s02, v1)};
  }
  // Chung-Hasan SQR2: two squares and three products of A.
  template <class O>
  FF_INLINE static constexpr over<O> square_of(const value& a) {
    const auto s0 = O::square(a.c0);
    const auto m01 = O::product(a.c0, a.c1), s1 = O::add(m01, m01);                 // 2 a0 a1
    const auto s2 = O::square(A::add(A::sub(a.c0, a.c1), a.c2));                   // (a0 - a1 + a2)^2
    const auto m12 = O::product(a.c1, a.c2), s3 = O::add(m12, m12);                 // 2 a1 a2
    const auto s4 = O::square(a.c2);
    // c2 = a1^2 + 2 a0 a2 = s1 + s2 + s3 - s0 - s4
    const auto c2 = O::sub(O::sub(O::add(O::add(s1, s2), s3), s0), s4);
    return {O::add(s0, O::template times<Xi>(s3)), O::add(s1, O::template times<Xi>(s4)), c2};
  }
  // a K for a constant K: an integer scales every coordinate; a monomial k v^i (the only other
  // form a tower needs: v itself as the next level's non-residue) shifts the coordinates, the
  // ones that wrap past v^2 times Xi.
  template <class O, auto K>
  FF_INLINE static constexpr over<O> times_constant(const over<O>& a) {
    if constexpr (std::integral<decltype(K)>) {
      return {O::template times<K>(a.c0), O::template times<K>(a.c1), O::template times<K>(a.c2)};
    } else {
      constexpr int nonzero = int(!is_zero(K.c0)) + int(!is_zero(K.c1)) + int(!is_zero(K.c2));
      static_assert(nonzero == 1, "cubic mul_constant: a constant with one nonzero coordinate (k v^i)");
      if constexpr (!is_zero(K.c0)) {
        return {O::template times<K.c0>(a.c0), O::template times<K.c0>(a.c1), O::template times<K.c0>(a.c2)};
      } else if constexpr (!is_zero(K.c1)) {  // (a0 + a1 v + a2 v^2) k v = Xi k a2 + k a0 v + k a1 v^2
        return {O::template times<Xi>(O::template times<K.c1>(a.c2)), O::template times<K.c1>(a.c0), O::template times<K.c1>(a.c1)};
      } else {  // k v^2: Xi k a1 + Xi k a2 v + k a0 v^2
        return {O::template times<Xi>(O::template times<K.c2>(a.c1)), O::template times<Xi>(O::template times<K.c2>(a.c2)),
                O::template times<K.c2>(a.c0)};
      }
    }
  }

  // A lazy level squares lazily too (extension::square_op).
  static constexpr bool lazy_square = level<A>::lazy;

  // The constant K as a value.
  template <auto K>
  FF_INLINE static constexpr value constant() {
    if constexpr (std::integral<decltype(K)>) return {A::template constant<K>(), A::zero(), A::zero()};
    else return {A::template constant<K.c0>(), A::template constant<K.c1>(), A::template constant<K.c2>()};
  }
  // K^((p - 1) / D) for a constant K of this level, at compile time. For K = v with 3 D
  // dividing p - 1 it is Xi^((p - 1) / (3 D)), a power in A: several times less constant
  // evaluation than a power in this level.
  template <auto K, unsigned D>
  static constexpr value frobenius_constant() {
    if constexpr (!std::integral<decltype(K)>) {
      if constexpr (is_zero(K.c0) && is_integer(K.c1, 1) && is_zero(K.c2) && level<A>::template divides_p_minus_1<3 * D>())
        return {A::template frobenius_constant<Xi, 3 * D>(), A::zero(), A::zero()};
      else return power<portable_twin>(portable_twin::template constant<K>(), level<A>::template p_minus_1_over<D>());
    } else {
      return power<portable_twin>(portable_twin::template constant<K>(), level<A>::template p_minus_1_over<D>());
    }
  }
  // v^(p - 1) = Xi^((p - 1) / 3) and v^(2 (p - 1)), elements of A.
  static constexpr base_value frobenius_v = A::template frobenius_constant<Xi, 3>();
  static constexpr base_value frobenius_v2 = A::portable_twin::square(frobenius_v);
  // a^p: the coordinates' images times v^(p - 1) and v^(2 (p - 1)).
  FF_INLINE static constexpr value frobenius(const value& a) {
    return {A::frobenius(a.c0), A::mul(A::frobenius(a.c1), frobenius_v), A::mul(A::frobenius(a.c2), frobenius_v2)};
  }

  // a^-1 by the adjugate: t0 = a0^2 - Xi a1 a2, t1 = Xi a2^2 - a0 a1, t2 = a1^2 - a0 a2, and
  // a (t0 + t1 v + t2 v^2) = a0 t0 + Xi (a2 t1 + a1 t2), an element of A; 0 for 0.
  FF_INLINE static constexpr value inverse(const value& a) {
    const base_value t0 = A::sub(A::square(a.c0), times_xi(A::mul(a.c1, a.c2)));
    const base_value t1 = A::sub(times_xi(A::square(a.c2)), A::mul(a.c0, a.c1));
    const base_value t2 = A::sub(A::square(a.c1), A::mul(a.c0, a.c2));
    const base_value d = A::add(A::mul(a.c0, t0), times_xi(A::add(A::mul(a.c2, t1), A::mul(a.c1, t2))));
    const base_value n = A::inverse(d);
    return {A::mul(t0, n), A::mul(t1, n), A::mul(t2, n)};
  }
};
}  // namespace ff::tower
