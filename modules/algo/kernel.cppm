// ff.kernel: one-element multiply and square for every field and backend, and the scalar
// operators (a * b, ff::square(a)) that pick the backend chosen once by ff.cpu.
// The batch API (ff.batch) is what is fast; this is what is pleasant in research code.
module;
#include <array>
#include <cstddef>
#include "../core/targets.h"
export module ff.kernel;
export import ff.core;
export import ff.cpu;
export import ff.clmul;

export namespace ff {

namespace detail {

template <class F, class A>
FF_INLINE element<F> mul_via(const element<F>& a, const element<F>& b) {
  return {F::template mul<A>(a.limb, b.limb)};
}
template <class F, class A>
FF_INLINE element<F> sqr_via(const element<F>& a) {
  return {F::template sqr<A>(a.limb)};
}

template <class F>
inline element<F> mul_portable(const element<F>& a, const element<F>& b) { return mul_via<F, arith::portable>(a, b); }
template <class F>
inline element<F> sqr_portable(const element<F>& a) { return sqr_via<F, arith::portable>(a); }
#if defined(__x86_64__)
template <class F>
[[gnu::target(FF_TARGET_PCLMUL)]] inline element<F> mul_pclmul(const element<F>& a, const element<F>& b) {
  return mul_via<F, arith::pclmul>(a, b);
}
template <class F>
[[gnu::target(FF_TARGET_PCLMUL)]] inline element<F> sqr_pclmul(const element<F>& a) {
  return sqr_via<F, arith::pclmul>(a);
}
#endif
#if defined(__aarch64__)
template <class F>
[[gnu::target(FF_TARGET_PMULL)]] inline element<F> mul_pmull(const element<F>& a, const element<F>& b) {
  return mul_via<F, arith::pmull>(a, b);
}
template <class F>
[[gnu::target(FF_TARGET_PMULL)]] inline element<F> sqr_pmull(const element<F>& a) {
  return sqr_via<F, arith::pmull>(a);
}
#endif

}  // namespace detail

// a * b with an explicit backend (tests and proofs compare backends with it). The SIMD
// batch backends have no one-element kernel: a single element uses their scalar sibling.
template <binary_field F>
inline element<F> mul_with(backend be, const element<F>& a, const element<F>& b) {
  switch (be) {
#if defined(__x86_64__)
    case backend::pclmul:
    case backend::vpclmul256:
    case backend::vpclmul512: return detail::mul_pclmul<F>(a, b);
#endif
#if defined(__aarch64__)
    case backend::pmull: return detail::mul_pmull<F>(a, b);
#endif
    default: return detail::mul_portable<F>(a, b);
  }
}

template <binary_field F>
inline element<F> square_with(backend be, const element<F>& a) {
  switch (be) {
#if defined(__x86_64__)
    case backend::pclmul:
    case backend::vpclmul256:
    case backend::vpclmul512: return detail::sqr_pclmul<F>(a);
#endif
#if defined(__aarch64__)
    case backend::pmull: return detail::sqr_pmull<F>(a);
#endif
    default: return detail::sqr_portable<F>(a);
  }
}

template <binary_field F>
inline element<F> operator*(const element<F>& a, const element<F>& b) {
  return mul_with(scalar_backend(), a, b);
}
template <binary_field F>
inline element<F>& operator*=(element<F>& a, const element<F>& b) {
  return a = a * b;
}
template <binary_field F>
inline element<F> square(const element<F>& a) {
  return square_with(scalar_backend(), a);
}

}  // namespace ff
