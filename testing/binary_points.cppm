// ff.testing.binary_points (re-exported by ff.testing): points of the binary curves
// (ff.binary_curves) for refusal tests and fuzz seeds. They are made from the curve equation and
// an affine group law written here, not from the curve module's decode or subgroup check, so
// that a test can hold those against them (and against OpenSSL):
//  - subgroup_points<C>(): k G for random 0 < k < 2^(bits(n) - 1), by C's ladder;
//  - order_two_point<C>(): (0, sqrt b), the one point of order 2;
//  - points_outside_subgroup<C>(): P + T for P in the subgroup and T of order 2, so of order 2n;
//  - points_off_curve<C>(): (x, y) with y^2 + xy != x^3 + a x^2 + b;
//  - infinity_encoding(): SEC 1's one-byte point at infinity, which has no affine form here.
module;
#include <rapidcheck.h>
#include <array>
#include <cstdint>
#include <vector>
export module ff.testing.binary_points;
import ff;

export namespace ff::testing {

template <class C>
concept binary_curve = binary_field<typename C::field> && requires { C::generator(); C::order; };

// y^2 + x y + x^3 + a x^2 + b (zero exactly on the curve).
template <binary_curve C>
element<typename C::field> curve_equation(const typename C::point& p) {
  auto r = p.y * p.y + p.x * p.y + p.x * p.x * p.x + C::b;
  if constexpr (C::a == 1) r += p.x * p.x;
  return r;
}

template <binary_curve C>
typename C::point order_two_point() {
  return {C::field::zero(), sqrt(C::b)};
}

// P + Q for affine P, Q with different x: lambda = (y1 + y2) / (x1 + x2),
// x3 = lambda^2 + lambda + x1 + x2 + a, y3 = lambda (x1 + x3) + x3 + y1.
template <binary_curve C>
typename C::point add_distinct(const typename C::point& p, const typename C::point& q) {
  const auto lambda = (p.y + q.y) * inverse(p.x + q.x);
  auto x3 = lambda * lambda + lambda + p.x + q.x;
  if constexpr (C::a == 1) x3 += C::field::one();
  return {x3, lambda * (p.x + x3) + x3 + p.y};
}

template <binary_curve C>
rc::Gen<typename C::point> subgroup_points() {
  using limbs = std::array<u64, C::field::limbs>;
  return rc::gen::map(rc::gen::arbitrary<limbs>(), [](limbs k) {
    const unsigned top = C::order_bits() - 2;  // k < 2^(bits(n) - 1) < n
    for (std::size_t i = 0; i < k.size(); ++i)
      if (64 * i > top) k[i] = 0;
      else if (64 * i + 63 > top) k[i] &= ~u64(0) >> (63 - (top - 64 * i));
    k[0] |= k == limbs{} ? 1 : 0;
    return C::mul(k, C::generator());
  });
}

// Never in the subgroup of odd order n: the order-2 component survives multiplication by n.
template <binary_curve C>
rc::Gen<typename C::point> points_outside_subgroup() {
  return rc::gen::map(subgroup_points<C>(), [](const typename C::point& p) { return add_distinct<C>(p, order_two_point<C>()); });
}

// A point of the curve with y changed by a nonzero d: (y + d)^2 + x (y + d) differs from
// y^2 + x y by d (d + x), nonzero unless d = x.
template <binary_curve C>
rc::Gen<typename C::point> points_off_curve() {
  using F = typename C::field;
  using limbs = std::array<u64, F::limbs>;
  return rc::gen::map(rc::gen::pair(subgroup_points<C>(), rc::gen::arbitrary<limbs>()), [](const auto& pl) {
    auto [p, l] = pl;
    element<F> d;
    for (std::size_t i = 0; i < F::limbs; ++i) d.limb[i] = l[i] & limb_mask(F::degree, i);
    if (d.is_zero() || d == p.x) d = p.x == F::one() ? F::monomial(1) : F::one();
    p.y += d;
    return p;
  });
}

inline std::vector<std::uint8_t> infinity_encoding() { return {0}; }

}  // namespace ff::testing
