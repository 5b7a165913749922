// ff.bn254_fp: the base field of BN254 (alt_bn128, the curve of Ethereum's EIP-196/197 precompiles).
module;
#include <string_view>
export module ff.bn254_fp;
export import ff.prime;
export namespace ff {
struct bn254_fp : montgomery_field<bn254_fp, "21888242871839275222246405745257275088696311157297823662689037894645226208583"> {
  static constexpr std::string_view name = "bn254_fp";
  // The multiplicative generator the literature uses for this field (gnark-crypto, arkworks).
  static constexpr u64 generator_value = 3;
  // Towers reduce lazily (bn254's tower: Fp2 and Fp6 products, the Miller loop's lines; the
  // Fp12 level reduces per Fp6 product): ffbench --tower's A/B, decisions.md.
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8, .extensions = extension_reduction::lazy};
};
static_assert(prime_field<bn254_fp>);
}  // namespace ff
