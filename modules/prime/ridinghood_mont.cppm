// ff.ridinghood_mont: 2^480 - 2^240 - 1, Ridinghood, as a generic Montgomery field (the same prime
// with its own reduction comes with the special-form fields; the pair measures what the special
// form gains).
module;
#include <string_view>
export module ff.ridinghood_mont;
export import ff.prime;
export namespace ff {
struct ridinghood_mont : montgomery_field<ridinghood_mont, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"> {
  static constexpr std::string_view name = "ridinghood_mont";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 23;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
};
static_assert(prime_field<ridinghood_mont>);
static_assert(ridinghood_mont::non_residue == ridinghood_mont::generator_value);
}  // namespace ff
