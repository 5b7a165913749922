// ff.algo.batch: the one batch engine of both families: multiply, square, invert and raise to
// powers whole arrays of any field. The backend is chosen once per call (ff::dispatch); the
// loop below, written once over the field and the backend policy (a binary field's carry-less
// lanes, a prime field's adx or IFMA lanes alike), runs under that backend's target, so the
// field's product and reduction inline into it: no call, no function pointer, no run-time
// polynomial per element.
//
// docs/batch.md explains the loop (blocks, software pipelining, streaming); the measurements
// behind each choice are in docs/performance/decisions.md.
module;
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
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
import ff.core.secret;
import ff.core.arithmetic;
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
// The batch calls' operands (both families): equal lengths; out may be exactly an input (in
// place), never a shifted view of one.
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

// Operands: whether the operation reads a second array (multiply) or not (square).
enum class operands { one, two };

template <class F, class A, std::size_t Blocks>
using loaded_blocks = std::array<std::array<limb_t<A>, F::limbs>, Blocks>;

// Stage 1 for Blocks x A::lanes elements: load in the batch layout, all loads and transposes
// before the first product (the next block's shuffles then overlap this block's products).
// Every loop over a step's blocks is unrolled: left to itself clang keeps a loop over two
// large blocks rolled (bls12_381_fp's ifma product: 257 multiply-adds a block), and the
// blocks' wide products then pass through the stack instead of overlapping in registers.
template <class F, class A, operands Ops, std::size_t Blocks>
FF_INLINE void load_blocks(const element<F>* a, const element<F>* b, loaded_blocks<F, A, Blocks>& x,
                           loaded_blocks<F, A, Blocks>& y) {
  constexpr std::size_t N = F::limbs, W = A::lanes;
#pragma clang loop unroll(full)
  for (std::size_t k = 0; k < Blocks; ++k) {
    A::template load_batch<N>(a[k * W].limb.data(), x[k]);
    if constexpr (Ops == operands::two) A::template load_batch<N>(b[k * W].limb.data(), y[k]);
  }
}
template <class F, class A, operands Ops, std::size_t Blocks, class Product>
FF_INLINE auto load_and_multiply(const element<F>* a, const element<F>* b, Product product) {
  if constexpr (A::lanes == 1) {
    // One lane: the product reads the elements where they are. A copy into a local array (16-
    // byte stores) that the product then reads limb by limb (8-byte loads) stalls on store-
    // to-load forwarding: p521's adx batch took 82 ns an element instead of 58 (decisions.md).
    std::array<decltype(product(a[0].limb, a[0].limb)), Blocks> p;
#pragma clang loop unroll(full)
    for (std::size_t k = 0; k < Blocks; ++k) p[k] = product(a[k].limb, (Ops == operands::two ? b : a)[k].limb);
    return p;
  } else {
    loaded_blocks<F, A, Blocks> x, y;
    load_blocks<F, A, Ops, Blocks>(a, b, x, y);
    std::array<decltype(product(x[0], y[0])), Blocks> p;
#pragma clang loop unroll(full)
    for (std::size_t k = 0; k < Blocks; ++k) p[k] = product(x[k], y[k]);
    return p;
  }
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
#pragma clang loop unroll(full)
  for (std::size_t k = 0; k < Blocks; ++k) reduce_and_store_block<F, A>(p[k], out + k * A::lanes, reduce, sink);
}

// The pipelined step: the next step's loads and transposes first, then block by block its
// product next to the reduction and store of the pending step's block, which it replaces.
template <class F, class A, operands Ops, std::size_t Blocks, class Pending, class Product, class Reduce, class Sink>
FF_INLINE void multiply_next_reduce_pending(const element<F>* a, const element<F>* b, std::array<Pending, Blocks>& pending,
                                            element<F>* out, Product product, Reduce reduce, Sink& sink) {
  loaded_blocks<F, A, Blocks> x, y;
  load_blocks<F, A, Ops, Blocks>(a, b, x, y);
#pragma clang loop unroll(full)
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
// Blocks (nonzero): the caller's choice instead (an A/B of ffbench).
template <class F, class A, operands Ops, std::size_t Blocks = 0>
consteval std::size_t blocks_per_step() {
  if constexpr (Blocks != 0) return Blocks;
  else if constexpr (A::lanes == 1) return 1;
  else if constexpr (Ops == operands::two) return F::tuning.mul_blocks_per_step;
  else return 2;
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
  if constexpr (A::software_pipelining) {
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
template <class F, class A, operands Ops, bool Stream, std::size_t Blocks, class Product, class Reduce>
FF_INLINE void batch_loop(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n, Product product,
                          Reduce reduce) {
  constexpr std::size_t W = A::lanes, P = blocks_per_step<F, A, Ops, Blocks>();
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
// on vector backends, the in-cache loop otherwise (and always for InCache: batches the caller
// keeps small, which then do not compile the streaming loop).
template <class F, class A, operands Ops, std::size_t Blocks = 0, bool InCache = false>
FF_INLINE void run_batch(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n) {
  static_assert(lane_policy<A>);
  static_assert(staged_kernels<F, A>, "batch kernels need the field's two-stage multiplication");
  using limbs = std::array<limb_t<A>, F::limbs>;
  auto product = [](const limbs& x, const limbs& y) FF_LAMBDA_INLINE {
    if constexpr (Ops == operands::two) return F::template mul_product<A>(x, y);
    else return F::template square_product<A>(x);
  };
  auto reduce = [](const auto& p) FF_LAMBDA_INLINE { return F::template reduce_product<A>(p); };
  if constexpr (A::lanes > 1 && !InCache) {
    if (n * sizeof(element<F>) >= tuning::stream_min_bytes) return batch_loop<F, A, Ops, true, Blocks>(a, b, out, n, product, reduce);
  }
  batch_loop<F, A, Ops, false, Blocks>(a, b, out, n, product, reduce);
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

// The batch algorithms on top of the loop, under one policy A (inside one dispatch).

// A block of the batch products: A::lanes elements times the blocks of one in-cache step.
template <class F, class A>
inline constexpr std::size_t block_elements = A::lanes * blocks_per_step<F, A, operands::two>();

// Montgomery's trick over W interleaved columns (element i in column i mod W), so that each
// step is one batch product of W elements: prefix products down the columns, one inversion of
// the W column products (the same trick across them, with the scalar policy's products), then
// back up the columns. a is padded to whole rows with ones. Constant time in the values (not
// in which is zero: the caller refuses zeros first).
template <class F, class A>
FF_INLINE void batch_inverse(const element<F>* a, element<F>* out, std::size_t n) {
  using S = typename A::scalar_policy;
  constexpr std::size_t W = block_elements<F, A>;
  const std::size_t rows = (n + W - 1) / W;
  std::vector<element<F>> x(rows * W, F::one()), prefix(rows * W);
  std::copy_n(a, n, x.begin());
  std::copy_n(x.begin(), W, prefix.begin());
  for (std::size_t r = 1; r < rows; ++r) run_batch<F, A, operands::two, 0, true>(&prefix[(r - 1) * W], &x[r * W], &prefix[r * W], W);
  // inv[c] = (product of column c)^-1, by the scalar trick across the W columns
  auto scalar_mul = [](const element<F>& u, const element<F>& v) FF_LAMBDA_INLINE {
    return element<F>{F::template mul<S>(u.limb, v.limb)};
  };
  std::array<element<F>, W> inv, column_prefix;
  const element<F>* last = &prefix[(rows - 1) * W];
  column_prefix[0] = last[0];
  for (std::size_t c = 1; c < W; ++c) column_prefix[c] = scalar_mul(column_prefix[c - 1], last[c]);
  element<F> t = inverse(column_prefix[W - 1]);
  for (std::size_t c = W; c-- > 1;) {
    inv[c] = scalar_mul(t, column_prefix[c - 1]);
    t = scalar_mul(t, last[c]);
  }
  inv[0] = t;
  // up the columns: out row r = inv * prefix row r - 1, then inv *= x row r
  std::array<element<F>, W> row;
  for (std::size_t r = rows; r-- > 1;) {
    run_batch<F, A, operands::two, 0, true>(inv.data(), &prefix[(r - 1) * W], row.data(), W);
    run_batch<F, A, operands::two, 0, true>(inv.data(), &x[r * W], inv.data(), W);
    for (std::size_t c = 0; c < W && r * W + c < n; ++c) out[r * W + c] = row[c];
  }
  for (std::size_t c = 0; c < W && c < n; ++c) out[c] = inv[c];
}

// out[i] = a[i]^e[i] (PerElement: each exponent F::limbs limbs) or a[i]^e (one exponent),
// square and multiply over the batch in chunks that stay in L1: every bit squares and
// multiplies every element and keeps the product by a constant-time select, so neither the
// values nor the exponents leak.
template <class F, class A, bool PerElement>
FF_INLINE void batch_pow(const element<F>* a, std::span<const u64> e, const std::array<u64, F::limbs>* exponents,
                         element<F>* out, std::size_t n, std::size_t exponent_limbs) {
  constexpr std::size_t chunk = 256;
  std::array<element<F>, chunk> base, acc, t;
  for (std::size_t start = 0; start < n; start += chunk) {
    const std::size_t m = std::min(chunk, n - start);
    for (std::size_t i = 0; i < m; ++i) base[i] = a[start + i], acc[i] = F::one();
    for (std::size_t bit = 64 * exponent_limbs; bit-- > 0;) {
      run_batch<F, A, operands::one, 0, true>(acc.data(), acc.data(), acc.data(), m);
      run_batch<F, A, operands::two, 0, true>(acc.data(), base.data(), t.data(), m);
      if constexpr (PerElement) {
        for (std::size_t i = 0; i < m; ++i)
          acc[i] = select_words(0 - ((exponents[start + i][bit / 64] >> (bit % 64)) & 1), t[i], acc[i]);
      } else {
        const u64 set = 0 - ((e[bit / 64] >> (bit % 64)) & 1);
        for (std::size_t i = 0; i < m; ++i) acc[i] = select_words(set, t[i], acc[i]);
      }
    }
    std::copy_n(acc.begin(), m, out + start);
  }
}

}  // namespace ff::detail

export namespace ff {

// A field whose batches run the staged kernels above over its batch policies.
template <class F>
concept batched_field = field<F> && field_kernels<F>;

// The batch loop under the policy A, without a dispatch: for code that runs several batches
// inside its own dispatch (the batch inverse and powers below). out[i] = a[i] b[i], or a[i]^2
// for Square (b unread); out may be exactly a or b. Blocks: blocks per in-cache step instead of
// the field's tuning (ffbench measures the choice).
template <batched_field F, class A, bool Square = false, std::size_t Blocks = 0>
FF_INLINE void batch_products(const element<F>* a, const element<F>* b, element<F>* out, std::size_t n) {
  detail::run_batch<F, A, Square ? detail::operands::one : detail::operands::two, Blocks>(a, b, out, n);
}

// out[i] = a[i] * b[i] with an explicit backend (refused when this CPU lacks it; a batch-only
// backend the field has no kernels for runs its scalar sibling).
template <batched_field F>
void mul(backend be, std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::mul", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  dispatch_batch<typename F::batch_policies>(be, detail::batch_kernel<F, detail::operands::two>{a.data(), b.data(), out.data(), out.size()});
}

// out[i] = a[i]^2 with an explicit backend.
template <batched_field F>
void square(backend be, std::span<const element<F>> a, std::span<element<F>> out) {
  detail::check_batch<F>("ff::square", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  // b is never read (operands::one); a stands in so that no null pointer is offset.
  dispatch_batch<typename F::batch_policies>(be, detail::batch_kernel<F, detail::operands::one>{a.data(), a.data(), out.data(), out.size()});
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

// out[i] = a[i] + b[i], a[i] - b[i] (no product: no backend).
template <batched_field F>
void add(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::add", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = a[i] + b[i];
}
template <batched_field F>
void sub(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::sub", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = a[i] - b[i];
}

// out[i] = a[i]^-1 with one inversion (Montgomery's trick, its products batched). A zero
// anywhere is an ff::error naming its index, and nothing is written.
template <batched_field F>
void inverse(backend be, std::span<const element<F>> a, std::span<element<F>> out) {
  detail::check_batch<F>("ff::inverse", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  for (std::size_t i = 0; i < a.size(); ++i)
    if (declassify(a[i].is_zero()))
      throw error(std::string(F::name) + ": batch inverse: element " + std::to_string(i) + " is zero");
  if (a.empty()) return;
  dispatch_batch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE {
    detail::batch_inverse<F, A>(a.data(), out.data(), a.size());
  });
}
template <batched_field F>
void inverse(std::span<const element<F>> a, std::span<element<F>> out) {
  inverse<F>(batch_backend(F::family), a, out);
}

// out[i] = a[i]^e for one exponent e (little-endian limbs), constant time in a and e (its
// length is public).
template <batched_field F>
void pow(backend be, std::span<const element<F>> a, std::span<const u64> e, std::span<element<F>> out) {
  detail::check_batch<F>("ff::pow", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  dispatch_batch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE {
    detail::batch_pow<F, A, false>(a.data(), e, nullptr, out.data(), a.size(), e.size());
  });
}
template <batched_field F>
void pow(std::span<const element<F>> a, std::span<const u64> e, std::span<element<F>> out) {
  pow<F>(batch_backend(F::family), a, e, out);
}
// out[i] = a[i]^e[i], each exponent F::limbs little-endian limbs; constant time in a and e.
template <batched_field F>
void pow(backend be, std::span<const element<F>> a, std::span<const std::array<u64, F::limbs>> e,
         std::span<element<F>> out) {
  detail::check_batch<F>("ff::pow", a.size(), e.size(), out.size(), a.data(), nullptr, out.data());
  dispatch_batch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE {
    detail::batch_pow<F, A, true>(a.data(), {}, e.data(), out.data(), a.size(), F::limbs);
  });
}
template <batched_field F>
void pow(std::span<const element<F>> a, std::span<const std::array<u64, F::limbs>> e, std::span<element<F>> out) {
  pow<F>(batch_backend(F::family), a, e, out);
}

}  // namespace ff
