// ff.binary.policies: the backends of the binary family. A policy says what a limb is and how to
// multiply two limbs without carries; the products (ff.binary.products) and every field's
// reduction are written once over it, so the same source runs on one element (limb = u64:
// portable, PCLMULQDQ, PMULL) or on 4 or 8 at a time (limb = a vector of u64, one element per
// lane: VPCLMULQDQ on ymm / zmm).
//
// Beyond its storage (ff::lane_policy, ff.core.lanes) a binary policy declares what
// clmul_policy below lists: the carry-less product of two limbs, the product shape, and its
// capabilities.
// Policies carry no target attribute: ff::dispatch compiles the kernel that inlines them for
// the backend's instruction set, and the few instructions the vector extensions cannot express
// come from ff.core.simd. Vectors go by reference: a by-value vector argument in a function
// without the vector ISA would change the ABI.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <functional>
#include "fieldlab/macros.h"
export module ff.binary.policies;
import ff.core.element;
import ff.core.cpu;
import ff.core.simd;
import ff.core.lanes;
import ff.core.dispatch;

export namespace ff::binary {

// 64x64 -> 128 carry-less product in plain C++, constant time (no table indexed by the data):
// integer products of the bits of a and b kept four apart, after BearSSL's ghash_ctmul64.
// A product of a class of 15 bits of a and a class of b adds at most 15 ones into one
// position, so carries stay in the three zero bits above it and each position's low bit is
// the XOR. a's top four bits (a 16th bit per class) are added with masks.
FF_INLINE constexpr void clmul64_portable(u64 a, u64 b, u64& lo, u64& hi) {
  constexpr u64 m[4] = {0x1111111111111111u, 0x2222222222222222u, 0x4444444444444444u, 0x8888888888888888u};
  const u64 a60 = a & (~u64{0} >> 4);
  u128 r = 0;
  for (unsigned k = 0; k < 4; ++k) {  // the result's bits k mod 4: classes i of a, k - i of b
    u128 z = 0;
    for (unsigned i = 0; i < 4; ++i) z ^= u128(a60 & m[i]) * (b & m[(k - i) & 3]);
    r |= z & ((u128(m[k]) << 64) | m[k]);
  }
  u64 l = u64(r), h = u64(r >> 64);
  for (unsigned j = 60; j < 64; ++j) {
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

enum class product_shape { karatsuba, schoolbook };

// What the products (ff.binary.products) need: a limb type and its carry-less product.
template <class A>
concept clmul_arithmetic = requires(const limb_t<A>& a, limb_t<A>& lo, limb_t<A>& hi) {
  A::clmul(a, a, lo, hi);
  A::square(a, lo, hi);
  { A::product } -> std::convertible_to<product_shape>;
};

// Beyond clmul_arithmetic, a binary backend policy declares:
//   funnel_shifts     whether (hi << k) | (lo >> (64 - k)) is one instruction (the fields'
//                     reductions then use ff::sparse_reduction);
//   xmm_blocks        whether single elements of three limbs or more are multiplied in xmm
//                     blocks (ff.binary.xmm) rather than in general registers;
//   outline_products  whether code above calls the products out of line (outlined<Op>), as
//                     ff::binary::arithmetic does for the portable carry-less product.
template <class A>
concept clmul_policy =
    lane_policy<A> && clmul_arithmetic<A> && requires {
      { A::funnel_shifts } -> std::convertible_to<bool>;
      { A::xmm_blocks } -> std::convertible_to<bool>;
      { A::outline_products } -> std::convertible_to<bool>;
    } && (!A::outline_products || requires(const u64& a) { A::template outlined<std::negate<>>(a); });

struct portable : scalar_lanes {
  static constexpr backend id = backend::portable;
  using scalar_policy = portable;
  static constexpr product_shape product = product_shape::karatsuba;
  static constexpr bool funnel_shifts = false, xmm_blocks = false;
  // The software carry-less product is large: inlined into every curve formula it made single
  // functions of a megabyte (K-571's tau-adic multiplication) and the curve units' compile
  // minutes longer, for a call that costs well under 1% of the product it calls.
  static constexpr bool outline_products = true;
  template <class Op, class... Args>
  [[gnu::noinline]] static auto outlined(const Args&... args) {
    return Op{}(args...);
  }
  FF_INLINE static constexpr void clmul(const u64& a, const u64& b, u64& lo, u64& hi) { clmul64_portable(a, b, lo, hi); }
  FF_INLINE static constexpr void square(const u64& a, u64& lo, u64& hi) {
    lo = spread_bits32(a);
    hi = spread_bits32(a >> 32);
  }
};
static_assert(clmul_policy<portable>);

// One 64 x 64 product per instruction, from and to general registers (PCLMULQDQ, PMULL);
// XmmBlocks: single elements of three limbs or more held in xmm blocks.
template <backend Id, product_shape Shape, bool XmmBlocks>
struct scalar_clmul : scalar_lanes {
  static constexpr backend id = Id;
  using scalar_policy = scalar_clmul;
  static constexpr product_shape product = Shape;
  static constexpr bool funnel_shifts = false, xmm_blocks = XmmBlocks, outline_products = false;
  FF_INLINE static void clmul(const u64& a, const u64& b, u64& lo, u64& hi) { simd::clmul(a, b, lo, hi); }
  FF_INLINE static void square(const u64& a, u64& lo, u64& hi) { simd::clmul(a, a, lo, hi); }
};

#if defined(__x86_64__)
// One element at a time every Karatsuba XOR is a round trip between general and xmm registers:
// schoolbook's extra clmul is cheaper (docs/performance/decisions.md). Fields of three limbs or
// more multiply one element in xmm blocks instead (ff.binary.xmm); the bulk loops use this.
using pclmul = scalar_clmul<backend::pclmul, product_shape::schoolbook, true>;
static_assert(clmul_policy<pclmul>);

// VPCLMULQDQ on W lanes of a vector V: it multiplies the even qwords (imm 0x00) and the odd
// qwords (imm 0x11) of each 128-bit lane; unpacking the two results puts the low and high
// halves of the W products back in lane order.
template <class V, std::size_t W>
struct vpclmul_lanes : vector_lanes<V, W> {
  static constexpr product_shape product = product_shape::karatsuba;
  FF_INLINE static void clmul(const V& a, const V& b, V& lo, V& hi) {
    V even, odd;
    simd::clmul_lanes<0x00>(a, b, even);
    simd::clmul_lanes<0x11>(a, b, odd);
    detail::unpack_lanes<W>(even, odd, lo, hi);
  }
  FF_INLINE static void square(const V& a, V& lo, V& hi) { clmul(a, a, lo, hi); }
};

struct vpclmul256 : vpclmul_lanes<v4u64, 4> {
  static constexpr backend id = backend::vpclmul256;
  using scalar_policy = pclmul;
  // Not pipelined: ymm0-15 do not hold one more step's products (the target has no AVX-512VL).
  static constexpr bool software_pipelining = false;
  static constexpr bool funnel_shifts = false, xmm_blocks = false, outline_products = false;
  // No non-temporal stores: 32-byte ones made the streaming loops slower (decisions.md).
  static constexpr bool nontemporal_stores = false, realigned_stores = false;
};
static_assert(clmul_policy<vpclmul256>);

struct vpclmul512 : vpclmul_lanes<v8u64, 8> {
  static constexpr backend id = backend::vpclmul512;
  using scalar_policy = pclmul;
  // Pipelined: zmm0-31 hold one more step's products (decisions.md, "Batch loop").
  static constexpr bool software_pipelining = true;
  static constexpr bool funnel_shifts = true;  // vpshldq (AVX512-VBMI2)
  static constexpr bool xmm_blocks = false, outline_products = false;
  static constexpr bool nontemporal_stores = true, realigned_stores = true;
  // The batch layout with non-temporal stores; p aligned to a vector.
  template <std::size_t N>
  FF_INLINE static void store_batch_stream(u64* p, const std::array<limb, N>& limbs) {
    std::array<limb, N> rows;
    detail::limbs_to_rows_batch<lanes, N>(limbs, rows);
    for (std::size_t r = 0; r < N; ++r) simd::stream_store(p + 8 * r, rows[r]);
  }
  // The same to a p that is S qwords short of a 64-byte boundary (0 < S < 8): each aligned
  // line takes the last 8 - S qwords of one row and the first S of the next (one valignq), so
  // the lines written run from the boundary below p to the one inside the last row. `carry`
  // is the row before p, whose tail the first line rewrites with the same values; on return it
  // is this block's last row, whose tail is not written yet (the next call, or the caller).
  // NonTemporal = false writes the same aligned lines with ordinary stores.
  template <std::size_t N, unsigned S, bool NonTemporal>
    requires(S > 0 && S < 8)
  FF_INLINE static void store_batch_realigned(u64* p, const std::array<limb, N>& limbs, limb& carry) {
    std::array<limb, N> rows;
    detail::limbs_to_rows_batch<lanes, N>(limbs, rows);
    u64* line = p + S - 8;
    limb previous = carry;
    for (std::size_t r = 0; r < N; ++r) {
      const limb joined = __builtin_shufflevector(previous, rows[r], S, S + 1, S + 2, S + 3, S + 4, S + 5, S + 6,
                                                  S + 7);  // valignq
      // The ordinary store is an unaligned memcpy on purpose: where a caller picks between the
      // two at run time, clang merged two otherwise identical aligned stores into one and
      // dropped the non-temporal hint (tests/codegen checks the binary for both).
      if constexpr (NonTemporal) simd::stream_store(line + 8 * r, joined);
      else std::memcpy(line + 8 * r, &joined, sizeof(joined));
      previous = rows[r];
    }
    carry = rows[N - 1];
  }
  FF_INLINE static void stream_fence() { simd::store_fence(); }
};
static_assert(clmul_policy<vpclmul512>);

using scalar_policies = policy_list<portable, pclmul>;
using batch_policies = policy_list<portable, pclmul, vpclmul256, vpclmul512>;

#elif defined(__aarch64__)
using pmull = scalar_clmul<backend::pmull, product_shape::karatsuba, false>;
static_assert(clmul_policy<pmull>);

using scalar_policies = policy_list<portable, pmull>;
using batch_policies = policy_list<portable, pmull>;
#else
using scalar_policies = policy_list<portable>;
using batch_policies = policy_list<portable>;
#endif

}  // namespace ff::binary
