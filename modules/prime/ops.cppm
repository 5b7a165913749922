// ff.prime.ops: the scalar API of every prime field beyond the products (which ff.algo.ops
// writes once for both families): + and -, text, powers, inverses, the Legendre symbol, square
// roots. Each call that computes a product dispatches once to the family's scalar policy and
// runs the algorithms of ff.prime.powers under it. Functions without _var are constant time
// in their secret inputs.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include "fieldlab/macros.h"
export module ff.prime.ops;
import ff.core.element;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.field;
import ff.core.secret;
import ff.core.integer;
import ff.algo.ops;
import ff.prime.policies;
import ff.prime.inverse;
import ff.prime.field;
import ff.prime.arithmetic;
import ff.prime.powers;
export namespace ff {
template <prime_family F>
inline constexpr element<F> operator+(const element<F>& a, const element<F>& b) {
  return {prime::detail::add<F>(a.limb, b.limb)};
}
template <prime_family F>
inline constexpr element<F> operator-(const element<F>& a, const element<F>& b) {
  return {prime::detail::sub<F>(a.limb, b.limb)};
}
template <prime_family F>
inline constexpr element<F> operator-(const element<F>& a) {
  return {prime::detail::sub<F>({}, a.limb)};
}
template <prime_family F>
inline element<F>& operator+=(element<F>& a, const element<F>& b) {
  return a = a + b;
}
template <prime_family F>
inline element<F>& operator-=(element<F>& a, const element<F>& b) {
  return a = a - b;
}
// The canonical integer in decimal (to_hex: 0x-hex).
template <prime_family F>
std::string to_string(const element<F>& a) {
  return integer::to_decimal(F::to_integer(a));
}
template <prime_family F>
std::string to_hex(const element<F>& a) {
  return integer::to_hex(F::to_integer(a));
}

// The powers, inverses and roots below are not `inline`: with FF_INSTANTIATE_FIELDS the field
// registry compiles each registry field's copy once, in the library (cmake/registry.cmake), and
// importers call it.

// a^e, constant time in a and e (e's length is public).
template <prime_family F>
element<F> pow(const element<F>& a, std::span<const u64> e) {
  return dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{prime::detail::pow_ct<F, P>(a.limb, e)};
  });
}
template <prime_family F>
inline element<F> pow(const element<F>& a, u128 e) {
  const std::array<u64, 2> limbs = {u64(e), u64(e >> 64)};
  return pow(a, std::span<const u64>(limbs));
}
template <prime_family F, std::unsigned_integral T>
inline element<F> pow(const element<F>& a, T e) {
  const std::array<u64, 1> limbs = {u64(e)};
  return pow(a, std::span<const u64>(limbs));
}
// a^e, the work following e (not for secret exponents).
template <prime_family F>
element<F> pow_var(const element<F>& a, std::span<const u64> e) {
  return dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{prime::detail::pow_var<F, P>(a.limb, e)};
  });
}

// a^-1 (constant time, safegcd); the inverse of zero is an ff::error.
template <prime_family F>
element<F> inverse(const element<F>& a) {
  if (declassify(a.is_zero())) throw error(std::string(F::name) + ": inverse of zero");
  return {prime::safegcd::inverse<false, F::bits>(a.limb, F::inverse_factor, F::p)};
}
template <prime_family F>
element<F> inverse_var(const element<F>& a) {
  if (a.is_zero()) throw error(std::string(F::name) + ": inverse of zero");
  return {prime::safegcd::inverse<true, F::bits>(a.limb, F::inverse_factor, F::p)};
}
// Legendre symbol (a/p): 1, -1, or 0 for a = 0 (Euler's criterion, constant time in a).
template <prime_family F>
int legendre(const element<F>& a) {
  const element<F> e = dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{prime::detail::pow_var<F, P>(a.limb, F::half_p_minus_1)};
  });
  const u64 one = prime::detail::equal_mask(e.limb, F::one_internal), zero = prime::detail::equal_mask(e.limb, {});
  return declassify(int(one & 1) - int(~(one | zero) & 1));
}
template <prime_family F>
inline bool is_square(const element<F>& a) {
  return legendre(a) >= 0;
}
// A square root r of a (the other is -r), or nullopt when a is not a square. Constant time
// in a; whether a root exists is the one public result.
template <prime_family F>
std::optional<element<F>> sqrt(const element<F>& a) {
  const auto [root, ok] = dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    const ff::limbs<F::limbs> r = prime::detail::sqrt_candidate<F, P>(a.limb);
    return std::pair{r, prime::detail::equal_mask(P::template square<F>(r), a.limb)};
  });
  if (!declassify(ok)) return std::nullopt;
  return element<F>{root};
}

// A prime field: the whole ff::field API plus the prime extras, kernels over every policy.
template <class F>
concept prime_field = prime_family<F> && field<F> && requires(const element<F>& a) {
  { inverse_var(a) } -> std::same_as<element<F>>;
  { sqrt(a) } -> std::same_as<std::optional<element<F>>>;
  { legendre(a) } -> std::same_as<int>;
  { F::to_integer(a) } -> std::same_as<ff::limbs<F::limbs>>;
};
}  // namespace ff
