// ff.b191: GF(2^191) = GF(2)[x]/(x^191 + x^9 + 1), a trinomial from Arndt's list.
// The reduction is ff::limb_fold_reduction from the modulus: two shifts per side per folded
// limb, much cheaper than b163's pentanomial.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.b191;
export import ff.binary;

export namespace ff {

struct b191 : polynomial_basis<b191, 3> {
  static constexpr std::string_view name = "b191";
  static constexpr unsigned degree = 191;
  static constexpr std::array<unsigned, 3> modulus = {191, 9, 0};
  // Measured choices (docs/performance/decisions.md, "Tuning").
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 11};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;
  static constexpr bool fold_sums_per_limb = true;
};

}  // namespace ff
