// Hardware floors, measured in the same run as the kernels:
//  - clmul floor: ns per PCLMULQDQ (xmm) and per VPCLMULQDQ (ymm, zmm) with 12 independent
//    chains, so throughput, not latency, is measured; ns per 64x64 product follows.
//  - memory floor: the bulk benchmark's traffic without the arithmetic, c[i] = a[i] ^ b[i],
//    for 16-, 24- and 32-byte elements at each batch size.
// A field's floor at size N is max(clmuls per product x ns per 64x64 product, memory floor).
#include <immintrin.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
#include "report.hpp"
#include "measure.hpp"
import ff;

namespace ffb {
namespace {

// Independent chains x_j = clmul(x_j.lo, y.lo) with odd y: the lowest set bit of x_j never
// moves, so no chain collapses to zero (the printed checksum shows the work was done).
constexpr int chains = 12;

[[gnu::target("pclmul,sse4.1")]] std::uint64_t clmul_chains_xmm(std::size_t iters) {
  __m128i x[chains];
  const __m128i y = _mm_set_epi64x(0x9e3779b97f4a7c15LL, 0x7f4a7c159e3779b9LL);
  for (int j = 0; j < chains; ++j) x[j] = _mm_set_epi64x(j + 1, 3 * j + 7);
  for (std::size_t i = 0; i < iters; ++i)
    for (int j = 0; j < chains; ++j) x[j] = _mm_clmulepi64_si128(x[j], y, 0x00);
  __m128i s = x[0];
  for (int j = 1; j < chains; ++j) s = _mm_xor_si128(s, x[j]);
  return std::uint64_t(_mm_cvtsi128_si64(s));
}

[[gnu::target("avx2,vpclmulqdq")]] std::uint64_t clmul_chains_ymm(std::size_t iters) {
  __m256i x[chains];
  const __m256i y = _mm256_set_epi64x(0x9e3779b97f4a7c15LL, 0x7f4a7c159e3779b9LL, 5, 0x7f4a7c159e3779b9LL);
  for (int j = 0; j < chains; ++j) x[j] = _mm256_set_epi64x(j + 1, 3 * j + 7, j, 2 * j + 1);
  for (std::size_t i = 0; i < iters; ++i)
    for (int j = 0; j < chains; ++j) x[j] = _mm256_clmulepi64_epi128(x[j], y, 0x00);
  __m256i s = x[0];
  for (int j = 1; j < chains; ++j) s = _mm256_xor_si256(s, x[j]);
  return std::uint64_t(_mm256_extract_epi64(s, 0) ^ _mm256_extract_epi64(s, 3));
}

[[gnu::target("avx512f,avx512vl,vpclmulqdq")]] std::uint64_t clmul_chains_zmm(std::size_t iters) {
  __m512i x[chains];
  const __m512i y = _mm512_set_epi64(0x9e3779b97f4a7c15LL, 0x7f4a7c159e3779b9LL, 5, 11, 13, 17, 19, 0x7f4a7c159e3779b9LL);
  for (int j = 0; j < chains; ++j) x[j] = _mm512_set_epi64(j + 1, 3 * j + 7, j, 2 * j + 1, j, j + 2, j, j + 1);
  for (std::size_t i = 0; i < iters; ++i)
    for (int j = 0; j < chains; ++j) x[j] = _mm512_clmulepi64_epi128(x[j], y, 0x00);
  __m512i s = x[0];
  for (int j = 1; j < chains; ++j) s = _mm512_xor_si512(s, x[j]);
  return std::uint64_t(_mm512_reduce_add_epi64(s));
}

// The bulk benchmark's memory traffic alone: two loads and one store per element.
[[gnu::target("avx2")]] void xor_stream(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c,
                                        std::size_t words) {
  for (std::size_t i = 0; i < words; ++i) c[i] = a[i] ^ b[i];
}

// The same with non-temporal stores (no read-for-ownership of c: three transfers per element
// instead of four), the memory pattern the large-batch kernels use.
[[gnu::target("avx2")]] void xor_stream_nt(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c,
                                           std::size_t words) {
  std::size_t i = 0;
  for (; i < words && reinterpret_cast<std::uintptr_t>(c + i) % 32 != 0; ++i) c[i] = a[i] ^ b[i];
  for (; i + 4 <= words; i += 4) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(c + i), _mm256_xor_si256(x, y));
  }
  _mm_sfence();
  for (; i < words; ++i) c[i] = a[i] ^ b[i];
}

// Memory traffic and arithmetic together, with nothing else: per block of 8 elements of
// Rows qwords, two loads and one store per row (non-temporal or ordinary, with the streaming
// kernels' per-line prefetch) and 2 x Clmuls VPCLMULQDQ zmm (8 elements x Clmuls 64x64
// products) whose operands come from the loads and whose results go into the stores.
// max(memory floor, arithmetic floor) assumes the core overlaps the two perfectly; this loop
// measures how far it does. It is a reference, not a strict bound: from DRAM on Zen 5 the
// kernels, with far more instructions, measured 0.87-1.10x of it at 2^22 (README "Roofline").
// (Fully unrolled: a rolled loop keeps x, y, z on the stack.)
template <int Rows, int Clmuls, bool NT>
  requires(2 * Clmuls <= 4 * Rows * Rows)
[[gnu::target("avx512f,avx512vl,vpclmulqdq")]] void traffic_and_clmuls(const std::uint64_t* a, const std::uint64_t* b,
                                                                       std::uint64_t* c, std::size_t blocks) {
  constexpr std::size_t words = 8 * Rows, prefetch_words = 4096 / 8;
  for (std::size_t i = 0; i < blocks; ++i, a += words, b += words, c += words) {
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      __builtin_prefetch(a + prefetch_words + 8 * r);
      __builtin_prefetch(b + prefetch_words + 8 * r);
    }
    __m512i x[Rows], y[Rows], z[Rows];
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      x[r] = _mm512_loadu_si512(a + 8 * r);
      y[r] = _mm512_loadu_si512(b + 8 * r);
      z[r] = _mm512_xor_si512(x[r], y[r]);
    }
#pragma unroll
    for (int k = 0; k < 2 * Clmuls; ++k) {
      // Distinct (row, row, qword selector) for every k: two equal products would cancel in
      // the XOR and the compiler would drop both.
      const int r = k % Rows, s = (k / Rows) % Rows, q = k / (Rows * Rows);
      z[r] = _mm512_xor_si512(z[r], q == 0   ? _mm512_clmulepi64_epi128(x[r], y[s], 0x00)
                                    : q == 1 ? _mm512_clmulepi64_epi128(x[r], y[s], 0x11)
                                    : q == 2 ? _mm512_clmulepi64_epi128(x[r], y[s], 0x01)
                                             : _mm512_clmulepi64_epi128(x[r], y[s], 0x10));
    }
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      if constexpr (NT) _mm512_stream_si512(reinterpret_cast<__m512i*>(c + 8 * r), z[r]);
      else _mm512_storeu_si512(c + 8 * r, z[r]);
    }
  }
  if constexpr (NT) _mm_sfence();
}

template <int Rows, int Clmuls, bool NT>
bool try_traffic_and_clmuls(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* c, std::size_t blocks,
                            int clmuls) {
  if constexpr (2 * Clmuls <= 4 * Rows * Rows) {
    if (clmuls != Clmuls) return false;
    traffic_and_clmuls<Rows, Clmuls, NT>(a, b, c, blocks);
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

void combined_pass(const void* a, const void* b, void* c, std::size_t n, int elem_bytes, int clmuls, bool nontemporal) {
  if (!ff::cpu_has(ff::backend::vpclmul512)) throw ff::error("combined floor: needs VPCLMULQDQ on zmm");
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
  if (nontemporal) xor_stream_nt(x, y, z, bytes / 8);
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
  if (ff::cpu_has(ff::backend::pclmul)) cases.push_back({"pclmul", 1, clmul_chains_xmm});
  if (ff::cpu_has(ff::backend::vpclmul256)) cases.push_back({"vpclmul256", 2, clmul_chains_ymm});
  if (ff::cpu_has(ff::backend::vpclmul512)) cases.push_back({"vpclmul512", 4, clmul_chains_zmm});
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
          /*warm=*/words * 8 < ff::detail::stream_min_bytes);
      std::printf(" %9.3f / %6.3f", t[0].ns_per_op, t[1].ns_per_op);
      for (int k = 0; k < 2; ++k)
        r.add({.bench = "floor_mem", .impl = "floor", .variant = k ? "stream" : "regular_stores", .log2_n = lg,
               .elem_bytes = bytes, .samples = samples, .ns_per_op = t[k].ns_per_op, .ns_median = t[k].ns_median});
    }
    std::printf("\n");
  }
}

}  // namespace ffb
