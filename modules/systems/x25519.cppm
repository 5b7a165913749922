// ff.x25519: X25519 (RFC 7748) on Curve25519, v^2 = u^3 + 486662 u^2 + u over ff::p25519.
module;
#include <cstdint>
#include <string_view>
export module ff.x25519;
export import ff.p25519;
export import ff.curve.rfc7748;
export namespace ff {
struct x25519 : rfc7748<x25519, p25519> {
  static constexpr std::string_view name = "x25519";
  static constexpr u64 a24 = 121665;  // (486662 - 2) / 4
  static constexpr u64 base_u = 9;
  static constexpr bool mask_top_bit = true;
  // The field's own saturated limbs (radix 2^51 measured equal: docs/prime-fields.md).
  template <class P>
  using ladder_arithmetic = prime::arithmetic<p25519, P>;
  static constexpr void clamp(key& k) {
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
  }
};
}  // namespace ff
