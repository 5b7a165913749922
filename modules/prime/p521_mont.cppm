// ff.p521_mont: 2^521 - 1, the Mersenne prime of NIST P-521, as a generic Montgomery field (the
// same prime with its own reduction comes with the special-form fields; the pair measures what the
// special form gains).
module;
#include <string_view>
export module ff.p521_mont;
export import ff.prime;
export namespace ff {
struct p521_mont : montgomery_field<p521_mont, "0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"> {
  static constexpr std::string_view name = "p521_mont";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 3;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
};
static_assert(prime_field<p521_mont>);
static_assert(p521_mont::non_residue == p521_mont::generator_value);
}  // namespace ff
