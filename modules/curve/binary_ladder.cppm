// ff.curve.binary_ladder: the x-only Montgomery ladder of Lopez and Dahab ("Fast
// multiplication on elliptic curves over GF(2^m) without precomputation", CHES 1999) on
// y^2 + xy = x^3 + a x^2 + b, on (X : Z) with x = X / Z, written once over a binary field's
// arithmetic (ff::binary::arithmetic; on a batch policy one ladder per lane). Per scalar bit:
// one differential addition (4M + 1S) and one doubling (1M + 3S, and one M by sqrt(b) when
// b != 1), the two points swapped by masks; the ladder runs over a fixed number of bits
// whatever the scalar: constant time in the scalar and in the point.
module;
#include <array>
#include <cstddef>
#include "fieldlab/macros.h"
export module ff.curve.binary_ladder;
import ff.core.element;
import ff.core.arithmetic;

export namespace ff::curve {

// (X0 : Z0) = k P and (X1 : Z1) = (k + 1) P.
template <class Ar>
struct ladder_state {
  typename Ar::value x0, z0, x1, z1;
};

// The low `bits` bits of k (limb j of each lane's scalar in k[j]; leading zeros keep R0 at the
// identity (1 : 0)) times the point with x-coordinate x != 0. sqrt_b = b^(2^(m-1)); BIsOne
// skips its product.
template <class Ar, bool BIsOne, std::size_t N>
FF_INLINE ladder_state<Ar> montgomery_ladder(const std::array<typename Ar::limb, N>& k, unsigned bits,
                                             const typename Ar::value& x, const typename Ar::value& sqrt_b) {
  static_assert(arithmetic<Ar>);
  using value = typename Ar::value;
  using limb = typename Ar::limb;
  ladder_state<Ar> s{Ar::one(), Ar::zero(), x, Ar::one()};
  limb previous{};
  for (unsigned i = bits; i-- > 0;) {
    const limb bit = (k[i / 64] >> (i % 64)) & 1;
    typename Ar::mask mask;
    Ar::lane_mask(bit ^ previous, mask);
    Ar::swap(mask, s.x0, s.x1);
    Ar::swap(mask, s.z0, s.z1);
    previous = bit;
    // R1 = R0 + R1 (their difference is P): Z = (X0 Z1 + X1 Z0)^2, X = x Z + X0 Z1 X1 Z0.
    const value t0 = Ar::mul(s.x0, s.z1), t1 = Ar::mul(s.x1, s.z0);
    s.z1 = Ar::square(Ar::add(t0, t1));
    s.x1 = Ar::add(Ar::mul(x, s.z1), Ar::mul(t0, t1));
    // R0 = 2 R0: Z = X^2 Z^2, X = X^4 + b Z^4 = (X^2 + sqrt(b) Z^2)^2.
    const value xx = Ar::square(s.x0), zz = Ar::square(s.z0);
    s.z0 = Ar::mul(xx, zz);
    if constexpr (BIsOne) s.x0 = Ar::square(Ar::add(xx, zz));
    else s.x0 = Ar::square(Ar::add(xx, Ar::mul(sqrt_b, zz)));
  }
  typename Ar::mask mask;
  Ar::lane_mask(previous, mask);
  Ar::swap(mask, s.x0, s.x1);
  Ar::swap(mask, s.z0, s.z1);
  return s;
}

// k P from the ladder's result (X0 : Z0) = k P, (X1 : Z1) = (k + 1) P for P = (x, y), with y
// recovered (Lopez-Dahab): x_k = X0 / Z0,
// y_k = (x_k + x) ((X0 + x Z0)(X1 + x Z1) + (x^2 + y) Z0 Z1) / (x Z0 Z1) + y; one inversion.
// (k + 1) P = O (k = n - 1) gives Z1 = 0: then k P = -P = (x, x + y), chosen by a mask.
template <class Ar>
FF_INLINE std::array<typename Ar::value, 2> recover_y(const ladder_state<Ar>& r, const typename Ar::value& x,
                                                      const typename Ar::value& y) {
  static_assert(arithmetic<Ar>);
  const auto z0z1 = Ar::mul(r.z0, r.z1);
  const auto inv = Ar::inverse(Ar::mul(x, z0z1));
  const auto xk = Ar::mul(Ar::mul(r.x0, Ar::mul(x, r.z1)), inv);
  const auto u = Ar::add(Ar::mul(Ar::add(r.x0, Ar::mul(x, r.z0)), Ar::add(r.x1, Ar::mul(x, r.z1))),
                         Ar::mul(Ar::add(Ar::square(x), y), z0z1));
  const auto yk = Ar::add(Ar::mul(Ar::mul(Ar::add(xk, x), u), inv), y);
  const auto at_minus_p = Ar::equal_mask(r.z1, Ar::zero());
  return {Ar::select(at_minus_p, x, xk), Ar::select(at_minus_p, Ar::add(x, y), yk)};
}

}  // namespace ff::curve
