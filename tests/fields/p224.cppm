// ff.p224: GF(p) for NIST P-224's prime p = 2^224 - 2^96 + 1, a test-only prime field
// (tests/fields.cmake) in the Montgomery template. It is written with nothing but its modulus
// and gets the prime fields' test suite from its one registry line; p - 1 = 2^96 t makes its
// square root the longest walk of the table method (96 bits of 2-adicity).
module;
#include <string_view>
export module ff.p224;
export import ff.prime;

export namespace fft {

struct p224 : ff::montgomery_field<p224, "0xffffffffffffffffffffffffffffffff000000000000000000000001"> {
  static constexpr std::string_view name = "p224";
  // The smallest quadratic non-residue (whether it generates the whole group is not checked).
  static constexpr ff::u64 generator_value = 11;
  static constexpr ff::field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
static_assert(ff::prime_field<p224> && p224::two_adicity == 96 && p224::non_residue == p224::generator_value);

}  // namespace fft
