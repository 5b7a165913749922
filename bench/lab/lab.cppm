// ff.lab: fieldlab's measurement apparatus, not installed: the representation twins of the
// special-form primes (ff.lab.twins), the A/B variants of BN254's tower (ff.lab.towers), the
// RFC 7748 ladders in their other representation (ff.lab.ladders), and the few alternatives
// below. ffbench's reports and the tests that check the variants import it; the library's
// public types carry none of these choices.
module;
#include <span>
#include <string>
export module ff.lab;
export import ff;
export import ff.lab.twins;
export import ff.lab.towers;
export import ff.lab.ladders;

export namespace ff::lab {

// a^-1 = a^(p - 2) by Fermat's little theorem (constant time), beside safegcd's ff::inverse.
template <prime_field F>
element<F> inverse_fermat(const element<F>& a) {
  if (declassify(a.is_zero())) throw error(std::string(F::name) + ": inverse of zero");
  return pow(a, std::span<const u64>(F::p_minus(2)));
}

// The b256 <-> ghash2 batches with an explicit conversion kernel (ff::to_ghash2 takes the
// fastest this CPU runs).
inline void to_ghash2(iso::kernel k, std::span<const element<b256>> in, std::span<element<ghash2>> out) {
  iso::convert<b256, ghash2>(k, iso::direction::to_ghash2, in, out, "ff::lab::to_ghash2");
}
inline void to_b256(iso::kernel k, std::span<const element<ghash2>> in, std::span<element<b256>> out) {
  iso::convert<ghash2, b256>(k, iso::direction::to_b256, in, out, "ff::lab::to_b256");
}

}  // namespace ff::lab
