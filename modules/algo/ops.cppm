// ff.algo.ops: the scalar API written once for every field: the product and the square of one
// element (the field's kernel under the family's scalar backend, dispatched once per call), and
// the algorithms on top of them (found by argument-dependent lookup in namespace ff; a family
// overrides one with a more constrained overload where it has a better algorithm).
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include "fieldlab/macros.h"
export module ff.algo.ops;
import ff.core.element;
import ff.core.secret;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.field;

export namespace ff {

// a * b with an explicit backend (tests and proofs compare backends with it). A batch-only
// backend (vpclmul512, ifma) multiplies one element with its scalar sibling.
template <field_kernels F>
inline element<F> mul(backend be, const element<F>& a, const element<F>& b) {
  return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class A>() FF_LAMBDA_INLINE {
    return element<F>{F::template mul<A>(a.limb, b.limb)};
  });
}
template <field_kernels F>
inline element<F> square(backend be, const element<F>& a) {
  return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class A>() FF_LAMBDA_INLINE {
    return element<F>{F::template square<A>(a.limb)};
  });
}
// The same with the family's scalar backend (FF_BACKEND or the fastest).
template <field_kernels F>
inline element<F> operator*(const element<F>& a, const element<F>& b) {
  return mul(scalar_backend(F::family), a, b);
}
template <field_kernels F>
inline element<F>& operator*=(element<F>& a, const element<F>& b) {
  return a = a * b;
}
template <field_kernels F>
inline element<F> square(const element<F>& a) {
  return square(scalar_backend(F::family), a);
}

// a^(2^k): k squarings.
template <class F>
element<F> square_n(element<F> a, unsigned k) {
  while (k--) a = square(a);
  return a;
}

// a^e for an exponent of any length (little-endian 64-bit limbs), left to right, constant
// time in a and e (e's length is public): every bit squares and multiplies, and a mask keeps
// the product or not.
template <class F>
element<F> pow(const element<F>& a, std::span<const u64> exponent) {
  element<F> r = F::one();
  for (std::size_t i = exponent.size(); i-- > 0;)
    for (int bit = 63; bit >= 0; --bit) {
      r = square(r);
      const element<F> product = r * a;
      const u64 keep = value_barrier(0 - ((exponent[i] >> bit) & 1));
      for (std::size_t k = 0; k < F::limbs; ++k) r.limb[k] = (product.limb[k] & keep) | (r.limb[k] & ~keep);
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
// The same with the work following e's bits (half the products on average): for exponents
// that are not secret.
template <class F>
element<F> pow_var(const element<F>& a, std::span<const u64> exponent) {
  element<F> r = F::one();
  for (std::size_t i = exponent.size(); i-- > 0;)
    for (int bit = 63; bit >= 0; --bit) {
      r = square(r);
      if ((exponent[i] >> bit) & 1) r = r * a;
    }
  return r;
}

}  // namespace ff
