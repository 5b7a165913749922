// ff.p25519: 2^255 - 19 (Curve25519: X25519, Ed25519), a special-form field (pseudo-Mersenne, c =
// 19): canonical integers inside, products folded (ff.prime.fold). ff.p25519_mont is the same
// prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.p25519;
export import ff.prime;
export namespace ff {
struct p25519 : special_field<p25519, "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"> {
  static constexpr std::string_view name = "p25519";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<p25519>);
static_assert(p25519::non_residue == p25519::generator_value);
}  // namespace ff
