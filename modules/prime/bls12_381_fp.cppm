// ff.bls12_381_fp: the base field of BLS12-381.
module;
#include <string_view>
export module ff.bls12_381_fp;
export import ff.prime;
export namespace ff {
struct bls12_381_fp : montgomery_field<bls12_381_fp, "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"> {
  static constexpr std::string_view name = "bls12_381_fp";
  // The multiplicative generator the literature uses for this field (the IETF pairing-friendly-curves draft).
  static constexpr u64 generator_value = 2;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8, .extensions = extension_reduction::lazy};
};
static_assert(prime_field<bls12_381_fp>);
}  // namespace ff
