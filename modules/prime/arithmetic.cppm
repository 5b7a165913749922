// ff.prime.arithmetic: a prime field's arithmetic on its internal limbs under one scalar backend
// policy P, as the ff::arithmetic contract states it (ff.core.arithmetic): what the towers,
// the Weierstrass curves, the pairing and the X25519 / X448 ladders are written over, after
// their one dispatch. Constant time. Montgomery fields with p < R / 4 also offer the pieces of
// lazy reduction (ff::lazy_arithmetic), and use them in their towers where the field's tuning
// says so (ff::field_tuning::extensions, measured).
module;
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <random>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.prime.arithmetic;
import ff.core.element;
import ff.core.secret;
import ff.core.integer;
import ff.core.field;
import ff.core.arithmetic;
import ff.prime.policies;
import ff.prime.fold;
import ff.prime.inverse;
import ff.prime.field;
import ff.prime.powers;

export namespace ff::prime {
// F's elements in their internal form (Montgomery, or the integer itself for the special
// forms) under the scalar policy P.
template <prime_family F, class P>
struct arithmetic {
  static_assert(P::lanes == 1, "a prime field's arithmetic runs on one lane (its scalar policies)");
  using field = F;
  using policy = P;
  using value = ff::limbs<F::limbs>;
  using mask = u64;
  // The same over the portable policy (constexpr: compile-time constants).
  using portable_twin = arithmetic<F, portable>;

  // Towers over this arithmetic call their products out of line (P::outlined).
  static constexpr bool outline_products = P::outline_products;
  template <class Op, class... Args>
  FF_INLINE static auto outlined(const Args&... args) {
    return P::template outlined<Op>(args...);
  }

  FF_INLINE static constexpr value zero() { return {}; }
  FF_INLINE static constexpr value one() { return F::one_internal; }
  // Uniform in [0, p) (tests and benchmarks).
  static value random(std::mt19937_64& rng) { return F::random(rng).limb; }
  FF_INLINE static constexpr value add(const value& a, const value& b) { return detail::add<F>(a, b); }
  FF_INLINE static constexpr value sub(const value& a, const value& b) { return detail::sub<F>(a, b); }
  FF_INLINE static constexpr value neg(const value& a) { return detail::sub<F>({}, a); }
  FF_INLINE static constexpr value mul(const value& a, const value& b) { return P::template mul<F>(a, b); }
  FF_INLINE static constexpr value square(const value& a) { return P::template square<F>(a); }
  FF_INLINE static constexpr mask equal_mask(const value& a, const value& b) { return detail::equal_mask(a, b); }
  FF_INLINE static constexpr value select(mask m, const value& a, const value& b) { return integer::select(m, a, b); }

  // Lazy reduction (ff::lazy_arithmetic, whose comment states the bounds): Montgomery fields
  // with p < R / 4 (BN254's and BLS12-381's base fields) have the pieces; the towers use them
  // where the field's measured tuning says so. A wide value is a residue mod p R in [0, p R):
  // its high half is below p, so sums and multiples reduce there, as in the field itself.
  static constexpr bool wide_products = F::reduction == reduction::montgomery && F::p[F::limbs - 1] < (u64(1) << 62);
  static constexpr bool lazy = wide_products && F::tuning.extensions == extension_reduction::lazy;
  // mul_wide gives the integer product itself: a sum of products minus one of them never borrows.
  static constexpr bool wide_products_exact = true;
  using wide = ff::limbs<2 * F::limbs>;
  FF_INLINE static constexpr wide mul_wide(const value& a, const value& b) { return P::template mul_wide<F>(a, b); }
  FF_INLINE static constexpr wide square_wide(const value& a) { return P::template square_wide<F>(a); }
  FF_INLINE static constexpr value reduce(const wide& w) { return P::template reduce<F>(w); }
  // a + b and a - b + p for a, b < p: below 2p, what mul_wide takes.
  FF_INLINE static constexpr value add_unreduced(const value& a, const value& b) {
    value s{};
    integer::add(s, a, b);
    return s;
  }
  FF_INLINE static constexpr value sub_unreduced(const value& a, const value& b) {
    value s{}, d{};
    integer::add(s, a, F::p);
    integer::sub(d, s, b);
    return d;
  }
  // x + y mod p R: below 2 p R < 2^(128 n - 1) before the high half's conditional subtraction.
  FF_INLINE static constexpr wide add_wide(const wide& x, const wide& y) {
    wide s{};
    integer::add(s, x, y);
    return with_high(s, reduce_once<F>(high_of(s)));
  }
  // x - y mod p R: plus p R when that borrows.
  FF_INLINE static constexpr wide sub_wide(const wide& x, const wide& y) {
    wide d{};
    const u64 borrow = integer::sub(d, x, y);
    value top{};
    integer::add(top, high_of(d), detail::p_if_borrow<F>(borrow));
    return with_high(d, top);
  }
  // x - y for x >= y (the caller's bound): no correction.
  FF_INLINE static constexpr wide sub_wide_exact(const wide& x, const wide& y) {
    wide d{};
    integer::sub(d, x, y);
    return d;
  }
  // K x mod p R for a compile-time integer K: one multiplication row, and the high half (below
  // K p) reduced as mul_constant reduces.
  template <auto K>
  FF_INLINE static constexpr wide mul_constant_wide(const wide& x) {
    constexpr long long k = static_cast<long long>(K);
    static_assert(std::integral<decltype(K)>, "a constant of a prime field is an integer");
    if constexpr (k == 0) return wide{};
    else if constexpr (k == 1) return x;
    else if constexpr (k < 0) return sub_wide(wide{}, mul_constant_wide<-k>(x));
    else {
      ff::limbs<2 * F::limbs + 1> m{};
      for (std::size_t i = 0; i < 2 * F::limbs; ++i) m[i] = x[i];
      integer::mul_small(m, u64(k), 0);
      ff::limbs<F::limbs + 1> top{};
      for (std::size_t i = 0; i <= F::limbs; ++i) top[i] = m[F::limbs + i];
      wide r{};
      for (std::size_t i = 0; i < F::limbs; ++i) r[i] = m[i];
      return with_high(r, detail::reduce_small_multiple<F, u64(k)>(top));
    }
  }

  // a k for a compile-time integer k: free for 0 and 1, a negation for -1, else a
  // multiplication row and a reduction: a fold for the special forms, a quotient estimate for
  // Montgomery fields (mul_small_mod).
  template <auto K>
  FF_INLINE static constexpr value mul_constant(const value& a) {
    return mul_by_integer<arithmetic, K>(a, [](const value& x, auto k) FF_LAMBDA_INLINE {
      if constexpr (F::reduction == reduction::fold) return fold_mul_small<F>(x, decltype(k)::value);
      else return detail::mul_small_mod<F, decltype(k)::value>(x);
    });
  }
  // The integer K as a value.
  template <auto K>
  FF_INLINE static constexpr value constant() {
    constexpr long long k = static_cast<long long>(K);
    if constexpr (k < 0) return detail::sub<F>({}, F::small_internal(u64(-k)));
    else return F::small_internal(u64(k));
  }
  // a^-1 (safegcd, constant time); 0 for 0. At compile time a^(p - 2), so that the towers'
  // inverses give compile-time constants too (a curve's b / xi).
  FF_INLINE static constexpr value inverse(const value& a) {
    if (std::is_constant_evaluated()) return F::pow_constant(a, F::p_minus(2));
    return safegcd::inverse<false, F::bits>(a, F::inverse_factor, F::p);
  }

  // The field's internal limbs in and out of this representation (the identity here; an
  // arithmetic in another representation of F, such as radix_arithmetic, converts).
  FF_INLINE static constexpr value from_internal(const value& internal) { return internal; }
  FF_INLINE static constexpr value to_internal(const value& v) { return v; }
  // A square root of a when a is a square (the caller checks it: the root squared is a),
  // constant time in a.
  FF_INLINE static value sqrt_candidate(const value& a) { return detail::sqrt_candidate<F, P>(a); }

  // The towers' Frobenius constants: (p - 1) / D, whether D divides p - 1, K^((p - 1) / D).
  template <unsigned D>
  static constexpr value p_minus_1_over() {
    value e = F::p_minus(1);
    if (integer::div_small(e, D) != 0) throw "p - 1 is not a multiple of D";
    return e;
  }
  template <unsigned D>
  static constexpr bool divides_p_minus_1() {
    value e = F::p_minus(1);
    return integer::div_small(e, D) == 0;
  }
  template <auto K, unsigned D>
  static constexpr value frobenius_constant() {
    return F::pow_constant(constant<K>(), p_minus_1_over<D>());
  }
  // a^p = a.
  FF_INLINE static constexpr value frobenius(const value& a) { return a; }

 private:
  FF_INLINE static constexpr value high_of(const wide& w) {
    value h{};
    for (std::size_t i = 0; i < F::limbs; ++i) h[i] = w[F::limbs + i];
    return h;
  }
  FF_INLINE static constexpr wide with_high(wide w, const value& h) {
    for (std::size_t i = 0; i < F::limbs; ++i) w[F::limbs + i] = h[i];
    return w;
  }
};

}  // namespace ff::prime
