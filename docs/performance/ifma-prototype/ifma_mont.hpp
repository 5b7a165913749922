// ifma_mont.hpp -- AVX-512 IFMA batch Montgomery multiplication (prototype).
//
// Elements are stored exactly as the scalar library stores them: N little-endian
// u64 limbs, array of structures, Montgomery form x*R mod p with R = 2^(64N),
// canonical (< p).  The kernels compute, for every i,
//     out[i] = a[i] * b[i] * R^-1 mod p        (canonical, bit-identical to scalar)
// eight elements per zmm, in radix 2^52 (K limbs), using vpmadd52{l,h}uq.
//
// Design (see NOTES.md for the long version):
//  * load 8 elements (8N u64) with N plain / masked loads, transpose to N zmm
//    (zmm j = limb j of the 8 elements; N = 4 and N = 6 with vshufi64x2 +
//    vpunpck{l,h}qdq, other even N with a generic compile-time vpermt2q plan),
//    split into K 52-bit digits (vpsrlq / vpshldq, no mask needed, see below).
//  * product a*b (2K^2 madds; squaring K^2+K madds using the symmetry), then
//    Montgomery reduction of exactly 64N bits: K-1 word steps of 52 bits and one
//    last step of r = 64N - 52(K-1) bits (48 for N=4/K=5, 20 for N=6/K=8);
//    2K+1 madds per step, minus one per word step (the carry out of the digit
//    being cleared is computed without its lo(m*p0) madd).  After it, the K+1
//    digits T[K-1..2K-1] hold V = 2^r * U with U = (a*b + M*p)/R, U == a*b*R^-1
//    (mod p), U < 2p.  No correction multiplication between 2^(52K) and R.
//  * one branch-free conditional subtraction of p*2^r (radix 2^52, signed borrow
//    chain, blend by the sign), then the 64-bit output limbs are cut directly out
//    of V at bit offset r (the division by 2^r costs nothing: it is folded into
//    the radix change), transposed back and stored (masked for the tail).
//
// Bounds (B = 2^52, every madd adds a value < B; lanes are 64 bits):
//  * product phase: column k receives <= K lo terms and <= K hi terms: < 2K*B.
//  * reduction: column k additionally receives <= K lo(m*p) and <= K hi(m*p)
//    terms and at most one carry (T + B - 1) >> 52 <= 2^12 (every column is
//    < 2^64 - B): every column stays < 4K*B + 2^12, i.e. < 2^58 for K <= 16
//    (< 2^64 - B needs K < 1023).  Squaring: doubled cross terms (<= 2(K-1)
//    products per column, times 2) plus 2 diagonal terms: < 4K*B as well.
//  * vpmadd52 multiplies bits 0..51 of its two multiplicands and ignores bits
//    52..63, so the a, b digits from the split need no mask (stray high bits are
//    ignored); m = madd52lo(0, .,.) < 2^52 (masked to r bits in the last step,
//    where that mask matters); p digits are constants < 2^52.
//  * M = sum m_i 2^(52i) < 2^(52(K-1)+r) = R, so U < (p^2 + R*p)/R < 2p and
//    V < 2p*2^r < 2^(52(K+1)) (static_assert'ed in consts<>), so K+1 digits hold V.
//
// All functions that use AVX-512 carry a per-function target attribute, so the
// header compiles for a generic x86-64 target; call ifma::cpu_supported() first.

#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <immintrin.h>
#include <utility>

namespace ifma {

#define IFMA_TARGET_STR "avx512f,avx512vl,avx512bw,avx512dq,avx512ifma,avx512vbmi,avx512vbmi2"
#define IFMA_INLINE __attribute__((target(IFMA_TARGET_STR), always_inline)) inline
#define IFMA_KERNEL __attribute__((target(IFMA_TARGET_STR), noinline))
#if defined(__clang__)
#define IFMA_UNROLL _Pragma("unroll")
#else
#define IFMA_UNROLL _Pragma("GCC unroll 64")
#endif

inline bool cpu_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512ifma") && __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("avx512vbmi2");
}

// ---------------------------------------------------------------------------
// compile-time helpers
// ---------------------------------------------------------------------------

// Parse a decimal or 0x-hex literal into N little-endian u64 limbs.
template <size_t N>
constexpr std::array<uint64_t, N> parse_uint(const char* s) {
  std::array<uint64_t, N> r{};
  unsigned base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
  for (; *s; ++s) {
    char ch = *s;
    unsigned d;
    if (ch == '\'' || ch == '_') continue;
    if (ch >= '0' && ch <= '9') d = unsigned(ch - '0');
    else if (ch >= 'a' && ch <= 'f') d = unsigned(ch - 'a' + 10);
    else if (ch >= 'A' && ch <= 'F') d = unsigned(ch - 'A' + 10);
    else throw "parse_uint: bad digit";
    if (d >= base) throw "parse_uint: bad digit";
    unsigned __int128 carry = d;
    for (size_t i = 0; i < N; ++i) {
      unsigned __int128 t = (unsigned __int128)r[i] * base + carry;
      r[i] = (uint64_t)t;
      carry = t >> 64;
    }
    if (carry) throw "parse_uint: does not fit";
  }
  return r;
}

// bits [pos, pos+len) of a little-endian u64 array (len <= 64), zero beyond the end.
template <size_t N>
constexpr uint64_t bits_of(const std::array<uint64_t, N>& x, size_t pos, size_t len) {
  uint64_t v = 0;
  for (size_t i = 0; i < len; ++i) {
    size_t b = pos + i;
    if (b / 64 < N && ((x[b / 64] >> (b % 64)) & 1)) v |= uint64_t(1) << i;
  }
  return v;
}

// radix-2^52 digits of x * 2^shift (K digits; throws if it does not fit).
template <size_t K, size_t N>
constexpr std::array<uint64_t, K> to_radix52(const std::array<uint64_t, N>& x, size_t shift) {
  std::array<uint64_t, K> r{};
  for (size_t i = 0; i < K; ++i) {
    for (size_t b = 0; b < 52; ++b) {
      size_t pos = 52 * i + b;  // bit of x*2^shift
      if (pos >= shift && ((bits_of(x, pos - shift, 1)) & 1)) r[i] |= uint64_t(1) << b;
    }
  }
  for (size_t b = 52 * K; b < 64 * N + shift; ++b)
    if (b >= shift && bits_of(x, b - shift, 1)) throw "to_radix52: does not fit";
  return r;
}

// ---------------------------------------------------------------------------
// moduli: a struct with N, K and p is all a field needs
// ---------------------------------------------------------------------------
struct bn254_fp {
  static constexpr const char* name = "bn254_fp";
  static constexpr size_t N = 4, K = 5;
  static constexpr std::array<uint64_t, N> p = parse_uint<N>(
      "21888242871839275222246405745257275088696311157297823662689037894645226208583");
};
struct bn254_fr {
  static constexpr const char* name = "bn254_fr";
  static constexpr size_t N = 4, K = 5;
  static constexpr std::array<uint64_t, N> p = parse_uint<N>(
      "21888242871839275222246405745257275088548364400416034343698204186575808495617");
};
struct bls12_381_fr {
  static constexpr const char* name = "bls12_381_fr";
  static constexpr size_t N = 4, K = 5;
  static constexpr std::array<uint64_t, N> p =
      parse_uint<N>("0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
};
struct bls12_381_fp {
  static constexpr const char* name = "bls12_381_fp";
  static constexpr size_t N = 6, K = 8;
  static constexpr std::array<uint64_t, N> p = parse_uint<N>(
      "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffff"
      "ffaaab");
};

// Derived constants, all computed from M::p at compile time.
template <class M>
struct consts {
  static constexpr size_t N = M::N, K = M::K;
  static_assert(N >= 2 && N % 2 == 0, "the transposes are written for an even number of u64 limbs");
  static_assert(M::K <= 16, "the digit bounds in the header comment are worked out for K <= 16");
  static_assert(K >= 2 && 52 * (K - 1) < 64 * N && 64 * N <= 52 * K,
                "K must be the number of 52-bit limbs covering 64N bits");
  static constexpr unsigned r = unsigned(64 * N - 52 * (K - 1));  // bits of the last step, 1..52
  static_assert(r >= 1 && r <= 52);
  static_assert(M::p[0] & 1, "p must be odd");
  static_assert(M::p[N - 1] != 0, "p must use all N limbs");
  // V < 2p * 2^r must fit into K+1 digits: 64N+1+r <= 52(K+1)  <=>  2r <= 103.
  static_assert(64 * N + 1 + r <= 52 * (K + 1));
  static constexpr uint64_t mask52 = (uint64_t(1) << 52) - 1;
  static constexpr uint64_t maskr = r == 64 ? ~uint64_t(0) : (uint64_t(1) << r) - 1;
  static constexpr std::array<uint64_t, K> p52 = to_radix52<K>(M::p, 0);
  static constexpr std::array<uint64_t, K + 1> pr52 = to_radix52<K + 1>(M::p, r);  // p * 2^r
  static constexpr uint64_t inv64() {  // p^-1 mod 2^64, Newton
    uint64_t x = M::p[0];              // correct to 3 bits
    for (int i = 0; i < 5; ++i) x *= 2 - M::p[0] * x;
    return x;
  }
  static_assert(inv64() * M::p[0] == 1);
  static constexpr uint64_t k0 = (0 - inv64()) & mask52;  // -p^-1 mod 2^52
  static constexpr uint64_t k0r = (0 - inv64()) & maskr;  // -p^-1 mod 2^r
};

// ---------------------------------------------------------------------------
// lane gathers: output lane i = source register reg(i), lane lane(i).
// Executed as one vpermt2q for the first two source registers and one merge-masked
// vpermq per further source register.  Plans are built at compile time.
// ---------------------------------------------------------------------------
struct Gather {
  int n = 0;                // number of distinct source registers (ascending in reg[])
  int reg[8]{};
  long long idx[8][8]{};    // idx[0]: two-source index; idx[t], t>=2: one-source index
  unsigned mask[8]{};       // merge mask for step t >= 2
};

struct LaneSrc { int reg, lane; };

template <class F>
constexpr Gather make_gather(F src) {
  Gather g;
  for (int l = 0; l < 8; ++l) {
    int rg = src(l).reg;
    bool found = false;
    for (int t = 0; t < g.n; ++t) found = found || g.reg[t] == rg;
    if (!found) g.reg[g.n++] = rg;
  }
  for (int i = 0; i < g.n; ++i)  // sort ascending
    for (int j = i + 1; j < g.n; ++j)
      if (g.reg[j] < g.reg[i]) { int t = g.reg[i]; g.reg[i] = g.reg[j]; g.reg[j] = t; }
  for (int l = 0; l < 8; ++l) {
    LaneSrc s = src(l);
    int t = 0;
    while (g.reg[t] != s.reg) ++t;
    if (t == 0) g.idx[0][l] = s.lane;
    else if (t == 1) g.idx[0][l] = 8 + s.lane;
    else { g.idx[t][l] = s.lane; g.mask[t] |= 1u << l; }
  }
  return g;
}

using V = __m512i;

template <const Gather& G, size_t NS>
IFMA_INLINE V gather(const V (&S)[NS]) {
  V acc;
  if constexpr (G.n == 1)
    acc = _mm512_permutexvar_epi64(_mm512_loadu_si512(G.idx[0]), S[G.reg[0]]);
  else
    acc = _mm512_permutex2var_epi64(S[G.reg[0]], _mm512_loadu_si512(G.idx[0]), S[G.reg[1]]);
  IFMA_UNROLL for (int t = 2; t < 8; ++t) if (t < G.n) acc =
      _mm512_mask_permutexvar_epi64(acc, (__mmask8)G.mask[t], _mm512_loadu_si512(G.idx[t]), S[G.reg[t]]);
  return acc;
}

// Transpose plans for N (even) u64 limbs.
//  stage 1 (load): H[h*(N/2)+m] = [e(4h..4h+3) limb 2m, e(4h..4h+3) limb 2m+1] from the
//                  N/2 raw registers of half h (raw register q holds u64 words 8q..8q+7).
//  stage 2 (load): L[2m] = [H[m] lanes 0-3, H[N/2+m] lanes 0-3],  L[2m+1] = lanes 4-7.
//  The store path runs the inverse.
template <size_t N>
struct xpose {
  static constexpr size_t H = N / 2;
  template <size_t O> static constexpr Gather in1 = make_gather([](int l) {
    int h = int(O / H), m = int(O % H);
    int e = 4 * h + (l & 3), j = 2 * m + (l >> 2);
    int w = e * int(N) + j;
    return LaneSrc{w / 8, w % 8};
  });
  template <size_t J> static constexpr Gather in2 = make_gather([](int l) {
    int m = int(J / 2), hi = int(J % 2);
    return LaneSrc{(l < 4 ? 0 : int(H)) + m, (l & 3) + 4 * hi};
  });
  template <size_t O> static constexpr Gather out1 = make_gather([](int l) {  // H[O] from L
    int h = int(O / H), m = int(O % H);
    return LaneSrc{2 * m + (l >> 2), 4 * h + (l & 3)};
  });
  template <size_t Q> static constexpr Gather out2 = make_gather([](int l) {  // raw Q from H
    int w = int(Q) * 8 + l;
    int e = w / int(N), j = w % int(N);
    return LaneSrc{(e / 4) * int(H) + j / 2, (e & 3) + 4 * (j & 1)};
  });
};

template <class M>
struct kernel {
  using C = consts<M>;
  static constexpr size_t N = M::N, K = M::K;
  static constexpr unsigned r = C::r;

  IFMA_INLINE static V bc(uint64_t x) { return _mm512_set1_epi64((long long)x); }
  IFMA_INLINE static V lo(V acc, V x, V y) { return _mm512_madd52lo_epu64(acc, x, y); }
  IFMA_INLINE static V hi(V acc, V x, V y) { return _mm512_madd52hi_epu64(acc, x, y); }

  // mask of valid u64 words in raw register q for a block of `cnt` elements
  IFMA_INLINE static __mmask8 word_mask(size_t cnt, size_t q) {
    size_t words = cnt * N, lo_w = 8 * q;
    size_t k = words <= lo_w ? 0 : (words - lo_w >= 8 ? 8 : words - lo_w);
    return (__mmask8)((1u << k) - 1);
  }

  // ---- load 8 (or cnt < 8) elements, return K 52-bit limb vectors ----
  template <bool Full>
  IFMA_INLINE static void load(const uint64_t* src, size_t cnt, V (&A)[K]) {
    V Z[N], Hh[N], L[N];
    IFMA_UNROLL for (size_t q = 0; q < N; ++q) {
      if constexpr (Full) Z[q] = _mm512_loadu_si512(src + 8 * q);
      else Z[q] = _mm512_maskz_loadu_epi64(word_mask(cnt, q), src + 8 * q);
    }
    if constexpr (N == 4) {
      // Z[q] = [e(2q) | e(2q+1)].  vshufi64x2 + vpunpck{l,h}qdq instead of vpermt2q:
      // on Zen 4 vpermt2q/vpermq/vshufi64x2 compete with vpmadd52 for the same pipes,
      // vpunpck mostly does not.  The lanes come out in the element order
      // (e0,e4,e1,e5,e2,e6,e3,e7); that is harmless (lanes are independent) as long
      // as the store path uses the same order, which it does.
      const V S0 = _mm512_shuffle_i64x2(Z[0], Z[1], 0x88);  // e0..e3 limbs 0,1
      const V S1 = _mm512_shuffle_i64x2(Z[0], Z[1], 0xDD);  // e0..e3 limbs 2,3
      const V S2 = _mm512_shuffle_i64x2(Z[2], Z[3], 0x88);  // e4..e7 limbs 0,1
      const V S3 = _mm512_shuffle_i64x2(Z[2], Z[3], 0xDD);  // e4..e7 limbs 2,3
      L[0] = _mm512_unpacklo_epi64(S0, S2);
      L[1] = _mm512_unpackhi_epi64(S0, S2);
      L[2] = _mm512_unpacklo_epi64(S1, S3);
      L[3] = _mm512_unpackhi_epi64(S1, S3);
      (void)Hh;
    } else if constexpr (N == 6) {
      // Z[3h..3h+2] hold elements 4h..4h+3 as 12 128-bit chunks; chunk X (limbs 2X,
      // 2X+1) of element e is chunk 3(e-4h)+X.  Five vshufi64x2 per half gather
      // G[X] = [e0.cX, e1.cX, e2.cX, e3.cX] (e relative to the half), then
      // vpunpck{l,h}qdq of the two halves give the limbs, in the lane order
      // (e0,e4,e1,e5,e2,e6,e3,e7) as for N == 4.
      V G[2][3];
      IFMA_UNROLL for (size_t h = 0; h < 2; ++h) {
        const V Z0 = Z[3 * h], Z1 = Z[3 * h + 1], Z2 = Z[3 * h + 2];
        const V W = _mm512_shuffle_i64x2(Z1, Z2, 2 | 3 << 2 | 1 << 4 | 2 << 6);  // [Z1.2 Z1.3 Z2.1 Z2.2]
        const V U = _mm512_shuffle_i64x2(Z0, Z1, 1 | 2 << 2 | 0 << 4 | 1 << 6);  // [Z0.1 Z0.2 Z1.0 Z1.1]
        G[h][0] = _mm512_shuffle_i64x2(Z0, W, 0 | 3 << 2 | 0 << 4 | 2 << 6);    // [Z0.0 Z0.3 Z1.2 Z2.1]
        G[h][1] = _mm512_shuffle_i64x2(U, W, 0 | 2 << 2 | 1 << 4 | 3 << 6);     // [Z0.1 Z1.0 Z1.3 Z2.2]
        G[h][2] = _mm512_shuffle_i64x2(U, Z2, 1 | 3 << 2 | 0 << 4 | 3 << 6);    // [Z0.2 Z1.1 Z2.0 Z2.3]
      }
      IFMA_UNROLL for (size_t X = 0; X < 3; ++X) {
        L[2 * X] = _mm512_unpacklo_epi64(G[0][X], G[1][X]);
        L[2 * X + 1] = _mm512_unpackhi_epi64(G[0][X], G[1][X]);
      }
      (void)Hh;
    } else {
      [&]<size_t... O>(std::index_sequence<O...>) __attribute__((target(IFMA_TARGET_STR), always_inline)) {
        ((Hh[O] = gather<xpose<N>::template in1<O>>(Z)), ...);
        ((L[O] = gather<xpose<N>::template in2<O>>(Hh)), ...);
      }(std::make_index_sequence<N>{});
    }
    // split: digit k = bits [52k, 52k+52) of the element = low 52 bits of
    // (L[w] >> s) | (L[w+1] << (64-s)), w = 52k/64, s = 52k%64 (one vpshrdq or vpsrlq).
    // No mask: the digits are only ever used as multiplicands of vpmadd52, which
    // reads bits 0..51 of them and ignores 52..63.
    IFMA_UNROLL for (size_t k = 0; k < K; ++k) {
      const size_t w = 52 * k / 64, s = 52 * k % 64;
      V x = _mm512_srli_epi64(L[w], unsigned(s));
      if (s + 52 > 64 && w + 1 < N) x = _mm512_or_si512(x, _mm512_slli_epi64(L[w + 1], unsigned(64 - s)));
      A[k] = x;
    }
  }

  // ---- product ----
  IFMA_INLINE static void product(const V (&A)[K], const V (&B)[K], V (&T)[2 * K]) {
    const V zero = _mm512_setzero_si512();
    IFMA_UNROLL for (size_t k = 0; k < 2 * K; ++k) T[k] = zero;
    IFMA_UNROLL for (size_t i = 0; i < K; ++i) {
      IFMA_UNROLL for (size_t j = 0; j < K; ++j) {
        T[i + j] = lo(T[i + j], A[i], B[j]);
        T[i + j + 1] = hi(T[i + j + 1], A[i], B[j]);
      }
    }
  }
  IFMA_INLINE static void square(const V (&A)[K], V (&T)[2 * K]) {
    const V zero = _mm512_setzero_si512();
    IFMA_UNROLL for (size_t k = 0; k < 2 * K; ++k) T[k] = zero;
    IFMA_UNROLL for (size_t i = 0; i < K; ++i) {
      IFMA_UNROLL for (size_t j = i + 1; j < K; ++j) {
        T[i + j] = lo(T[i + j], A[i], A[j]);
        T[i + j + 1] = hi(T[i + j + 1], A[i], A[j]);
      }
    }
    // cross terms live in T[1..2K-2]; double them (each < 2K*B, see bounds)
    IFMA_UNROLL for (size_t k = 1; k + 1 < 2 * K; ++k) T[k] = _mm512_add_epi64(T[k], T[k]);
    IFMA_UNROLL for (size_t i = 0; i < K; ++i) {
      T[2 * i] = lo(T[2 * i], A[i], A[i]);
      T[2 * i + 1] = hi(T[2 * i + 1], A[i], A[i]);
    }
  }

  // ---- Montgomery reduction by exactly 2^(64N): K-1 steps of 52 bits, one of r bits ----
  IFMA_INLINE static void reduce(V (&T)[2 * K]) {
    const V zero = _mm512_setzero_si512();
    IFMA_UNROLL for (size_t i = 0; i + 1 < K; ++i) {
      // m = (T[i] mod 2^52) * (-p^-1) mod 2^52; only the low 52 bits of T[i] matter
      V m = lo(zero, T[i], bc(C::k0));
      // T[i] + lo(m*p0) == 0 mod 2^52, so lo(m*p0) = 2^52 - (T[i] mod 2^52) unless that is 0:
      // the carry out of digit i is floor(T[i]/2^52) + [T[i] mod 2^52 != 0]
      //   = (T[i] + 2^52 - 1) >> 52      (T[i] < 2^58: no overflow)
      // which needs no madd and does not wait for m.
      T[i + 1] = _mm512_add_epi64(T[i + 1], _mm512_srli_epi64(_mm512_add_epi64(T[i], bc(C::mask52)), 52));
      T[i + 1] = hi(T[i + 1], m, bc(C::p52[0]));
      IFMA_UNROLL for (size_t j = 1; j < K; ++j) {
        T[i + j] = lo(T[i + j], m, bc(C::p52[j]));
        T[i + j + 1] = hi(T[i + j + 1], m, bc(C::p52[j]));
      }
    }
    // last step: r bits.  m = T[K-1] * (-p^-1) mod 2^r  (< 2^r <= 2^52).  Here the
    // bits r..51 of T[K-1] + lo(m*p0) are part of the result, so that madd stays.
    V m = lo(zero, T[K - 1], bc(C::k0r));
    if constexpr (r < 52) m = _mm512_and_si512(m, bc(C::maskr));
    IFMA_UNROLL for (size_t j = 0; j < K; ++j) {
      T[K - 1 + j] = lo(T[K - 1 + j], m, bc(C::p52[j]));
      T[K + j] = hi(T[K + j], m, bc(C::p52[j]));
    }
    // now T[K-1] == 0 mod 2^r and V = sum_{j<=K} T[K-1+j] 2^(52j) = 2^r * result, result < 2p
  }


  // ---- alternative: operand scanning with interleaved reduction (CIOS order) ----
  // Same arithmetic as product() + reduce(), in CIOS order: iteration i adds a*b_i,
  // then m_i*p, then carries digit i into digit i+1.  The digits are not moved down
  // (digit j of iteration i is T[i+j]), which keeps everything in registers (a
  // shifting version made clang turn the shift into a memmove and spill).  Bounds:
  // T[k] receives <= 2K product terms, <= 2K reduction terms and one carry: the
  // same as the SOS order.
  IFMA_INLINE static void cios(const V (&A)[K], const V (&B)[K], V (&T)[2 * K]) {
    const V zero = _mm512_setzero_si512();
    IFMA_UNROLL for (size_t k = 0; k < 2 * K; ++k) T[k] = zero;
    IFMA_UNROLL for (size_t i = 0; i < K; ++i) {
      IFMA_UNROLL for (size_t j = 0; j < K; ++j) {
        T[i + j] = lo(T[i + j], A[j], B[i]);
        T[i + j + 1] = hi(T[i + j + 1], A[j], B[i]);
      }
      if (i + 1 < K) {
        V m = lo(zero, T[i], bc(C::k0));
        T[i + 1] = _mm512_add_epi64(T[i + 1], _mm512_srli_epi64(_mm512_add_epi64(T[i], bc(C::mask52)), 52));
        T[i + 1] = hi(T[i + 1], m, bc(C::p52[0]));
        IFMA_UNROLL for (size_t j = 1; j < K; ++j) {
          T[i + j] = lo(T[i + j], m, bc(C::p52[j]));
          T[i + j + 1] = hi(T[i + j + 1], m, bc(C::p52[j]));
        }
      } else {
        V m = lo(zero, T[i], bc(C::k0r));
        if constexpr (r < 52) m = _mm512_and_si512(m, bc(C::maskr));
        IFMA_UNROLL for (size_t j = 0; j < K; ++j) {
          T[i + j] = lo(T[i + j], m, bc(C::p52[j]));
          T[i + j + 1] = hi(T[i + j + 1], m, bc(C::p52[j]));
        }
      }
    }
  }

  // ---- canonicalise V (K+1 redundant digits Y) and store 64-bit limbs ----
  template <bool Full>
  IFMA_INLINE static void finish_store(const V* Y, uint64_t* dst, size_t cnt) {
    const V mask = bc(C::mask52);
    V v[K + 1], d[K + 1];
    // normalising carry chain: v = V in exact 52-bit digits (top digit unmasked)
    V c = _mm512_srli_epi64(Y[0], 52);
    v[0] = _mm512_and_si512(Y[0], mask);
    IFMA_UNROLL for (size_t j = 1; j <= K; ++j) {
      V x = _mm512_add_epi64(Y[j], c);
      if (j < K) { c = _mm512_srli_epi64(x, 52); v[j] = _mm512_and_si512(x, mask); }
      else v[j] = x;
    }
    // signed borrow chain on the redundant digits: d = V - p*2^r (floor carries via sra)
    V bw = _mm512_setzero_si512();
    IFMA_UNROLL for (size_t j = 0; j <= K; ++j) {
      V x = _mm512_sub_epi64(Y[j], bc(C::pr52[j]));
      if (j > 0) x = _mm512_add_epi64(x, bw);
      if (j < K) { bw = _mm512_srai_epi64(x, 52); d[j] = _mm512_and_si512(x, mask); }
      else d[j] = x;
    }
    // V < p*2^r  <=>  top of d negative  -> keep v, else take d
    __mmask8 keep = _mm512_movepi64_mask(d[K]);
    V X[K + 1];
    IFMA_UNROLL for (size_t j = 0; j <= K; ++j) X[j] = _mm512_mask_blend_epi64(keep, d[j], v[j]);
    // output limb k = bits [r + 64k, r + 64k + 64) of X
    V L[N], Hh[N], Z[N];
    IFMA_UNROLL for (size_t k = 0; k < N; ++k) {
      const size_t q = r + 64 * k;
      V o = _mm512_setzero_si512();
      IFMA_UNROLL for (size_t l = 0; l <= K; ++l) {
        // digit l covers bits [52l, 52l+52)
        if (52 * l + 52 <= q || 52 * l >= q + 64) continue;
        if (52 * l >= q) o = _mm512_or_si512(o, _mm512_slli_epi64(X[l], unsigned(52 * l - q)));
        else o = _mm512_or_si512(o, _mm512_srli_epi64(X[l], unsigned(q - 52 * l)));
      }
      L[k] = o;
    }
    if constexpr (N == 4) {
      // inverse of the N == 4 load transpose (lane order e0,e4,e1,e5,e2,e6,e3,e7)
      const V P0 = _mm512_unpacklo_epi64(L[0], L[1]);  // e0..e3 limbs 0,1
      const V Q0 = _mm512_unpackhi_epi64(L[0], L[1]);  // e4..e7 limbs 0,1
      const V P1 = _mm512_unpacklo_epi64(L[2], L[3]);  // e0..e3 limbs 2,3
      const V Q1 = _mm512_unpackhi_epi64(L[2], L[3]);  // e4..e7 limbs 2,3
      const V ia = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);     // [x.c0, y.c0, x.c1, y.c1]
      const V ib = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);   // [x.c2, y.c2, x.c3, y.c3]
      Z[0] = _mm512_permutex2var_epi64(P0, ia, P1);
      Z[1] = _mm512_permutex2var_epi64(P0, ib, P1);
      Z[2] = _mm512_permutex2var_epi64(Q0, ia, Q1);
      Z[3] = _mm512_permutex2var_epi64(Q0, ib, Q1);
      (void)Hh;
    } else if constexpr (N == 6) {
      // inverse of the N == 6 load transpose: G[h][X] = chunk X of the 4 elements of
      // half h, then six vshufi64x2 per half rebuild the three raw registers.
      IFMA_UNROLL for (size_t h = 0; h < 2; ++h) {
        V G0, G1, G2;
        if (h == 0) {
          G0 = _mm512_unpacklo_epi64(L[0], L[1]);
          G1 = _mm512_unpacklo_epi64(L[2], L[3]);
          G2 = _mm512_unpacklo_epi64(L[4], L[5]);
        } else {
          G0 = _mm512_unpackhi_epi64(L[0], L[1]);
          G1 = _mm512_unpackhi_epi64(L[2], L[3]);
          G2 = _mm512_unpackhi_epi64(L[4], L[5]);
        }
        const V A1 = _mm512_shuffle_i64x2(G0, G1, 0 | 2 << 2 | 0 << 4 | 2 << 6);  // [G0.0 G0.2 G1.0 G1.2]
        const V A2 = _mm512_shuffle_i64x2(G1, G2, 1 | 3 << 2 | 1 << 4 | 3 << 6);  // [G1.1 G1.3 G2.1 G2.3]
        const V A3 = _mm512_shuffle_i64x2(G2, G0, 0 | 2 << 2 | 1 << 4 | 3 << 6);  // [G2.0 G2.2 G0.1 G0.3]
        Z[3 * h] = _mm512_shuffle_i64x2(A1, A3, 0 | 2 << 2 | 0 << 4 | 2 << 6);      // e0.c0 e0.c1 e0.c2 e1.c0
        Z[3 * h + 1] = _mm512_shuffle_i64x2(A2, A1, 0 | 2 << 2 | 1 << 4 | 3 << 6);  // e1.c1 e1.c2 e2.c0 e2.c1
        Z[3 * h + 2] = _mm512_shuffle_i64x2(A3, A2, 1 | 3 << 2 | 1 << 4 | 3 << 6);  // e2.c2 e3.c0 e3.c1 e3.c2
      }
      (void)Hh;
    } else {
      [&]<size_t... O>(std::index_sequence<O...>) __attribute__((target(IFMA_TARGET_STR), always_inline)) {
        ((Hh[O] = gather<xpose<N>::template out1<O>>(L)), ...);
        ((Z[O] = gather<xpose<N>::template out2<O>>(Hh)), ...);
      }(std::make_index_sequence<N>{});
    }
    IFMA_UNROLL for (size_t q = 0; q < N; ++q) {
      if constexpr (Full) _mm512_storeu_si512(dst + 8 * q, Z[q]);
      else _mm512_mask_storeu_epi64(dst + 8 * q, word_mask(cnt, q), Z[q]);
    }
  }

  template <bool Full, bool Sq, bool Cios = false>
  IFMA_INLINE static void block(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t cnt) {
    V A[K], B[K], T[2 * K];
    load<Full>(a, cnt, A);
    if constexpr (Sq) {
      square(A, T);
      reduce(T);
    } else if constexpr (Cios) {
      load<Full>(b, cnt, B);
      cios(A, B, T);
    } else {
      load<Full>(b, cnt, B);
      product(A, B, T);
      reduce(T);
    }
    finish_store<Full>(T + (K - 1), out, cnt);
  }

  // two independent blocks of 8, interleaved op by op (16 elements)
  template <bool Sq, bool Cios = false>
  IFMA_INLINE static void block2(const uint64_t* a, const uint64_t* b, uint64_t* out) {
    V A0[K], B0[K], T0[2 * K], A1[K], B1[K], T1[2 * K];
    load<true>(a, 8, A0);
    load<true>(a + 8 * N, 8, A1);
    if constexpr (Sq) {
      square(A0, T0);
      square(A1, T1);
      reduce(T0);
      reduce(T1);
    } else if constexpr (Cios) {
      load<true>(b, 8, B0);
      load<true>(b + 8 * N, 8, B1);
      cios(A0, B0, T0);
      cios(A1, B1, T1);
    } else {
      load<true>(b, 8, B0);
      load<true>(b + 8 * N, 8, B1);
      product(A0, B0, T0);
      product(A1, B1, T1);
      reduce(T0);
      reduce(T1);
    }
    finish_store<true>(T0 + (K - 1), out, 8);
    finish_store<true>(T1 + (K - 1), out + 8 * N, 8);
  }
};

// ---------------------------------------------------------------------------
// public API.
//   ifma_mul<M>(a, b, out, count):  out[i] = a[i]*b[i]*R^-1 mod p, i < count
//   ifma_square<M>(a, out, count):  out[i] = a[i]^2*R^-1 mod p
// Any count works (a tail of count % 8 elements uses masked loads/stores, nothing
// outside the arrays is read or written).  out may alias a and/or b exactly (each
// block is loaded completely before it is stored); partial overlap is not supported.
// Blocks = 2 (default): the main loop runs two independent 8-lane blocks
// interleaved (16 elements per iteration), then one block of 8, then the tail;
// Blocks = 1: 8 per iteration.  Order = order::cios runs the multiplication in
// CIOS order instead of product-then-reduce (same arithmetic, for comparison).
// Requires cpu_supported().
// ---------------------------------------------------------------------------
enum class order { sos, cios };

template <class M, unsigned Blocks = 2, order Order = order::sos>
IFMA_KERNEL void ifma_mul(const uint64_t* a, const uint64_t* b, uint64_t* out, size_t count) {
  static_assert(Blocks == 1 || Blocks == 2);
  using Kn = kernel<M>;
  constexpr size_t N = M::N;
  constexpr bool cios = Order == order::cios;
  size_t i = 0;
  if constexpr (Blocks == 2)
    for (; i + 16 <= count; i += 16) Kn::template block2<false, cios>(a + i * N, b + i * N, out + i * N);
  for (; i + 8 <= count; i += 8) Kn::template block<true, false, cios>(a + i * N, b + i * N, out + i * N, 8);
  if (i < count) Kn::template block<false, false, cios>(a + i * N, b + i * N, out + i * N, count - i);
}

template <class M, unsigned Blocks = 2>
IFMA_KERNEL void ifma_square(const uint64_t* a, uint64_t* out, size_t count) {
  static_assert(Blocks == 1 || Blocks == 2);
  using Kn = kernel<M>;
  constexpr size_t N = M::N;
  size_t i = 0;
  if constexpr (Blocks == 2)
    for (; i + 16 <= count; i += 16) Kn::template block2<true>(a + i * N, nullptr, out + i * N);
  for (; i + 8 <= count; i += 8) Kn::template block<true, true>(a + i * N, nullptr, out + i * N, 8);
  if (i < count) Kn::template block<false, true>(a + i * N, nullptr, out + i * N, count - i);
}

}  // namespace ifma
