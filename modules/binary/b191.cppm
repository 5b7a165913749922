// ff.b191: GF(2^191) = GF(2)[x]/(x^191 + x^9 + 1), a trinomial from Arndt's list.
// Two shifts per side per folded limb: much cheaper than b163's pentanomial.
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

  // p: a polynomial of degree <= 380.
  template <class V>
  FF_INLINE static constexpr std::array<V, 3> reduce(const std::array<V, 6>& in) {
    std::array<V, 6> p = in;
    // x^(64i) = x^(64(i-3) + 1) * x^191 = x^(64(i-3) + 1) (x^9 + 1), for limbs 5, 4, 3.
    for (int i = 5; i >= 3; --i) {
      const V t = p[i];
      p[i - 3] ^= (t << 1) ^ (t << 10);
      p[i - 2] ^= (t >> 63) ^ (t >> 54);
    }
    const V t = p[2] >> 63;  // x^191
    return {p[0] ^ t ^ (t << 9), p[1], p[2] & 0x7fffffffffffffffULL};
  }
};

}  // namespace ff
