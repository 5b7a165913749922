// Experiment: cost of the pieces of the SOS kernel (conversion only, math only, finish only).
#include "../ifma_mont.hpp"
#include <x86intrin.h>
#include <cstdio>
#include <algorithm>
#include <vector>
using namespace ifma;
using u64 = uint64_t;
#define T_ __attribute__((target(IFMA_TARGET_STR), noinline))
template <class M> T_ void conv_only(const u64* a, const u64* b, u64* out, size_t count) {
  using Kn = kernel<M>; constexpr size_t N = M::N, K = M::K;
  for (size_t i = 0; i + 8 <= count; i += 8) {
    V A[K], B[K], T[2 * K];
    Kn::template load<true>(a + i * N, 8, A); Kn::template load<true>(b + i * N, 8, B);
    for (size_t j = 0; j < K; ++j) T[K - 1 + j] = _mm512_add_epi64(A[j], B[j]);
    T[2 * K - 1] = A[0];
    Kn::template finish_store<true>(T + (K - 1), out + i * N, 8);
  }
}
template <class M> T_ void load_store_only(const u64* a, const u64* b, u64* out, size_t count) {
  // loads + transposes + split, and join + transposes + store, no canonicalisation
  using Kn = kernel<M>; constexpr size_t N = M::N, K = M::K;
  for (size_t i = 0; i + 8 <= count; i += 8) {
    V A[K], B[K];
    Kn::template load<true>(a + i * N, 8, A); Kn::template load<true>(b + i * N, 8, B);
    V S[N];
    for (size_t j = 0; j < N; ++j) S[j] = _mm512_add_epi64(A[j], B[j]);
    for (size_t j = 0; j < N; ++j) _mm512_storeu_si512(out + i * N + 8 * j, S[j]);
  }
}
template <class M, bool Sq> T_ void math_only(const u64* a, const u64* b, u64* out, size_t count) {
  using Kn = kernel<M>; constexpr size_t K = M::K;
  V A[K], B[K];
  for (size_t j = 0; j < K; ++j) { A[j] = _mm512_set1_epi64(a[j] & ((1ull<<52)-1)); B[j] = _mm512_set1_epi64(b[j] & ((1ull<<52)-1)); }
  V acc = _mm512_setzero_si512();
  for (size_t i = 0; i + 8 <= count; i += 8) {
    V T[2 * K];
    if constexpr (Sq) Kn::square(A, T); else Kn::product(A, B, T);
    Kn::reduce(T);
    for (size_t j = K - 1; j < 2 * K; ++j) acc = _mm512_xor_si512(acc, T[j]);
    A[0] = _mm512_xor_si512(A[0], _mm512_set1_epi64(i)); // vary, independent of T
  }
  _mm512_storeu_si512(out, acc);
}
static inline u64 tb() { _mm_lfence(); u64 t = __rdtsc(); _mm_lfence(); return t; }
template <class F> double meas(F f, size_t n) {
  double best = 1e30;
  for (int t = 0; t < 200; ++t) { u64 c0 = tb(); for (int r = 0; r < 20; ++r) f(); best = std::min(best, double(tb() - c0) / (20.0 * n)); }
  return best;
}
template <class M> void run() {
  constexpr size_t N = M::N; const size_t n = 1024;
  std::vector<u64> a(n * N, 1), b(n * N, 2), o(n * N);
  for (size_t i = 0; i < a.size(); ++i) { a[i] = i * 0x12345; b[i] = i * 77; }
  printf("%-13s ticks/8 elem: full %.1f  conv+finish %.1f  load/store only %.1f  math mul %.1f  math sq %.1f\n", M::name,
    8 * meas([&]{ ifma_mul<M>(a.data(), b.data(), o.data(), n); }, n),
    8 * meas([&]{ conv_only<M>(a.data(), b.data(), o.data(), n); }, n),
    8 * meas([&]{ load_store_only<M>(a.data(), b.data(), o.data(), n); }, n),
    8 * meas([&]{ math_only<M, false>(a.data(), b.data(), o.data(), n); }, n),
    8 * meas([&]{ math_only<M, true>(a.data(), b.data(), o.data(), n); }, n));
}
int main() { run<bn254_fp>(); run<bls12_381_fp>(); }
