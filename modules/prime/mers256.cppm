// ff.mers256: 2^256 - 189, the MSR "mers" prime of 256 bits, a special-form field (pseudo-
// Mersenne, c = 189): canonical integers inside, products folded (ff.prime.fold). ff.mers256_mont
// is the same prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.mers256;
export import ff.prime;
export namespace ff {
struct mers256 : special_field<mers256, "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43"> {
  static constexpr std::string_view name = "mers256";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<mers256>);
static_assert(mers256::non_residue == mers256::generator_value);
}  // namespace ff
