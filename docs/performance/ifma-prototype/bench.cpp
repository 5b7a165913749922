// bench.cpp -- ticks (TSC) and ns per element of the IFMA kernels vs a portable scalar CIOS,
// plus the IFMA floor (ticks per vpmadd52luq zmm with 12 independent accumulator chains).
// Every number is the minimum over `trials` runs of `reps` x 1024 elements (L1/L2 resident).
#include "ifma_mont.hpp"

#include <x86intrin.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using u64 = uint64_t;
using u128 = unsigned __int128;

static u64 rng_state = 12345;
static u64 rnd() {
  u64 z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline u64 tsc_begin() { _mm_lfence(); u64 t = __rdtsc(); _mm_lfence(); return t; }
static inline u64 tsc_end() { unsigned aux; u64 t = __rdtscp(&aux); _mm_lfence(); return t; }

static double tsc_ghz() {
  auto t0 = std::chrono::steady_clock::now();
  u64 c0 = tsc_begin();
  for (;;) {
    auto t1 = std::chrono::steady_clock::now();
    double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
    if (ns > 2e8) return double(tsc_end() - c0) / ns;
  }
}

// ---- portable scalar reference: CIOS with unsigned __int128, branch-free final subtraction ----
template <class M>
__attribute__((noinline)) void scalar_mul(const u64* a, const u64* b, u64* out, size_t count) {
  constexpr size_t N = M::N;
  constexpr u64 inv = 0 - ifma::consts<M>::inv64();  // -p^-1 mod 2^64
  const auto& p = M::p;
  for (size_t e = 0; e < count; ++e, a += N, b += N, out += N) {
    u64 t[N + 2] = {};
    for (size_t i = 0; i < N; ++i) {
      u128 c = 0;
      for (size_t j = 0; j < N; ++j) {
        c += (u128)a[j] * b[i] + t[j];
        t[j] = (u64)c;
        c >>= 64;
      }
      c += t[N];
      t[N] = (u64)c;
      t[N + 1] = (u64)(c >> 64);
      u64 m = t[0] * inv;
      c = ((u128)m * p[0] + t[0]) >> 64;
      for (size_t j = 1; j < N; ++j) {
        c += (u128)m * p[j] + t[j];
        t[j - 1] = (u64)c;
        c >>= 64;
      }
      c += t[N];
      t[N - 1] = (u64)c;
      t[N] = t[N + 1] + (u64)(c >> 64);
    }
    // t < 2p: subtract p, keep the difference unless it borrowed
    u64 d[N];
    u64 br = 0;
    for (size_t j = 0; j < N; ++j) {
      u128 x = (u128)t[j] - p[j] - br;
      d[j] = (u64)x;
      br = (u64)(x >> 64) & 1;
    }
    u64 keep_t = 0 - (u64)(br > t[N]);  // borrow beyond t[N] -> t < p
    for (size_t j = 0; j < N; ++j) out[j] = (t[j] & keep_t) | (d[j] & ~keep_t);
  }
}

// ---- IFMA floor ----
__attribute__((target(IFMA_TARGET_STR), noinline)) double madd_ticks(int chains_log, long iters) {
  (void)chains_log;
  __m512i x = _mm512_set1_epi64((long long)rnd()), y = _mm512_set1_epi64((long long)rnd());
  __m512i acc[12];
  for (int i = 0; i < 12; ++i) acc[i] = _mm512_set1_epi64(i);
  u64 t0 = tsc_begin();
  for (long it = 0; it < iters; ++it) {
    for (int i = 0; i < 12; ++i) acc[i] = _mm512_madd52lo_epu64(acc[i], x, y);
    asm volatile("" : "+v"(x));
  }
  u64 t1 = tsc_end();
  __m512i s = acc[0];
  for (int i = 1; i < 12; ++i) s = _mm512_add_epi64(s, acc[i]);
  volatile long long sink = _mm512_reduce_add_epi64(s);
  (void)sink;
  return double(t1 - t0) / (double(iters) * 12);
}
__attribute__((target(IFMA_TARGET_STR), noinline)) double madd_latency_ticks(long iters) {
  __m512i x = _mm512_set1_epi64((long long)rnd()), y = _mm512_set1_epi64((long long)rnd());
  __m512i acc = x;
  u64 t0 = tsc_begin();
  for (long it = 0; it < iters; ++it) {
    acc = _mm512_madd52lo_epu64(acc, x, y);
    acc = _mm512_madd52lo_epu64(acc, x, y);
    acc = _mm512_madd52lo_epu64(acc, x, y);
    acc = _mm512_madd52lo_epu64(acc, x, y);
  }
  u64 t1 = tsc_end();
  volatile long long sink = _mm512_reduce_add_epi64(acc);
  (void)sink;
  return double(t1 - t0) / (double(iters) * 4);
}

struct result { double ticks, ns; };

template <class F>
result measure(F&& f, size_t elems_per_call, int reps, int trials) {
  double best_t = 1e30, best_ns = 1e30;
  for (int t = 0; t < trials; ++t) {
    auto w0 = std::chrono::steady_clock::now();
    u64 c0 = tsc_begin();
    for (int r = 0; r < reps; ++r) f();
    u64 c1 = tsc_end();
    auto w1 = std::chrono::steady_clock::now();
    double n = double(elems_per_call) * reps;
    best_t = std::min(best_t, double(c1 - c0) / n);
    best_ns = std::min(best_ns, std::chrono::duration<double, std::nano>(w1 - w0).count() / n);
  }
  return {best_t, best_ns};
}

static int g_trials = 200, g_reps = 20;
static const size_t BLK = 1024;

template <class M>
void bench_field(double ghz, double madd_floor) {
  constexpr size_t N = M::N, K = M::K;
  std::vector<u64> a(BLK * N), b(BLK * N), out(BLK * N), ref(BLK * N);
  auto rand_elem = [&](u64* x) {
    for (;;) {
      for (size_t j = 0; j < N; ++j) x[j] = rnd();
      x[N - 1] &= (~u64(0)) >> __builtin_clzll(M::p[N - 1]);
      bool lt = false;
      for (size_t j = N; j-- > 0;) { if (x[j] != M::p[j]) { lt = x[j] < M::p[j]; break; } }
      if (lt) return;
    }
  };
  for (size_t i = 0; i < BLK; ++i) { rand_elem(&a[i * N]); rand_elem(&b[i * N]); }
  // sanity: kernels agree with the scalar reference
  scalar_mul<M>(a.data(), b.data(), ref.data(), BLK);
  ifma::ifma_mul<M, 1>(a.data(), b.data(), out.data(), BLK);
  if (out != ref) { printf("MISMATCH ifma x1 vs scalar for %s\n", M::name); exit(1); }
  ifma::ifma_mul<M, 2, ifma::order::cios>(a.data(), b.data(), out.data(), BLK);
  if (out != ref) { printf("MISMATCH ifma cios x2 vs scalar for %s\n", M::name); exit(1); }

  const u64* pa = a.data();
  const u64* pb = b.data();
  u64* po = out.data();
  struct row { const char* name; result r; };
  std::vector<row> rows;
  auto add = [&](const char* nm, auto fn) { rows.push_back({nm, measure(fn, BLK, g_reps, g_trials)}); };
  add("scalar CIOS (u128) mul", [&] { scalar_mul<M>(pa, pb, po, BLK); });
  add("ifma mul    SOS  x1 (8/iter)", [&] { ifma::ifma_mul<M, 1>(pa, pb, po, BLK); });
  add("ifma mul    SOS  x2 (16/iter)", [&] { ifma::ifma_mul<M, 2>(pa, pb, po, BLK); });
  add("ifma mul    CIOS x1", [&] { ifma::ifma_mul<M, 1, ifma::order::cios>(pa, pb, po, BLK); });
  add("ifma mul    CIOS x2", [&] { ifma::ifma_mul<M, 2, ifma::order::cios>(pa, pb, po, BLK); });
  add("ifma square      x1", [&] { ifma::ifma_square<M, 1>(pa, po, BLK); });
  add("ifma square      x2", [&] { ifma::ifma_square<M, 2>(pa, po, BLK); });
  add("ifma mul out==a  x2", [&] { ifma::ifma_mul<M, 2>(po, pb, po, BLK); });
  const double madds_mul = double(2 * K * K + K * (2 * K + 1) - (K - 1)), madds_sq = double(K * K + K + K * (2 * K + 1) - (K - 1));
  printf("\n%s (N=%zu, K=%zu): madds per 8 elements: mul %.0f, square %.0f\n", M::name, N, K, madds_mul, madds_sq);
  printf("  IFMA floor: mul %.2f ticks/elem, square %.2f ticks/elem (madds/8 x %.3f ticks/madd)\n",
         madds_mul / 8 * madd_floor, madds_sq / 8 * madd_floor, madd_floor);
  double scal = rows[0].r.ticks;
  for (auto& r : rows)
    printf("  %-32s %7.2f ticks/elem  %7.2f ns/elem  (x%.2f vs scalar)\n", r.name, r.r.ticks, r.r.ns,
           scal / r.r.ticks);
  (void)ghz;
}

int main(int argc, char** argv) {
  if (argc > 1) g_trials = atoi(argv[1]);
  if (argc > 2) g_reps = atoi(argv[2]);
  if (!ifma::cpu_supported()) { printf("no AVX-512 IFMA\n"); return 77; }
  double ghz = tsc_ghz();
  printf("TSC %.3f GHz; block %zu elements, min over %d trials of %d reps\n", ghz, BLK, g_trials, g_reps);
  double fl = 1e30, lat = 1e30;
  for (int i = 0; i < 50; ++i) {
    fl = std::min(fl, madd_ticks(0, 20000));
    lat = std::min(lat, madd_latency_ticks(20000));
  }
  printf("vpmadd52luq zmm: %.3f ticks/instr with 12 independent chains (throughput), %.3f ticks latency\n", fl,
         lat);
  bench_field<ifma::bn254_fp>(ghz, fl);
  bench_field<ifma::bn254_fr>(ghz, fl);
  bench_field<ifma::bls12_381_fr>(ghz, fl);
  bench_field<ifma::bls12_381_fp>(ghz, fl);
  return 0;
}
