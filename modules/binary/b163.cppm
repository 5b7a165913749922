// ff.b163: GF(2^163) = GF(2)[x]/(x^163 + x^7 + x^6 + x^3 + 1), the NIST B-163/K-163
// pentanomial. Each high limb folds onto two lower limbs with four shifts per side.
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

  // p: a polynomial of degree <= 324.
  template <class V>
  FF_INLINE static constexpr std::array<V, 3> reduce(const std::array<V, 6>& in) {
    std::array<V, 6> p = in;
    // x^(64i) = x^(64(i-3) + 29) * x^163 = x^(64(i-3) + 29) (x^7 + x^6 + x^3 + 1), for limbs 5, 4, 3.
    for (int i = 5; i >= 3; --i) {
      const V t = p[i];
      p[i - 3] ^= (t << 29) ^ (t << 32) ^ (t << 35) ^ (t << 36);
      p[i - 2] ^= (t >> 35) ^ (t >> 32) ^ (t >> 29) ^ (t >> 28);
    }
    const V t = p[2] >> 35;  // x^163 .. x^191
    return {p[0] ^ t ^ (t << 3) ^ (t << 6) ^ (t << 7), p[1], p[2] & ((1ULL << 35) - 1)};
  }
};

}  // namespace ff
