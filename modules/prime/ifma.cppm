// ff.prime.ifma: the ifma backend policy, Montgomery multiplication of eight elements per zmm
// register with VPMADD52LUQ/HUQ (radix 2^52), for every Montgomery field. The batch loop
// (ff.algo.batch) and the fixed-base powers (ff.power) run it as the prime family's 8-lane
// policy.
//
// The spans keep the scalar form (n little-endian u64 limbs, x R mod p with R = 2^(64 n),
// canonical), so a batch needs no conversion pass. Per block of eight elements:
//   - load n zmm and transpose them so that register j holds limb j of the eight elements
//     (load_batch), then cut k = ceil(64 n / 52) digits of 52 bits out of them (shifts; no
//     mask, because VPMADD52 reads only bits 0..51 of its multiplicands);
//   - the product (2 k^2 madds; squares k^2 + k), then the Montgomery reduction by exactly
//     2^(64 n): k - 1 steps of 52 bits and one last step of r = 64 n - 52 (k - 1) bits (48 for
//     n = 4, 20 for n = 6). The result is then in R = 2^(64 n) directly: no correction
//     product between 2^(52 k) and R. A 52-bit step carries (T + 2^52 - 1) >> 52 out of the
//     digit it clears instead of adding lo(m p_0): one madd fewer per step, off the m chain;
//   - one subtraction of p (signed borrows, a blend on the sign), the output limbs cut out of
//     the digits at bit offset r (the division by 2^r folded into the radix change); then
//     store_batch's inverse transpose and the stores.
// Bounds (B = 2^52; every madd adds less than B to a 64-bit lane): a column receives at most
// 2k product terms, 2k reduction terms and one carry below 2^12, so it stays below
// 4 k B + 2^12 < 2^64 for k <= 16. The reduction adds M p with M < 2^(52 (k - 1) + r) = R, so
// for a, b < p the result U = (a b + M p) / R is below 2p, and U 2^r fits k + 1 digits
// (64 n + 1 + r <= 52 (k + 1), checked below).
//
// Constant time: no branch and no address depends on the values. valgrind cannot run
// AVX-512, so the ct test cannot check it (docs/constant-time.md).
// docs/performance/decisions.md ("IFMA batches") has the measurements behind the choices:
// the transposes by 128-bit shuffles and unpacks (vpermt2q shares the madd pipes on Zen 4),
// two blocks per iteration, product then reduction (not interleaved).
module;
#include <array>
#include <cstddef>
#include <cstring>
#include <utility>
#include "fieldlab/macros.h"
export module ff.prime.ifma;
import ff.core.element;
import ff.core.cpu;
import ff.core.simd;
import ff.core.integer;
import ff.core.lanes;
import ff.prime.policies;
import ff.prime.adx;

#if defined(__x86_64__)
export namespace ff::prime {
namespace detail {

using v8i64 = long long __attribute__((vector_size(64)));

// Digits of 52 bits of x 2^shift (K of them; a compile-time error when they do not hold it).
template <std::size_t K, std::size_t N>
consteval std::array<u64, K> radix52(const ff::limbs<N>& x, unsigned shift) {
  std::array<u64, K> d{};
  for (unsigned b = shift; b < 64 * N + shift; ++b) {
    if (!integer::bit(x, b - shift)) continue;
    if (b >= 52 * K) throw "the digits do not hold the value";
    d[b / 52] |= u64(1) << (b % 52);
  }
  return d;
}

// The radix-2^52 constants of a Montgomery modulus M.
template <class M>
struct radix52_form {
  static constexpr std::size_t n = M::limbs;
  static constexpr std::size_t k = (64 * n + 51) / 52;
  static constexpr unsigned r = unsigned(64 * n - 52 * (k - 1));  // bits of the last step
  // U 2^r < 2p 2^r must fit k + 1 digits: 2r <= 103 (fails only for n a multiple of 13).
  static constexpr bool fits = 64 * n + 1 + r <= 52 * (k + 1) && k <= 16;
  static constexpr u64 mask52 = (u64(1) << 52) - 1;
  static constexpr u64 mask_r = r == 52 ? mask52 : (u64(1) << r) - 1;
  static constexpr std::array<u64, k> p = radix52<k>(M::p, 0);
  static constexpr std::array<u64, k + 1> p_shifted = radix52<k + 1>(M::p, r);  // p 2^r
  static constexpr u64 inv52 = M::p_inv_neg & mask52;                            // -p^-1 mod 2^52
  static constexpr u64 inv_r = M::p_inv_neg & mask_r;                            // -p^-1 mod 2^r
};

// The shuffles below take and give vectors by reference, as ff.core.simd's wrappers do: a
// vector return of a function compiled without AVX-512 would change the ABI (they all inline
// into the ifma target's function anyway).
// out = the 128-bit chunks [a.C0, a.C1, b.C2, b.C3] (VSHUFI64X2).
template <int C0, int C1, int C2, int C3>
FF_INLINE void chunks(const v8u64& a, const v8u64& b, v8u64& out) {
  out = __builtin_shufflevector(a, b, 2 * C0, 2 * C0 + 1, 2 * C1, 2 * C1 + 1, 8 + 2 * C2, 9 + 2 * C2, 8 + 2 * C3, 9 + 2 * C3);
}
// out = the even (odd) qwords of each 128-bit lane of a and b, interleaved (VPUNPCKLQDQ / HQDQ).
FF_INLINE void unpack_lo(const v8u64& a, const v8u64& b, v8u64& out) { out = __builtin_shufflevector(a, b, 0, 8, 2, 10, 4, 12, 6, 14); }
FF_INLINE void unpack_hi(const v8u64& a, const v8u64& b, v8u64& out) { out = __builtin_shufflevector(a, b, 1, 9, 3, 11, 5, 13, 7, 15); }
// out = the qword pairs [a.0 a.1 b.0 b.1 a.2 a.3 b.2 b.3] (Hi = false) or the same of lanes 4..7.
template <bool Hi>
FF_INLINE void pair_qwords(const v8u64& a, const v8u64& b, v8u64& out) {
  if constexpr (Hi) out = __builtin_shufflevector(a, b, 4, 5, 12, 13, 6, 7, 14, 15);
  else out = __builtin_shufflevector(a, b, 0, 1, 8, 9, 2, 3, 10, 11);
}

// Z: eight elements of N limbs as stored (8 N qwords); L[j]: limb j of the eight, in the lane
// order (e0, e4, e1, e5, e2, e6, e3, e7) for N = 4 and 6 (lanes are independent; to_elements
// undoes the same order), in element order for the generic N.
template <std::size_t N>
FF_INLINE void to_limbs(const v8u64 (&Z)[N], v8u64 (&L)[N]) {
  if constexpr (N == 4) {  // Z[q] = elements 2q, 2q + 1
    v8u64 S0, S1, S2, S3;  // elements 0..3 limbs 0 1 | 2 3, elements 4..7 limbs 0 1 | 2 3
    chunks<0, 2, 0, 2>(Z[0], Z[1], S0), chunks<1, 3, 1, 3>(Z[0], Z[1], S1);
    chunks<0, 2, 0, 2>(Z[2], Z[3], S2), chunks<1, 3, 1, 3>(Z[2], Z[3], S3);
    unpack_lo(S0, S2, L[0]), unpack_hi(S0, S2, L[1]), unpack_lo(S1, S3, L[2]), unpack_hi(S1, S3, L[3]);
  } else if constexpr (N == 6) {  // Z[3h..3h+2] = elements 4h..4h+3: twelve 128-bit chunks
    v8u64 G[2][3];                // G[h][x] = chunk x (limbs 2x, 2x + 1) of the four elements of half h
#pragma clang loop unroll(full)
    for (std::size_t h = 0; h < 2; ++h) {
      const v8u64 &Z0 = Z[3 * h], &Z1 = Z[3 * h + 1], &Z2 = Z[3 * h + 2];
      v8u64 W, U;
      chunks<2, 3, 1, 2>(Z1, Z2, W), chunks<1, 2, 0, 1>(Z0, Z1, U);
      chunks<0, 3, 0, 2>(Z0, W, G[h][0]);
      chunks<0, 2, 1, 3>(U, W, G[h][1]);
      chunks<1, 3, 0, 3>(U, Z2, G[h][2]);
    }
#pragma clang loop unroll(full)
    for (std::size_t x = 0; x < 3; ++x) unpack_lo(G[0][x], G[1][x], L[2 * x]), unpack_hi(G[0][x], G[1][x], L[2 * x + 1]);
  } else {  // through memory
    u64 w[8 * N], t[8 * N];
    std::memcpy(w, Z, sizeof w);
    for (std::size_t e = 0; e < 8; ++e)
      for (std::size_t j = 0; j < N; ++j) t[8 * j + e] = w[N * e + j];
    std::memcpy(L, t, sizeof t);
  }
}
template <std::size_t N>
FF_INLINE void to_elements(const v8u64 (&L)[N], v8u64 (&Z)[N]) {
  if constexpr (N == 4) {
    v8u64 P0, Q0, P1, Q1;  // elements 0..3 | 4..7, limbs 0 1 (P0, Q0) and 2 3 (P1, Q1)
    unpack_lo(L[0], L[1], P0), unpack_hi(L[0], L[1], Q0), unpack_lo(L[2], L[3], P1), unpack_hi(L[2], L[3], Q1);
    pair_qwords<false>(P0, P1, Z[0]), pair_qwords<true>(P0, P1, Z[1]);
    pair_qwords<false>(Q0, Q1, Z[2]), pair_qwords<true>(Q0, Q1, Z[3]);
  } else if constexpr (N == 6) {
#pragma clang loop unroll(full)
    for (std::size_t h = 0; h < 2; ++h) {
      v8u64 G0, G1, G2, A1, A2, A3;
      if (h) unpack_hi(L[0], L[1], G0), unpack_hi(L[2], L[3], G1), unpack_hi(L[4], L[5], G2);
      else unpack_lo(L[0], L[1], G0), unpack_lo(L[2], L[3], G1), unpack_lo(L[4], L[5], G2);
      chunks<0, 2, 0, 2>(G0, G1, A1), chunks<1, 3, 1, 3>(G1, G2, A2), chunks<0, 2, 1, 3>(G2, G0, A3);
      chunks<0, 2, 0, 2>(A1, A3, Z[3 * h]);
      chunks<0, 2, 1, 3>(A2, A1, Z[3 * h + 1]);
      chunks<1, 3, 1, 3>(A3, A2, Z[3 * h + 2]);
    }
  } else {
    u64 t[8 * N], w[8 * N];
    std::memcpy(t, L, sizeof t);
    for (std::size_t e = 0; e < 8; ++e)
      for (std::size_t j = 0; j < N; ++j) w[N * e + j] = t[8 * j + e];
    std::memcpy(Z, w, sizeof w);
  }
}

template <class M>
struct kernel {
  using form = radix52_form<M>;
  static constexpr std::size_t n = M::limbs, k = form::k;
  static constexpr unsigned r = form::r;
  using limb_vectors = std::array<v8u64, n>;
  using digits = v8u64[k];
  using wide = std::array<v8u64, 2 * k>;

  // The k digit vectors of eight elements held as n limb vectors.
  FF_INLINE static void to_digits(const limb_vectors& L, digits& A) {
    // digit i = bits [52 i, 52 i + 52): limb w shifted down, or'ed with limb w + 1 shifted up
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < k; ++i) {
      const std::size_t w = 52 * i / 64, s = 52 * i % 64;
      A[i] = L[w] >> s;
      if (s + 52 > 64 && w + 1 < n) A[i] |= L[w + 1] << (64 - s);
    }
  }

  FF_INLINE static void product(const digits& A, const digits& B, wide& T) {
#pragma clang loop unroll(full)
    for (auto& t : T) t = v8u64{};
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < k; ++i)
#pragma clang loop unroll(full)
      for (std::size_t j = 0; j < k; ++j) {
        simd::madd52lo(T[i + j], A[i], B[j]);
        simd::madd52hi(T[i + j + 1], A[i], B[j]);
      }
  }
  FF_INLINE static void square(const digits& A, wide& T) {
#pragma clang loop unroll(full)
    for (auto& t : T) t = v8u64{};
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < k; ++i)
#pragma clang loop unroll(full)
      for (std::size_t j = i + 1; j < k; ++j) {
        simd::madd52lo(T[i + j], A[i], A[j]);
        simd::madd52hi(T[i + j + 1], A[i], A[j]);
      }
#pragma clang loop unroll(full)
    for (std::size_t c = 1; c + 1 < 2 * k; ++c) T[c] += T[c];  // the cross products twice
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < k; ++i) {
      simd::madd52lo(T[2 * i], A[i], A[i]);
      simd::madd52hi(T[2 * i + 1], A[i], A[i]);
    }
  }

  // T R^-1: k - 1 steps of 52 bits, then one of r bits. Leaves U 2^r in T[k - 1 .. 2k - 1].
  FF_INLINE static void reduce(wide& T) {
    // The constants are splatted at each use: clang then takes them as embedded broadcasts
    // from memory ({1to8}) instead of holding k + 2 registers (hoisted, they spilled).
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i + 1 < k; ++i) {
      v8u64 m{};
      simd::madd52lo(m, T[i], v8u64{} + form::inv52);
      // T[i] + lo(m p_0) = 0 mod 2^52, so the carry out of digit i is
      // floor(T[i] / 2^52) + [T[i] mod 2^52 != 0] = (T[i] + 2^52 - 1) >> 52.
      T[i + 1] += (T[i] + form::mask52) >> 52;
      simd::madd52hi(T[i + 1], m, v8u64{} + form::p[0]);
#pragma clang loop unroll(full)
      for (std::size_t j = 1; j < k; ++j) {
        simd::madd52lo(T[i + j], m, v8u64{} + form::p[j]);
        simd::madd52hi(T[i + j + 1], m, v8u64{} + form::p[j]);
      }
    }
    // The last step clears r bits: bits r..51 of T[k - 1] + lo(m p_0) belong to the result.
    v8u64 m{};
    simd::madd52lo(m, T[k - 1], v8u64{} + form::inv_r);
    m &= form::mask_r;
#pragma clang loop unroll(full)
    for (std::size_t j = 0; j < k; ++j) {
      simd::madd52lo(T[k - 1 + j], m, v8u64{} + form::p[j]);
      simd::madd52hi(T[k + j], m, v8u64{} + form::p[j]);
    }
  }

  // Y: the k + 1 redundant digits of U 2^r (U < 2p). U mod p as n limb vectors.
  FF_INLINE static void canonical_limbs(const v8u64* Y, limb_vectors& L) {
    v8u64 v[k + 1], d[k + 1];
    // v: U 2^r in exact 52-bit digits; d: U 2^r - p 2^r, with signed borrows (arithmetic shifts).
    v8u64 carry{}, borrow{};
#pragma clang loop unroll(full)
    for (std::size_t j = 0; j <= k; ++j) {
      const v8u64 x = Y[j] + carry, y = Y[j] - form::p_shifted[j] + borrow;
      if (j < k) {
        carry = x >> 52, v[j] = x & form::mask52;
        borrow = v8u64(v8i64(y) >> 52), d[j] = y & form::mask52;
      } else {
        v[j] = x, d[j] = y;
      }
    }
    const v8u64 keep = v8u64(v8i64(d[k]) >> 63);  // U < p: keep v
    v8u64 X[k + 1];
#pragma clang loop unroll(full)
    for (std::size_t j = 0; j <= k; ++j) X[j] = (v[j] & keep) | (d[j] & ~keep);
    // limb i = bits [r + 64 i, r + 64 i + 64) of X
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t q = r + 64 * i;
      L[i] = v8u64{};
#pragma clang loop unroll(full)
      for (std::size_t l = 0; l <= k; ++l) {
        if (52 * l + 52 <= q || 52 * l >= q + 64) continue;
        L[i] |= 52 * l >= q ? X[l] << (52 * l - q) : X[l] >> (q - 52 * l);
      }
    }
  }
};

}  // namespace detail

// The ifma policy: eight elements per zmm register, batch products only (its scalar sibling is
// adx), for the Montgomery fields whose radix-2^52 form fits (every limb count but multiples
// of 13; `covers`). A limb value is one zmm of eight lanes; the batch layout's transposes are
// the shuffles above (not vector_lanes' generic ones: those use vpermt2q, which shares the
// madd pipes on Zen 4); products convert to digits and back inside the kernels.
struct ifma : vector_lanes<v8u64, 8> {
  static constexpr backend id = backend::ifma;
  using scalar_policy = adx;
  // Product and reduction one block after the other, not software-pipelined: with two blocks
  // per step the wide products already fill the register file (decisions.md, "IFMA batches").
  static constexpr bool software_pipelining = false;
  static constexpr bool nontemporal_stores = false, realigned_stores = false;
  static constexpr bool outline_products = false;
  template <class M>
  static constexpr bool covers = M::reduction == reduction::montgomery && detail::radix52_form<M>::fits;

  template <std::size_t N>
  FF_INLINE static void load_batch(const u64* p, std::array<v8u64, N>& limbs) {
    v8u64 Z[N], L[N];
    std::memcpy(Z, p, sizeof Z);
    detail::to_limbs<N>(Z, L);
    std::memcpy(limbs.data(), L, sizeof L);
  }
  template <std::size_t N>
  FF_INLINE static void store_batch(u64* p, const std::array<v8u64, N>& limbs) {
    v8u64 L[N], Z[N];
    std::memcpy(L, limbs.data(), sizeof L);
    detail::to_elements<N>(L, Z);
    std::memcpy(p, Z, sizeof Z);
  }

  // The batch loop's stages: the product in 2k digit columns, then the reduction, the
  // subtraction of p and the limbs of the result.
  template <class M>
  using wide = typename detail::kernel<M>::wide;
  template <class M>
  FF_INLINE static wide<M> mul_product(const std::array<v8u64, M::limbs>& a, const std::array<v8u64, M::limbs>& b) {
    using K = detail::kernel<M>;
    static_assert(covers<M>);
    typename K::digits A, B;
    K::to_digits(a, A);
    K::to_digits(b, B);
    wide<M> T;
    K::product(A, B, T);
    return T;
  }
  template <class M>
  FF_INLINE static wide<M> square_product(const std::array<v8u64, M::limbs>& a) {
    using K = detail::kernel<M>;
    static_assert(covers<M>);
    typename K::digits A;
    K::to_digits(a, A);
    wide<M> T;
    K::square(A, T);
    return T;
  }
  template <class M>
  FF_INLINE static std::array<v8u64, M::limbs> reduce_product(wide<M> T) {
    using K = detail::kernel<M>;
    K::reduce(T);
    std::array<v8u64, M::limbs> r;
    K::canonical_limbs(T.data() + (K::k - 1), r);
    return r;
  }
  template <class M>
  FF_INLINE static std::array<v8u64, M::limbs> mul(const std::array<v8u64, M::limbs>& a, const std::array<v8u64, M::limbs>& b) {
    return reduce_product<M>(mul_product<M>(a, b));
  }
  template <class M>
  FF_INLINE static std::array<v8u64, M::limbs> square(const std::array<v8u64, M::limbs>& a) {
    return reduce_product<M>(square_product<M>(a));
  }
};
static_assert(prime_policy<ifma, detail::example_modulus>);

}  // namespace ff::prime
#endif
