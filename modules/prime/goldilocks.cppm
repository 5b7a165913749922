// ff.goldilocks: 2^448 - 2^224 - 1, Goldilocks (Ed448, X448), a special-form field (golden-ratio
// trinomial, c = 2^224 + 1): canonical integers inside, products folded (ff.prime.fold).
// ff.goldilocks_mont is the same prime as a generic Montgomery field.
module;
#include <string_view>
export module ff.goldilocks;
export import ff.prime;
export namespace ff {
struct goldilocks : special_field<goldilocks, "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff"> {
  static constexpr std::string_view name = "goldilocks";
  // The smallest quadratic non-residue: the base of fixed-base powers. Whether it generates
  // the whole multiplicative group is not checked (that needs p - 1's factorization).
  static constexpr u64 generator_value = 7;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<goldilocks>);
static_assert(goldilocks::non_residue == goldilocks::generator_value);
}  // namespace ff
