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
  friend constexpr bool operator==(const quadratic_value&, const quadratic_value&) = default;
};

template <extensible A, auto Beta>
struct quadratic : level<A> {
  using typename level<A>::base_value;
  using typename level<A>::mask;
  using value = quadratic_value<base_value>;
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
  FF_INLINE static constexpr value add(const value& a, const value& b) { return {A::add(a.c0, b.c0), A::add(a.c1, b.c1)}; }
  FF_INLINE static constexpr value sub(const value& a, const value& b) { return {A::sub(a.c0, b.c0), A::sub(a.c1, b.c1)}; }
  FF_INLINE static constexpr value neg(const value& a) { return {A::neg(a.c0), A::neg(a.c1)}; }
  FF_INLINE static constexpr value conjugate(const value& a) { return {a.c0, A::neg(a.c1)}; }
  FF_INLINE static constexpr mask equal_mask(const value& a, const value& b) {
    return A::equal_mask(a.c0, b.c0) & A::equal_mask(a.c1, b.c1);
  }
  FF_INLINE static constexpr value select(const mask& m, const value& a, const value& b) {
    return {A::select(m, a.c0, b.c0), A::select(m, a.c1, b.c1)};
  }

  // K x for a constant K of A.
  template <auto K>
  FF_INLINE static constexpr base_value base_times(const base_value& x) {
    return A::template mul_constant<K>(x);
  }
  // acc + K x for a constant K of A: nothing, an addition, a subtraction, or a product by K.
  template <auto K>
  FF_INLINE static constexpr base_value add_times(const base_value& acc, const base_value& x) {
    if constexpr (is_zero(K)) return acc;
    else if constexpr (is_integer(K, 1)) return A::add(acc, x);
    else if constexpr (is_integer(K, -1)) return A::sub(acc, x);
    else return A::add(acc, base_times<K>(x));
  }
  // Beta x.
  FF_INLINE static constexpr base_value times_beta(const base_value& x) { return A::template mul_constant<Beta>(x); }

  // Lazy reduction applies to mul where the base uses it (A::lazy: a prime field whose measured
  // tuning chose it) and Beta = -1: the three products stay double-width, the input sums
  // unreduced, and each coordinate is reduced once. The square keeps its two reduced products:
  // two double-width products and two reductions measured slower (decisions.md).
  static constexpr bool lazy_products = A::lazy && is_integer(Beta, -1);

  // Where the base asks for it (A::outline_products: a prime field's arithmetic), mul and
  // square are functions of their own, compiled for the policy's instructions (A::outlined);
  // the levels above inline calls to them. Inlined, Fp12's product was 100 KB of code.
  static constexpr bool outlined = A::outline_products;
  struct mul_op {
    FF_INLINE constexpr value operator()(const value& a, const value& b) const { return mul_inline(a, b); }
  };
  struct square_op {
    FF_INLINE constexpr value operator()(const value& a) const { return square_inline(a); }
  };
  FF_INLINE static constexpr value mul(const value& a, const value& b) {
    if constexpr (outlined) {
      if (!std::is_constant_evaluated()) return A::template outlined<mul_op>(a, b);
    }
    return mul_inline(a, b);
  }
  FF_INLINE static constexpr value square(const value& a) {
    if constexpr (outlined) {
      if (!std::is_constant_evaluated()) return A::template outlined<square_op>(a);
    }
    return square_inline(a);
  }

  // Karatsuba: three products of A instead of four.
  FF_INLINE static constexpr value mul_inline(const value& a, const value& b) {
    if constexpr (lazy_products) {
      // a0 b0 - a1 b1 (plus p R if negative) and (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 =
      // a0 b1 + a1 b0 < 2 p^2: both below p R.
      const auto v0 = A::mul_wide(a.c0, b.c0), v1 = A::mul_wide(a.c1, b.c1);
      const auto s = A::mul_wide(A::add_unreduced(a.c0, a.c1), A::add_unreduced(b.c0, b.c1));
      return {A::reduce(A::sub_wide(v0, v1)), A::reduce(A::sub_wide_exact(A::sub_wide_exact(s, v0), v1))};
    }
    const base_value v0 = A::mul(a.c0, b.c0), v1 = A::mul(a.c1, b.c1);
    const base_value s = A::mul(A::add(a.c0, a.c1), A::add(b.c0, b.c1));
    return {add_times<Beta>(v0, v1), A::sub(A::sub(s, v0), v1)};
  }
  // (a0 + a1 u)^2 = a0^2 + Beta a1^2 + 2 a0 a1 u: two products of A, by
  // (a0 + a1)(a0 + Beta a1) = a0^2 + Beta a1^2 + (1 + Beta) a0 a1 (the complex squaring when
  // Beta = -1).
  FF_INLINE static constexpr value square_inline(const value& a) {
    const base_value m = A::mul(a.c0, a.c1);
    const base_value t = A::mul(A::add(a.c0, a.c1), add_times<Beta>(a.c0, a.c1));
    if constexpr (is_integer(Beta, -1)) return {t, A::add(m, m)};
    else return {A::sub(t, add_times<Beta>(m, m)), A::add(m, m)};
  }
  // a K for a constant K: an integer scales both coordinates; (k0 + k1 u) multiplies out as
  // (k0 a0 + Beta k1 a1) + (k1 a0 + k0 a1) u with the zero terms dropped.
  template <auto K>
  FF_INLINE static constexpr value mul_constant(const value& a) {
    if constexpr (std::integral<decltype(K)>) {
      return {base_times<K>(a.c0), base_times<K>(a.c1)};
    } else if constexpr (is_zero(K.c1)) {
      return {base_times<K.c0>(a.c0), base_times<K.c0>(a.c1)};
    } else if constexpr (is_zero(K.c0)) {
      return {times_beta(base_times<K.c1>(a.c1)), base_times<K.c1>(a.c0)};
    } else {
      const base_value k0a0 = base_times<K.c0>(a.c0), k0a1 = base_times<K.c0>(a.c1);
      if constexpr (std::integral<decltype(Beta)> && std::integral<decltype(K.c1)>) {
        // Beta k1 folds into one integer: (9 + u) a = (9 a0 - a1) + (a0 + 9 a1) u for Beta = -1.
        return {add_times<Beta * K.c1>(k0a0, a.c1), add_times<K.c1>(k0a1, a.c0)};
      } else {
        return {A::add(k0a0, times_beta(base_times<K.c1>(a.c1))), add_times<K.c1>(k0a1, a.c0)};
      }
    }
  }
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
