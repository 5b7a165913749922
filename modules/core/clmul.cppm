// ff.clmul: carry-less products, written once over a backend policy A.
//
// A policy says what a limb is and how to multiply two limbs:
//   A::limb            u64 for scalar backends, a vector of u64 (one lane per element) for
//                      the SIMD batch backends: the same product and reducer code then runs
//                      on 1, 4 or 8 independent elements at a time.
//   A::lanes           elements per limb value.
//   A::vector_registers (SIMD policies) how many limb values the register file holds.
//   A::clmul(a, b, lo, hi), A::square(a, lo, hi)
//   A::load<N>/store<N> move A::lanes elements of N limbs between memory and limb values,
//                      lane e = element e;
//   A::load_batch<N>/store_batch<N> the same in any lane order the policy finds cheaper
//                      (for batches of independent elements); policies whose
//                      non-temporal stores pay also have store_batch_stream<N>,
//                      store_batch_realigned<N, S, NT> (for destinations no whole
//                      element aligns) and stream_fence() (ff.batch streaming_shape).
// Everything takes vectors by reference: a by-value vector argument in a function without
// the vector ISA would change the ABI.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include "targets.h"
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif
export module ff.clmul;
import ff.core;
import ff.cpu;

// Moving A::lanes elements of N limbs (array of structures in memory) to N limb vectors
// (structure of arrays) and back is a fixed permutation: built from two-input shuffles at
// compile time. Qword k of a block lives in row k / W, lane k % W; lane e of limb j is
// qword e * N + j.
namespace ff::detail {

// In-lane unpacks (vpunpcklqdq / vpunpckhqdq): the even and the odd qwords of each 128-bit
// lane of a and b, interleaved: even = a0 b0 a2 b2 ..., odd = a1 b1 a3 b3 ...
template <std::size_t W, class V, std::size_t... P>
FF_INLINE void unpack_lanes(const V& a, const V& b, V& even, V& odd, std::index_sequence<P...>) {
  even = __builtin_shufflevector(a, b, int(P % 2 ? W + P - 1 : P)...);
  odd = __builtin_shufflevector(a, b, int(P % 2 ? W + P : P + 1)...);
}
template <std::size_t W, class V>
FF_INLINE void unpack_lanes(const V& a, const V& b, V& even, V& odd) {
  unpack_lanes<W>(a, b, even, odd, std::make_index_sequence<W>{});
}

template <std::size_t W, std::size_t N, std::size_t J, std::size_t M, class V, std::size_t... E>
FF_INLINE void merge_limb_lanes(V& acc, const V& row, std::index_sequence<E...>) {
  acc = __builtin_shufflevector(acc, row, (((E * N + J) / W == M) ? int(W + (E * N + J) % W) : int(E))...);
}
template <std::size_t W, std::size_t N, std::size_t J, class V, std::size_t... M>
FF_INLINE void gather_limb(const std::array<V, N>& rows, V& limb, std::index_sequence<M...>) {
  limb = rows[0];
  (merge_limb_lanes<W, N, J, M>(limb, rows[M], std::make_index_sequence<W>{}), ...);
}
template <std::size_t W, std::size_t N, class V, std::size_t... J>
FF_INLINE void rows_to_limbs(const std::array<V, N>& rows, std::array<V, N>& limbs, std::index_sequence<J...>) {
  if constexpr (W == 8 && N == 4) {
    // 8 elements of 4 limbs: one in-lane unpack round, then one two-source permute per limb
    // (8 shuffles instead of the generic 12). Lanes stay in element order: other code (the
    // power tables' gathers) fills limb vectors lane by lane.
    V t0, t1, t2, t3;
    unpack_lanes<W>(rows[0], rows[1], t0, t1);
    unpack_lanes<W>(rows[2], rows[3], t2, t3);
    limbs[0] = __builtin_shufflevector(t0, t2, 0, 4, 1, 5, 8, 12, 9, 13);
    limbs[2] = __builtin_shufflevector(t0, t2, 2, 6, 3, 7, 10, 14, 11, 15);
    limbs[1] = __builtin_shufflevector(t1, t3, 0, 4, 1, 5, 8, 12, 9, 13);
    limbs[3] = __builtin_shufflevector(t1, t3, 2, 6, 3, 7, 10, 14, 11, 15);
  } else if constexpr (W == 4 && N == 4) {
    // 4 elements of 4 limbs, the 4x4 transpose: in-lane unpacks give limbs 0 and 2 (or 1 and
    // 3) of two elements, then whole 128-bit lanes (vperm2i128). The generic shuffles
    // compiled to 13 broadcasts, 24 blends and 6 inserts per b256 loop.
    V t0, t1, t2, t3;
    unpack_lanes<W>(rows[0], rows[1], t0, t1);
    unpack_lanes<W>(rows[2], rows[3], t2, t3);
    limbs[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    limbs[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    limbs[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    limbs[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
  } else {
    (gather_limb<W, N, J>(rows, limbs[J], std::make_index_sequence<N>{}), ...);
  }
}

// Row M, lane l holds qword k = M * W + l = limb k % N of element k / N.
template <std::size_t W, std::size_t N, std::size_t M, std::size_t J, class V, std::size_t... L>
FF_INLINE void merge_row_lanes(V& acc, const V& limb, std::index_sequence<L...>) {
  acc = __builtin_shufflevector(acc, limb, (((M * W + L) % N == J) ? int(W + (M * W + L) / N) : int(L))...);
}
template <std::size_t W, std::size_t N, std::size_t M, class V, std::size_t... J>
FF_INLINE void scatter_row(const std::array<V, N>& limbs, V& row, std::index_sequence<J...>) {
  row = limbs[0];
  (merge_row_lanes<W, N, M, J>(row, limbs[J], std::make_index_sequence<W>{}), ...);
}
template <std::size_t W, std::size_t N, class V, std::size_t... M>
FF_INLINE void limbs_to_rows(const std::array<V, N>& limbs, std::array<V, N>& rows, std::index_sequence<M...>) {
  if constexpr (W == 8 && N == 4) {  // the inverse of the shuffles in rows_to_limbs
    const V t0 = __builtin_shufflevector(limbs[0], limbs[2], 0, 2, 8, 10, 1, 3, 9, 11);
    const V t2 = __builtin_shufflevector(limbs[0], limbs[2], 4, 6, 12, 14, 5, 7, 13, 15);
    const V t1 = __builtin_shufflevector(limbs[1], limbs[3], 0, 2, 8, 10, 1, 3, 9, 11);
    const V t3 = __builtin_shufflevector(limbs[1], limbs[3], 4, 6, 12, 14, 5, 7, 13, 15);
    unpack_lanes<W>(t0, t1, rows[0], rows[1]);
    unpack_lanes<W>(t2, t3, rows[2], rows[3]);
  } else if constexpr (W == 4 && N == 4) {  // the inverse of the 4x4 transpose above
    const V t0 = __builtin_shufflevector(limbs[0], limbs[2], 0, 1, 4, 5);
    const V t1 = __builtin_shufflevector(limbs[1], limbs[3], 0, 1, 4, 5);
    const V t2 = __builtin_shufflevector(limbs[0], limbs[2], 2, 3, 6, 7);
    const V t3 = __builtin_shufflevector(limbs[1], limbs[3], 2, 3, 6, 7);
    unpack_lanes<W>(t0, t1, rows[0], rows[1]);
    unpack_lanes<W>(t2, t3, rows[2], rows[3]);
  } else {
    (scatter_row<W, N, M>(limbs, rows[M], std::make_index_sequence<N>{}), ...);
  }
}

// The batch layout: when every element is independent (batch multiply and square), which
// lane holds which element does not matter, only that the store undoes the load. For 2 limbs
// that allows in-lane unpacks instead of lane-crossing permutes: unpacking rows (e0 e1 e2 e3)
// and (e4 e5 e6 e7) gives limb vectors in lane order e0 e4 e1 e5 e2 e6 e3 e7, and the same
// unpacks of the limbs give the rows back. Measured on Zen 5 (b127, zmm, 2^12 in cache):
// 0.57 -> 0.50 ns/mul.
// For 3 limbs in 8 lanes, qword k of the 3 rows is limb k % 3, and each lane position holds
// limb 0 in exactly one row: three-way blends gather every limb with no lane crossing, and
// limbs 1 and 2 come out rotated by one and two lanes against limb 0, which one rotate each
// undoes. On Zen 5 a blend (vpblendmq) costs under a third of a two-source permute
// (vpermt2q); the compiler still merges some blend + rotate pairs into one permute, leaving
// 6 blends, 4 permutes and 2 rotates per 8 elements where the ordered transposes took 18
// permutes. Measured (zmm, 2^12 in cache, one process, old vs new, ns/op): b163 mul 1.33 ->
// 1.24, square 0.84 -> 0.82; b191 mul 1.16 -> 1.10, square 0.625 -> 0.58; from DRAM (2^20,
// 2^22) no change beyond noise. For 4 limbs blends would need as many rotates as they save
// permutes; instead the loads unpack in lanes and then move whole 128-bit lanes
// (vshufi64x2: 0.14 ns on Zen 5, vpermt2q 0.235). The store's inverse needs the lanes of two
// limbs interleaved, which vshufi64x2 cannot do, and keeps vpermt2q: per 8 elements 8
// vshufi64x2 and 4 vpermt2q where the ordered transposes took 12 vpermt2q. Measured (zmm,
// 2^12, best of 4 alternating runs, ns/mul): sect193 1.13 -> 1.06, b256 1.43 -> 1.38,
// ghash2 1.56 -> 1.55 (medians 1.61 -> 1.56).

// out = a, with position l taken from b if bit l of FromB is set and from c if bit l of FromC
// is. Written as selects, not shuffles: the compiler folds shuffles of shuffles back into
// two-source permutes, but keeps selects as blends.
template <unsigned FromB, unsigned FromC, class V, std::size_t... L>
FF_INLINE void blend3(const V& a, const V& b, const V& c, V& out, std::index_sequence<L...>) {
  const V take_b = {((FromB >> L & 1) ? ~0ULL : 0ULL)...}, take_c = {((FromC >> L & 1) ? ~0ULL : 0ULL)...};
  out = take_c != 0 ? c : take_b != 0 ? b : a;
}
template <unsigned FromB, unsigned FromC, class V>
FF_INLINE void blend3(const V& a, const V& b, const V& c, V& out) {
  blend3<FromB, FromC>(a, b, c, out, std::make_index_sequence<8>{});
}
template <std::size_t W, std::size_t N, class V>
FF_INLINE void rows_to_limbs_batch(const std::array<V, N>& rows, std::array<V, N>& limbs) {
  if constexpr (N == 3 && W == 8) {
    // limb 0 sits at positions {0,3,6} of row 0, {1,4,7} of row 1, {2,5} of row 2.
    V l1, l2;
    blend3<0x92, 0x24>(rows[0], rows[1], rows[2], limbs[0]);  // lanes e0 e3 e6 e1 e4 e7 e2 e5
    blend3<0x24, 0x49>(rows[0], rows[1], rows[2], l1);  // lanes rotated by one against limb 0
    blend3<0x49, 0x92>(rows[0], rows[1], rows[2], l2);  // and by two
    limbs[1] = __builtin_shufflevector(l1, l1, 1, 2, 3, 4, 5, 6, 7, 0);
    limbs[2] = __builtin_shufflevector(l2, l2, 2, 3, 4, 5, 6, 7, 0, 1);
  } else if constexpr (N == 4 && W == 8) {
    // In-lane unpacks, then whole 128-bit lanes (vshufi64x2): limbs in lane order
    // e0 e2 e1 e3 e4 e6 e5 e7.
    V t0, t1, t2, t3;
    unpack_lanes<W>(rows[0], rows[1], t0, t1);
    unpack_lanes<W>(rows[2], rows[3], t2, t3);
    limbs[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5, 8, 9, 12, 13);
    limbs[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5, 8, 9, 12, 13);
    limbs[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7, 10, 11, 14, 15);
    limbs[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7, 10, 11, 14, 15);
  } else if constexpr (N == 2 && (W == 8 || W == 4)) {
    unpack_lanes<W>(rows[0], rows[1], limbs[0], limbs[1]);
  } else {
    rows_to_limbs<W, N>(rows, limbs, std::make_index_sequence<N>{});
  }
}
template <std::size_t W, std::size_t N, class V>
FF_INLINE void limbs_to_rows_batch(const std::array<V, N>& limbs, std::array<V, N>& rows) {
  if constexpr (N == 3 && W == 8) {  // the inverse of the blends and rotates above
    const V l1 = __builtin_shufflevector(limbs[1], limbs[1], 7, 0, 1, 2, 3, 4, 5, 6);
    const V l2 = __builtin_shufflevector(limbs[2], limbs[2], 6, 7, 0, 1, 2, 3, 4, 5);
    blend3<0x92, 0x24>(limbs[0], l1, l2, rows[0]);
    blend3<0x92, 0x24>(l2, limbs[0], l1, rows[1]);
    blend3<0x92, 0x24>(l1, l2, limbs[0], rows[2]);
  } else if constexpr (N == 4 && W == 8) {
    // The inverse of the above: the lane pattern a row's unpack needs interleaves the lanes
    // of two limbs, which takes a two-source permute (vpermt2q), not vshufi64x2.
    const V t0 = __builtin_shufflevector(limbs[0], limbs[2], 0, 1, 8, 9, 2, 3, 10, 11);
    const V t1 = __builtin_shufflevector(limbs[1], limbs[3], 0, 1, 8, 9, 2, 3, 10, 11);
    const V t2 = __builtin_shufflevector(limbs[0], limbs[2], 4, 5, 12, 13, 6, 7, 14, 15);
    const V t3 = __builtin_shufflevector(limbs[1], limbs[3], 4, 5, 12, 13, 6, 7, 14, 15);
    unpack_lanes<W>(t0, t1, rows[0], rows[1]);
    unpack_lanes<W>(t2, t3, rows[2], rows[3]);
  } else if constexpr (N == 2 && (W == 8 || W == 4)) rows_to_limbs_batch<W, N>(limbs, rows);  // an involution
  else limbs_to_rows<W, N>(limbs, rows, std::make_index_sequence<N>{});
}

}  // namespace ff::detail

export namespace ff {

using v4u64 = u64 __attribute__((vector_size(32)));
using v8u64 = u64 __attribute__((vector_size(64)));

// 64x64 -> 128 carry-less product in plain C++: a 4-bit window over b (16 table lookups),
// the top three bits of a handled by masks so no bit is lost from the table entries.
FF_INLINE constexpr void clmul64_portable(u64 a, u64 b, u64& lo, u64& hi) {
  const u64 a61 = a & (~u64{0} >> 3);
  u64 table[16] = {};
  for (unsigned i = 1; i < 16; ++i) table[i] = (i & 1) ? table[i ^ 1] ^ a61 : table[i >> 1] << 1;
  u64 l = table[b & 15], h = 0;
  for (unsigned s = 4; s < 64; s += 4) {
    const u64 t = table[(b >> s) & 15];
    l ^= t << s;
    h ^= t >> (64 - s);
  }
  for (unsigned j = 61; j < 64; ++j) {
    const u64 mask = u64{0} - ((a >> j) & 1);
    l ^= (b << j) & mask;
    h ^= (b >> (64 - j)) & mask;
  }
  lo = l;
  hi = h;
}

// Squaring is linear in GF(2): spread the bits of each half apart.
FF_INLINE constexpr u64 spread_bits32(u64 v) {
  v &= 0xffffffffu;
  v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
  v = (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
  v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fULL;
  v = (v | (v << 2)) & 0x3333333333333333ULL;
  v = (v | (v << 1)) & 0x5555555555555555ULL;
  return v;
}

namespace arith {

struct portable {
  using limb = u64;
  static constexpr std::size_t lanes = 1;
  static constexpr backend id = backend::portable;
  FF_INLINE static constexpr void clmul(const u64& a, const u64& b, u64& lo, u64& hi) { clmul64_portable(a, b, lo, hi); }
  FF_INLINE static constexpr void square(const u64& a, u64& lo, u64& hi) {
    lo = spread_bits32(a);
    hi = spread_bits32(a >> 32);
  }
  template <std::size_t N>
  FF_INLINE static void load(const u64* p, std::array<u64, N>& limbs) { std::memcpy(limbs.data(), p, 8 * N); }
  template <std::size_t N>
  FF_INLINE static void store(u64* p, const std::array<u64, N>& limbs) { std::memcpy(p, limbs.data(), 8 * N); }
  // Batch layout (see detail::rows_to_limbs_batch): one element per limb value, as load/store.
  template <std::size_t N>
  FF_INLINE static void load_batch(const u64* p, std::array<u64, N>& limbs) { load<N>(p, limbs); }
  template <std::size_t N>
  FF_INLINE static void store_batch(u64* p, const std::array<u64, N>& limbs) { store<N>(p, limbs); }
};

#if defined(__x86_64__)
struct pclmul : portable {
  static constexpr backend id = backend::pclmul;
  // One element at a time, every Karatsuba XOR is a GPR<->xmm round trip: schoolbook's extra
  // clmul is cheaper. Measured on Zen 5 (ffbench --mul, in-register): b127 2.7 vs 4.0 ns,
  // b256 11.4 vs 13.6 ns; the SIMD policies keep Karatsuba (their XORs are in-register).
  static constexpr bool use_schoolbook = true;
  [[gnu::target(FF_TARGET_PCLMUL)]] static inline void clmul(const u64& a, const u64& b, u64& lo, u64& hi) {
    const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0x00);
    lo = u64(_mm_cvtsi128_si64(p));
    hi = u64(_mm_extract_epi64(p, 1));
  }
  [[gnu::target(FF_TARGET_PCLMUL)]] static inline void square(const u64& a, u64& lo, u64& hi) { clmul(a, a, lo, hi); }
};

// W lanes of u64 per vector: VPCLMULQDQ multiplies the even qwords (imm 0x00) and the odd
// qwords (imm 0x11) of each 128-bit lane; unpacking the two results puts the low and high
// halves of the W products back in lane order.
struct vpclmul512 {
  using limb = v8u64;
  static constexpr std::size_t lanes = 8;
  static constexpr unsigned vector_registers = 32;  // zmm0-31
  // (hi << k) | (lo >> (64 - k)) is one vpshldq (AVX512-VBMI2): ff.polynomial's
  // sparse_reduction (both of its forms) pays here.
  static constexpr bool funnel_shifts = true;
  static constexpr backend id = backend::vpclmul512;
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void clmul(const limb& a, const limb& b, limb& lo, limb& hi) {
    const __m512i even = _mm512_clmulepi64_epi128(__m512i(a), __m512i(b), 0x00);
    const __m512i odd = _mm512_clmulepi64_epi128(__m512i(a), __m512i(b), 0x11);
    lo = limb(_mm512_unpacklo_epi64(even, odd));
    hi = limb(_mm512_unpackhi_epi64(even, odd));
  }
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void square(const limb& a, limb& lo, limb& hi) {
    clmul(a, a, lo, hi);
  }
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void load(const u64* p, std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    std::memcpy(rows.data(), p, sizeof(rows));
    detail::rows_to_limbs<lanes, N>(rows, limbs, std::make_index_sequence<N>{});
  }
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void store(u64* p, const std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    detail::limbs_to_rows<lanes, N>(limbs, rows, std::make_index_sequence<N>{});
    std::memcpy(p, rows.data(), sizeof(rows));
  }
  // Batch layout (element order inside the vectors is free): see detail::rows_to_limbs_batch.
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void load_batch(const u64* p, std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    std::memcpy(rows.data(), p, sizeof(rows));
    detail::rows_to_limbs_batch<lanes, N>(rows, limbs);
  }
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void store_batch(u64* p, const std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    detail::limbs_to_rows_batch<lanes, N>(limbs, rows);
    std::memcpy(p, rows.data(), sizeof(rows));
  }
  // Batch layout with non-temporal stores; p must be aligned to sizeof(limb).
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void store_batch_stream(u64* p, const std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    detail::limbs_to_rows_batch<lanes, N>(limbs, rows);
    for (std::size_t r = 0; r < N; ++r) _mm512_stream_si512(reinterpret_cast<__m512i*>(p) + r, __m512i(rows[r]));
  }
  // The same to a p that is S qwords short of a 64-byte boundary (0 < S < 8): each aligned
  // line takes the last 8 - S qwords of one row and the first S of the next (one valignq), so
  // the lines written run from the boundary below p to the one inside the last row. `carry`
  // is the row before p, whose tail the first line rewrites with the same values; on return it
  // is this block's last row, whose tail is not written yet (the next call, or the caller).
  // NonTemporal = false writes the same aligned lines with ordinary stores (ff.batch mixes
  // the two: no line is written by both).
  template <std::size_t N, unsigned S, bool NonTemporal>
    requires(S > 0 && S < 8)
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void store_batch_realigned(u64* p, const std::array<limb, N>& limbs,
                                                                               limb& carry) {
    std::array<limb, N> rows;
    detail::limbs_to_rows_batch<lanes, N>(limbs, rows);
    __m512i* line = reinterpret_cast<__m512i*>(p + S) - 1;
    __m512i previous = __m512i(carry);
    for (std::size_t r = 0; r < N; ++r) {
      const __m512i joined = _mm512_alignr_epi64(__m512i(rows[r]), previous, S);
      // The ordinary store is the unaligned form on purpose: where a caller picks between the
      // two at run time, clang merged two otherwise identical aligned stores into one and
      // dropped the non-temporal hint (every block then took ordinary stores).
      if constexpr (NonTemporal) _mm512_stream_si512(line + r, joined);
      else _mm512_storeu_si512(line + r, joined);
      previous = __m512i(rows[r]);
    }
    carry = rows[N - 1];
  }
  static inline void stream_fence() { _mm_sfence(); }
};

struct vpclmul256 {
  using limb = v4u64;
  static constexpr std::size_t lanes = 4;
  static constexpr unsigned vector_registers = 16;  // ymm0-15: the target has no AVX-512VL
  static constexpr backend id = backend::vpclmul256;
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void clmul(const limb& a, const limb& b, limb& lo, limb& hi) {
    const __m256i even = _mm256_clmulepi64_epi128(__m256i(a), __m256i(b), 0x00);
    const __m256i odd = _mm256_clmulepi64_epi128(__m256i(a), __m256i(b), 0x11);
    lo = limb(_mm256_unpacklo_epi64(even, odd));
    hi = limb(_mm256_unpackhi_epi64(even, odd));
  }
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void square(const limb& a, limb& lo, limb& hi) {
    clmul(a, a, lo, hi);
  }
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void load(const u64* p, std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    std::memcpy(rows.data(), p, sizeof(rows));
    detail::rows_to_limbs<lanes, N>(rows, limbs, std::make_index_sequence<N>{});
  }
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void store(u64* p, const std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    detail::limbs_to_rows<lanes, N>(limbs, rows, std::make_index_sequence<N>{});
    std::memcpy(p, rows.data(), sizeof(rows));
  }
  // Batch layout (element order inside the vectors is free): see detail::rows_to_limbs_batch.
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void load_batch(const u64* p, std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    std::memcpy(rows.data(), p, sizeof(rows));
    detail::rows_to_limbs_batch<lanes, N>(rows, limbs);
  }
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void store_batch(u64* p, const std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    detail::limbs_to_rows_batch<lanes, N>(limbs, rows);
    std::memcpy(p, rows.data(), sizeof(rows));
  }
  // No non-temporal stores: measured on Zen 5 at 2^20-2^22, 32-byte NT stores made the
  // streaming multiply 5-30% and the streaming square 8-33% slower for every field
  // (ff.batch streaming_shape).
};
#endif

#if defined(__aarch64__)
struct pmull : portable {
  static constexpr backend id = backend::pmull;
  [[gnu::target(FF_TARGET_PMULL)]] static inline void clmul(const u64& a, const u64& b, u64& lo, u64& hi) {
    const uint64x2_t p = vreinterpretq_u64_p128(vmull_p64(poly64_t(a), poly64_t(b)));
    lo = vgetq_lane_u64(p, 0);
    hi = vgetq_lane_u64(p, 1);
  }
  [[gnu::target(FF_TARGET_PMULL)]] static inline void square(const u64& a, u64& lo, u64& hi) { clmul(a, a, lo, hi); }
};
#endif

}  // namespace arith

// Policies whose shift across two limbs is one instruction (funnel_shifts): the fields'
// reducers switch to ff.polynomial's sparse_reduction on them.
template <class A>
concept has_funnel_shifts = requires { requires A::funnel_shifts; };

// ---- Products over any policy ------------------------------------------------------------
// Result limb k holds the coefficients of x^(64k) .. x^(64k+63) of the unreduced product.

template <class A>
using limbs_t = typename A::limb;

// 2 limbs, Karatsuba: 3 clmuls.
template <class A>
FF_INLINE std::array<limbs_t<A>, 4> clmul_2x2_karatsuba(const std::array<limbs_t<A>, 2>& a,
                                                        const std::array<limbs_t<A>, 2>& b) {
  limbs_t<A> l0, h0, l1, h1, lm, hm;
  A::clmul(a[0], b[0], l0, h0);
  A::clmul(a[1], b[1], l1, h1);
  const limbs_t<A> sa = a[0] ^ a[1], sb = b[0] ^ b[1];
  A::clmul(sa, sb, lm, hm);
  lm ^= l0 ^ l1;
  hm ^= h0 ^ h1;
  return {l0, h0 ^ lm, l1 ^ hm, h1};
}

// 2 limbs, schoolbook: 4 clmuls but no XORs before the products (kept to measure against).
template <class A>
FF_INLINE std::array<limbs_t<A>, 4> clmul_2x2_schoolbook(const std::array<limbs_t<A>, 2>& a,
                                                         const std::array<limbs_t<A>, 2>& b) {
  limbs_t<A> l0, h0, l1, h1, m0, n0, m1, n1;
  A::clmul(a[0], b[0], l0, h0);
  A::clmul(a[1], b[1], l1, h1);
  A::clmul(a[0], b[1], m0, n0);
  A::clmul(a[1], b[0], m1, n1);
  return {l0, h0 ^ m0 ^ m1, l1 ^ n0 ^ n1, h1};
}

// 3 limbs, Karatsuba: 6 clmuls (three diagonal, three pairwise sums).
template <class A>
FF_INLINE std::array<limbs_t<A>, 6> clmul_3x3_karatsuba(const std::array<limbs_t<A>, 3>& a,
                                                        const std::array<limbs_t<A>, 3>& b) {
  limbs_t<A> l0, h0, l1, h1, l2, h2, l01, h01, l02, h02, l12, h12;
  A::clmul(a[0], b[0], l0, h0);
  A::clmul(a[1], b[1], l1, h1);
  A::clmul(a[2], b[2], l2, h2);
  const limbs_t<A> a01 = a[0] ^ a[1], b01 = b[0] ^ b[1];
  const limbs_t<A> a02 = a[0] ^ a[2], b02 = b[0] ^ b[2];
  const limbs_t<A> a12 = a[1] ^ a[2], b12 = b[1] ^ b[2];
  A::clmul(a01, b01, l01, h01);
  A::clmul(a02, b02, l02, h02);
  A::clmul(a12, b12, l12, h12);
  // Coefficient pairs c_k of x^(64k): c0 = p0, c1 = p01+p0+p1, c2 = p02+p0+p1+p2, c3 = p12+p1+p2, c4 = p2.
  const limbs_t<A> c1l = l01 ^ l0 ^ l1, c1h = h01 ^ h0 ^ h1;
  const limbs_t<A> c2l = l02 ^ l0 ^ l1 ^ l2, c2h = h02 ^ h0 ^ h1 ^ h2;
  const limbs_t<A> c3l = l12 ^ l1 ^ l2, c3h = h12 ^ h1 ^ h2;
  return {l0, h0 ^ c1l, c1h ^ c2l, c2h ^ c3l, c3h ^ l2, h2};
}

// 4 limbs, Karatsuba on 128-bit halves of 2-limb Karatsuba: 9 clmuls.
template <class A>
FF_INLINE std::array<limbs_t<A>, 8> clmul_4x4_karatsuba(const std::array<limbs_t<A>, 4>& a,
                                                        const std::array<limbs_t<A>, 4>& b) {
  using half = std::array<limbs_t<A>, 2>;
  const half a0{a[0], a[1]}, a1{a[2], a[3]}, b0{b[0], b[1]}, b1{b[2], b[3]};
  const half as{a[0] ^ a[2], a[1] ^ a[3]}, bs{b[0] ^ b[2], b[1] ^ b[3]};
  const auto lo = clmul_2x2_karatsuba<A>(a0, b0);
  const auto hi = clmul_2x2_karatsuba<A>(a1, b1);
  auto mid = clmul_2x2_karatsuba<A>(as, bs);
  for (std::size_t i = 0; i < 4; ++i) mid[i] ^= lo[i] ^ hi[i];
  return {lo[0], lo[1], lo[2] ^ mid[0], lo[3] ^ mid[1], hi[0] ^ mid[2], hi[1] ^ mid[3], hi[2], hi[3]};
}

// N limbs, schoolbook: N^2 clmuls, no additions before the products. On cores where the
// clmul unit is not the bottleneck, or where Karatsuba's extra XORs and shuffles compete
// for the same port, it can win; ffbench measures both (variant karatsuba / schoolbook).
template <class A, std::size_t N>
FF_INLINE std::array<limbs_t<A>, 2 * N> clmul_schoolbook(const std::array<limbs_t<A>, N>& a,
                                                         const std::array<limbs_t<A>, N>& b) {
  std::array<limbs_t<A>, 2 * N> r;
  for (std::size_t k = 0; k < 2 * N; ++k) r[k] = a[0] ^ a[0];
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) {
      limbs_t<A> lo, hi;
      A::clmul(a[i], b[j], lo, hi);
      r[i + j] ^= lo;
      r[i + j + 1] ^= hi;
    }
  return r;
}

// Policy adaptors that force one product shape (ffbench measures both per backend).
template <class A>
struct schoolbook : A {
  static constexpr bool use_schoolbook = true;
};
template <class A>
struct karatsuba : A {
  static constexpr bool use_schoolbook = false;
};

// The product for N limbs: Karatsuba, unless the policy prefers schoolbook.
template <class A>
constexpr bool prefers_schoolbook() {
  if constexpr (requires { A::use_schoolbook; }) return A::use_schoolbook;
  else return false;
}
template <class A, std::size_t N>
FF_INLINE std::array<limbs_t<A>, 2 * N> clmul_product(const std::array<limbs_t<A>, N>& a,
                                                      const std::array<limbs_t<A>, N>& b) {
  if constexpr (prefers_schoolbook<A>()) return clmul_schoolbook<A, N>(a, b);
  else if constexpr (N == 2) return clmul_2x2_karatsuba<A>(a, b);
  else if constexpr (N == 3) return clmul_3x3_karatsuba<A>(a, b);
  else {
    static_assert(N == 4, "products exist for 2, 3 and 4 limbs");
    return clmul_4x4_karatsuba<A>(a, b);
  }
}

// The square of an N-limb polynomial: one limb square each, no cross terms (char 2).
template <class A, std::size_t N>
FF_INLINE std::array<limbs_t<A>, 2 * N> clmul_square(const std::array<limbs_t<A>, N>& a) {
  std::array<limbs_t<A>, 2 * N> r;
  for (std::size_t i = 0; i < N; ++i) A::square(a[i], r[2 * i], r[2 * i + 1]);
  return r;
}

}  // namespace ff
