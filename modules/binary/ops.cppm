// ff.binary.ops: the scalar API of every binary field beyond the products (which ff.algo.ops
// writes once for both families): inverse, sqrt, trace, half trace and the quadratic solver,
// written once on top of the products.
module;
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
export module ff.binary.ops;
import ff.core.element;
import ff.core.secret;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.lanes;
import ff.core.field;
import ff.algo.ops;
import ff.binary.policies;
import ff.binary.field;

export namespace ff {

namespace binary {
// a^(2^n - 2) (a^-1, and 0 for 0) by Itoh-Tsujii under the policy A: beta_k = a^(2^k - 1)
// along the binary expansion of n - 1, about log2(n) multiplications and n squarings. A kernel
// for callers that dispatch once around a longer computation (a scalar multiplication).
template <binary_family F, class A>
FF_INLINE std::array<limb_t<A>, F::limbs> inverse_kernel(const std::array<limb_t<A>, F::limbs>& a) {
  constexpr unsigned m = F::degree - 1;
  std::array<limb_t<A>, F::limbs> beta = a;
  unsigned k = 1;
  for (int bit = int(std::bit_width(m)) - 2; bit >= 0; --bit) {
    auto t = beta;
    for (unsigned i = 0; i < k; ++i) t = F::template square<A>(t);
    beta = F::template mul<A>(t, beta);  // beta_2k = beta_k^(2^k) beta_k
    k *= 2;
    if ((m >> bit) & 1) {
      beta = F::template mul<A>(F::template square<A>(beta), a);  // beta_(k+1) = beta_k^2 a
      k += 1;
    }
  }
  return F::template square<A>(beta);
}
}  // namespace binary

template <binary_family F>
element<F> inverse(const element<F>& a) {
  // Public by design: the exception reports it (ff.core.secret).
  if (declassify(a.is_zero())) throw error(std::string(F::name) + ": inverse of zero");
  return dispatch<typename F::scalar_policies>(scalar_sibling(scalar_backend(family::binary)),
                                               [&]<class A>() FF_LAMBDA_INLINE {
                                                 return element<F>{binary::inverse_kernel<F, A>(a.limb)};
                                               });
}

// The unique square root: a^(2^(n-1)).
template <binary_family F>
element<F> sqrt(const element<F>& a) {
  return square_n(a, F::degree - 1);
}

// Absolute trace to GF(2): a + a^2 + a^4 + ... + a^(2^(n-1)), returned as 0 or 1.
template <binary_family F>
unsigned trace(const element<F>& a) {
  element<F> t = a, s = a;
  for (unsigned i = 1; i < F::degree; ++i) {
    s = square(s);
    t += s;
  }
  return unsigned(t.limb[0] & 1);
}

// Half trace for odd degree: sum of a^(4^i), i = 0 .. (n-1)/2; z = H(c) solves z^2 + z = c
// whenever Tr(c) = 0.
template <binary_family F>
  requires(F::degree % 2 == 1)
element<F> half_trace(const element<F>& a) {
  element<F> h = a, s = a;
  for (unsigned i = 1; i <= (F::degree - 1) / 2; ++i) {
    s = square(square(s));
    h += s;
  }
  return h;
}

}  // namespace ff
namespace ff::detail {
// An element of trace 1 (the first monomial that has one), for even-degree fields.
template <binary_family F>
const element<F>& trace_one_element() {
  static const element<F> delta = [] {
    for (unsigned k = 0; k < F::degree; ++k)
      if (trace(F::monomial(k)) == 1) return F::monomial(k);
    throw error(std::string(F::name) + ": no monomial of trace 1");  // impossible: Tr is onto
  }();
  return delta;
}
}  // namespace ff::detail
export namespace ff {

// A root z of z^2 + z = c (the other root is z + 1), or nullopt when Tr(c) = 1 (no root).
template <binary_family F>
std::optional<element<F>> solve_quadratic(const element<F>& c) {
  if (declassify(trace(c)) != 0) return std::nullopt;  // public by design: the result says it
  if constexpr (F::degree % 2 == 1) {
    return half_trace(c);
  } else {
    // z = sum_{i=0}^{n-2} (sum_{j=i+1}^{n-1} delta^(2^j)) c^(2^i) with Tr(delta) = 1.
    constexpr unsigned n = F::degree;
    std::vector<element<F>> delta_pow(n);
    delta_pow[0] = detail::trace_one_element<F>();
    for (unsigned j = 1; j < n; ++j) delta_pow[j] = square(delta_pow[j - 1]);
    element<F> suffix{}, z{};
    std::vector<element<F>> suffixes(n);
    for (unsigned i = n; i-- > 0;) {
      suffixes[i] = suffix;  // sum_{j > i} delta^(2^j)
      suffix += delta_pow[i];
    }
    element<F> ci = c;
    for (unsigned i = 0; i + 1 < n; ++i) {
      z += ci * suffixes[i];
      ci = square(ci);
    }
    return z;
  }
}

// A binary field: the whole ff::field API, and kernels over every binary backend policy.
template <class F>
concept binary_field = binary_family<F> && field<F> && requires(const std::array<u64, F::limbs>& x) {
  { F::template mul<binary::portable>(x, x) } -> std::same_as<std::array<u64, F::limbs>>;
  { F::template square<binary::portable>(x) } -> std::same_as<std::array<u64, F::limbs>>;
  { F::monomial(0u) } -> std::same_as<element<F>>;
};

}  // namespace ff
