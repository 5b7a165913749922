// ff.binary.arithmetic: a binary field's arithmetic under one backend policy A, as the
// ff::arithmetic contract states it: what the binary curves are written over. On a batch
// policy a value holds A::lanes independent elements, one per lane, and a mask is one limb
// value (all ones or zero in each lane), so the same curve code runs A::lanes scalar
// multiplications at once.
module;
#include <array>
#include <concepts>
#include <cstddef>
#include "fieldlab/macros.h"
export module ff.binary.arithmetic;
import ff.core.element;
import ff.core.secret;
import ff.core.lanes;
import ff.core.arithmetic;
import ff.binary.policies;
import ff.binary.field;
import ff.binary.ops;

export namespace ff::binary {

template <binary_family F, class A>
struct arithmetic {
  using field = F;
  using policy = A;
  using limb = limb_t<A>;
  using value = std::array<limb, F::limbs>;
  using mask = limb;
  // No lazy reduction in characteristic 2 (a product's reduction is a few shifts).
  static constexpr bool lazy = false;
  // Where the policy's products are large (the portable carry-less product), this arithmetic
  // already calls them out of line (below): the levels above inline their calls.
  static constexpr bool outline_products = false;

  // The same constant in every lane.
  FF_INLINE static value broadcast(const std::array<u64, F::limbs>& c) {
    value r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = limb{} ^ c[i];
    return r;
  }
  FF_INLINE static value zero() { return value{}; }
  FF_INLINE static value one() { return broadcast(F::one().limb); }
  FF_INLINE static value add(const value& a, const value& b) {
    value r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = a[i] ^ b[i];
    return r;
  }
  FF_INLINE static value sub(const value& a, const value& b) { return add(a, b); }
  FF_INLINE static value neg(const value& a) { return a; }

  struct mul_op {
    FF_INLINE value operator()(const value& a, const value& b) const { return F::template mul<A>(a, b); }
  };
  struct square_op {
    FF_INLINE value operator()(const value& a) const { return F::template square<A>(a); }
  };
  struct inverse_op {
    FF_INLINE value operator()(const value& a) const { return inverse_kernel<F, A>(a); }
  };
  FF_INLINE static value mul(const value& a, const value& b) {
    if constexpr (A::outline_products) return A::template outlined<mul_op>(a, b);
    else return mul_op{}(a, b);
  }
  FF_INLINE static value square(const value& a) {
    if constexpr (A::outline_products) return A::template outlined<square_op>(a);
    else return square_op{}(a);
  }
  // a^-1 by Itoh-Tsujii (0 for 0).
  FF_INLINE static value inverse(const value& a) {
    if constexpr (A::outline_products) return A::template outlined<inverse_op>(a);
    else return inverse_op{}(a);
  }
  // K a for an integer K: a for odd K, zero for even (characteristic 2).
  template <auto K>
  FF_INLINE static value mul_constant(const value& a) {
    static_assert(std::integral<decltype(K)>, "a constant of a binary field's arithmetic is an integer");
    if constexpr (K % 2 == 0) return zero();
    else return a;
  }

  // All ones in the lanes where a = b.
  FF_INLINE static mask equal_mask(const value& a, const value& b) {
    limb diff{};
    for (std::size_t i = 0; i < F::limbs; ++i) diff |= a[i] ^ b[i];
    if constexpr (A::lanes == 1) return value_barrier(((diff | (0 - diff)) >> 63) - 1);
    else return limb(diff == limb{});
  }
  // a in the lanes where m is all ones, b where it is zero.
  FF_INLINE static value select(const mask& m, const value& a, const value& b) {
    value r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = (a[i] & m) | (b[i] & ~m);
    return r;
  }
  // Swaps a and b in the lanes where m is all ones.
  FF_INLINE static void swap(const mask& m, value& a, value& b) {
    for (std::size_t i = 0; i < F::limbs; ++i) {
      const limb t = (a[i] ^ b[i]) & m;
      a[i] ^= t;
      b[i] ^= t;
    }
  }
  // All ones or zero per lane from a bit 0 or 1 per lane (an out-parameter: a vector return
  // value would change the ABI outside the target). On one lane the barrier keeps the compiler
  // from turning the mask back into a branch; lanes are selected by vector logic anyway.
  FF_INLINE static void lane_mask(const limb& bit, mask& m) {
    m = limb{} - bit;
    if constexpr (A::lanes == 1) m = value_barrier(m);
  }
};

}  // namespace ff::binary
