// ff.core.lanes: elements in SIMD lanes. A batch backend keeps W independent elements of N
// limbs in N vectors of W lanes (structure of arrays: lane e of vector j = limb j of element e).
// Moving W elements between memory (array of structures) and that form is a fixed permutation,
// built here from two-input shuffles at compile time; the storage half of every backend policy
// (load, store, and the batch forms whose lane order is free) is written once on top of it.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <utility>
#include "fieldlab/macros.h"
export module ff.core.lanes;
import ff.core.element;
import ff.core.cpu;
import ff.core.simd;

// Qword k of a block lives in row k / W, lane k % W; lane e of limb j is qword e * N + j.
export namespace ff::detail {

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
    // 3) of two elements, then whole 128-bit lanes (vperm2i128); the generic shuffles compile
    // to broadcasts and blends (docs/performance/decisions.md, "Batch layout").
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
// lane holds which element does not matter, only that the store undoes the load. That allows
// cheaper shuffles than the ordered transposes: in-lane unpacks for 2 limbs; for 3 limbs in 8
// lanes three-way blends (each lane position holds limb 0 in exactly one row) and one rotate
// per limb; for 4 limbs in-lane unpacks, then whole 128-bit lanes on the way in and two-source
// permutes on the way out (docs/performance/decisions.md, "Batch layout").

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

template <class A>
using limb_t = typename A::limb;

// The storage half of a scalar backend policy: one element per limb value, in memory order.
struct scalar_lanes {
  using limb = u64;
  static constexpr std::size_t lanes = 1;
  static constexpr bool software_pipelining = false;
  static constexpr bool nontemporal_stores = false, realigned_stores = false;
  template <std::size_t N>
  FF_INLINE static void load(const u64* p, std::array<u64, N>& limbs) {
    std::memcpy(limbs.data(), p, 8 * N);
  }
  template <std::size_t N>
  FF_INLINE static void store(u64* p, const std::array<u64, N>& limbs) {
    std::memcpy(p, limbs.data(), 8 * N);
  }
  template <std::size_t N>
  FF_INLINE static void load_batch(const u64* p, std::array<u64, N>& limbs) {
    load<N>(p, limbs);
  }
  template <std::size_t N>
  FF_INLINE static void store_batch(u64* p, const std::array<u64, N>& limbs) {
    store<N>(p, limbs);
  }
};

// The storage half of a vector backend policy: W elements per vector type V. load / store keep
// lane e = element e; load_batch / store_batch use the cheaper batch layout (any lane order,
// the store undoing the load), and gathers. No target attribute: it inlines into the
// dispatched kernel.
template <class V, std::size_t W>
struct vector_lanes {
  using limb = V;
  static constexpr std::size_t lanes = W;
  template <std::size_t N>
  FF_INLINE static void load(const u64* p, std::array<V, N>& limbs) {
    std::array<V, N> rows;
    std::memcpy(rows.data(), p, sizeof(rows));
    detail::rows_to_limbs<W, N>(rows, limbs, std::make_index_sequence<N>{});
  }
  template <std::size_t N>
  FF_INLINE static void store(u64* p, const std::array<V, N>& limbs) {
    std::array<V, N> rows;
    detail::limbs_to_rows<W, N>(limbs, rows, std::make_index_sequence<N>{});
    std::memcpy(p, rows.data(), sizeof(rows));
  }
  template <std::size_t N>
  FF_INLINE static void load_batch(const u64* p, std::array<V, N>& limbs) {
    std::array<V, N> rows;
    std::memcpy(rows.data(), p, sizeof(rows));
    detail::rows_to_limbs_batch<W, N>(rows, limbs);
  }
  template <std::size_t N>
  FF_INLINE static void store_batch(u64* p, const std::array<V, N>& limbs) {
    std::array<V, N> rows;
    detail::limbs_to_rows_batch<W, N>(limbs, rows);
    std::memcpy(p, rows.data(), sizeof(rows));
  }
  // Limb k of lane l = base[qword_index[l] + k] (hardware gathers).
  template <std::size_t N>
  FF_INLINE static void gather(const u64* base, const V& qword_index, std::array<V, N>& out) {
    for (std::size_t k = 0; k < N; ++k) simd::gather(base + k, qword_index, out[k]);
  }
};

// What every backend policy declares about its storage, checked where a policy is defined
// (static_assert) so that a missing or misspelled capability is a compile error:
//   id, limb, lanes;
//   scalar_policy: the one-lane policy of the same family that single elements use (the
//     policy itself on one lane: the type-level twin of ff::scalar_sibling);
//   software_pipelining: whether the batch loop reduces one step while it multiplies the
//     next (ff.algo.batch; a measured choice: it pays where the register file holds one more
//     step's unreduced products);
//   load / store / load_batch / store_batch of N-limb elements (above);
//   lanes > 1: gather<N>(base, qword_index, out), limb k of lane l = base[qword_index[l] + k];
//   nontemporal_stores: store_batch_stream<N>(p, limbs) to p aligned to a vector, stream_fence();
//   realigned_stores: store_batch_realigned<N, S, NonTemporal>(p, limbs, carry), for outputs
//     S qwords short of a vector boundary (ff.algo.batch explains the carried row).
template <class A>
concept lane_policy =
    requires(const u64* in, u64* out, std::array<limb_t<A>, 2>& v) {
      { A::id } -> std::convertible_to<backend>;
      { A::lanes } -> std::convertible_to<std::size_t>;
      typename A::scalar_policy;
      { A::software_pipelining } -> std::convertible_to<bool>;
      { A::nontemporal_stores } -> std::convertible_to<bool>;
      { A::realigned_stores } -> std::convertible_to<bool>;
      A::template load<2>(in, v);
      A::template store<2>(out, v);
      A::template load_batch<2>(in, v);
      A::template store_batch<2>(out, v);
    } &&
    (A::scalar_policy::lanes == 1) &&
    (A::lanes == 1 || requires(const u64* base, const limb_t<A>& index, std::array<limb_t<A>, 2>& v) {
      A::template gather<2>(base, index, v);
    }) &&
    (!A::nontemporal_stores || requires(u64* out, const std::array<limb_t<A>, 2>& v) {
      A::template store_batch_stream<2>(out, v);
      A::stream_fence();
    }) &&
    (!A::realigned_stores || requires(u64* out, const std::array<limb_t<A>, 2>& v, limb_t<A>& carry) {
      A::template store_batch_realigned<2, 6, true>(out, v, carry);
      A::template store_batch_realigned<2, 6, false>(out, v, carry);
    });

}  // namespace ff
