// ff.curve.weierstrass: the group of points of a short Weierstrass curve y^2 = x^3 + b (a = 0)
// over any arithmetic A (a prime field's, or a tower level's: BN254's G1 is over Fp, its G2
// over Fp2). Points are homogeneous projective (X : Y : Z), x = X / Z, y = Y / Z, the identity
// (0 : 1 : 0). Addition and doubling are the complete formulas of Renes, Costello and Batina
// ("Complete addition formulas for prime order elliptic curves", 2016, algorithms 7 and 9 for
// a = 0): one sequence of operations for every pair of points, the identity and P + P
// included, on every curve without a point of order 2 (x^3 + b has no root: odd order), so
// scalar multiplication needs no branch on the points. Constant time unless named _var.
//
// The point operations are not forced inline (an inlined G2 addition is 36 Fp products of
// inline assembly; forced into every caller they made a test take ten minutes to compile).
// Out of line they still run the policy's kernels: the adx policy's are inline assembly, which
// needs no target attribute.
module;
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.curve.weierstrass;
import ff.core.element;
import ff.core.secret;
import ff.core.integer;
import ff.core.arithmetic;
import ff.tower.constant;

export namespace ff::curve {
template <class V>
struct projective {
  V x, y, z;
};
// An affine point. It cannot be the identity: the encodings say where it is (EIP-196 writes
// it as (0, 0), which is on no curve with b != 0).
template <class V>
struct affine {
  V x, y;
  friend constexpr bool operator==(const affine&, const affine&) = default;
};

// A scalar: little-endian 64-bit limbs.
template <std::size_t N>
using scalar = std::array<u64, N>;

// Signed 5-bit windows (Booth's recoding): k = sum of d_w 2^(5 w) with -16 <= d_w <= 16,
// d_w read from bits 5 w - 1 .. 5 w + 4 of k (bit -1 is zero). Half the table of unsigned
// windows, and a bit more per addition. The digit's magnitude, and its sign as a mask.
struct signed_digit {
  u64 magnitude;
  u64 negative;
};
constexpr std::size_t signed_windows(std::size_t bits) { return (bits + 1 + 4) / 5; }
template <std::size_t N>
FF_INLINE constexpr signed_digit booth_digit(const scalar<N>& k, std::size_t w) {
  const u64 six = ((integer::bits_at(k, 5 * w) & 31) << 1) | (w != 0 ? integer::bits_at(k, 5 * w - 1) & 1 : 0);
  const u64 half = (six + 1) >> 1;  // d + 32 (top bit)
  const u64 negative = value_barrier(0 - (six >> 5));
  return {(half & ~negative) | ((32 - half) & negative), negative};
}

// The curve y^2 = x^3 + B over A; B is an integer (a multiple of one) or a value of A.
template <tower::extensible A, auto B>
struct weierstrass {
  using arithmetic = A;
  using value = typename A::value;
  using point = projective<value>;
  using affine_point = affine<value>;

  static constexpr value b = [] {
    if constexpr (std::integral<decltype(B)>) return A::portable_twin::template constant<B>();
    else return B;
  }();
  static constexpr value b3 = A::portable_twin::add(A::portable_twin::add(b, b), b);
  // 3 b x: the formulas' only product by a constant (an integer's: mul_constant).
  FF_INLINE static constexpr value times_3b(const value& x) {
    if constexpr (std::integral<decltype(B)>) return A::template mul_constant<3 * B>(x);
    else return A::mul(x, b3);
  }

  FF_INLINE static constexpr point identity() { return {A::zero(), A::one(), A::zero()}; }
  FF_INLINE static constexpr point from_affine(const affine_point& a) { return {a.x, a.y, A::one()}; }
  FF_INLINE static constexpr point neg(const point& p) { return {p.x, A::neg(p.y), p.z}; }
  // All ones for the identity (Z = 0).
  FF_INLINE static constexpr u64 identity_mask(const point& p) { return A::equal_mask(p.z, A::zero()); }
  // P = Q as points (X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1), as a mask.
  FF_INLINE static u64 equal_mask(const point& p, const point& q) {
    return A::equal_mask(A::mul(p.x, q.z), A::mul(q.x, p.z)) & A::equal_mask(A::mul(p.y, q.z), A::mul(q.y, p.z));
  }
  static bool equal_var(const point& p, const point& q) { return declassify(equal_mask(p, q)) != 0; }
  // Whether y^2 = x^3 + b.
  FF_INLINE static u64 on_curve_mask(const affine_point& a) {
    return A::equal_mask(A::square(a.y), A::add(A::mul(A::square(a.x), a.x), b));
  }
  // (X / Z, Y / Z) with one inversion; the identity gives (0, 0).
  FF_INLINE static affine_point to_affine(const point& p) {
    const value zi = A::inverse(p.z);
    return {A::mul(p.x, zi), A::mul(p.y, zi)};
  }

  // P + Q, complete (RCB algorithm 7, a = 0): 12 products, 2 products by 3b.
  static constexpr point add(const point& p, const point& q) {
    value t0 = A::mul(p.x, q.x), t1 = A::mul(p.y, q.y), t2 = A::mul(p.z, q.z);
    value t3 = A::mul(A::add(p.x, p.y), A::add(q.x, q.y));
    t3 = A::sub(t3, A::add(t0, t1));                                              // X1 Y2 + X2 Y1
    value t4 = A::sub(A::mul(A::add(p.y, p.z), A::add(q.y, q.z)), A::add(t1, t2));  // Y1 Z2 + Y2 Z1
    value y3 = A::sub(A::mul(A::add(p.x, p.z), A::add(q.x, q.z)), A::add(t0, t2));  // X1 Z2 + X2 Z1
    t0 = A::add(A::add(t0, t0), t0);                                              // 3 X1 X2
    t2 = times_3b(t2);
    value z3 = A::add(t1, t2);
    t1 = A::sub(t1, t2);
    y3 = times_3b(y3);
    value x3 = A::sub(A::mul(t3, t1), A::mul(t4, y3));
    y3 = A::add(A::mul(t1, z3), A::mul(y3, t0));
    z3 = A::add(A::mul(z3, t4), A::mul(t0, t3));
    return {x3, y3, z3};
  }
  // P + Q for an affine Q (RCB algorithm 8): 11 products. Q is never the identity.
  static constexpr point add_mixed(const point& p, const affine_point& q) {
    value t0 = A::mul(p.x, q.x), t1 = A::mul(p.y, q.y);
    value t3 = A::sub(A::mul(A::add(q.x, q.y), A::add(p.x, p.y)), A::add(t0, t1));  // X1 y2 + x2 Y1
    const value t4 = A::add(A::mul(q.y, p.z), p.y);                                // y2 Z1 + Y1
    value y3 = A::add(A::mul(q.x, p.z), p.x);                                      // x2 Z1 + X1
    t0 = A::add(A::add(t0, t0), t0);
    const value t2 = times_3b(p.z);
    value z3 = A::add(t1, t2);
    t1 = A::sub(t1, t2);
    y3 = times_3b(y3);
    const value x3 = A::sub(A::mul(t3, t1), A::mul(t4, y3));
    y3 = A::add(A::mul(t1, z3), A::mul(y3, t0));
    z3 = A::add(A::mul(z3, t4), A::mul(t0, t3));
    return {x3, y3, z3};
  }
  // 2 P, complete (RCB algorithm 9, a = 0): 6 products, 2 squarings, 1 product by 3b.
  static constexpr point dbl(const point& p) {
    value t0 = A::square(p.y);
    value z3 = A::add(t0, t0);
    z3 = A::add(z3, z3);
    z3 = A::add(z3, z3);  // 8 Y^2
    value t1 = A::mul(p.y, p.z);
    value t2 = times_3b(A::square(p.z));
    value x3 = A::mul(t2, z3);
    value y3 = A::add(t0, t2);
    z3 = A::mul(t1, z3);
    t2 = A::add(A::add(t2, t2), t2);
    t0 = A::sub(t0, t2);
    y3 = A::add(x3, A::mul(t0, y3));
    x3 = A::mul(t0, A::mul(p.x, p.y));
    return {A::add(x3, x3), y3, z3};
  }

  // P, 2 P, ..., 16 P: the table of signed 5-bit windows (8 doublings, 7 additions).
  static std::array<point, 16> multiples(const point& p) {
    std::array<point, 16> table;
    table[0] = p;
    for (std::size_t i = 1; i < 16; ++i) table[i] = i % 2 ? dbl(table[i / 2]) : add(table[i - 1], p);
    return table;
  }
  // d P for a signed digit d, -16 <= d <= 16, from the table of multiples: every entry read
  // (constant time in d), the sign by a conditional negation; `negate` (a mask) flips it.
  FF_INLINE static point lookup(const std::array<point, 16>& table, signed_digit d, u64 negate = 0) {
    point entry = identity();
    for (u64 i = 0; i < 16; ++i) entry = select_words(equal_words_mask(i + 1, d.magnitude), table[i], entry);
    return select_words(d.negative ^ negate, neg(entry), entry);
  }
  // k P for a scalar of Bits bits (the bits above are ignored), constant time in k and P:
  // signed 5-bit windows from the top (ceil((Bits + 1) / 5) additions), the table of
  // P .. 16 P read whole for every window.
  template <std::size_t Bits, std::size_t N>
  static point mul(const point& p, const scalar<N>& k_in) {
    static_assert(Bits <= 64 * N);
    scalar<N> k = k_in;
    for (std::size_t i = 0; i < N; ++i) k[i] &= 64 * i + 64 <= Bits ? ~u64(0) : 64 * i >= Bits ? 0 : (u64(1) << (Bits % 64)) - 1;
    const std::array<point, 16> table = multiples(p);
    point r = identity();
    constexpr std::size_t windows = signed_windows(Bits);
    for (std::size_t w = windows; w-- > 0;) {
      if (w + 1 < windows)
        for (int s = 0; s < 5; ++s) r = dbl(r);
      r = add(r, lookup(table, booth_digit(k, w)));
    }
    return r;
  }
  // k P with the work following k (width-5 NAF: a doubling per bit, an addition per nonzero
  // digit; in Jacobian coordinates over a tower level): for public scalars.
  template <std::size_t N>
  static point mul_var(const point& p, const scalar<N>& k) {
    std::array<int, 64 * N + 1> naf{};
    scalar<N> e = k;
    std::size_t length = 0;
    auto zero = [&] {
      u64 any = 0;
      for (u64 x : e) any |= x;
      return any == 0;
    };
    while (!zero()) {
      int digit = 0;
      if (e[0] & 1) {
        digit = int(e[0] & 31);
        if (digit >= 16) digit -= 32;
        // e -= digit
        const u64 d = u64(digit < 0 ? -digit : digit);
        if (digit > 0) {
          u64 borrow = d;
          for (std::size_t i = 0; i < N && borrow; ++i) {
            const u64 before = e[i];
            e[i] -= borrow;
            borrow = before < borrow;
          }
        } else {
          u64 carry = d;
          for (std::size_t i = 0; i < N && carry; ++i) {
            e[i] += carry;
            carry = e[i] < carry;
          }
        }
      }
      naf[length++] = digit;
      for (std::size_t i = 0; i < N; ++i) e[i] = (e[i] >> 1) | (i + 1 < N ? e[i + 1] << 63 : 0);
    }
    using S = std::conditional_t<jacobian_pays, jacobian_steps, projective_steps>;
    std::array<typename S::type, 8> odd;  // P, 3 P, ..., 15 P
    odd[0] = S::from(p);
    const typename S::type p2 = S::dbl(odd[0]);
    for (std::size_t i = 1; i < 8; ++i) odd[i] = S::add(odd[i - 1], p2);
    typename S::type r = S::identity();
    for (std::size_t i = length; i-- > 0;) {
      r = S::dbl(r);
      if (naf[i] > 0) r = S::add(r, odd[std::size_t(naf[i]) / 2]);
      else if (naf[i] < 0) r = S::add(r, S::neg(odd[std::size_t(-naf[i]) / 2]));
    }
    return S::to_projective(r);
  }

 private:
  // mul_var's steps in projective coordinates (the complete formulas above) or in Jacobian
  // coordinates (x = X / Z^2, y = Y / Z^3): a doubling in 2 products and 5 squarings
  // (dbl-2009-l for a = 0) against 6 products, 2 squarings and a product by 3b, an addition in
  // 11 products and 5 squarings (add-2007-bl) against 12 products and 2 by 3b; formulas from
  // Bernstein and Lange's Explicit-Formulas Database. Jacobian pays where a squaring costs less
  // than a product: over a tower level (Fp2: 2 base products against 3; BN254's G2 subgroup
  // check 15% faster), not over a prime field whose squaring is its product (BN254's G1 the
  // same speed, BLS12-381's slower: decisions.md). Its addition is not complete: it branches on
  // the exceptional cases (an operand the identity, P + P, P - P), which a _var function may.
  static constexpr bool jacobian_pays = requires { typename A::base; };
  struct projective_steps {
    using type = point;
    static point identity() { return weierstrass::identity(); }
    static point from(const point& p) { return p; }
    static point to_projective(const point& p) { return p; }
    static point dbl(const point& p) { return weierstrass::dbl(p); }
    static point add(const point& p, const point& q) { return weierstrass::add(p, q); }
    static point neg(const point& p) { return weierstrass::neg(p); }
  };
  struct jacobian {
    value x, y, z;
  };
  static bool is_zero_var(const value& v) { return declassify(A::equal_mask(v, A::zero())) != 0; }
  struct jacobian_steps {
    using type = jacobian;
    static jacobian identity() { return {A::one(), A::one(), A::zero()}; }
    static jacobian from(const point& p) { return {A::mul(p.x, p.z), A::mul(p.y, A::square(p.z)), p.z}; }
    static point to_projective(const jacobian& p) {
      if (is_zero_var(p.z)) return weierstrass::identity();
      return {A::mul(p.x, p.z), p.y, A::mul(A::square(p.z), p.z)};
    }
    static jacobian neg(const jacobian& p) { return {p.x, A::neg(p.y), p.z}; }
    [[gnu::noinline]] static jacobian dbl(const jacobian& p) {
      const value a = A::square(p.x), b = A::square(p.y), c = A::square(b);
      const value d = A::sub(A::square(A::add(p.x, b)), A::add(a, c)), d2 = A::add(d, d);  // 4 X Y^2
      const value e = A::add(A::add(a, a), a), x3 = A::sub(A::square(e), A::add(d2, d2));
      const value c2 = A::add(c, c), c4 = A::add(c2, c2), yz = A::mul(p.y, p.z);
      return {x3, A::sub(A::mul(e, A::sub(d2, x3)), A::add(c4, c4)), A::add(yz, yz)};
    }
    [[gnu::noinline]] static jacobian add(const jacobian& p, const jacobian& q) {
      if (is_zero_var(p.z)) return q;
      if (is_zero_var(q.z)) return p;
      const value z1z1 = A::square(p.z), z2z2 = A::square(q.z);
      const value u1 = A::mul(p.x, z2z2), u2 = A::mul(q.x, z1z1);
      const value s1 = A::mul(A::mul(p.y, q.z), z2z2), s2 = A::mul(A::mul(q.y, p.z), z1z1);
      const value h = A::sub(u2, u1), s = A::sub(s2, s1);
      if (is_zero_var(h)) return is_zero_var(s) ? dbl(p) : identity();
      const value r = A::add(s, s), i = A::square(A::add(h, h)), j = A::mul(h, i), v = A::mul(u1, i);
      const value x3 = A::sub(A::sub(A::square(r), j), A::add(v, v)), s1j = A::mul(s1, j);
      return {x3, A::sub(A::mul(r, A::sub(v, x3)), A::add(s1j, s1j)),
              A::mul(A::sub(A::square(A::add(p.z, q.z)), A::add(z1z1, z2z2)), h)};
    }
  };
};
}  // namespace ff::curve
