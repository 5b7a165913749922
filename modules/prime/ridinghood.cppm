// ff.ridinghood: 2^480 - 2^240 - 1, Ridinghood, a special-form field (golden-ratio trinomial, c =
// 2^240 + 1): canonical integers inside, products folded (ff.prime.fold). ff.ridinghood_mont is
// the same prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.ridinghood;
export import ff.prime;
export namespace ff {
struct ridinghood : special_field<ridinghood, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"> {
  static constexpr std::string_view name = "ridinghood";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 23;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<ridinghood>);
static_assert(ridinghood::non_residue == ridinghood::generator_value);
}  // namespace ff
