// ff.bls12_381_fr: the scalar field of BLS12-381: the order r of its groups (2-adicity 32).
module;
#include <string_view>
export module ff.bls12_381_fr;
export import ff.prime;
export namespace ff {
struct bls12_381_fr : montgomery_field<bls12_381_fr, "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"> {
  static constexpr std::string_view name = "bls12_381_fr";
  // The multiplicative generator the literature uses for this field (the IETF pairing-friendly-curves draft, zcash).
  static constexpr u64 generator_value = 7;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<bls12_381_fr>);
}  // namespace ff
