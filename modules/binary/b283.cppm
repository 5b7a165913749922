// ff.b283: GF(2^283) = GF(2)[x]/(x^283 + x^12 + x^7 + x^5 + 1), the NIST B-283/K-283
// pentanomial. The reduction is ff::limb_fold_reduction from the modulus, sparse_reduction on zmm.
module;
#include <array>
#include <string_view>
export module ff.b283;
export import ff.binary;

export namespace ff {

struct b283 : polynomial_basis<b283, 5> {
  static constexpr std::string_view name = "b283";
  static constexpr unsigned degree = 283;
  static constexpr std::array<unsigned, 5> modulus = {283, 12, 7, 5, 0};
  // Not swept yet: one block per step, and a window whose table stays near a megabyte.
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 9};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;
};

}  // namespace ff
