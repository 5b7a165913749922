// ff.x448: X448 (RFC 7748) on Curve448, v^2 = u^3 + 156326 u^2 + u over ff::goldilocks.
module;
#include <cstdint>
#include <string_view>
export module ff.x448;
export import ff.goldilocks;
export import ff.curve.rfc7748;
export namespace ff {
struct x448 : rfc7748<x448, goldilocks> {
  static constexpr std::string_view name = "x448";
  static constexpr u64 a24 = 39081;  // (156326 - 2) / 4
  static constexpr u64 base_u = 5;
  static constexpr bool mask_top_bit = false;
  // Radix 2^56 limbs: 149 against 162 us for the saturated ones (docs/prime-fields.md).
  template <class P>
  using ladder_arithmetic = prime::radix_arithmetic<goldilocks>;
  static constexpr void clamp(key& k) {
    k[0] &= 252;
    k[55] |= 128;
  }
};
}  // namespace ff
