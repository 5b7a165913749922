// ff.curve.glv: scalar multiplication with an endomorphism (Gallant, Lambert and Vanstone,
// "Faster point multiplication on elliptic curves with efficient endomorphisms", 2001), for a
// curve y^2 = x^3 + b over a field with a cube root of unity beta: phi(x, y) = (beta x, y) is
// [lambda] on the group of order r. k P = k1 P + k2 phi(P) with k = k1 + k2 lambda (mod r) and
// k1, k2 about sqrt(r): half the doublings, two table reads per window.
//
// Endo gives beta (a value of the curve's arithmetic), r, and a reduced basis (a1, b1), (a2, b2)
// of the lattice {(x, y) : x + y lambda = 0 mod r} with a1 b2 - a2 b1 = r, b2 > 0, b1 < 0
// (magnitudes below 2^128: BLS12-381's z^2 is above 2^127). The decomposition is Babai's
// rounding with precomputed g1 = floor(2^256 b2 / r), g2 = floor(-2^256 b1 / r): c_i = floor(k g_i / 2^256),
// k1 = k - c1 a1 - c2 a2, k2 = -c1 b1 - c2 b2, each below 2^128 in absolute value for the
// curves here (tests check it on the scalars' edge cases and random ones). Constant time.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include "fieldlab/macros.h"
export module ff.curve.glv;
import ff.core.element;
import ff.core.secret;
import ff.core.integer;
import ff.curve.weierstrass;

export namespace ff::curve {
// A compile-time integer -(2^128 - 1) .. 2^128 - 1: a lattice basis coefficient.
struct signed_integer {
  unsigned __int128 magnitude;
  bool negative;
  constexpr signed_integer(__int128 x)
      : magnitude(x < 0 ? -static_cast<unsigned __int128>(x) : static_cast<unsigned __int128>(x)), negative(x < 0) {}
  constexpr signed_integer(unsigned __int128 m, bool is_negative) : magnitude(m), negative(is_negative) {}
};

// |k| < 2^128 and its sign (all ones when negative).
struct signed_half {
  scalar<2> magnitude;
  u64 negative;
};

template <class G, class Endo>
struct glv {
  using point = typename G::point;
  using A = typename G::arithmetic;
  static_assert(!signed_integer(Endo::b2).negative && signed_integer(Endo::b2).magnitude != 0 &&
                    signed_integer(Endo::b1).negative,
                "glv: a basis with b2 > 0 and b1 < 0");

  static constexpr limbs<2> limbs_of(unsigned __int128 m) { return {u64(m), u64(m >> 64)}; }
  // floor(2^256 m / r).
  static constexpr limbs<3> scaled(unsigned __int128 m) {
    const limbs<7> shifted{0, 0, 0, 0, u64(m), u64(m >> 64), 0};
    const limbs<7> q = integer::quotient(shifted, Endo::r);
    return {q[0], q[1], q[2]};
  }
  static constexpr limbs<3> g1 = scaled(signed_integer(Endo::b2).magnitude),
                                   g2 = scaled(signed_integer(Endo::b1).magnitude);
  // floor(2^256 / r) conditional subtractions of r bring any 256-bit k below r.
  static constexpr limbs<3> r_multiples = scaled(1);
  static_assert(r_multiples[1] == 0 && r_multiples[2] == 0 && r_multiples[0] < 16, "glv: r is far below 2^256");

  // c x mod 2^256 for a compile-time signed x.
  template <signed_integer X>
  FF_INLINE static constexpr limbs<4> times(const limbs<3>& c) {
    const limbs<5> m = integer::mul_wide(c, limbs_of(X.magnitude));
    limbs<4> r{m[0], m[1], m[2], m[3]};
    if constexpr (X.negative) {
      limbs<4> z{};
      integer::sub(r, z, r);
    }
    return r;
  }
  FF_INLINE static constexpr signed_half to_half(const limbs<4>& x) {
    const u64 negative = value_barrier(0 - (x[3] >> 63));
    limbs<4> flipped{}, one{1, 0, 0, 0}, m{};
    for (std::size_t i = 0; i < 4; ++i) flipped[i] = x[i] ^ negative;
    limbs<4> plus_one{};
    integer::add(plus_one, flipped, one);
    for (std::size_t i = 0; i < 4; ++i) m[i] = (plus_one[i] & negative) | (x[i] & ~negative);
    return {{m[0], m[1]}, negative};
  }
  // k = k1 + k2 lambda (mod r), k reduced mod r first (any 256-bit k).
  static constexpr std::array<signed_half, 2> decompose(const scalar<4>& k_in) {
    scalar<4> k = k_in;
    for (u64 i = 0; i < r_multiples[0]; ++i) k = integer::subtract_if_at_least(k, Endo::r);
    const limbs<7> p1 = integer::mul_wide(k, g1), p2 = integer::mul_wide(k, g2);
    const limbs<3> c1{p1[4], p1[5], p1[6]}, c2{p2[4], p2[5], p2[6]};
    limbs<4> k1{}, k2{};
    integer::sub(k1, k, times<signed_integer(Endo::a1)>(c1));
    integer::sub(k1, k1, times<signed_integer(Endo::a2)>(c2));
    limbs<4> z{};
    integer::sub(k2, z, times<signed_integer(Endo::b1)>(c1));
    integer::sub(k2, k2, times<signed_integer(Endo::b2)>(c2));
    return {to_half(k1), to_half(k2)};
  }
  // phi(P) = (beta X : Y : Z).
  FF_INLINE static point endomorphism(const point& p) { return {A::mul(p.x, Endo::beta), p.y, p.z}; }

  // k P, constant time in k and P: signed 5-bit windows over k1 and k2 at once (26 for their
  // 128 bits), both read from the table of P .. 16 P (phi applied to the second read; the
  // halves' signs folded into the digits' negations).
  static point mul(const point& p, const scalar<4>& k) {
    const std::array<signed_half, 2> h = decompose(k);
    const std::array<point, 16> table = G::multiples(p);
    point r = G::identity();
    constexpr std::size_t windows = signed_windows(128);
    for (std::size_t w = windows; w-- > 0;) {
      if (w + 1 < windows)
        for (int s = 0; s < 5; ++s) r = G::dbl(r);
      r = G::add(r, G::lookup(table, booth_digit(h[0].magnitude, w), h[0].negative));
      r = G::add(r, endomorphism(G::lookup(table, booth_digit(h[1].magnitude, w), h[1].negative)));
    }
    return r;
  }
};
}  // namespace ff::curve
