// ff.bn254_fr: the scalar field of BN254: the order r of its groups (2-adicity 28, the SNARK field).
module;
#include <string_view>
export module ff.bn254_fr;
export import ff.prime;
export namespace ff {
struct bn254_fr : montgomery_field<bn254_fr, "21888242871839275222246405745257275088548364400416034343698204186575808495617"> {
  static constexpr std::string_view name = "bn254_fr";
  // The multiplicative generator the literature uses for this field (gnark-crypto, arkworks).
  static constexpr u64 generator_value = 5;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(prime_field<bn254_fr>);
}  // namespace ff
