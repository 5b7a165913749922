// ff.b163: GF(2^163) = GF(2)[x]/(x^163 + x^7 + x^6 + x^3 + 1), the NIST B-163/K-163
// pentanomial. The reduction is ff::limb_fold_reduction from the modulus: each high limb folds
// onto two lower limbs with four shifts per side.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.b163;
export import ff.binary;

export namespace ff {

struct b163 : polynomial_basis<b163, 3> {
  static constexpr std::string_view name = "b163";
  static constexpr unsigned degree = 163;
  static constexpr std::array<unsigned, 5> modulus = {163, 7, 6, 3, 0};
  // Measured choices (docs/performance/decisions.md, "Tuning").
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 11};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;
  static constexpr bool fold_sums_per_limb = true;
};

}  // namespace ff
