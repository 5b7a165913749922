// ff.b256: GF(2^256) = GF(2)[x]/(x^256 + x^10 + x^5 + x^2 + 1), the first primitive
// pentanomial of degree 256 in Arndt's list. A limb-aligned degree: each high limb folds
// onto exactly two lower limbs.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.b256;
export import ff.binary;

export namespace ff {

struct b256 : polynomial_basis<b256, 4> {
  static constexpr std::string_view name = "b256";
  static constexpr unsigned degree = 256;
  static constexpr std::array<unsigned, 5> modulus = {256, 10, 5, 2, 0};
  // Measured choices (docs/performance/decisions.md, "Tuning").
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 11};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;

  // p: a polynomial of degree <= 510.
  template <class V>
  FF_INLINE static constexpr std::array<V, 4> reduce(const std::array<V, 8>& in) {
    std::array<V, 8> p = in;
    // x^(64i) = x^(64(i-4)) (x^10 + x^5 + x^2 + 1), for limbs 7, 6, 5, 4.
    for (int i = 7; i >= 4; --i) {
      const V t = p[i];
      p[i - 4] ^= t ^ (t << 2) ^ (t << 5) ^ (t << 10);
      p[i - 3] ^= (t >> 62) ^ (t >> 59) ^ (t >> 54);
    }
    return {p[0], p[1], p[2], p[3]};
  }

};

}  // namespace ff
