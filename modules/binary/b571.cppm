// ff.b571: GF(2^571) = GF(2)[x]/(x^571 + x^10 + x^5 + x^2 + 1), the NIST B-571/K-571
// pentanomial. The reduction is ff::limb_fold_reduction from the modulus, sparse_reduction on zmm.
module;
#include <array>
#include <string_view>
export module ff.b571;
export import ff.binary;

export namespace ff {

struct b571 : polynomial_basis<b571, 9> {
  static constexpr std::string_view name = "b571";
  static constexpr unsigned degree = 571;
  static constexpr std::array<unsigned, 5> modulus = {571, 10, 5, 2, 0};
  // Not swept yet: one block per step, and a window whose table stays near a megabyte.
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;
};

}  // namespace ff
