// ff.algo.batch: multiply or square whole arrays of any field. The backend is chosen once per
// call (ff::dispatch); the loop below, written once over the field and the backend policy,
// runs under that backend's target, so the field's product and reduction inline into it: no
// call, no function pointer, no run-time polynomial per element.
//
// docs/batch.md explains the loop (blocks, software pipelining, streaming); the measurements
// behind each choice are in docs/performance/decisions.md.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
export module ff.algo.batch;
import ff.core.element;
import ff.core.cpu;
import ff.core.lanes;
import ff.core.dispatch;
import ff.core.field;
import ff.algo.tuning;

export namespace ff {

// A field's multiplication in two stages, the unreduced product and its reduction, over
// policy A: the batch loop reduces one block while it multiplies the next.
template <class F, class A>
concept staged_kernels = requires(const std::array<limb_t<A>, F::limbs>& x) {
  F::template mul_product<A>(x, x);
  F::template square_product<A>(x);
  { F::template reduce_product<A>(F::template mul_product<A>(x, x)) } -> std::same_as<std::array<limb_t<A>, F::limbs>>;
  { F::template reduce_product<A>(F::template square_product<A>(x)) } -> std::same_as<std::array<limb_t<A>, F::limbs>>;
};

}  // namespace ff

namespace ff::detail {

// Operands: whether the operation reads a second array (multiply) or not (square).
enum class operands { one, two };

template <class F, class A, std::size_t Blocks>
using loaded_blocks = std::array<std::array<limb_t<A>, F::limbs>, Blocks>;

// Stage 1 for Blocks x A::lanes elements: load in the batch layout, all loads and transposes
// before the first product (the next block's shuffles then overlap this block's products).
template <class F, class A, operands Ops, std::size_t Blocks>
FF_INLINE void load_blocks(const element<F>* a, const element<F>* b, loaded_blocks<F, A, Blocks>& x,
                           loaded_blocks<F, A, Blocks>& y) {
  constexpr std::size_t N = F::limbs, W = A::lanes;
  for (std::size_t k = 0; k < Blocks; ++k) {
    A::template load_batch<N>(a[k * W].limb.data(), x[k]);
    if constexpr (Ops == operands::two) A::template load_batch<N>(b[k * W].limb.data(), y[k]);
  }
}
template <class F, class A, operands Ops, std::size_t Blocks, class Product>
FF_INLINE auto load_and_multiply(const element<F>* a, const element<F>* b, Product product) {
  loaded_blocks<F, A, Blocks> x, y;
  load_blocks<F, A, Ops, Blocks>(a, b, x, y);
  std::array<decltype(product(x[0], y[0])), Blocks> p;
  for (std::size_t k = 0; k < Blocks; ++k) p[k] = product(x[k], y[k]);
  return p;
}

// Where stage 2 puts a block of reduced limbs (sink.template store<A>(p, limbs)):
//  - ordinary_stores;
//  - stream_stores: non-temporal stores (no read-for-ownership of the output) to a
//    destination aligned to a vector;
//  - realigned_stream_stores<A, S>: non-temporal stores to a destination S qwords short of a
//    vector boundary (32-byte elements at 16 mod 64, where malloc puts large arrays): each
//    aligned line joins the tail of one row and the head of the next, so the last row of a
//    block is carried into the next block (see batch_loop for the first and last rows).
// The streaming sinks store one block in Period ordinarily (0: none): tuning::ordinary_store_period.
struct ordinary_stores {
  template <class A, std::size_t N>
  FF_INLINE void store(u64* p, const std::array<limb_t<A>, N>& r) {
    A::template store_batch<N>(p, r);
  }
};
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
  FF_INLINE void store(u64* p, const std::array<limb_t<A>, N>& r) {
    if (turns.next()) A::template store_batch<N>(p, r);
    else A::template store_batch_stream<N>(p, r);
  }
};
template <class A, unsigned S, unsigned Period>
struct realigned_stream_stores {
  limb_t<A> carry;
  ordinary_turns<Period> turns;
  template <class, std::size_t N>
  FF_INLINE void store(u64* p, const std::array<limb_t<A>, N>& r) {
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

// The pipelined step: the next step's loads and transposes first, then block by block its
// product next to the reduction and store of the pending step's block, which it replaces.
template <class F, class A, operands Ops, std::size_t Blocks, class Pending, class Product, class Reduce, class Sink>
FF_INLINE void multiply_next_reduce_pending(const element<F>* a, const element<F>* b, std::array<Pending, Blocks>& pending,
                                            element<F>* out, Product product, Reduce reduce, Sink& sink) {
  loaded_blocks<F, A, Blocks> x, y;
  load_blocks<F, A, Ops, Blocks>(a, b, x, y);
  for (std::size_t k = 0; k < Blocks; ++k) {
    const Pending next = product(x[k], y[k]);
    reduce_and_store_block<F, A>(pending[k], out + k * A::lanes, reduce, sink);
    pending[k] = next;
  }
}

// Streaming from DRAM, the hardware prefetcher alone keeps too few misses in flight while the
// core computes: every input line is prefetched tuning::prefetch_bytes ahead (past the end of
// an array is harmless: prefetches never fault).
template <class F, std::size_t W>
FF_INLINE void prefetch_block(const element<F>* p) {
  constexpr std::size_t line = 64, bytes = W * sizeof(element<F>);
  const char* ahead = reinterpret_cast<const char*>(p) + tuning::prefetch_bytes;
  for (std::size_t off = 0; off < bytes; off += line) __builtin_prefetch(ahead + off);
}

// Fewer than A::lanes elements through one zero-padded block.
template <class F, class A, operands Ops, class Product, class Reduce>
FF_INLINE void padded_block(const element<F>* a, const element<F>* b, element<F>* out, std::size_t count,
                            Product product, Reduce reduce) {
  constexpr std::size_t W = A::lanes;
  std::array<element<F>, W> ta{}, tb{}, tr;
  std::memcpy(ta.data(), a, count * sizeof(element<F>));
  if constexpr (Ops == operands::two) std::memcpy(tb.data(), b, count * sizeof(element<F>));
  ordinary_stores sink;
  reduce_and_store<F, A>(load_and_multiply<F, A, Ops, 1>(ta.data(), tb.data(), product), tr.data(), reduce, sink);
  std::memcpy(out, tr.data(), count * sizeof(element<F>));
}

// Blocks per loop step in cache: one on scalar backends; on vector backends the field's
// tuning for multiplication (two, unless two blocks of its product do not fit in the
// registers) and two for squaring (no second operand).
template <class F, class A, operands Ops>
consteval std::size_t blocks_per_step() {
  if constexpr (A::lanes == 1) return 1;
  else if constexpr (Ops == operands::two) return F::tuning.mul_blocks_per_step;
  else return 2;
}

// Software pipelining (reduce step j while multiplying step j + 1) holds one more unreduced
// product in registers, so it pays only with 32 of them.
template <class A>
consteval bool pipelines_batches() {
  return A::vector_registers >= 32;
}

// Whole blocks from element i on, P blocks per step (pipelined where the policy pays for it),
// then at most one more block. In place (out == a) stays correct: step j + 1 reads only
// elements step j does not write. Prefetch: fetch every input line ahead (large arrays).
// Returns where it stopped: fewer than A::lanes elements are left.
template <class F, class A, operands Ops, std::size_t P, bool Prefetch, class Product, class Reduce, class Sink>
FF_INLINE std::size_t whole_blocks(const element<F>* a, const element<F>* b, element<F>* out, std::size_t i,
                                   std::size_t n, Product product, Reduce reduce, Sink& sink) {
  constexpr std::size_t W = A::lanes, step = P * W;
  auto prefetch_step = [&](std::size_t j) FF_LAMBDA_INLINE {
    if constexpr (Prefetch) {
      prefetch_block<F, step>(a + j);
      if constexpr (Ops == operands::two) prefetch_block<F, step>(b + j);
    }
  };
  auto load_step = [&](std::size_t j) FF_LAMBDA_INLINE {
    prefetch_step(j);
    return load_and_multiply<F, A, Ops, P>(a + j, b + j, product);
  };
  if constexpr (pipelines_batches<A>()) {
    if (i + step <= n) {
      auto pending = load_step(i);
      for (; i + 2 * step <= n; i += step) {
        prefetch_step(i + step);
        multiply_next_reduce_pending<F, A, Ops>(a + i + step, b + i + step, pending, out + i, product, reduce, sink);
      }
      reduce_and_store<F, A>(pending, out + i, reduce, sink);
      i += step;
    }
  } else {
    for (; i + step <= n; i += step) reduce_and_store<F, A>(load_step(i), out + i, reduce, sink);
  }
  if (P > 1 && i + W <= n) {
    reduce_and_store<F, A>(load_and_multiply<F, A, Ops, 1>(a + i, b + i, product), out + i, reduce, sink);
    i += W;
  }
  return i;
}

// The streaming loop's shape: blocks per step, and whether it stores non-temporally (with one
// ordinary block in tuning::ordinary_store_period). Light kernels (16-byte multiplications,
// squares below 32 bytes) keep the in-cache block count; heavy ones (24- and 32-byte
// multiplications, 32-byte squares) take one block per step.
struct stream_shape {
  std::size_t blocks;
  bool nt_stores;
  unsigned ordinary_period = 0;
};
template <class F, class A, operands Ops, std::size_t P>
consteval stream_shape streaming_shape() {
  constexpr bool heavy = (Ops == operands::two && sizeof(element<F>) >= 24) || sizeof(element<F>) == 32;
  if constexpr (!A::nontemporal_stores) return {P, false};
  else return {heavy ? 1 : P, true, tuning::ordinary_store_period};
}

// The fewest leading elements (fewer than A::lanes, at most n) after which out lies `residue`
// bytes past a vector boundary; A::lanes if no such head exists.
template <class F, class A>
FF_INLINE std::size_t head_to_residue(const element<F>* out, std::size_t n, std::size_t residue) {
  std::size_t head = 0;
  while (head < A::lanes && head < n && reinterpret_cast<std::uintptr_t>(out + head) % sizeof(limb_t<A>) != residue)
    ++head;
  return head;
}

// Outputs no head of whole elements aligns: 32-byte elements at 16 mod 64. The realigned sink
// writes them from the boundary 16 bytes before a block on: S = 6 qwords short of the next.
inline constexpr std::size_t realigned_residue = 16;
template <class F, class A>
inline constexpr bool realigns_streams = sizeof(element<F>) == 32 && A::realigned_stores;

// A::lanes elements at a time (1 for scalar backends); a short tail goes through one
// zero-padded block. Stream (vector backends only): prefetch, in the streaming shape;
// non-temporal stores start after a head that aligns the output. Where no head does
// (realigns_streams), the first whole block takes ordinary stores and seeds the carried row;
// the last streamed row's tail is stored at the end. Other outputs that never align keep the
// prefetch and use ordinary stores.
template <class F, class A, operands Ops, bool Stream, class Product, class Reduce>
FF_INLINE void batch_loop(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n, Product product,
                          Reduce reduce) {
  constexpr std::size_t W = A::lanes, P = blocks_per_step<F, A, Ops>();
  constexpr stream_shape shape = streaming_shape<F, A, Ops, P>();
  std::size_t i = 0;
  ordinary_stores ordinary;
  if constexpr (Stream && W > 1) {
    bool streamed = false;
    if constexpr (shape.nt_stores) {
      const std::size_t head = head_to_residue<F, A>(out, n, 0);
      if (head < W) {
        if (head > 0) padded_block<F, A, Ops>(a, b, out, head, product, reduce);
        stream_stores<shape.ordinary_period> sink;
        i = whole_blocks<F, A, Ops, shape.blocks, true>(a, b, out, head, n, product, reduce, sink);
        A::stream_fence();
        streamed = true;
      } else if constexpr (realigns_streams<F, A>) {
        using V = limb_t<A>;
        const std::size_t lead = head_to_residue<F, A>(out, n, realigned_residue);
        if (lead < W && lead + W <= n) {
          if (lead > 0) padded_block<F, A, Ops>(a, b, out, lead, product, reduce);
          reduce_and_store<F, A>(load_and_multiply<F, A, Ops, 1>(a + lead, b + lead, product), out + lead, reduce,
                                 ordinary);
          realigned_stream_stores<A, (sizeof(V) - realigned_residue) / 8, shape.ordinary_period> sink;
          std::memcpy(&sink.carry, reinterpret_cast<const char*>(out + lead + W) - sizeof(V), sizeof(V));
          i = whole_blocks<F, A, Ops, shape.blocks, true>(a, b, out, lead + W, n, product, reduce, sink);
          A::stream_fence();
          std::memcpy(reinterpret_cast<char*>(out + i) - sizeof(V), &sink.carry, sizeof(V));
          streamed = true;
        }
      }
    }
    if (!streamed) i = whole_blocks<F, A, Ops, shape.blocks, true>(a, b, out, 0, n, product, reduce, ordinary);
  } else {
    i = whole_blocks<F, A, Ops, P, false>(a, b, out, 0, n, product, reduce, ordinary);
  }
  if constexpr (W > 1) {
    if (i < n) padded_block<F, A, Ops>(a + i, b + i, out + i, n - i, product, reduce);
  }
}

// The whole batch under policy A: the streaming loop for outputs past tuning::stream_min_bytes
// on vector backends, the in-cache loop otherwise.
template <class F, class A, operands Ops>
FF_INLINE void run_batch(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n) {
  static_assert(lane_policy<A>);
  static_assert(staged_kernels<F, A>, "batch kernels need the field's two-stage multiplication");
  using limbs = std::array<limb_t<A>, F::limbs>;
  auto product = [](const limbs& x, const limbs& y) FF_LAMBDA_INLINE {
    if constexpr (Ops == operands::two) return F::template mul_product<A>(x, y);
    else return F::template square_product<A>(x);
  };
  auto reduce = [](const auto& p) FF_LAMBDA_INLINE { return F::template reduce_product<A>(p); };
  if constexpr (A::lanes > 1) {
    if (n * sizeof(element<F>) >= tuning::stream_min_bytes) return batch_loop<F, A, Ops, true>(a, b, out, n, product, reduce);
  }
  batch_loop<F, A, Ops, false>(a, b, out, n, product, reduce);
}

// The batch as ff::dispatch runs it: a named kernel (profiles and disassembly then name the
// field and the operation), its operands by value.
template <class F, operands Ops>
struct batch_kernel {
  const element<F>* a;
  const element<F>* b;
  element<F>* out;
  std::size_t n;
  template <class A>
  FF_INLINE void operator()() const {
    run_batch<F, A, Ops>(a, b, out, n);
  }
};

}  // namespace ff::detail

export namespace ff {

// A field whose batches run the staged kernels above over its batch policies (a family
// without them, such as the prime fields until their vector backend, brings its own loop).
template <class F>
concept batched_field = field<F> && requires { typename F::batch_policies; };

// out[i] = a[i] * b[i] with an explicit backend (refused when this CPU lacks it).
template <batched_field F>
void mul(backend be, std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::mul", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  dispatch<typename F::batch_policies>(be, detail::batch_kernel<F, detail::operands::two>{a.data(), b.data(), out.data(), out.size()});
}

// out[i] = a[i]^2 with an explicit backend.
template <batched_field F>
void square(backend be, std::span<const element<F>> a, std::span<element<F>> out) {
  detail::check_batch<F>("ff::square", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  // b is never read (operands::one); a stands in so that no null pointer is offset.
  dispatch<typename F::batch_policies>(be, detail::batch_kernel<F, detail::operands::one>{a.data(), a.data(), out.data(), out.size()});
}

// The same with the family's batch backend (FF_BACKEND or the fastest available).
template <batched_field F>
void mul(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  mul<F>(batch_backend(F::family), a, b, out);
}
template <batched_field F>
void square(std::span<const element<F>> a, std::span<element<F>> out) {
  square<F>(batch_backend(F::family), a, out);
}
template <batched_field F>
void mul(const std::vector<element<F>>& a, const std::vector<element<F>>& b, std::vector<element<F>>& out) {
  mul<F>(std::span<const element<F>>(a), std::span<const element<F>>(b), std::span<element<F>>(out));
}
template <batched_field F>
void square(const std::vector<element<F>>& a, std::vector<element<F>>& out) {
  square<F>(std::span<const element<F>>(a), std::span<element<F>>(out));
}

}  // namespace ff
