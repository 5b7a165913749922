// ff.curve.rfc7748: the X25519 / X448 function of RFC 7748, written once over the field's
// arithmetic (ff::arithmetic). A curve is one line of constants:
//   struct x25519 : rfc7748<x25519, p25519> { name, a24, base_u, mask_top_bit, clamp, ladder_arithmetic };
// The x-only Montgomery ladder runs over every scalar bit with the same operations (one
// conditional swap by masks per bit, 5 products, 4 squarings, one product by a24), then one
// constant-time inversion: constant time in the scalar and in u.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.curve.rfc7748;
import ff.core.element;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.field;
import ff.core.secret;
import ff.core.integer;
import ff.prime.fold;
import ff.prime.radix;
import ff.prime.policies;
import ff.prime.inverse;
import ff.prime.field;
import ff.prime.ops;
import ff.prime.arithmetic;
import ff.core.arithmetic;
namespace ff::curve::detail {
// RFC 7748 section 5: x-coordinate of k u, for a clamped little-endian scalar k of Bits bits
// and u in the field's internal form; returns x_2 / z_2 (0 when z_2 = 0). A is the ladder's
// arithmetic: the field's own (ff::prime::arithmetic) or another representation of it
// (ff::prime::radix_arithmetic), entered and left once (from_internal, to_internal).
template <class A, unsigned Bits, u64 A24, std::size_t Bytes>
FF_INLINE auto ladder(const std::array<std::uint8_t, Bytes>& k, const auto& u) {
  static_assert(arithmetic<A>);
  using value = typename A::value;
  const value x1 = A::from_internal(u);
  value x2 = A::one(), z2 = A::zero(), x3 = x1, z3 = x2;
  u64 swap = 0;
  for (unsigned t = Bits; t-- > 0;) {
    const u64 bit = (k[t / 8] >> (t % 8)) & 1;
    const u64 mask = value_barrier(0 - (swap ^ bit));
    swap_words(mask, x2, x3);
    swap_words(mask, z2, z3);
    swap = bit;
    const value a = A::add(x2, z2), b = A::sub(x2, z2);
    const value aa = A::square(a), bb = A::square(b);
    const value e = A::sub(aa, bb);
    const value c = A::add(x3, z3), d = A::sub(x3, z3);
    const value da = A::mul(d, a), cb = A::mul(c, b);
    x3 = A::square(A::add(da, cb));
    z3 = A::mul(x1, A::square(A::sub(da, cb)));
    x2 = A::mul(aa, bb);
    z2 = A::mul(e, A::add(aa, A::template mul_constant<A24>(e)));
  }
  const u64 mask = value_barrier(0 - swap);
  swap_words(mask, x2, x3);
  swap_words(mask, z2, z3);
  // The inverse maps 0 to 0, as z_2^(p-2) does.
  return A::to_internal(A::mul(x2, A::inverse(z2)));
}
}  // namespace ff::curve::detail
export namespace ff {

// The Diffie-Hellman function of a Montgomery curve v^2 = u^3 + A u^2 + u (RFC 7748), with
// its keys and u-coordinates as the RFC's little-endian byte strings. Derived gives the
// constants: name, a24 = (A - 2) / 4 (the RFC's 121665 and 39081), base_u, mask_top_bit
// (X25519 ignores the top bit of u), clamp(key&), and the ladder's arithmetic under a policy P,
// ladder_arithmetic<P> (the field's own limbs, or radix limbs: measured per curve,
// docs/prime-fields.md).
template <class Derived, class Field>
struct rfc7748 {
  using field = Field;
  static constexpr std::size_t bytes = Field::bytes;
  static constexpr unsigned scalar_bits = Field::bits;  // the ladder's steps: 255, 448
  using key = std::array<std::uint8_t, bytes>;

  // The RFC's decodeUCoordinate: little-endian, the top bit masked for X25519, reduced mod p
  // (non-canonical values up to 2^bits are accepted, as the RFC requires).
  static limbs<Field::limbs> decode_u(const key& u) {
    limbs<Field::limbs> x{};
    for (std::size_t i = 0; i < bytes; ++i) x[i / 8] |= u64(u[i]) << (8 * (i % 8));
    if constexpr (Derived::mask_top_bit) x[(8 * bytes - 1) / 64] &= ~(u64(1) << ((8 * bytes - 1) % 64));
    static_assert(8 * bytes - Derived::mask_top_bit <= Field::bits + 1, "u below 2^bits < 2p: one subtraction reduces it");
    return Field::to_internal(prime::reduce_once<Field>(x));
  }
  static key encode_u(const limbs<Field::limbs>& internal) {
    const limbs<Field::limbs> x = Field::from_internal(internal);
    key out{};
    for (std::size_t i = 0; i < bytes; ++i) out[i] = std::uint8_t(x[i / 8] >> (8 * (i % 8)));
    return out;
  }

  // X25519(k, u) / X448(k, u) of RFC 7748 under the backend policy P (no dispatch: the caller
  // runs it with P's target), the ladder over the arithmetic A (by default the curve's choice):
  // k clamped, then the ladder; constant time in k and u.
  template <class P, class A = void>
  FF_INLINE static key scalarmult_with(key k, const key& u) {
    using arithmetic = std::conditional_t<std::is_void_v<A>, typename Derived::template ladder_arithmetic<P>, A>;
    Derived::clamp(k);
    return encode_u(curve::detail::ladder<arithmetic, scalar_bits, Derived::a24>(k, decode_u(u)));
  }
  // The same, dispatched once to the backend be (an explicit one: tests and benches compare them).
  static key scalarmult(backend be, const key& k, const key& u) {
    return dispatch<typename Field::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE {
      return scalarmult_with<P>(k, u);
    });
  }
  static key scalarmult(const key& k, const key& u) { return scalarmult(scalar_backend(family::prime), k, u); }
  // k times the base point: the public key of the private key k.
  static key public_key(const key& k) { return scalarmult(k, base_point()); }
  // The shared secret of the private key k and the peer's public key. An all-zero result (the
  // peer sent a point of small order) is an ff::error, as in OpenSSL and RFC 7748 section 6.
  static key shared_secret(const key& k, const key& peer_public) {
    const key s = scalarmult(k, peer_public);
    u64 any = 0;
    for (std::uint8_t byte : s) any |= byte;
    if (declassify(any == 0))
      throw error(std::string(Derived::name) + ": the shared secret is all zero (the peer's public key has small order)");
    return s;
  }
  // A key or u-coordinate from the RFC's hex form (2 bytes hex digits, little-endian byte
  // order), else ff::error; and back.
  static key parse_key(std::string_view hex) {
    auto digit = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    const std::string what = std::string(Derived::name) + ": '" + std::string(hex) + "' ";
    if (hex.size() != 2 * bytes)
      throw error(what + "has " + std::to_string(hex.size()) + " hex digits, " + std::to_string(2 * bytes) +
                  " expected (" + std::to_string(bytes) + " bytes, little-endian)");
    key k{};
    for (std::size_t i = 0; i < bytes; ++i) {
      const int hi = digit(hex[2 * i]), lo = digit(hex[2 * i + 1]);
      if (hi < 0 || lo < 0) throw error(what + "is not hex");
      k[i] = std::uint8_t(16 * hi + lo);
    }
    return k;
  }
  static std::string to_hex(const key& k) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (std::uint8_t byte : k) {
      out += digits[byte >> 4];
      out += digits[byte & 15];
    }
    return out;
  }
  static constexpr key base_point() {
    key b{};
    b[0] = std::uint8_t(Derived::base_u);
    return b;
  }
};
}  // namespace ff
