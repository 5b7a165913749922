// ff.mers384: 2^384 - 317, the MSR "mers" prime of 384 bits, a special-form field (pseudo-
// Mersenne, c = 317): canonical integers inside, products folded (ff.prime.fold). ff.mers384_mont
// is the same prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.mers384;
export import ff.prime;
export namespace ff {
struct mers384 : special_field<mers384, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec3"> {
  static constexpr std::string_view name = "mers384";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<mers384>);
static_assert(mers384::non_residue == mers384::generator_value);
}  // namespace ff
