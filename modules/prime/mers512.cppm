// ff.mers512: 2^512 - 569, the MSR "mers" prime of 512 bits, a special-form field (pseudo-
// Mersenne, c = 569): canonical integers inside, products folded (ff.prime.fold). ff.mers512_mont
// is the same prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.mers512;
export import ff.prime;
export namespace ff {
struct mers512 : special_field<mers512, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdc7"> {
  static constexpr std::string_view name = "mers512";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 5;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<mers512>);
static_assert(mers512::non_residue == mers512::generator_value);
}  // namespace ff
