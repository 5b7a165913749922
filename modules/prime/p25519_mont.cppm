// ff.p25519_mont: 2^255 - 19 (Curve25519, X25519, Ed25519), as a generic Montgomery field (the
// same prime with its own reduction comes with the special-form fields; the pair measures what the
// special form gains).
module;
#include <string_view>
export module ff.p25519_mont;
export import ff.prime;
export namespace ff {
struct p25519_mont : montgomery_field<p25519_mont, "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"> {
  static constexpr std::string_view name = "p25519_mont";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
};
static_assert(prime_field<p25519_mont>);
static_assert(p25519_mont::non_residue == p25519_mont::generator_value);
}  // namespace ff
