// ff.ghash128: GF(2^128) = GF(2)[x]/(x^128 + x^7 + x^2 + x + 1), GCM's polynomial in plain
// polynomial basis (no bit reflection). Two folds: the top limb, then the next.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.ghash128;
export import ff.binary;

export namespace ff {

struct ghash128 : polynomial_basis<ghash128, 2> {
  static constexpr std::string_view name = "ghash128";
  static constexpr unsigned degree = 128;
  static constexpr std::array<unsigned, 5> modulus = {128, 7, 2, 1, 0};
  // Measured choices (docs/performance/decisions.md, "Tuning").
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 11};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;

  // p: a polynomial of degree <= 254.
  template <class V>
  FF_INLINE static constexpr std::array<V, 2> reduce(const std::array<V, 4>& p) {
    // x^192 = x^64 (x^7 + x^2 + x + 1): limb 3 lands on limbs 1 and 2.
    const V p2 = p[2] ^ (p[3] >> 63) ^ (p[3] >> 62) ^ (p[3] >> 57);
    const V p1 = p[1] ^ p[3] ^ (p[3] << 1) ^ (p[3] << 2) ^ (p[3] << 7);
    // x^128 = x^7 + x^2 + x + 1: limb 2 lands on limbs 0 and 1.
    return {p[0] ^ p2 ^ (p2 << 1) ^ (p2 << 2) ^ (p2 << 7), p1 ^ (p2 >> 63) ^ (p2 >> 62) ^ (p2 >> 57)};
  }
};

}  // namespace ff
