// ff.curve.lopez_dahab: Lopez-Dahab projective points (X : Y : Z), x = X / Z, y = Y / Z^2, on a
// binary curve y^2 + xy = x^3 + a x^2 + b, and the two scalar multiplications built on their
// mixed addition (8M + 5S), both written once over a binary field's arithmetic Ar and the curve
// (Curve: an ff::curve::binary_weierstrass):
//   - the fixed-base sum (mul_base): one signed table entry per 5-bit window, no doubling;
//     constant time in the scalar;
//   - the tau-adic multiplication on the Koblitz curves (mul_var): the width-w tau-adic NAF of
//     ff.curve.tau_adic, a Frobenius (a squaring per coordinate) per digit; variable time.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include "fieldlab/macros.h"
export module ff.curve.lopez_dahab;
import ff.core.element;
import ff.core.arithmetic;
import ff.curve.weierstrass;
import ff.curve.tau_adic;

export namespace ff::curve {

// Lopez-Dahab points over the arithmetic Ar of the curve's field, a its coefficient (0 or 1).
template <class Ar, unsigned a>
struct lopez_dahab {
  using value = typename Ar::value;
  struct point {
    value x, y, z;
    bool identity;
  };
  FF_INLINE static bool is_zero(const value& v) { return Ar::equal_mask(v, Ar::zero()) != 0; }
  FF_INLINE static point from_affine(const value& x, const value& y) { return {x, y, Ar::one(), false}; }
  FF_INLINE static void frobenius(point& q) {
    q.x = Ar::square(q.x);
    q.y = Ar::square(q.y);
    q.z = Ar::square(q.z);
  }
  // 2 (x, y) for x != 0: Z = x^2, X = x^4 + b, Y = b Z + X (a Z + y^2 + b); BIsOne saves the
  // product by b.
  template <bool BIsOne>
  FF_INLINE static point double_affine(const value& x, const value& y, const value& b) {
    const value z = Ar::square(x), x2 = Ar::add(Ar::square(z), b);
    value t = Ar::add(Ar::square(y), b);
    if constexpr (a == 1) t = Ar::add(t, z);
    return {x2, Ar::add(BIsOne ? z : Ar::mul(b, z), Ar::mul(x2, t)), z, false};
  }
  // Q + (x2, y2) by the general formula, without branches (Guide to ECC, algorithm 3.25): with
  // A = Z1^2 (y1 + y2), B = Z1 (x1 + x2), C = Z1 B: Z3 = C^2, X3 = A^2 + A C + B^2 (C + a Z1^2),
  // Y3 = (A C + Z3)(x2 Z3 + X3) + (x2 + y2) Z3^2. It is the sum when Q is not the identity and
  // x1 != x2; xb = B / Z1 and ya = A are zero exactly when x1 = x2 and y1 = y2 respectively.
  FF_INLINE static point add_general(const point& q, const value& x2, const value& y2, value& xb, value& ya) {
    const value zz = Ar::square(q.z);
    ya = Ar::add(q.y, Ar::mul(zz, y2));
    xb = Ar::add(q.x, Ar::mul(q.z, x2));
    const value c = Ar::mul(q.z, xb);
    const value z3 = Ar::square(c);
    const value ac = Ar::mul(ya, c);
    value t = c;
    if constexpr (a == 1) t = Ar::add(t, zz);
    const value x3 = Ar::add(Ar::add(Ar::mul(Ar::square(xb), t), Ar::square(ya)), ac);
    const value y3 = Ar::add(Ar::mul(Ar::add(ac, z3), Ar::add(Ar::mul(x2, z3), x3)), Ar::mul(Ar::square(z3), Ar::add(x2, y2)));
    return {x3, y3, z3, false};
  }
  // q += (x2, y2) on a Koblitz curve (b = 1), the exceptional sums (Q = +-P, the identity) by
  // branches: variable time.
  FF_INLINE static void add_affine_var(point& q, const value& x2, const value& y2) {
    if (q.identity) {
      q = from_affine(x2, y2);
      return;
    }
    value xb, ya;
    const point sum = add_general(q, x2, y2, xb, ya);
    if (is_zero(xb)) {  // x1 = x2: Q = P (double it) or Q = -P (the identity)
      if (is_zero(ya)) q = double_affine<true>(x2, y2, Ar::one());
      else q.identity = true;
      return;
    }
    q = sum;
  }
  // (X / Z, Y / Z^2), one inversion.
  FF_INLINE static std::array<value, 2> to_affine(const point& q) {
    const value zi = Ar::inverse(q.z);
    return {Ar::mul(q.x, zi), Ar::mul(q.y, Ar::square(zi))};
  }
};

// k G for the curve's generator from its table of windows (table[16 i + d - 1] = d 2^(5i) G): per
// window the entry read by masks from all 16, negated by a mask, added in Lopez-Dahab
// coordinates; a zero digit keeps the sum and the identity is a mask, so that nothing branches
// on k. From window Curve::base_complete_from() on, the exceptional sums are handled by masks
// too.
template <class Curve, class Ar>
FF_INLINE typename Curve::point fixed_base_sum(const typename Curve::scalar_type& k, const typename Curve::point* table) {
  static_assert(arithmetic<Ar>);
  using F = typename Curve::field;
  using LD = lopez_dahab<Ar, Curve::a>;
  using value = typename Ar::value;
  const value b = Ar::broadcast(Curve::b.limb);
  const auto pick = [](u64 mask, const typename LD::point& p, const typename LD::point& q) FF_LAMBDA_INLINE {
    return typename LD::point{Ar::select(mask, p.x, q.x), Ar::select(mask, p.y, q.y), Ar::select(mask, p.z, q.z), false};
  };
  typename LD::point q{};
  u64 q_identity = ~u64(0);
#pragma clang loop unroll(disable)
  for (std::size_t i = 0; i < Curve::base_windows(); ++i) {
    const signed_digit d = booth_digit(k, i);
    value x2{}, y2{};
    for (std::size_t e = 0; e < 16; ++e) {
      const u64 hit = equal_words_mask(u64(e + 1), d.magnitude);
      x2 = Ar::select(hit, table[16 * i + e].x.limb, x2);
      y2 = Ar::select(hit, table[16 * i + e].y.limb, y2);
    }
    y2 = Ar::select(d.negative, Ar::add(x2, y2), y2);  // -(x, y) = (x, x + y)
    value xb, ya;
    typename LD::point r = LD::add_general(q, x2, y2, xb, ya);
    u64 r_identity = 0;
    if (i >= Curve::base_complete_from()) {  // Q = T (double T) or Q = -T (the identity)
      const u64 same_x = Ar::equal_mask(xb, Ar::zero()) & ~q_identity, same_y = Ar::equal_mask(ya, Ar::zero());
      r = pick(same_x & same_y, LD::template double_affine<Curve::b_is_one()>(x2, y2, b), r);
      r_identity = same_x & ~same_y;
    }
    r = pick(q_identity, LD::from_affine(x2, y2), r);
    const u64 skip = equal_words_mask(d.magnitude, u64(0));
    q = pick(skip, q, r);
    q_identity = select_words(skip, q_identity, r_identity);
  }
  const auto [x, y] = LD::to_affine(q);
  return {element<F>{x}, element<F>{y}};
}

// alpha_u P for the window's u = 1, 3, ..., 2^(w-1) - 1, affine: each a sum of +-tau^j P
// (alpha_u's own tau-adic NAF), the table made affine with one inversion.
template <class Curve, unsigned w, class Ar>
FF_INLINE void tau_adic_table(const typename Curve::point& p, std::array<typename Ar::value, std::size_t(1) << (w - 2)>& tx,
                              std::array<typename Ar::value, std::size_t(1) << (w - 2)>& ty) {
  using LD = lopez_dahab<Ar, Curve::a>;
  using D = tau_adic::window<w, Curve::frobenius_trace()>;
  constexpr std::size_t span = w + 4;  // alpha_u has norm below 2^w: its NAF is this short
  static constexpr auto digits = [] {
    std::array<std::array<std::int8_t, span>, D::count> d{};
    for (std::size_t i = 0; i < D::count; ++i) {
      const tau_adic::element<2> alpha{tau_adic::signed_limbs<2>::from(D::alpha_u[i].beta),
                                       tau_adic::signed_limbs<2>::from(D::alpha_u[i].gamma)};
      if (tau_adic::tnaf<2, Curve::frobenius_trace()>(alpha, d[i].data(), span) > span) throw "alpha_u's expansion is too long";
    }
    return d;
  }();
  std::array<typename Ar::value, span> fx, fy;  // tau^j P
  fx[0] = p.x.limb;
  fy[0] = p.y.limb;
#pragma clang loop unroll(disable)
  for (std::size_t j = 1; j < span; ++j) {
    fx[j] = Ar::square(fx[j - 1]);
    fy[j] = Ar::square(fy[j - 1]);
  }
  // (Loops kept rolled here and below: unrolled, each point addition is inlined once per
  // digit, and the library's compile time grows by minutes.)
  std::array<typename LD::point, D::count> q;
#pragma clang loop unroll(disable)
  for (std::size_t i = 0; i < D::count; ++i) {
    q[i].identity = true;
#pragma clang loop unroll(disable)
    for (std::size_t j = 0; j < span; ++j)
      if (digits[i][j]) LD::add_affine_var(q[i], fx[j], digits[i][j] > 0 ? fy[j] : Ar::add(fy[j], fx[j]));
    if (q[i].identity) throw error(std::string(Curve::name) + "::mul_var: the point is not in the subgroup");
  }
  // Montgomery's trick: prefix[i] = Z_0 ... Z_i, one inversion, then 1 / Z_i back to front.
  std::array<typename Ar::value, D::count> prefix;
  prefix[0] = q[0].z;
#pragma clang loop unroll(disable)
  for (std::size_t i = 1; i < D::count; ++i) prefix[i] = Ar::mul(prefix[i - 1], q[i].z);
  auto inv = Ar::inverse(prefix[D::count - 1]);
#pragma clang loop unroll(disable)
  for (std::size_t i = D::count; i-- > 0;) {
    const auto zi = i ? Ar::mul(inv, prefix[i - 1]) : inv;
    if (i) inv = Ar::mul(inv, q[i].z);
    tx[i] = Ar::mul(q[i].x, zi);
    ty[i] = Ar::mul(q[i].y, Ar::square(zi));
  }
}

// k P on a Koblitz curve by the width-w tau-adic NAF: about m / (w + 1) additions of a table
// of 2^(w-2) points and a Frobenius per digit. Variable time in k and P.
template <class Curve, unsigned w, class Ar>
FF_INLINE typename Curve::point tau_adic_mul_var(const typename Curve::scalar_type& k, const typename Curve::point& p) {
  static_assert(arithmetic<Ar>);
  using F = typename Curve::field;
  using LD = lopez_dahab<Ar, Curve::a>;
  using koblitz = tau_adic::koblitz<F::degree, Curve::frobenius_trace(), F::limbs>;
  static constexpr bool constants_agree = koblitz::delta_norm_is(Curve::order);
  static_assert(constants_agree, "N((tau^m - 1) / (tau - 1)) is not the curve's order");
  static const auto reciprocal = koblitz::reciprocal(Curve::order);  // once, at first use
  constexpr std::size_t capacity = F::degree + 2 * w + 8;
  std::array<std::int8_t, capacity> digits;
  const std::size_t count = tau_adic::tnaf<w, Curve::frobenius_trace()>(koblitz::reduce(k, reciprocal), digits.data(), capacity);
  if (count > capacity) throw error(std::string(Curve::name) + "::mul_var: tau-adic expansion too long");
  std::array<typename Ar::value, std::size_t(1) << (w - 2)> tx, ty, tneg;
  tau_adic_table<Curve, w, Ar>(p, tx, ty);
  for (std::size_t i = 0; i < tx.size(); ++i) tneg[i] = Ar::add(tx[i], ty[i]);  // -(x, y) = (x, x + y)
  typename LD::point q{};
  q.identity = true;
#pragma clang loop unroll(disable)
  for (std::size_t i = count; i-- > 0;) {
    if (!q.identity) LD::frobenius(q);
    const int d = digits[i];
    if (d == 0) continue;
    const std::size_t u = std::size_t(d > 0 ? d : -d) / 2;
    LD::add_affine_var(q, tx[u], d > 0 ? ty[u] : tneg[u]);
  }
  if (q.identity) throw error(std::string(Curve::name) + "::mul_var: the result is the identity");
  const auto [x, y] = LD::to_affine(q);
  return {element<F>{x}, element<F>{y}};
}

}  // namespace ff::curve
