// ff.p521: 2^521 - 1, the Mersenne prime of NIST P-521, a special-form field (Mersenne, c = 1):
// canonical integers inside, products folded (ff.prime.fold). ff.p521_mont is the same prime as a
// generic Montgomery field.
module;
#include <string_view>
export module ff.p521;
export import ff.prime;
export namespace ff {
struct p521 : special_field<p521, "0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"> {
  static constexpr std::string_view name = "p521";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 3;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<p521>);
static_assert(p521::non_residue == p521::generator_value);
}  // namespace ff
