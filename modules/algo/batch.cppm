// ff.batch: multiply or square whole arrays. The backend is chosen once per call; the loop
// it runs carries that backend's target attribute, so the field's product and reducer
// inline into it (no call, no function pointer, no runtime polynomial per element).
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>
#include "../core/targets.h"
#ifndef FF_PREFETCH_BYTES
#define FF_PREFETCH_BYTES 4096
#endif
export module ff.batch;
export import ff.kernel;

// Exported so benchmarks can instantiate the same loops with other policies (variants).
export namespace ff::detail {

// An operation on a batch runs in two stages: `product` (the unreduced product of the
// loaded limbs) and `reduce` (reduction to field limbs). Fields that split their
// multiplication (polynomial_basis, ghash2: mul_product / sqr_product / reduce_product) give
// both; for any other field, `product` is the whole operation and `reduce` the identity.
template <class F, class A>
struct mul_stages {
  using limbs = std::array<limbs_t<A>, F::limbs>;
  FF_INLINE static auto product(const limbs& x, const limbs& y) {
    if constexpr (requires { F::template mul_product<A>(x, y); }) return F::template mul_product<A>(x, y);
    else return F::template mul<A>(x, y);
  }
  FF_INLINE static auto square(const limbs& x) {
    if constexpr (requires { F::template sqr_product<A>(x); }) return F::template sqr_product<A>(x);
    else return F::template sqr<A>(x);
  }
  template <class Product>
  FF_INLINE static limbs reduce(const Product& p) {
    if constexpr (std::is_same_v<Product, limbs>) return p;
    else return F::template reduce_product<A>(p);
  }
};

// Stage 1 for Blocks x A::lanes elements: load, transpose to the policy's batch layout (lanes
// in whichever order is cheapest: the elements are independent), multiply. All loads and
// transposes come before the first product: with two blocks that way, the next block's
// shuffles overlap this block's clmuls (two blocks written one after the other, or an unroll
// pragma, do not get that schedule). Binary: the operation reads b (multiply) or not
// (square, b unused); a compile-time flag because a run-time null test on b left a branch
// in every iteration.
template <class F, class A, std::size_t Blocks>
using loaded_blocks = std::array<std::array<limbs_t<A>, F::limbs>, Blocks>;
template <class F, class A, bool Binary, std::size_t Blocks>
FF_INLINE void load_blocks(const element<F>* a, const element<F>* b, loaded_blocks<F, A, Blocks>& x,
                           loaded_blocks<F, A, Blocks>& y) {
  constexpr std::size_t N = F::limbs, W = A::lanes;
  for (std::size_t k = 0; k < Blocks; ++k) {
    A::template load_batch<N>(a[k * W].limb.data(), x[k]);
    if constexpr (Binary) A::template load_batch<N>(b[k * W].limb.data(), y[k]);
  }
}
template <class F, class A, bool Binary, std::size_t Blocks, class Product>
FF_INLINE auto load_and_multiply(const element<F>* a, const element<F>* b, Product product) {
  loaded_blocks<F, A, Blocks> x, y;
  load_blocks<F, A, Binary, Blocks>(a, b, x, y);
  std::array<decltype(product(x[0], y[0])), Blocks> p;
  for (std::size_t k = 0; k < Blocks; ++k) p[k] = product(x[k], y[k]);
  return p;
}

// Where stage 2 puts a block of reduced limbs (sink.template store<A>(p, limbs)):
//  - ordinary_stores;
//  - stream_stores: non-temporal stores, which skip the read-for-ownership of the output, to
//    a destination aligned to a vector;
//  - realigned_stream_stores<A, S>: non-temporal stores to a destination S qwords short of a
//    vector boundary, for outputs that no head of whole elements aligns (32-byte elements at
//    16 mod 64, where malloc puts large arrays). It carries the last row of each block into
//    the next: see batch_loop for how the first and the last rows are written.
struct ordinary_stores {
  template <class A, std::size_t N>
  FF_INLINE void store(u64* p, const std::array<limbs_t<A>, N>& r) {
    A::template store_batch<N>(p, r);
  }
};
// The streaming sinks store one block in Period with ordinary stores (Period = 0: none; the
// shape's ordinary_period). On Zen 5 that made the non-temporal loops much faster; why is not
// known. One block per step, 64-byte-aligned buffers, ratio to the memory floor at 2^20 and
// 2^22, four runs of a throwaway A/B, interleaved: every block NT b163 1.09-1.41, b256
// 1.24-1.43, ghash2 1.26-1.49; one block in 16 ordinary b163 0.97-1.24, b256 1.01-1.34,
// ghash2 1.00-1.37; every block ordinary b163 1.15-1.32, b256 1.17-1.33, ghash2 1.11-1.37.
// One ordinary block in 4, 8 or 32 did about as well as one in 16, one in 128 little better
// than none. The realigned sink's ordinary block writes the same aligned lines as its NT
// blocks (an earlier one that stored the block's own unaligned rows shared lines with the NT
// lines on both sides and was slower than none).
inline constexpr unsigned ordinary_store_period = 16;
// Counts a sink's blocks: true on every Period-th (never for Period = 0).
template <unsigned Period>
struct ordinary_turns {
  unsigned block = 0;
  FF_INLINE bool next() {
    if constexpr (Period == 0) return false;
    if (++block < Period) return false;
    block = 0;
    return true;
  }
};
template <unsigned Period>
struct stream_stores {
  ordinary_turns<Period> turns;
  template <class A, std::size_t N>
  FF_INLINE void store(u64* p, const std::array<limbs_t<A>, N>& r) {
    if (turns.next()) A::template store_batch<N>(p, r);
    else A::template store_batch_stream<N>(p, r);
  }
};
template <class A, unsigned S, unsigned Period>
struct realigned_stream_stores {
  limbs_t<A> carry;
  ordinary_turns<Period> turns;
  template <class, std::size_t N>
  FF_INLINE void store(u64* p, const std::array<limbs_t<A>, N>& r) {
    if (turns.next()) A::template store_batch_realigned<N, S, false>(p, r, carry);
    else A::template store_batch_realigned<N, S, true>(p, r, carry);
  }
};

// Stage 2: reduce and store one block, or each of several.
template <class F, class A, class Product, class Reduce, class Sink>
FF_INLINE void reduce_and_store_block(const Product& p, element<F>* out, Reduce reduce, Sink& sink) {
  sink.template store<A>(out->limb.data(), reduce(p));
}
template <class F, class A, std::size_t Blocks, class Product, class Reduce, class Sink>
FF_INLINE void reduce_and_store(const std::array<Product, Blocks>& p, element<F>* out, Reduce reduce, Sink& sink) {
  for (std::size_t k = 0; k < Blocks; ++k) reduce_and_store_block<F, A>(p[k], out + k * A::lanes, reduce, sink);
}

// The pipelined loop's step (see whole_blocks): the next step's loads and transposes first,
// then block by block its product next to the reduction and store of the pending step's
// block, which the product replaces. The step used to compute all its products and then
// all the pending reductions; this order measured (zmm, 2^12, best of 7 alternating runs)
// b191 0.99 -> 0.925 ns/mul, b163 1.010 -> 1.022, every other field within 1%.
template <class F, class A, bool Binary, std::size_t Blocks, class Pending, class Product, class Reduce, class Sink>
FF_INLINE void multiply_next_reduce_pending(const element<F>* a, const element<F>* b, std::array<Pending, Blocks>& pending,
                                            element<F>* out, Product product, Reduce reduce, Sink& sink) {
  loaded_blocks<F, A, Blocks> x, y;
  load_blocks<F, A, Binary, Blocks>(a, b, x, y);
  for (std::size_t k = 0; k < Blocks; ++k) {
    const Pending next = product(x[k], y[k]);
    reduce_and_store_block<F, A>(pending[k], out + k * A::lanes, reduce, sink);
    pending[k] = next;
  }
}

// Arrays this large stream from DRAM, and the hardware prefetcher alone keeps too few misses
// in flight while the core is busy with the arithmetic: the kernel then costs the memory time
// plus the compute time instead of the larger of the two. So the streaming loop prefetches
// every cache line of its inputs FF_PREFETCH_BYTES ahead. Measured on Zen 5 at 2^22
// (ffbench --mul): one prefetch per block at 2 KiB left b256 at 1.8x of the memory floor;
// every line at 4 KiB brings it to 1.2-1.3x, b127 to 1.0x (2-3 KiB and 6-8 KiB are 3-10%
// slower). Prefetches past the end of an array are harmless: they never fault.
template <class F, std::size_t W>
FF_INLINE void prefetch_block(const element<F>* p) {
  constexpr std::size_t line = 64, bytes = W * sizeof(element<F>);
  const char* ahead = reinterpret_cast<const char*>(p) + FF_PREFETCH_BYTES;
  for (std::size_t off = 0; off < bytes; off += line) __builtin_prefetch(ahead + off);
}

// Outputs at least this large (well past L2) are written with non-temporal stores: measured
// on Zen 5 at 2^20-2^22 elements, 0-15% faster than ordinary stores and never slower.
inline constexpr std::size_t stream_min_bytes = std::size_t(8) << 20;

// Fewer than A::lanes elements through one zero-padded block.
template <class F, class A, bool Binary, class Product, class Reduce>
FF_INLINE void padded_block(const element<F>* a, const element<F>* b, element<F>* out, std::size_t count,
                            Product product, Reduce reduce) {
  constexpr std::size_t W = A::lanes;
  std::array<element<F>, W> ta{}, tb{}, tr;
  std::memcpy(ta.data(), a, count * sizeof(element<F>));
  if constexpr (Binary) std::memcpy(tb.data(), b, count * sizeof(element<F>));
  ordinary_stores sink;
  reduce_and_store<F, A>(load_and_multiply<F, A, Binary, 1>(ta.data(), tb.data(), product), tr.data(), reduce, sink);
  std::memcpy(out, tr.data(), count * sizeof(element<F>));
}

// Blocks per loop step for multiplication: two on SIMD backends (see load_and_multiply),
// unless the field says two blocks of its product do not fit in the vector registers
// (`template <class A> static constexpr std::size_t mul_batch_blocks`): then the spills cost
// more than the overlap gains. Squaring, with no second operand, always takes two.
template <class F, class A>
consteval std::size_t mul_blocks_per_iteration() {
  if constexpr (A::lanes == 1) return 1;
  else if constexpr (requires { F::template mul_batch_blocks<A>; }) return F::template mul_batch_blocks<A>;
  else return 2;
}

// Software pipelining: the loop reduces and stores step j while it loads and multiplies step
// j + 1. Out-of-order cores then find the clmuls of one step next to the shifts of the other
// in their window; written in program order (load, multiply, reduce, store), the reduction's
// dependency chain filled the window and the next step's clmuls waited. It holds one more
// unreduced product in registers, so it pays only with 32 of them. Measured on Zen 5, 2^12
// in cache, ns/mul, program order vs pipelined:
//  - zmm: b127 0.51 -> 0.46, ghash128 0.59 -> 0.53, b163 1.53 -> 1.34, b191 1.22 -> 1.16,
//    sect193 1.40 -> 1.28, b256 1.81 -> 1.61, ghash2 2.11 -> 1.86 (these three with one
//    block per step: their mul_batch_blocks); squares 1-22% faster.
//  - ymm (16 registers): -6% to +6% by field; scalar pclmul: b127 2.9 -> 3.8. Both keep
//    program order.
template <class A>
consteval bool pipelines_batches() {
  if constexpr (requires { A::vector_registers; }) return A::vector_registers >= 32;
  else return false;
}

// Whole blocks from element i on, P blocks per step (pipelined where the policy pays for it),
// then at most one more block. In place (out == a) stays correct: step j + 1 reads only
// elements step j does not write. Prefetch: fetch every input line ahead (large arrays).
// sink: where the blocks go (see ordinary_stores). Returns where it stopped: fewer than
// A::lanes elements are left.
template <class F, class A, bool Binary, std::size_t P, bool Prefetch, class Product, class Reduce, class Sink>
FF_INLINE std::size_t whole_blocks(const element<F>* a, const element<F>* b, element<F>* out, std::size_t i,
                                   std::size_t n, Product product, Reduce reduce, Sink& sink) {
  constexpr std::size_t W = A::lanes, step = P * W;
  auto prefetch_step = [&](std::size_t j) FF_LAMBDA_INLINE {
    if constexpr (Prefetch) {
      prefetch_block<F, step>(a + j);
      if constexpr (Binary) prefetch_block<F, step>(b + j);
    }
  };
  auto load_step = [&](std::size_t j) FF_LAMBDA_INLINE {
    prefetch_step(j);
    return load_and_multiply<F, A, Binary, P>(a + j, b + j, product);
  };
  if constexpr (pipelines_batches<A>()) {
    if (i + step <= n) {
      auto pending = load_step(i);
      for (; i + 2 * step <= n; i += step) {
        prefetch_step(i + step);
        multiply_next_reduce_pending<F, A, Binary>(a + i + step, b + i + step, pending, out + i, product, reduce, sink);
      }
      reduce_and_store<F, A>(pending, out + i, reduce, sink);
      i += step;
    }
  } else {
    for (; i + step <= n; i += step) reduce_and_store<F, A>(load_step(i), out + i, reduce, sink);
  }
  if (P > 1 && i + W <= n) {
    reduce_and_store<F, A>(load_and_multiply<F, A, Binary, 1>(a + i, b + i, product), out + i, reduce, sink);
    i += W;
  }
  return i;
}

// Past stream_min_bytes the arrays stream from DRAM, and the best loop depends on how much
// arithmetic there is per byte. Every zmm loop stores non-temporally, one block in
// ordinary_store_period ordinarily (the sinks above); the blocks per step differ:
//  - light kernels (16-byte multiplications, squares of 16- and 24-byte elements): the
//    in-cache count, two;
//  - heavy ones (24- and 32-byte multiplications, squares of 32-byte elements): one. Our
//    reading: their arithmetic takes about as long as their memory traffic, and a short
//    iteration lets the core reach the next block's loads sooner.
// Measured on Zen 5 with ffbench --stream-shapes (std::vector buffers: 32-byte outputs take
// the realigned sink). Ratio to the memory floor at 2^20 / 2^21 / 2^22, medians of 8 runs
// (16- and 24-byte elements) or 5 (32-byte); this shape, then every block NT, then ordinary
// stores, each in this shape's block count:
//  - b127 mul 0.99 / 0.99 / 0.95, 1.07 / 1.04 / 1.03, 1.31 / 1.29 / 1.26;
//  - b163 mul 1.19 / 1.05 / 1.01, 1.39 / 1.30 / 1.28, 1.28 / 1.26 / 1.26;
//  - b191 mul 1.12 / 0.98 / 0.98, 1.19 / 1.21 / 1.21, 1.28 / 1.23 / 1.30;
//  - sect193 mul 0.96 / 0.99 / 1.00, 1.19 / 1.26 / 1.23, 1.26 / 1.18 / 1.14;
//  - b256 mul 1.15 / 0.97 / 0.87, 1.32 / 1.23 / 1.25, 1.32 / 1.21 / 1.02;
//  - ghash2 mul 1.15 / 1.10 / 0.97, 1.26 / 1.39 / 1.28, 1.24 / 1.22 / 1.15;
//  - b163 sqr 1.27 / 1.16 / 1.13, 1.40 / 1.40 / 1.33, 1.57 / 1.52 / 1.50;
//  - b256 sqr 1.25 / 1.20 / 0.88, 1.41 / 1.30 / 1.25, 1.46 / 1.51 / 1.27.
// Two blocks per step for the heavy ones: sect193 mul 1.03 / 1.13 / 1.09, ghash2 mul 1.56 /
// 1.29 / 1.31, ghash2 sqr 1.30 / 1.23 / 1.22 (one block: 1.32 / 0.93 / 0.89).
// Policies without store_batch_stream (ymm: its 32-byte NT stores were 5-30% slower for every
// field, multiply and square) keep ordinary stores.
// (ffbench --stream-shapes times every shape on the CPU at hand, to check this choice there.)
struct stream_shape {
  std::size_t blocks;            // blocks per loop step
  bool nt_stores;                // non-temporal stores (policies with store_batch_stream only)
  unsigned ordinary_period = 0;  // with nt_stores: one block in this many stored ordinarily (0: none)
};
template <class F, class A, bool Binary, std::size_t P>
consteval stream_shape streaming_shape() {
  constexpr bool has_nt = requires { A::stream_fence(); };
  constexpr bool heavy = (Binary && sizeof(element<F>) >= 24) || sizeof(element<F>) == 32;
  if constexpr (!has_nt) return {P, false};
  else return {heavy ? 1 : P, true, ordinary_store_period};
}

// The fewest leading elements (fewer than A::lanes, at most n) after which out lies `residue`
// bytes past a vector boundary; A::lanes if no such head exists.
template <class F, class A>
FF_INLINE std::size_t head_to_residue(const element<F>* out, std::size_t n, std::size_t residue) {
  std::size_t head = 0;
  while (head < A::lanes && head < n && reinterpret_cast<std::uintptr_t>(out + head) % sizeof(limbs_t<A>) != residue)
    ++head;
  return head;
}

// Outputs no head of whole elements aligns: 32-byte elements at 16 mod 64, which is where
// malloc puts large arrays. realigned_stream_stores writes them from the boundary 16 bytes
// before a block on: S = 6 qwords short of the next boundary.
inline constexpr std::size_t realigned_residue = 16;
template <class F, class A>
inline constexpr bool realigns_streams =
    sizeof(element<F>) == 32 && requires(u64* p, const std::array<limbs_t<A>, F::limbs>& r, limbs_t<A>& c) {
      A::template store_batch_realigned<F::limbs, (sizeof(limbs_t<A>) - realigned_residue) / 8, true>(p, r, c);
    };

// A::lanes elements at a time (1 for scalar backends, 4 or 8 for VPCLMULQDQ); a short tail
// goes through one zero-padded block. (No recursion: it would defeat always_inline.)
// P: blocks per iteration in cache. Stream (SIMD backends only): prefetch, in the given shape
// (streaming_shape's, unless a benchmark asks for another); non-temporal stores start after a
// head that aligns the output. Where no head does (realigns_streams), the first whole block
// takes ordinary stores and seeds the carried row; the last streamed row's tail is stored at
// the end. Other outputs that never align keep the prefetch and use ordinary stores; without
// the prefetch, b256 at 2^22 took 5.9 ns/mul instead of 3.1.
template <class F, class A, bool Binary, std::size_t P, bool Stream, stream_shape shape, class Product, class Reduce>
FF_INLINE void batch_loop(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n, Product product,
                          Reduce reduce) {
  constexpr std::size_t W = A::lanes;
  static_assert(shape.blocks >= 1, "a streaming step takes at least one block");
  static_assert(!shape.nt_stores || requires { A::stream_fence(); }, "this policy has no non-temporal stores");
  std::size_t i = 0;
  ordinary_stores ordinary;
  if constexpr (Stream && W > 1) {
    bool streamed = false;
    if constexpr (shape.nt_stores) {
      const std::size_t head = head_to_residue<F, A>(out, n, 0);
      if (head < W) {
        if (head > 0) padded_block<F, A, Binary>(a, b, out, head, product, reduce);
        stream_stores<shape.ordinary_period> sink;
        i = whole_blocks<F, A, Binary, shape.blocks, true>(a, b, out, head, n, product, reduce, sink);
        A::stream_fence();
        streamed = true;
      } else if constexpr (realigns_streams<F, A>) {
        using V = limbs_t<A>;
        const std::size_t lead = head_to_residue<F, A>(out, n, realigned_residue);
        if (lead < W && lead + W <= n) {
          if (lead > 0) padded_block<F, A, Binary>(a, b, out, lead, product, reduce);
          reduce_and_store<F, A>(load_and_multiply<F, A, Binary, 1>(a + lead, b + lead, product), out + lead, reduce,
                                 ordinary);
          realigned_stream_stores<A, (sizeof(V) - realigned_residue) / 8, shape.ordinary_period> sink;
          std::memcpy(&sink.carry, reinterpret_cast<const char*>(out + lead + W) - sizeof(V), sizeof(V));
          i = whole_blocks<F, A, Binary, shape.blocks, true>(a, b, out, lead + W, n, product, reduce, sink);
          A::stream_fence();
          std::memcpy(reinterpret_cast<char*>(out + i) - sizeof(V), &sink.carry, sizeof(V));
          streamed = true;
        }
      }
    }
    if (!streamed) i = whole_blocks<F, A, Binary, shape.blocks, true>(a, b, out, 0, n, product, reduce, ordinary);
  } else {
    i = whole_blocks<F, A, Binary, P, false>(a, b, out, 0, n, product, reduce, ordinary);
  }
  if constexpr (W > 1) {
    if (i < n) padded_block<F, A, Binary>(a + i, b + i, out + i, n - i, product, reduce);
  }
}

// Squaring, with no second operand, takes two blocks per step on SIMD backends.
template <class A>
consteval std::size_t sqr_blocks_per_iteration() {
  return A::lanes > 1 ? 2 : 1;
}

// Shape: the streaming loop's shape (Stream only); benchmarks pass others to compare.
template <class F, class A, bool Stream = false,
          stream_shape Shape = streaming_shape<F, A, true, mul_blocks_per_iteration<F, A>()>()>
FF_INLINE void mul_loop(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n) {
  using S = mul_stages<F, A>;
  using limbs = typename S::limbs;
  batch_loop<F, A, true, mul_blocks_per_iteration<F, A>(), Stream, Shape>(
      a, b, out, n, [](const limbs& x, const limbs& y) FF_LAMBDA_INLINE { return S::product(x, y); },
      [](const auto& p) FF_LAMBDA_INLINE { return S::reduce(p); });
}
template <class F, class A, bool Stream = false,
          stream_shape Shape = streaming_shape<F, A, false, sqr_blocks_per_iteration<A>()>()>
FF_INLINE void sqr_loop(const element<F>* a, element<F>* out, std::size_t n) {
  using S = mul_stages<F, A>;
  using limbs = typename S::limbs;
  // b is never read (Binary = false); a stands in so that no null pointer is offset.
  batch_loop<F, A, false, sqr_blocks_per_iteration<A>(), Stream, Shape>(
      a, a, out, n, [](const limbs& x, const limbs&) FF_LAMBDA_INLINE { return S::square(x); },
      [](const auto& p) FF_LAMBDA_INLINE { return S::reduce(p); });
}

}  // namespace ff::detail

export namespace ff::detail {

template <class F>
void mul_batch_portable(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n) {
  mul_loop<F, arith::portable>(a, b, out, n);
}
template <class F>
void sqr_batch_portable(const element<F>* a, element<F>* out, std::size_t n) {
  sqr_loop<F, arith::portable>(a, out, n);
}
#if defined(__x86_64__)
template <class F>
[[gnu::target(FF_TARGET_PCLMUL)]] void mul_batch_pclmul(const element<F>* a, const element<F>* b, element<F>* out,
                                                        std::size_t n) {
  mul_loop<F, arith::pclmul>(a, b, out, n);
}
template <class F>
[[gnu::target(FF_TARGET_PCLMUL)]] void sqr_batch_pclmul(const element<F>* a, element<F>* out, std::size_t n) {
  sqr_loop<F, arith::pclmul>(a, out, n);
}
template <class F>
[[gnu::target(FF_TARGET_VPCLMUL256)]] void mul_batch_vpclmul256(const element<F>* a, const element<F>* b,
                                                                element<F>* out, std::size_t n) {
  if (n * sizeof(element<F>) >= stream_min_bytes) mul_loop<F, arith::vpclmul256, true>(a, b, out, n);
  else mul_loop<F, arith::vpclmul256>(a, b, out, n);
}
template <class F>
[[gnu::target(FF_TARGET_VPCLMUL256)]] void sqr_batch_vpclmul256(const element<F>* a, element<F>* out, std::size_t n) {
  if (n * sizeof(element<F>) >= stream_min_bytes) sqr_loop<F, arith::vpclmul256, true>(a, out, n);
  else sqr_loop<F, arith::vpclmul256>(a, out, n);
}
template <class F>
[[gnu::target(FF_TARGET_VPCLMUL512)]] void mul_batch_vpclmul512(const element<F>* a, const element<F>* b,
                                                                element<F>* out, std::size_t n) {
  if (n * sizeof(element<F>) >= stream_min_bytes) mul_loop<F, arith::vpclmul512, true>(a, b, out, n);
  else mul_loop<F, arith::vpclmul512>(a, b, out, n);
}
template <class F>
[[gnu::target(FF_TARGET_VPCLMUL512)]] void sqr_batch_vpclmul512(const element<F>* a, element<F>* out, std::size_t n) {
  if (n * sizeof(element<F>) >= stream_min_bytes) sqr_loop<F, arith::vpclmul512, true>(a, out, n);
  else sqr_loop<F, arith::vpclmul512>(a, out, n);
}
#endif
#if defined(__aarch64__)
template <class F>
[[gnu::target(FF_TARGET_PMULL)]] void mul_batch_pmull(const element<F>* a, const element<F>* b, element<F>* out,
                                                      std::size_t n) {
  mul_loop<F, arith::pmull>(a, b, out, n);
}
template <class F>
[[gnu::target(FF_TARGET_PMULL)]] void sqr_batch_pmull(const element<F>* a, element<F>* out, std::size_t n) {
  sqr_loop<F, arith::pmull>(a, out, n);
}
#endif

// out may be exactly an input (in place), never a shifted view of one.
template <class F>
void check_batch(const char* what, std::size_t na, std::size_t nb, std::size_t nout, const element<F>* a,
                 const element<F>* b, const element<F>* out) {
  if (na != nout || nb != nout)
    throw error(std::string(what) + ": spans differ in length (" + std::to_string(na) + ", " + std::to_string(nb) +
                ", out " + std::to_string(nout) + ")");
  for (const element<F>* in : {a, b}) {
    if (!in || in == out || nout == 0) continue;
    if (in < out + nout && out < in + nout)
      throw error(std::string(what) + ": out partially overlaps an input (only out == input is allowed)");
  }
}

}  // namespace ff::detail

export namespace ff {

// out[i] = a[i] * b[i] with an explicit backend (refused when this CPU lacks it).
template <binary_field F>
void mul(backend be, std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::mul", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  if (!cpu_has(be)) throw error("ff::mul: " + missing_backend_message(be));
  const std::size_t n = out.size();
  switch (be) {
#if defined(__x86_64__)
    case backend::pclmul: return detail::mul_batch_pclmul<F>(a.data(), b.data(), out.data(), n);
    case backend::vpclmul256: return detail::mul_batch_vpclmul256<F>(a.data(), b.data(), out.data(), n);
    case backend::vpclmul512: return detail::mul_batch_vpclmul512<F>(a.data(), b.data(), out.data(), n);
#endif
#if defined(__aarch64__)
    case backend::pmull: return detail::mul_batch_pmull<F>(a.data(), b.data(), out.data(), n);
#endif
    default: return detail::mul_batch_portable<F>(a.data(), b.data(), out.data(), n);
  }
}

// out[i] = a[i]^2 with an explicit backend.
template <binary_field F>
void square(backend be, std::span<const element<F>> a, std::span<element<F>> out) {
  detail::check_batch<F>("ff::square", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  if (!cpu_has(be)) throw error("ff::square: " + missing_backend_message(be));
  const std::size_t n = out.size();
  switch (be) {
#if defined(__x86_64__)
    case backend::pclmul: return detail::sqr_batch_pclmul<F>(a.data(), out.data(), n);
    case backend::vpclmul256: return detail::sqr_batch_vpclmul256<F>(a.data(), out.data(), n);
    case backend::vpclmul512: return detail::sqr_batch_vpclmul512<F>(a.data(), out.data(), n);
#endif
#if defined(__aarch64__)
    case backend::pmull: return detail::sqr_batch_pmull<F>(a.data(), out.data(), n);
#endif
    default: return detail::sqr_batch_portable<F>(a.data(), out.data(), n);
  }
}

// The same with the backend ff.cpu chose (FF_BACKEND or the fastest available).
template <binary_field F>
void mul(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  mul<F>(batch_backend(), a, b, out);
}
template <binary_field F>
void square(std::span<const element<F>> a, std::span<element<F>> out) {
  square<F>(batch_backend(), a, out);
}
template <binary_field F>
void mul(const std::vector<element<F>>& a, const std::vector<element<F>>& b, std::vector<element<F>>& out) {
  mul<F>(std::span<const element<F>>(a), std::span<const element<F>>(b), std::span<element<F>>(out));
}
template <binary_field F>
void square(const std::vector<element<F>>& a, std::vector<element<F>>& out) {
  square<F>(std::span<const element<F>>(a), std::span<element<F>>(out));
}

}  // namespace ff
