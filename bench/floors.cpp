// Hardware floors, measured in the same run as the kernels:
//  - clmul floor: ns per PCLMULQDQ (xmm) and per VPCLMULQDQ (ymm, zmm) with 12 independent
//    chains, so throughput, not latency, is measured; ns per 64x64 product follows.
//  - memory floor: the bulk benchmark's traffic without the arithmetic, c[i] = a[i] ^ b[i],
//    for 16-, 24- and 32-byte elements at each batch size.
// A field's floor at size N is max(clmuls per product x ns per 64x64 product, memory floor).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <cstring>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
#include "report.hpp"
#include "measure.hpp"
import ff.lab;

namespace ffb {
namespace {

// Independent chains x_j = clmul(x_j.lo, y.lo) with odd y: the lowest set bit of x_j never
// moves, so no chain collapses to zero (the printed checksum shows the work was done). V is the
// vector (xmm, ymm, zmm); the loop runs under the matching target (run_clmul_chains).
constexpr int chains = 12;

template <class V>
FF_INLINE std::uint64_t clmul_chains(std::size_t iters, const V& y, const V (&start)[chains]) {
  V x[chains];
  for (int j = 0; j < chains; ++j) x[j] = start[j];
  for (std::size_t i = 0; i < iters; ++i)
    for (int j = 0; j < chains; ++j) ff::simd::clmul_lanes<0x00>(x[j], y, x[j]);
  V s = x[0];
  for (int j = 1; j < chains; ++j) s ^= x[j];
  std::uint64_t r = 0;
  for (std::size_t l = 0; l < sizeof(V) / 8; ++l) r += s[l];
  return r;
}

template <ff::isa I, class V>
std::uint64_t run_clmul_chains(std::size_t iters) {
  V y, start[chains];
  for (std::size_t l = 0; l < sizeof(V) / 8; ++l) {
    y[l] = l % 2 ? 0x9e3779b97f4a7c15ULL : 0x7f4a7c159e3779b9ULL + 2 * l;
    for (int j = 0; j < chains; ++j) start[j][l] = std::uint64_t(j + 1) * (2 * l + 3) + 7;
  }
  return ff::run_with<I>([&]() FF_LAMBDA_INLINE { return clmul_chains(iters, y, start); });
}

// One chain x = clmul(x.lo, y.lo) on xmm: the latency of PCLMULQDQ (the scalar pclmul
// kernels' dependent multiplications are chains of it).
std::uint64_t run_clmul_latency(std::size_t iters) {
  return ff::run_with<ff::isa::pclmul>([iters]() FF_LAMBDA_INLINE {
    ff::v2u64 x{3, 5}, y{0x9e3779b97f4a7c15ULL, 7};
    for (std::size_t i = 0; i < iters; ++i) ff::simd::clmul_lanes<0x00>(x, y, x);
    return x[0] + x[1];
  });
}

// The bulk benchmark's memory traffic alone: two loads and one store per element.
FF_INLINE void xor_stream(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c, std::size_t words) {
  for (std::size_t i = 0; i < words; ++i) c[i] = a[i] ^ b[i];
}

// The same with non-temporal stores (no read-for-ownership of c: three transfers per element
// instead of four), the memory pattern the large-batch kernels use.
FF_INLINE void xor_stream_nt(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c, std::size_t words) {
  std::size_t i = 0;
  for (; i < words && reinterpret_cast<std::uintptr_t>(c + i) % 32 != 0; ++i) c[i] = a[i] ^ b[i];
  for (; i + 4 <= words; i += 4) {
    ff::v4u64 x, y;
    std::memcpy(&x, a + i, 32);
    std::memcpy(&y, b + i, 32);
    const ff::v4u64 z = x ^ y;
    ff::simd::stream_store(c + i, z);
  }
  ff::simd::store_fence();
  for (; i < words; ++i) c[i] = a[i] ^ b[i];
}

// One 64x64 product per 128-bit lane, the pair of qwords chosen by q (0x00, 0x11, 0x01, 0x10).
FF_INLINE void clmul_pair(int q, const ff::v8u64& x, const ff::v8u64& y, ff::v8u64& out) {
  if (q == 0) ff::simd::clmul_lanes<0x00>(x, y, out);
  else if (q == 1) ff::simd::clmul_lanes<0x11>(x, y, out);
  else if (q == 2) ff::simd::clmul_lanes<0x01>(x, y, out);
  else ff::simd::clmul_lanes<0x10>(x, y, out);
}

// Memory traffic and arithmetic together, with nothing else: per block of 8 elements of
// Rows qwords, two loads and one store per row (non-temporal or ordinary, with the streaming
// kernels' per-line prefetch) and 2 x Clmuls VPCLMULQDQ zmm (8 elements x Clmuls 64x64
// products) whose operands come from the loads and whose results go into the stores.
// max(memory floor, arithmetic floor) assumes the core overlaps the two perfectly; this loop
// measures how far it does. It is a reference, not a strict bound (docs/performance).
// (Fully unrolled: a rolled loop keeps x, y, z on the stack.)
template <int Rows, int Clmuls, bool NT>
  requires(2 * Clmuls <= 4 * Rows * Rows)
FF_INLINE void traffic_and_clmuls(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c, std::size_t blocks) {
  constexpr std::size_t words = 8 * Rows, prefetch_words = 4096 / 8;
  for (std::size_t i = 0; i < blocks; ++i, a += words, b += words, c += words) {
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      __builtin_prefetch(a + prefetch_words + 8 * r);
      __builtin_prefetch(b + prefetch_words + 8 * r);
    }
    ff::v8u64 x[Rows], y[Rows], z[Rows];
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      std::memcpy(&x[r], a + 8 * r, 64);
      std::memcpy(&y[r], b + 8 * r, 64);
      z[r] = x[r] ^ y[r];
    }
#pragma unroll
    for (int k = 0; k < 2 * Clmuls; ++k) {
      // Distinct (row, row, qword selector) for every k: two equal products would cancel in
      // the XOR and the compiler would drop both.
      const int r = k % Rows, s = (k / Rows) % Rows, q = k / (Rows * Rows);
      ff::v8u64 p;
      clmul_pair(q, x[r], y[s], p);
      z[r] ^= p;
    }
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      if constexpr (NT) ff::simd::stream_store(c + 8 * r, z[r]);
      else std::memcpy(c + 8 * r, &z[r], 64);
    }
  }
  if constexpr (NT) ff::simd::store_fence();
}

template <int Rows, int Clmuls, bool NT>
bool try_traffic_and_clmuls(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c, std::size_t blocks,
                            int clmuls) {
  if constexpr (2 * Clmuls <= 4 * Rows * Rows) {
    if (clmuls != Clmuls) return false;
    ff::run_with<ff::isa::vpclmul512>([=]() FF_LAMBDA_INLINE { traffic_and_clmuls<Rows, Clmuls, NT>(a, b, c, blocks); });
    return true;
  }
  return false;
}

template <int Rows, bool NT>
void traffic_and_clmuls(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c, std::size_t blocks,
                        int clmuls) {
  if (!(try_traffic_and_clmuls<Rows, 3, NT>(a, b, c, blocks, clmuls) ||
        try_traffic_and_clmuls<Rows, 4, NT>(a, b, c, blocks, clmuls) ||
        try_traffic_and_clmuls<Rows, 6, NT>(a, b, c, blocks, clmuls) ||
        try_traffic_and_clmuls<Rows, 9, NT>(a, b, c, blocks, clmuls)))
    throw ff::error("combined floor: no loop for " + std::to_string(clmuls) + " clmuls per product of " +
                    std::to_string(8 * Rows) + "-byte elements");
}

}  // namespace

bool has_combined_pass(int elem_bytes, int clmuls) {
  return (elem_bytes == 16 || elem_bytes == 24 || elem_bytes == 32) &&
         (clmuls == 3 || clmuls == 4 || clmuls == 6 || clmuls == 9);
}

void combined_pass(const void* a, const void* b, void* c, std::size_t n, int elem_bytes, int clmuls, bool nontemporal) {
  if (!ff::cpu_has(ff::isa::vpclmul512)) throw ff::error("combined floor: needs VPCLMULQDQ on zmm");
  const std::size_t words = std::size_t(elem_bytes) / 8;
  auto* x = static_cast<const std::uint64_t*>(a);
  auto* y = static_cast<const std::uint64_t*>(b);
  auto* z = static_cast<std::uint64_t*>(c);
  // Non-temporal: a head of whole elements (plain XOR) aligns the stores, as in the streaming
  // kernels; outputs that never align (32-byte elements at 16 mod 64) get ordinary stores.
  std::size_t head = 0;
  while (nontemporal && head < 8 && head < n && reinterpret_cast<std::uintptr_t>(z + head * words) % 64 != 0) ++head;
  const bool nt = nontemporal && head < 8;
  if (!nt) head = 0;
  head = std::min(head, n);
  memory_pass(x, y, z, head * words * 8, false);
  const std::size_t blocks = (n - head) / 8, done = head + 8 * blocks;
  x += head * words, y += head * words, z += head * words;
  auto loop = [&]<bool NT>() {
    switch (words) {
      case 2: return traffic_and_clmuls<2, NT>(x, y, z, blocks, clmuls);
      case 3: return traffic_and_clmuls<3, NT>(x, y, z, blocks, clmuls);
      case 4: return traffic_and_clmuls<4, NT>(x, y, z, blocks, clmuls);
      default: throw ff::error("combined floor: no loop for " + std::to_string(elem_bytes) + "-byte elements");
    }
  };
  if (nt) loop.template operator()<true>();
  else loop.template operator()<false>();
  x += blocks * 8 * words, y += blocks * 8 * words, z += blocks * 8 * words;
  memory_pass(x, y, z, (n - done) * words * 8, false);
}

void memory_pass(const void* a, const void* b, void* c, std::size_t bytes, bool nontemporal) {
  auto* x = static_cast<const std::uint64_t*>(a);
  auto* y = static_cast<const std::uint64_t*>(b);
  auto* z = static_cast<std::uint64_t*>(c);
  // Compiled for AVX2 where the CPU has it (the CPUs of the vector kernels all have it).
  const bool avx2 = ff::cpu_has(ff::isa::avx2);
  if (nontemporal && !avx2) throw ff::error("memory floor: non-temporal stores need AVX2");
  if (nontemporal) ff::run_with<ff::isa::avx2>([=]() FF_LAMBDA_INLINE { xor_stream_nt(x, y, z, bytes / 8); });
  else if (avx2) ff::run_with<ff::isa::avx2>([=]() FF_LAMBDA_INLINE { xor_stream(x, y, z, bytes / 8); });
  else xor_stream(x, y, z, bytes / 8);
}


void run_floors(const options& o, results& r) {
  progress("floors: clmul throughput");
  const int samples = o.samples;
  std::printf("\nHardware floors (same run)\n");
  std::printf("%-26s %12s %16s %10s\n", "instruction", "ns/instr", "ns per 64x64", "checksum");
  struct clmul_case {
    const char* backend;
    int products;
    std::uint64_t (*loop)(std::size_t);
  };
  std::vector<clmul_case> cases;
  if (ff::cpu_has(ff::backend::pclmul)) cases.push_back({"pclmul", 1, run_clmul_chains<ff::isa::pclmul, ff::v2u64>});
  if (ff::cpu_has(ff::backend::vpclmul256))
    cases.push_back({"vpclmul256", 2, run_clmul_chains<ff::isa::vpclmul256, ff::v4u64>});
  if (ff::cpu_has(ff::backend::vpclmul512))
    cases.push_back({"vpclmul512", 4, run_clmul_chains<ff::isa::vpclmul512, ff::v8u64>});
  const std::size_t iters = o.quick ? 20000 : 200000;
  for (const auto& c : cases) {
    std::uint64_t checksum = 0;
    const timing t = time_best_of(samples, double(iters) * chains, [&] { checksum += c.loop(iters); });
    std::printf("%-26s %12.3f %16.3f %10llx\n", (std::string(c.backend) + " (" + std::to_string(c.products * 64) + "-bit lanes)").c_str(),
                t.ns_per_op, t.ns_per_op / c.products, (unsigned long long)(checksum & 0xffffffffff));
    // Records are per 64x64 product, the unit the field floors multiply.
    r.add({.bench = "floor_clmul", .impl = "floor", .backend = c.backend, .samples = samples,
           .ns_per_op = t.ns_per_op / c.products, .ns_median = t.ns_median / c.products});
  }

  if (ff::cpu_has(ff::backend::pclmul)) {
    std::uint64_t checksum = 0;
    const std::size_t n = iters * chains;
    const timing t = time_best_of(samples, double(n), [&] { checksum += run_clmul_latency(n); });
    std::printf("%-26s %12.3f %16s %10llx\n", "pclmul latency (1 chain)", t.ns_per_op, "-",
                (unsigned long long)(checksum & 0xffffffffff));
    r.add({.bench = "floor_clmul_latency", .impl = "floor", .backend = "pclmul", .samples = samples,
           .ns_per_op = t.ns_per_op, .ns_median = t.ns_median});
  }

  progress("floors: memory (c[i] = a[i] ^ b[i])");
  std::printf("\nMemory floor: c[i] = a[i] ^ b[i], ns per element, ordinary / non-temporal stores\n%-8s", "log2 N");
  for (int bytes : {16, 24, 32}) std::printf(" %17d B", bytes);
  std::printf("\n");
  for (int lg : batch_logs(o)) {
    std::printf("%-8d", lg);
    for (int bytes : {16, 24, 32}) {
      const std::size_t n = std::size_t(1) << lg, words = n * std::size_t(bytes) / 8;
      std::vector<std::uint64_t> a(words), b(words), c(words);
      std::mt19937_64 rng(5);
      for (std::size_t i = 0; i < words; ++i) a[i] = rng(), b[i] = rng();
      const std::vector<timing> t = time_interleaved(
          samples, double(n), {[&] { memory_pass(a.data(), b.data(), c.data(), words * 8, false), keep(c[words / 2]); },
                               [&] { memory_pass(a.data(), b.data(), c.data(), words * 8, true), keep(c[words / 2]); }},
          /*warm=*/words * 8 < ff::tuning::stream_min_bytes);
      std::printf(" %9.3f / %6.3f", t[0].ns_per_op, t[1].ns_per_op);
      for (int k = 0; k < 2; ++k)
        r.add({.bench = "floor_mem", .impl = "floor", .variant = k ? "stream" : "regular_stores", .log2_n = lg,
               .elem_bytes = bytes, .samples = samples, .ns_per_op = t[k].ns_per_op, .ns_median = t[k].ns_median});
    }
    std::printf("\n");
  }
}

}  // namespace ffb
