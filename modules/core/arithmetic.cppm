// ff.core.arithmetic: the contract that towers, curves, ladders and pairings are written over
// (ff::arithmetic), for both families, and the extra pieces a prime field offers for lazy
// reduction (ff::lazy_arithmetic).
//
// An arithmetic is a struct of static functions on a value type: a field's elements under one
// backend policy (ff::binary::arithmetic<F, A>, ff::prime::arithmetic<F, P>), a tower level
// over another arithmetic, or another representation of a field (the X25519 / X448 ladders'
// radix limbs). Code written over it runs after one dispatch, so every operation inlines into
// that backend's target. Every operation is constant time in its values. Adapters state their
// conformance with static_assert where they are defined, and their capabilities as declared
// traits (`lazy`, `outline_products`), never probed: a misspelt trait is a compile error.
module;
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.core.arithmetic;
import ff.core.element;
import ff.core.secret;
import ff.core.integer;

export namespace ff {

// The lazy-reduction pieces of an arithmetic over a prime field in Montgomery form, R = 2^(64 n)
// and p < R / 4 (BN254's and BLS12-381's base fields), and of every tower level over one: a
// product without its reduction (`wide`), sums and constant multiples of such products, and
// one reduction at the end. A wide value is a residue mod p R in [0, p R) (a level's: each
// coordinate), and everything below keeps it there, so no caller tracks a bound:
//   mul_wide(a, b), square_wide(a)  a, b values or add_unreduced / sub_unreduced of two values
//                                   -> a wide value congruent to a b (the prime field: the
//                                   integer product, below 4 p^2 <= p R)
//   add_unreduced(a, b)             a + b, sub_unreduced(a, b) a - b, in a form mul_wide takes
//                                   (the prime field: the integers a + b and a - b + p, below
//                                   2p; a level: its reduced add and sub)
//   add_wide, sub_wide              x + y and x - y mod p R
//   mul_constant_wide<K>(x)         K x mod p R for the constants mul_constant takes
//   reduce(w)                       w R^-1, a canonical value (REDC, exact for w < p R)
//   sub_wide_exact(x, y)            x - y with no correction, for x >= y as integers: only
//                                   where wide_products_exact says mul_wide gives the integer
//                                   product (so s - v0 with s = (a0 + a1)(b0 + b1), v0 = a0 b0
//                                   cannot borrow)
// A reduced product is reduce(mul_wide(a, b)); a tower level's product is its base's wide
// products combined by these operations and reduced once per coordinate (54 base products and
// 12 reductions for BN254's Fp12).
template <class A>
concept lazy_arithmetic = requires(const typename A::value& a, const typename A::wide& w) {
  typename A::wide;
  { A::mul_wide(a, a) } -> std::same_as<typename A::wide>;
  { A::square_wide(a) } -> std::same_as<typename A::wide>;
  { A::add_unreduced(a, a) } -> std::same_as<typename A::value>;
  { A::sub_unreduced(a, a) } -> std::same_as<typename A::value>;
  { A::add_wide(w, w) } -> std::same_as<typename A::wide>;
  { A::sub_wide(w, w) } -> std::same_as<typename A::wide>;
  { A::sub_wide_exact(w, w) } -> std::same_as<typename A::wide>;
  { A::template mul_constant_wide<-1>(w) } -> std::same_as<typename A::wide>;
  { A::reduce(w) } -> std::same_as<typename A::value>;
  { A::wide_products_exact } -> std::convertible_to<bool>;
};

}  // namespace ff
namespace ff::detail {
template <class A>
struct outline_probe {
  FF_INLINE constexpr typename A::value operator()(const typename A::value& a) const { return a; }
};
}  // namespace ff::detail
export namespace ff {

// What every arithmetic offers:
//   value                      trivially copyable, compared bitwise (canonical values)
//   mask                       all ones or zero (per lane for arithmetics over several lanes)
//   zero(), one()
//   add, sub, neg, mul, square
//   inverse(a)                 a^-1, and 0 for 0
//   mul_constant<K>(a)         K a for a compile-time integer K (and whatever constants the
//                              arithmetic defines: a tower's coordinates)
//   equal_mask(a, b) -> mask   all ones where a = b
//   select(m, a, b)            a where m is all ones, b where it is zero
// and two declared traits:
//   lazy                       whether the levels above use lazy_arithmetic's pieces (then
//                              required): the arithmetic's own measured choice
//   outline_products           whether the levels above put their products in functions of
//                              their own, A::outlined<Op>(args...) (then required): measured
//                              code size against speed
template <class A>
concept arithmetic =
    requires(const typename A::value& a, const typename A::mask& m) {
      typename A::value;
      typename A::mask;
      { A::zero() } -> std::same_as<typename A::value>;
      { A::one() } -> std::same_as<typename A::value>;
      { A::add(a, a) } -> std::same_as<typename A::value>;
      { A::sub(a, a) } -> std::same_as<typename A::value>;
      { A::neg(a) } -> std::same_as<typename A::value>;
      { A::mul(a, a) } -> std::same_as<typename A::value>;
      { A::square(a) } -> std::same_as<typename A::value>;
      { A::inverse(a) } -> std::same_as<typename A::value>;
      { A::template mul_constant<3>(a) } -> std::same_as<typename A::value>;
      { A::equal_mask(a, a) } -> std::same_as<typename A::mask>;
      { A::select(m, a, a) } -> std::same_as<typename A::value>;
      { A::lazy } -> std::convertible_to<bool>;
      { A::outline_products } -> std::convertible_to<bool>;
    } && std::is_trivially_copyable_v<typename A::value> && (!A::lazy || lazy_arithmetic<A>) &&
    (!A::outline_products || requires(const typename A::value& a) {
      { A::template outlined<detail::outline_probe<A>>(a) } -> std::same_as<typename A::value>;
    });

// K a for a compile-time integer K, for arithmetics whose constants are integers: free for 0
// and 1, a negation for K < 0, else mul_positive(a, std::integral_constant<u64, |K|>) (the
// family's multiplication by a small integer).
template <class A, auto K, class MulPositive>
FF_INLINE constexpr typename A::value mul_by_integer(const typename A::value& a, MulPositive mul_positive) {
  static_assert(std::integral<decltype(K)>, "a constant of a prime field is an integer");
  constexpr long long k = static_cast<long long>(K);
  if constexpr (k == 0) return typename A::value{};
  else if constexpr (k == 1) return a;
  else if constexpr (k < 0) return A::neg(mul_by_integer<A, -k>(a, mul_positive));
  else return mul_positive(a, std::integral_constant<u64, u64(k)>{});
}

// Constant-time helpers on any value made of 64-bit words (field elements of every level,
// points), for arithmetics whose mask is one u64.
// a if mask is nonzero (all ones), b if it is zero (integer::select: one CMOV per word).
template <class T>
FF_INLINE constexpr T select_words(u64 mask, const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 8 == 0);
  using words = limbs<sizeof(T) / 8>;
  return std::bit_cast<T>(integer::select(mask, std::bit_cast<words>(a), std::bit_cast<words>(b)));
}
// (a, b) = (b, a) when mask is all ones, unchanged when it is zero.
template <class T>
FF_INLINE constexpr void swap_words(u64 mask, T& a, T& b) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 8 == 0);
  using words = std::array<u64, sizeof(T) / 8>;
  words wa = std::bit_cast<words>(a), wb = std::bit_cast<words>(b);
  for (std::size_t i = 0; i < wa.size(); ++i) {
    const u64 t = (wa[i] ^ wb[i]) & mask;
    wa[i] ^= t;
    wb[i] ^= t;
  }
  a = std::bit_cast<T>(wa);
  b = std::bit_cast<T>(wb);
}
// All ones when a and b are the same words.
template <class T>
FF_INLINE constexpr u64 equal_words_mask(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 8 == 0);
  using words = std::array<u64, sizeof(T) / 8>;
  const words wa = std::bit_cast<words>(a), wb = std::bit_cast<words>(b);
  u64 diff = 0;
  for (std::size_t i = 0; i < wa.size(); ++i) diff |= wa[i] ^ wb[i];
  return value_barrier(((diff | (0 - diff)) >> 63) - 1);
}

}  // namespace ff
