// ff.tower.constant: compile-time constants of a tower, written by their coordinates down to
// small integers, e.g. xi = 9 + u in Fp2 is quadratic_constant{9, 1} and v in Fp6 is
// cubic_constant{0, 1, 0}; a plain integer k means k times one at any level. Multiplying by
// one (mul_constant) compiles to what its coordinates allow: a zero coordinate drops its
// terms, 1 is free, -1 is a negation, another integer one product by a base-field constant;
// never a generic product of two tower elements.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
export module ff.tower.constant;

export namespace ff::tower {
// How a tower level multiplies by a constant with integer coordinates (seed 001's variants of
// the product by xi):
//   - specialized: the coordinates' products by their integers, each a multiplication row and
//     a reduction (the base's mul_constant; the default);
//   - field_products: the same products, each one field product by the integer, as evmone
//     computes them (seed 001's specialized form; bases with mul_constant_by_product);
//   - generic: one product of two elements, the constant's value being the other;
//   - additions: the integers' products by doublings and additions (bases with
//     mul_constant_by_additions).
enum class constant_products { specialized, field_products, generic, additions };
// How a level over a prime field reduces its products: lazy, double-width products combined
// and each output coordinate reduced once, where the field allows it (the default); or each
// product reduced (the A/B in ffbench --tower).
enum class reductions { lazy, per_product };

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
