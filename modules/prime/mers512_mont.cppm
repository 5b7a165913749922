// ff.mers512_mont: 2^512 - 569, the MSR "mers" prime of 512 bits, as a generic Montgomery field
// (the same prime with its own reduction comes with the special-form fields; the pair measures
// what the special form gains).
module;
#include <string_view>
export module ff.mers512_mont;
export import ff.prime;
export namespace ff {
struct mers512_mont : montgomery_field<mers512_mont, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdc7"> {
  static constexpr std::string_view name = "mers512_mont";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 5;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
};
static_assert(prime_field<mers512_mont>);
static_assert(mers512_mont::non_residue == mers512_mont::generator_value);
}  // namespace ff
