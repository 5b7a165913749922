// ff.tower.constant: what a tower level needs of its base (ff::tower::extensible), and
// compile-time constants of a tower, written by their coordinates down to small integers, e.g.
// xi = 9 + u in Fp2 is quadratic_constant{9, 1} and v in Fp6 is cubic_constant{0, 1, 0}; a
// plain integer k means k times one at any level. Multiplying by one (mul_constant) compiles
// to what its coordinates allow: a zero coordinate drops its terms, 1 is free, -1 is a
// negation, another integer one product by a base-field constant; never a generic product of
// two tower elements.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
export module ff.tower.constant;
import ff.core.arithmetic;

export namespace ff::tower {
// A base a tower level can be built on: an ff::arithmetic with compile-time constants
// (constant<K>(), evaluated with portable_twin, the same arithmetic over the portable policy,
// whose operations are constexpr), the Frobenius map a -> a^p and its constants, and uniform
// random values (tests and benchmarks). A prime field's arithmetic and every tower level are.
template <class A>
concept extensible = arithmetic<A> && requires(const typename A::value& a, std::mt19937_64& rng) {
  typename A::portable_twin;
  { A::template constant<1>() } -> std::same_as<typename A::value>;
  { A::frobenius(a) } -> std::same_as<typename A::value>;
  { A::random(rng) } -> std::same_as<typename A::value>;
  { A::template divides_p_minus_1<2>() } -> std::convertible_to<bool>;
};

// What every level shares: its base, the base's values and masks, the declared traits (a level
// offers no double-width pieces, and calls its own products out of line where its base asks
// for it: the levels above inline their calls), and the characteristic's constants.
template <extensible A>
struct level {
  using base = A;
  using base_value = typename A::value;
  using mask = typename A::mask;
  static constexpr bool lazy = false, outline_products = false;
  // (p - 1) / D and whether D divides p - 1 (p: the characteristic), from the prime field.
  template <unsigned D>
  static constexpr auto p_minus_1_over() { return A::template p_minus_1_over<D>(); }
  template <unsigned D>
  static constexpr bool divides_p_minus_1() { return A::template divides_p_minus_1<D>(); }
};

template <class C>
struct quadratic_constant {
  C c0, c1;
};
template <class C>
struct cubic_constant {
  C c0, c1, c2;
};

// The integer v (a constant of any level can be a plain integer).
template <class C>
constexpr bool is_integer(const C& k, long long v) {
  if constexpr (std::integral<C>) return static_cast<long long>(k) == v;
  else return false;
}
constexpr bool is_zero(std::integral auto k) { return k == 0; }
template <class C>
constexpr bool is_zero(const quadratic_constant<C>& k) {
  return is_zero(k.c0) && is_zero(k.c1);
}
template <class C>
constexpr bool is_zero(const cubic_constant<C>& k) {
  return is_zero(k.c0) && is_zero(k.c1) && is_zero(k.c2);
}

// base^e for a little-endian exponent, square and multiply on level T: for compile-time
// constants (T a level over the portable policy, whose operations are constexpr).
template <class T, std::size_t N>
constexpr typename T::value power(const typename T::value& base, const std::array<std::uint64_t, N>& e) {
  typename T::value r = T::one();
  for (std::size_t i = 64 * N; i-- > 0;) {
    r = T::square(r);
    if ((e[i / 64] >> (i % 64)) & 1) r = T::mul(r, base);
  }
  return r;
}
}  // namespace ff::tower
