// ff.b409: GF(2^409) = GF(2)[x]/(x^409 + x^87 + 1), the NIST B-409/K-409 trinomial. The
// reduction is ff::limb_fold_reduction from the modulus (x^87 is too high for sparse_reduction).
module;
#include <array>
#include <string_view>
export module ff.b409;
export import ff.binary;

export namespace ff {

struct b409 : polynomial_basis<b409, 7> {
  static constexpr std::string_view name = "b409";
  static constexpr unsigned degree = 409;
  static constexpr std::array<unsigned, 3> modulus = {409, 87, 0};
  // Not swept yet: one block per step, and a window whose table stays near a megabyte.
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
  static constexpr bool sparse_reduction_on_funnel_shifts = false;
};

}  // namespace ff
