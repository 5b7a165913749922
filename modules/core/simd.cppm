// ff.core.simd: the one unit that includes the intrinsics headers. Thin inline wrappers, one
// per instruction that the vector extensions cannot express, each carrying the target its
// instruction needs; the backend policies (and the few accelerated routines outside them)
// compose them. They are not always_inline: clang refuses to force a function with a target
// into a caller without it (the generic kernel code), and inlines them anyway once that code is
// inlined into the function ff::dispatch compiled for the target. Vectors go by reference: a
// by-value vector argument of a function compiled without the vector ISA would change the ABI.
module;
#include <cstddef>
#include <cstdint>
#include "fieldlab/macros.h"
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif
export module ff.core.simd;
import ff.core.element;

export namespace ff {

// GCC/clang vectors of 64-bit lanes (and bytes): the limb type of the SIMD backends.
using v2u64 = u64 __attribute__((vector_size(16)));
using v4u64 = u64 __attribute__((vector_size(32)));
using v8u64 = u64 __attribute__((vector_size(64)));

}  // namespace ff

export namespace ff::simd {

// Gathers: lane l of out = base[index[l]]. The x86-64 overloads below are the hardware ones;
// this is the form for vectors no instruction serves.
template <class V>
inline void gather(const u64* base, const V& index, V& out) {
  for (std::size_t l = 0; l < sizeof(V) / sizeof(u64); ++l) out[l] = base[index[l]];
}

#if defined(__x86_64__)

// PCLMULQDQ: a * b carry-less, 64 x 64 -> 128 bits, from and to general registers.
[[gnu::target("pclmul,sse4.1")]] inline void clmul(const u64& a, const u64& b, u64& lo, u64& hi) {
  const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0x00);
  lo = u64(_mm_cvtsi128_si64(p));
  hi = u64(_mm_extract_epi64(p, 1));
}

// (V)PCLMULQDQ on each 128-bit lane: Imm 0x00 multiplies the even qwords of a and b, 0x11 the
// odd ones, 0x01 / 0x10 the mixed pairs.
template <int Imm>
[[gnu::target("pclmul")]] inline void clmul_lanes(const v2u64& a, const v2u64& b, v2u64& out) {
  out = v2u64(_mm_clmulepi64_si128(__m128i(a), __m128i(b), Imm));
}
template <int Imm>
[[gnu::target("avx2,vpclmulqdq")]] inline void clmul_lanes(const v4u64& a, const v4u64& b, v4u64& out) {
  out = v4u64(_mm256_clmulepi64_epi128(__m256i(a), __m256i(b), Imm));
}
template <int Imm>
[[gnu::target("avx512f,vpclmulqdq")]] inline void clmul_lanes(const v8u64& a, const v8u64& b, v8u64& out) {
  out = v8u64(_mm512_clmulepi64_epi128(__m512i(a), __m512i(b), Imm));
}

// Non-temporal stores (p aligned to the vector) and the fence that orders them.
[[gnu::target("avx")]] inline void stream_store(u64* p, const v4u64& v) {
  _mm256_stream_si256(reinterpret_cast<__m256i*>(p), __m256i(v));
}
[[gnu::target("avx512f")]] inline void stream_store(u64* p, const v8u64& v) {
  _mm512_stream_si512(reinterpret_cast<__m512i*>(p), __m512i(v));
}
FF_INLINE void store_fence() { _mm_sfence(); }

[[gnu::target("avx2")]] inline void gather(const u64* base, const v4u64& index, v4u64& out) {
  out = v4u64(_mm256_i64gather_epi64(reinterpret_cast<const long long*>(base), __m256i(index), 8));
}
[[gnu::target("avx512f")]] inline void gather(const u64* base, const v8u64& index, v8u64& out) {
  out = v8u64(_mm512_i64gather_epi64(__m512i(index), static_cast<const void*>(base), 8));
}

// VPMADD52LUQ / VPMADD52HUQ: acc += the low (high) 52 bits of the 104-bit product of bits
// 0..51 of x and y, in each 64-bit lane (bits 52..63 of x and y are ignored).
[[gnu::target("avx512f,avx512ifma")]] inline void madd52lo(v8u64& acc, const v8u64& x, const v8u64& y) {
  acc = v8u64(_mm512_madd52lo_epu64(__m512i(acc), __m512i(x), __m512i(y)));
}
[[gnu::target("avx512f,avx512ifma")]] inline void madd52hi(v8u64& acc, const v8u64& x, const v8u64& y) {
  acc = v8u64(_mm512_madd52hi_epu64(__m512i(acc), __m512i(x), __m512i(y)));
}

// GF2P8AFFINEQB: each byte of x times the 8x8 bit matrix in the same qword of m (no constant).
[[gnu::target("avx512f,gfni")]] inline void gf2_affine(const v8u64& x, const v8u64& m, v8u64& out) {
  out = v8u64(_mm512_gf2p8affine_epi64_epi8(__m512i(x), __m512i(m), 0));
}
// VPERMI2B: byte p of out = byte index[p] of the 128-byte pair (a, b).
[[gnu::target("avx512f,avx512vbmi")]] inline void permute_bytes(const v8u64& a, const v8u64& index, const v8u64& b,
                                                                   v8u64& out) {
  out = v8u64(_mm512_permutex2var_epi8(__m512i(a), __m512i(index), __m512i(b)));
}
// VPBLENDMB: byte p of out = bit p of take_b ? b : a.
[[gnu::target("avx512f,avx512bw")]] inline void blend_bytes(std::uint64_t take_b, const v8u64& a, const v8u64& b,
                                                               v8u64& out) {
  out = v8u64(_mm512_mask_blend_epi8(take_b, __m512i(a), __m512i(b)));
}

#elif defined(__aarch64__)

// PMULL: a * b carry-less, 64 x 64 -> 128 bits.
[[gnu::target("aes")]] inline void clmul(const u64& a, const u64& b, u64& lo, u64& hi) {
  const uint64x2_t p = vreinterpretq_u64_p128(vmull_p64(poly64_t(a), poly64_t(b)));
  lo = vgetq_lane_u64(p, 0);
  hi = vgetq_lane_u64(p, 1);
}

#endif

}  // namespace ff::simd
