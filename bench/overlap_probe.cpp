// overlap_probe: how far one core overlaps a memory stream with vector arithmetic.
//
// The bulk kernels read two arrays and write a third, like c[i] = a[i] ^ b[i], with some
// arithmetic per element. max(memory time, arithmetic time) assumes perfect overlap. This
// probe measures the real curve with no field code in the way: per 64-byte row, the XOR
// stream plus K vpternlogq in four independent chains that depend on the row's data, timed
//   - in cache (the arithmetic time: 96 KiB per array, warm), and
//   - from DRAM (96 MiB per array, the size of a 24-byte field's 2^22 batch),
// next to the plain XOR stream from DRAM, interleaved sample by sample (ffb::time_interleaved),
// so the ratios are measured side by side. All arrays are 64-byte aligned; stores are
// non-temporal, as in the memory floor's faster variant.
//
//   build/release/bench/overlap_probe [samples=7]
//
// Reading the output: "DRAM / xor" is what K ops per row cost over the memory floor;
// "cache / xor" is how much arithmetic that is relative to the memory time.
#include <immintrin.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <new>
#include <vector>
#include "measure.hpp"

namespace {

using u64 = std::uint64_t;

template <int K>
[[gnu::target("avx512f")]] void xor_with_work(const u64* x, const u64* y, u64* z, std::size_t rows) {
  __m512i acc0 = _mm512_set1_epi64(1), acc1 = _mm512_set1_epi64(2), acc2 = _mm512_set1_epi64(3),
          acc3 = _mm512_set1_epi64(4);
  for (std::size_t r = 0; r < rows; ++r) {
    __m512i v = _mm512_xor_si512(_mm512_load_si512(x + 8 * r), _mm512_load_si512(y + 8 * r));
    for (int k = 0; k < K; k += 4) {
      acc0 = _mm512_ternarylogic_epi64(acc0, v, acc1, 0x96);
      acc1 = _mm512_ternarylogic_epi64(acc1, v, acc2, 0x96);
      acc2 = _mm512_ternarylogic_epi64(acc2, v, acc3, 0x96);
      acc3 = _mm512_ternarylogic_epi64(acc3, v, acc0, 0x69);
      // Keeps the compiler from merging or hoisting the chains.
      asm volatile("" : "+v"(acc0), "+v"(acc1), "+v"(acc2), "+v"(acc3));
    }
    _mm512_stream_si512(reinterpret_cast<__m512i*>(z + 8 * r), v);
  }
  _mm_sfence();
  ffb::keep(_mm512_reduce_add_epi64(_mm512_xor_si512(_mm512_xor_si512(acc0, acc1), _mm512_xor_si512(acc2, acc3))));
}

struct buffer {
  u64* p;
  explicit buffer(std::size_t words) : p(static_cast<u64*>(::operator new(words * 8, std::align_val_t(64)))) {
    for (std::size_t i = 0; i < words; ++i) p[i] = i * 0x9e3779b97f4a7c15ULL;
  }
  ~buffer() { ::operator delete(p, std::align_val_t(64)); }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
};

template <int K>
void row(int samples, std::size_t small_rows, std::size_t big_rows, const buffer& a, const buffer& b, const buffer& c) {
  const auto cache = ffb::time_interleaved(samples, double(small_rows),
                                           {[&] { xor_with_work<K>(a.p, b.p, c.p, small_rows); }}, /*warm=*/true);
  const auto dram = ffb::time_interleaved(samples, double(big_rows),
                                          {[&] { xor_with_work<K>(a.p, b.p, c.p, big_rows); },
                                           [&] { xor_with_work<0>(a.p, b.p, c.p, big_rows); }},
                                          /*warm=*/false);
  const double t_cache = cache[0].ns_per_op, t_dram = dram[0].ns_per_op, t_xor = dram[1].ns_per_op;
  std::printf("%4d %12.3f %12.3f %12.3f %12.2f %12.2f %16.2f\n", K, t_cache, t_dram, t_xor, t_cache / t_xor,
              t_dram / t_xor, t_dram / std::max(t_cache, t_xor));
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
  const std::size_t big_rows = (std::size_t(24) << 22) / 64, small_rows = (std::size_t(24) << 12) / 64;
  const buffer a(8 * big_rows), b(8 * big_rows), c(8 * big_rows);
  std::printf("overlap_probe: ns per 64-byte row (two loads, one NT store), best of %d\n", samples);
  std::printf("%4s %12s %12s %12s %12s %12s %16s\n", "K", "cache", "DRAM", "xor DRAM", "cache/xor", "DRAM/xor",
              "DRAM/max(c,x)");
  row<0>(samples, small_rows, big_rows, a, b, c);
  row<4>(samples, small_rows, big_rows, a, b, c);
  row<8>(samples, small_rows, big_rows, a, b, c);
  row<12>(samples, small_rows, big_rows, a, b, c);
  row<16>(samples, small_rows, big_rows, a, b, c);
  row<24>(samples, small_rows, big_rows, a, b, c);
  row<32>(samples, small_rows, big_rows, a, b, c);
  row<48>(samples, small_rows, big_rows, a, b, c);
  row<64>(samples, small_rows, big_rows, a, b, c);
}
