// ff.algo.ops: scalar algorithms written once for every field, on top of its multiplication
// and squaring (found by argument-dependent lookup in namespace ff).
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <span>
export module ff.algo.ops;
import ff.core.element;

export namespace ff {

// a^(2^k): k squarings.
template <class F>
element<F> square_n(element<F> a, unsigned k) {
  while (k--) a = square(a);
  return a;
}

// a^e for an exponent of any length (little-endian 64-bit limbs), left to right. Not constant
// time: the sequence of operations follows the bits of e.
template <class F>
element<F> pow(const element<F>& a, std::span<const u64> exponent) {
  element<F> r = F::one();
  for (std::size_t i = exponent.size(); i-- > 0;)
    for (int bit = 63; bit >= 0; --bit) {
      r = square(r);
      if ((exponent[i] >> bit) & 1) r = r * a;
    }
  return r;
}
template <class F>
element<F> pow(const element<F>& a, u128 e) {
  const std::array<u64, 2> limbs = {u64(e), u64(e >> 64)};
  return pow(a, std::span<const u64>(limbs));
}
template <class F, std::unsigned_integral T>
element<F> pow(const element<F>& a, T e) {
  return pow(a, u128(e));
}

}  // namespace ff
