// ff.goldilocks_mont: 2^448 - 2^224 - 1, Goldilocks (Ed448, X448), as a generic Montgomery field
// (the same prime with its own reduction comes with the special-form fields; the pair measures
// what the special form gains).
module;
#include <string_view>
export module ff.goldilocks_mont;
export import ff.prime;
export namespace ff {
struct goldilocks_mont : montgomery_field<goldilocks_mont, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff"> {
  static constexpr std::string_view name = "goldilocks_mont";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 7;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 1, .power_window_bits = 8};
};
static_assert(prime_field<goldilocks_mont>);
static_assert(goldilocks_mont::non_residue == goldilocks_mont::generator_value);
}  // namespace ff
