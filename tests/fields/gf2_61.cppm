// ff.gf2_61: GF(2^61) = GF(2)[x]/(x^61 + x^5 + x^2 + x + 1), a test-only field (tests/fields.cmake).
// It is written with nothing but its constants (one limb, the generic sparse reduction on every
// backend) and gets the whole test suite from its one registry line.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.gf2_61;
export import ff.binary;

export namespace fft {

struct gf2_61 : ff::polynomial_basis<gf2_61, 1> {
  static constexpr std::string_view name = "gf2_61";
  static constexpr unsigned degree = 61;
  static constexpr std::array<unsigned, 5> modulus = {61, 5, 2, 1, 0};
  static constexpr ff::field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;

  template <class V>
  FF_INLINE static constexpr std::array<V, 1> reduce(const std::array<V, 2>& p) {
    return ff::sparse_reduction<gf2_61>::reduce(p);
  }
};

}  // namespace fft
