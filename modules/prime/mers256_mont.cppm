// ff.mers256_mont: 2^256 - 189, the MSR "mers" prime of 256 bits, as a generic Montgomery field
// (the same prime with its own reduction comes with the special-form fields; the pair measures
// what the special form gains).
module;
#include <string_view>
export module ff.mers256_mont;
export import ff.prime;
export namespace ff {
struct mers256_mont : montgomery_field<mers256_mont, "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43"> {
  static constexpr std::string_view name = "mers256_mont";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
};
static_assert(prime_field<mers256_mont>);
static_assert(mers256_mont::non_residue == mers256_mont::generator_value);
}  // namespace ff
