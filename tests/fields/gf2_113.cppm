// ff.gf2_113: GF(2^113) = GF(2)[x]/(x^113 + x^9 + 1) (SEC 2 version 1's sect113 fields), a
// test-only field (tests/fields.cmake): the field of the test-only curve fft::k113. Written with
// nothing but its constants (two limbs, the generic sparse reduction on every backend).
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.gf2_113;
export import ff.binary;

export namespace fft {

struct gf2_113 : ff::polynomial_basis<gf2_113, 2> {
  static constexpr std::string_view name = "gf2_113";
  static constexpr unsigned degree = 113;
  static constexpr std::array<unsigned, 3> modulus = {113, 9, 0};
  static constexpr ff::field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;

  template <class V>
  FF_INLINE static constexpr std::array<V, 2> reduce(const std::array<V, 4>& p) {
    return ff::sparse_reduction<gf2_113>::reduce(p);
  }
};

}  // namespace fft
