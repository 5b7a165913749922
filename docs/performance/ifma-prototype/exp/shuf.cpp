// throughput of a few zmm shuffles on this core (ticks per instruction, 12 independent chains),
// alone and mixed 1:1 with vpmadd52luq
#include <immintrin.h>
#include <x86intrin.h>
#include <cstdio>
#include <algorithm>
#define TG __attribute__((target("avx512f,avx512ifma,avx512vbmi2"), noinline))
typedef unsigned long long u64;
static inline u64 tb() { _mm_lfence(); u64 t = __rdtsc(); _mm_lfence(); return t; }
#define BODY(OP) \
  __m512i x[12]; for (int i = 0; i < 12; ++i) x[i] = _mm512_set1_epi64(i * s); \
  __m512i idx = _mm512_set_epi64(1, 9, 3, 11, 5, 13, 7, 15); __m512i y = _mm512_set1_epi64(s); \
  u64 t0 = tb(); \
  for (long it = 0; it < n; ++it) { for (int i = 0; i < 12; ++i) { OP; } asm volatile("" : "+v"(y), "+v"(idx)); } \
  u64 t1 = tb(); __m512i r = x[0]; for (int i = 1; i < 12; ++i) r = _mm512_xor_si512(r, x[i]); \
  volatile long long sink = _mm512_reduce_add_epi64(r); (void)sink; return double(t1 - t0) / (12.0 * n);
TG double t_permt2q(long n, long s) { BODY(x[i] = _mm512_permutex2var_epi64(x[i], idx, y)) }
TG double t_permq(long n, long s) { BODY(x[i] = _mm512_permutexvar_epi64(idx, x[i])) }
TG double t_shufi(long n, long s) { BODY(x[i] = _mm512_shuffle_i64x2(x[i], y, 0x88)) }
TG double t_unpck(long n, long s) { BODY(x[i] = _mm512_unpacklo_epi64(x[i], y)) }
TG double t_srl(long n, long s) { BODY(x[i] = _mm512_srli_epi64(x[i], 3)) }
TG double t_shrd(long n, long s) { BODY(x[i] = _mm512_shrdi_epi64(x[i], y, 3)) }
TG double t_add(long n, long s) { BODY(x[i] = _mm512_add_epi64(x[i], y)) }
TG double t_madd(long n, long s) { BODY(x[i] = _mm512_madd52lo_epu64(x[i], y, y)) }
TG double t_madd_permt2q(long n, long s) { BODY(if (i & 1) x[i] = _mm512_permutex2var_epi64(x[i], idx, y); else x[i] = _mm512_madd52lo_epu64(x[i], y, y)) }
TG double t_madd_unpck(long n, long s) { BODY(if (i & 1) x[i] = _mm512_unpacklo_epi64(x[i], y); else x[i] = _mm512_madd52lo_epu64(x[i], y, y)) }
TG double t_madd_shufi(long n, long s) { BODY(if (i & 1) x[i] = _mm512_shuffle_i64x2(x[i], y, 0x88); else x[i] = _mm512_madd52lo_epu64(x[i], y, y)) }
TG double t_madd_srl(long n, long s) { BODY(if (i & 1) x[i] = _mm512_srli_epi64(x[i], 3); else x[i] = _mm512_madd52lo_epu64(x[i], y, y)) }
TG double t_madd_add(long n, long s) { BODY(if (i & 1) x[i] = _mm512_add_epi64(x[i], y); else x[i] = _mm512_madd52lo_epu64(x[i], y, y)) }
template <class F> double best(F f) { double b = 1e9; for (int i = 0; i < 30; ++i) b = std::min(b, f(20000, i)); return b; }
int main() {
  printf("ticks per instruction (TSC), 12 independent chains; mixed = average over the 1:1 mix\n");
  printf("vpermt2q %.3f  vpermq %.3f  vshufi64x2 %.3f  vpunpcklqdq %.3f  vpsrlq %.3f  vpshrdq %.3f  vpaddq %.3f  vpmadd52luq %.3f\n",
    best(t_permt2q), best(t_permq), best(t_shufi), best(t_unpck), best(t_srl), best(t_shrd), best(t_add), best(t_madd));
  printf("madd+vpermt2q %.3f  madd+vpunpck %.3f  madd+vshufi64x2 %.3f  madd+vpsrlq %.3f  madd+vpaddq %.3f\n",
    best(t_madd_permt2q), best(t_madd_unpck), best(t_madd_shufi), best(t_madd_srl), best(t_madd_add));
}
