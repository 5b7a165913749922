// ff.sect193: GF(2^193) = GF(2)[x]/(x^193 + x^15 + 1), the SEC sect193 trinomial. Four
// storage limbs; the product multiplies the low 192 bits with the 3-limb template (6 clmuls)
// and adds the terms of the lone bit x^192 with masks instead of a fourth limb.
module;
#include <array>
#include <string_view>
#include "fieldlab/macros.h"
export module ff.sect193;
export import ff.binary;

export namespace ff {

struct sect193 : polynomial_basis<sect193, 4> {
  static constexpr std::string_view name = "sect193";
  static constexpr unsigned degree = 193;
  static constexpr std::array<unsigned, 3> modulus = {193, 15, 0};
  // Measured choices (docs/performance/decisions.md, "Tuning").
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 10};
  static constexpr bool sparse_reduction_on_funnel_shifts = true;
  static constexpr bool plain_product = false;  // mul_product below

  // p: a polynomial of degree <= 384 in 7 limbs.
  template <class V>
  FF_INLINE static constexpr std::array<V, 4> reduce(const std::array<V, 7>& in) {
    std::array<V, 7> p = in;
    // x^(64i) = x^(64(i-4) + 63) * x^193 = x^(64(i-4) + 63) (x^15 + 1), for limbs 6, 5, 4.
    for (int i = 6; i >= 4; --i) {
      const V t = p[i];
      p[i - 4] ^= t << 63;
      p[i - 3] ^= (t >> 1) ^ (t << 14);
      p[i - 2] ^= t >> 50;
    }
    const V t = p[3] >> 1;  // x^193 .. x^255
    return {p[0] ^ t ^ (t << 15), p[1] ^ (t >> 49), p[2], p[3] & 1};
  }

  // The unreduced product (7 limbs) of the low 192 bits and the lone bit x^192.
  template <class A>
  FF_INLINE static std::array<limb_t<A>, 7> mul_product(const std::array<limb_t<A>, 4>& a,
                                                         const std::array<limb_t<A>, 4>& b) {
    using L = limb_t<A>;
    const auto low = binary::clmul_product<A, 3>({a[0], a[1], a[2]}, {b[0], b[1], b[2]});
    // (A + a3 x^192)(B + b3 x^192) = AB + x^192 (a3 B + b3 A) + a3 b3 x^384, a3, b3 in {0, 1}.
    const L mask_a = u64{0} - a[3], mask_b = u64{0} - b[3];
    return {low[0], low[1], low[2], low[3] ^ (b[0] & mask_a) ^ (a[0] & mask_b),
            low[4] ^ (b[1] & mask_a) ^ (a[1] & mask_b), low[5] ^ (b[2] & mask_a) ^ (a[2] & mask_b), a[3] & b[3]};
  }
  template <class A>
  FF_INLINE static std::array<limb_t<A>, 7> square_product(const std::array<limb_t<A>, 4>& a) {
    const auto low = binary::clmul_square<A, 3>({a[0], a[1], a[2]});
    return {low[0], low[1], low[2], low[3], low[4], low[5], a[3]};
  }
};

}  // namespace ff
