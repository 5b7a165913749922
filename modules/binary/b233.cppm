// ff.b233: GF(2^233) = GF(2)[x]/(x^233 + x^74 + 1), the NIST B-233/K-233 trinomial. The
// reduction is ff::limb_fold_reduction from the modulus (x^74 is too high for sparse_reduction).
module;
#include <array>
#include <string_view>
export module ff.b233;
export import ff.binary;

export namespace ff {

struct b233 : polynomial_basis<b233, 4> {
  static constexpr std::string_view name = "b233";
  static constexpr unsigned degree = 233;
  static constexpr std::array<unsigned, 3> modulus = {233, 74, 0};
  // Not swept yet: one block per step, and a window whose table stays near a megabyte.
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 9};
  static constexpr bool sparse_reduction_on_funnel_shifts = false;
};

}  // namespace ff
