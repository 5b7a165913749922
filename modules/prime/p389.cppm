// ff.p389: 2^389 - 21, a special-form field (pseudo-Mersenne, c = 21): canonical integers inside,
// products folded (ff.prime.fold). ff.p389_mont is the same prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.p389;
export import ff.prime;
export namespace ff {
struct p389 : special_field<p389, "0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeb"> {
  static constexpr std::string_view name = "p389";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<p389>);
static_assert(p389::non_residue == p389::generator_value);
}  // namespace ff
