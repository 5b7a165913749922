// Hardware floors, measured in the same run as the kernels:
//  - clmul floor: ns per PCLMULQDQ (xmm) and per VPCLMULQDQ (ymm, zmm) with 12 independent
//    chains, so throughput, not latency, is measured; ns per 64x64 product follows.
//  - memory floor: the bulk benchmark's traffic without the arithmetic, c[i] = a[i] ^ b[i],
//    for 16-, 24- and 32-byte elements at each batch size.
// A field's floor at size N is max(clmuls per product x ns per 64x64 product, memory floor).
#include <immintrin.h>
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

}  // namespace

std::vector<int> batch_logs(const options& o);

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
  std::printf("\nMemory floor: c[i] = a[i] ^ b[i], ns per element\n%-8s", "log2 N");
  for (int bytes : {16, 24, 32}) std::printf(" %10d B", bytes);
  std::printf("\n");
  for (int lg : batch_logs(o)) {
    std::printf("%-8d", lg);
    for (int bytes : {16, 24, 32}) {
      const std::size_t n = std::size_t(1) << lg, words = n * std::size_t(bytes) / 8;
      std::vector<std::uint64_t> a(words), b(words), c(words);
      std::mt19937_64 rng(5);
      for (std::size_t i = 0; i < words; ++i) a[i] = rng(), b[i] = rng();
      const timing t = time_best_of(samples, double(n), [&] {
        xor_stream(a.data(), b.data(), c.data(), words);
        keep(c[words / 2]);
      });
      std::printf(" %12.3f", t.ns_per_op);
      r.add({.bench = "floor_mem", .impl = "floor", .log2_n = lg, .elem_bytes = bytes, .samples = samples,
             .ns_per_op = t.ns_per_op, .ns_median = t.ns_median});
    }
    std::printf("\n");
  }
}

}  // namespace ffb
