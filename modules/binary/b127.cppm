// ff.b127: GF(2^127) = GF(2)[x]/(x^127 + x + 1). x^127 = x + 1 makes the reduction a single
// fold of the high half (three XORs and two shifts): the cheapest reducer of all the fields.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.b127;
export import ff.binary;

export namespace ff {

struct b127 : polynomial_basis<b127, 2> {
  static constexpr std::string_view name = "b127";
  static constexpr unsigned degree = 127;
  static constexpr std::array<unsigned, 3> modulus = {127, 1, 0};
  // Measured choices (docs/performance/decisions.md, "Tuning").
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 11};
  // reduce is already one pass: it beats sparse_reduction on zmm too.
  static constexpr bool sparse_reduction_on_funnel_shifts = false;

  // p: a polynomial of degree <= 252 (any product of two canonical elements).
  template <class V>
  FF_INLINE static constexpr std::array<V, 2> reduce(const std::array<V, 4>& p) {
    const V h0 = (p[1] >> 63) | (p[2] << 1);  // h = p div x^127 (126 bits)
    const V h1 = (p[2] >> 63) | (p[3] << 1);
    // p mod f = (p mod x^127) + h * (x + 1); h * x still fits below x^127.
    return {p[0] ^ h0 ^ (h0 << 1), (p[1] & 0x7fffffffffffffffULL) ^ h1 ^ (h1 << 1) ^ (h0 >> 63)};
  }
};

}  // namespace ff
