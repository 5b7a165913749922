// ff.curve.binary: ordinary elliptic curves y^2 + xy = x^3 + a x^2 + b (a in {0, 1}, b != 0)
// over a binary field F, the SEC 2 sect*k1 / sect*r1 curves: the curve type, its entry points
// (each dispatched once to a binary backend), scalars and SEC 1 encodings. A curve is a set of
// constants:
//   struct sect233k1 : binary_weierstrass<sect233k1, b233> { name, a, b, gx, gy, order, cofactor };
// Scalar multiplication is the x-only Montgomery ladder of Lopez and Dahab
// (ff.curve.binary_ladder) over the order's bit length, then one inversion for x(kP) and, with
// the ladder's other point, y(kP): constant time in the scalar and in the point. k G (public
// keys) adds entries of a fixed table instead (mul_base), and on the Koblitz curves mul_var is
// the variable-time tau-adic multiplication (both ff.curve.lopez_dahab). The algorithms are
// written over a binary field's arithmetic (ff::binary::arithmetic); the *_with member
// templates run them over any other (ff.testing counts their operations so).
module;
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>
#include "fieldlab/macros.h"
export module ff.curve.binary;
import ff.binary;
import ff.binary.arithmetic;
import ff.core.integer;
import ff.core.arithmetic;
import ff.curve.weierstrass;
export import ff.curve.binary_ladder;
export import ff.curve.lopez_dahab;
export import ff.curve.tau_adic;

export namespace ff::curve {

}  // namespace ff::curve
namespace ff::curve::detail {
// Hex, most significant digit first, as N little-endian limbs, at compile time (the curves'
// constants; a malformed or too wide constant does not compile).
template <std::size_t N>
consteval std::array<u64, N> hex_limbs(std::string_view hex) {
  std::array<u64, N> r{};
  std::size_t bit = 0;
  for (std::size_t i = hex.size(); i-- > 0; bit += 4) {
    if (hex_digit(hex[i]) < 0) throw "not a hex digit";
    const u64 d = u64(hex_digit(hex[i]));
    if (d == 0) continue;
    if (bit / 64 >= N) throw "constant too wide";
    r[bit / 64] |= d << (bit % 64);
  }
  return r;
}
}  // namespace ff::curve::detail
export namespace ff::curve {

// A canonical element of F from hex at compile time.
template <binary_field F>
consteval element<F> binary_constant(std::string_view hex) {
  element<F> e{detail::hex_limbs<F::limbs>(hex)};
  if (!is_canonical(e)) throw "constant has a bit at or above the degree";
  return e;
}

// A scalar (the curves' orders) from hex at compile time.
template <std::size_t N>
consteval scalar<N> scalar_constant(std::string_view hex) {
  return detail::hex_limbs<N>(hex);
}

// The curve y^2 + xy = x^3 + a x^2 + b over F; Derived gives name, a (0 or 1), b, gx, gy,
// order (the prime n of the generator's subgroup) and cofactor.
template <class Derived, binary_field F>
struct binary_weierstrass {
  using field = F;
  using element_type = element<F>;
  using scalar_type = scalar<F::limbs>;
  // An affine point; the identity has no affine form and is refused by every entry point.
  struct point {
    element<F> x, y;
    friend constexpr bool operator==(const point&, const point&) = default;
  };
  // SEC 1 field-element bytes: ceil(m / 8), big-endian.
  static constexpr std::size_t field_bytes = (F::degree + 7) / 8;

  static constexpr point generator() { return {Derived::gx, Derived::gy}; }
  static constexpr unsigned order_bits() {
    for (std::size_t i = F::limbs; i-- > 0;)
      if (Derived::order[i]) return unsigned(64 * i + std::bit_width(Derived::order[i]));
    return 0;
  }

  // Whether y^2 + xy = x^3 + a x^2 + b.
  static bool on_curve(const point& p) {
    const element<F> x2 = square(p.x);
    element<F> rhs = x2 * p.x + Derived::b;
    if constexpr (Derived::a == 1) rhs += x2;
    return square(p.y) + p.x * p.y == rhs;
  }

  // A ladder's result for one pair (k, x): (X0 : Z0) = k P and (X1 : Z1) = (k + 1) P.
  struct ladder_result {
    element<F> x0, z0, x1, z1;
  };
  // Whether b = 1 (the ladder's doubling then skips its product by sqrt(b)), and mu, the trace
  // of the Frobenius on the Koblitz curves (tau^2 - mu tau + 2 = 0).
  static constexpr bool b_is_one() { return Derived::b == F::one(); }
  static constexpr int frobenius_trace() { return Derived::a == 1 ? 1 : -1; }

  // k P for 0 < k < n and P in the subgroup of order n (checked by the entry points that take
  // outside data), as an affine point; constant time in k and P.
  static point mul(backend be, const scalar_type& k, const point& p) {
    be = scalar_sibling(be);
    ladder_result r;
    ladders(be, &k, &p.x, 1, &r);
    return dispatch<typename F::scalar_policies>(be, [&]<class A>() FF_LAMBDA_INLINE {
      return recover_y_with<binary::arithmetic<F, A>>(r, p);
    });
  }
  static point mul(const scalar_type& k, const point& p) { return mul(scalar_backend(family::binary), k, p); }
  // x(k P) only (ECDH): one inversion, no y.
  static element<F> mul_x(backend be, const scalar_type& k, const element<F>& x) {
    be = scalar_sibling(be);
    ladder_result r;
    element<F> out;
    ladders(be, &k, &x, 1, &r);
    affine_x(be, &r, 1, &out);
    return out;
  }
  // out[i] = x(k[i] P_i) for x[i] = x(P_i): independent ladders, A::lanes at a time in the
  // lanes of the batch backend be (8 on zmm, 4 on ymm, 1 on the scalar backends). out may be
  // x itself; other overlaps are refused.
  static void mul_x(backend be, std::span<const scalar_type> k, std::span<const element<F>> x, std::span<element<F>> out) {
    if (k.size() != x.size() || out.size() != x.size())
      throw error(std::string(Derived::name) + "::mul_x: " + std::to_string(k.size()) + " scalars, " +
                  std::to_string(x.size()) + " points, " + std::to_string(out.size()) + " outputs");
    if (out.data() != x.data() && out.data() < x.data() + x.size() && x.data() < out.data() + out.size())
      throw error(std::string(Derived::name) + "::mul_x: out overlaps x without being x");
    std::vector<ladder_result> r(x.size());
    ladders(be, k.data(), x.data(), x.size(), r.data());
    affine_x(be, r.data(), r.size(), out.data());
  }
  static void mul_x(std::span<const scalar_type> k, std::span<const element<F>> x, std::span<element<F>> out) {
    mul_x(batch_backend(family::binary), k, x, out);
  }
  // k P for 0 < k < n and P in the subgroup of order n, on the Koblitz curves (b = 1), by the
  // width-w tau-adic NAF (ff.curve.tau_adic): about m / (w + 1) additions of a table of
  // 2^(w-2) points and a Frobenius (three squarings) per digit, where the ladder spends
  // 5M + 4S per bit. Variable time in k and P: for public scalars only (verification,
  // measurement); ECDH and public keys use the ladder.
  static point mul_var(backend be, const scalar_type& k, const point& p)
    requires(Derived::b == F::one())
  {
    return mul_var_window<tnaf_width>(be, k, p);
  }
  // The same with window w (2 <= w <= 7), to measure the choice (compiled where it is used).
  template <unsigned w>
  static point mul_var_window(backend be, const scalar_type& k, const point& p)
    requires(Derived::b == F::one())
  {
    return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class A>() FF_LAMBDA_INLINE {
      return tau_adic_mul_var<Derived, w, binary::arithmetic<F, A>>(k, p);
    });
  }
  static point mul_var(const scalar_type& k, const point& p)
    requires(Derived::b == F::one())
  {
    return mul_var(scalar_backend(family::binary), k, p);
  }
  // The tau-adic window: 4 on every Koblitz curve. ffbench --curves times w = 4, 5, 6 on K-233
  // and K-409; they came within a few percent of each other (decisions.md), and 4 has the
  // smallest table.
  static constexpr unsigned tnaf_width = 4;

  // Q + P in the tau-adic multiplication's mixed addition: Q in Lopez-Dahab coordinates
  // (x = X / Z, y = Y / Z^2) or the identity, P affine. Compiled with the curve, so that tests
  // reach the exceptional sums (Q = P, Q = -P, Q = O) that random scalars do not. Variable time.
  struct lopez_dahab_point {
    element<F> x, y, z;
    bool identity;
  };
  static lopez_dahab_point add_mixed_var(backend be, const lopez_dahab_point& q, const point& p)
    requires(Derived::b == F::one())
  {
    return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class A>() FF_LAMBDA_INLINE {
      using LD = lopez_dahab<binary::arithmetic<F, A>, Derived::a>;
      typename LD::point r{q.x.limb, q.y.limb, q.z.limb, q.identity};
      LD::add_affine_var(r, p.x.limb, p.y.limb);
      return lopez_dahab_point{element<F>{r.x}, element<F>{r.y}, element<F>{r.z}, r.identity};
    });
  }

  // Whether n P is the identity (the ladder over n: Z0 = 0); P on the curve with x != 0.
  static bool in_subgroup(backend be, const point& p) {
    ladder_result r;
    ladders(scalar_sibling(be), &Derived::order, &p.x, 1, &r);
    return r.z0.is_zero();
  }
  static bool in_subgroup(const point& p) { return in_subgroup(scalar_backend(family::binary), p); }

  // k G for 0 < k < n, constant time in k: a table holds d 2^(5i) G for d = 1 .. 16 in every
  // 5-bit window i, so that k G is a sum of one signed entry per window (the Booth digits of the
  // prime curves' windows) and needs no doubling: ceil((bits(n) + 1) / 5) mixed additions
  // (8M + 5S) and one inversion, where the ladder spends 5M + 4S per bit. The table is made at
  // the first call (16 affine points per window; 265 KB for B-571).
  static point mul_base(backend be, const scalar_type& k) {
    const auto& table = base_table();
    return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class A>() FF_LAMBDA_INLINE {
      return fixed_base_sum<Derived, binary::arithmetic<F, A>>(k, table.data());
    });
  }
  static point mul_base(const scalar_type& k) { return mul_base(scalar_backend(family::binary), k); }
  // The first window where the sum of the windows below may be +-the window's own entry (the
  // exceptional sums, handled by masks from there on): below it the partial sum S has
  // |S| <= 2^(5i-1) and the entry T = d 2^(5i) with |d| <= 16, so 0 < |S -+ T| < 33 2^(5i-1) <= n.
  static constexpr std::size_t base_windows() { return signed_windows(order_bits()); }
  static constexpr std::size_t base_complete_from() { return (order_bits() - 6) / 5 + 1; }

  // The public key k G of the private key k (0 < k < n).
  static point public_key(const scalar_type& k) { return mul_base(k); }
  // ECDH as SEC 1 and OpenSSL derive it: the x-coordinate of k Q in field_bytes big-endian
  // bytes. Q must come from decode (on the curve, in the subgroup).
  static std::vector<std::uint8_t> ecdh(backend be, const scalar_type& k, const point& q) {
    return field_to_bytes(mul_x(be, k, q.x));
  }
  static std::vector<std::uint8_t> ecdh(const scalar_type& k, const point& q) {
    return ecdh(scalar_backend(family::binary), k, q);
  }

  // ---- Scalars and encodings (SEC 1) ----
  // A private key from hex (most significant digit first, optional 0x): 0 < k < n, else ff::error.
  static scalar_type parse_scalar(std::string_view hex) {
    const std::string what = std::string(Derived::name) + ": scalar '" + std::string(hex) + "' ";
    if (hex.starts_with("0x") || hex.starts_with("0X")) hex.remove_prefix(2);
    if (hex.empty()) throw error(what + "is empty");
    scalar_type k{};
    std::size_t bit = 0;
    for (std::size_t i = hex.size(); i-- > 0; bit += 4) {
      const int d = hex_digit(hex[i]);
      if (d < 0) throw error(what + "is not hex");
      if (d == 0) continue;
      if (bit / 64 >= F::limbs) throw error(what + "is not below the group order");
      k[bit / 64] |= u64(d) << (bit % 64);
    }
    scalar_type difference;
    const bool below_order = integer::sub(difference, k, Derived::order) != 0;
    bool zero = true;
    for (u64 limb : k) zero &= limb == 0;
    if (zero) throw error(what + "is zero");
    if (!below_order) throw error(what + "is not below the group order");
    return k;
  }
  static std::vector<std::uint8_t> field_to_bytes(const element<F>& e) {
    std::vector<std::uint8_t> out(field_bytes);
    for (std::size_t i = 0; i < field_bytes; ++i) out[field_bytes - 1 - i] = std::uint8_t(e.limb[i / 8] >> (8 * (i % 8)));
    return out;
  }
  // 04 X Y, or 02 / 03 X with the low bit of y / x (0 for x = 0).
  static std::vector<std::uint8_t> encode(const point& p, bool compressed = false) {
    std::vector<std::uint8_t> out{std::uint8_t(compressed ? 2 : 4)};
    const auto x = field_to_bytes(p.x);
    out.insert(out.end(), x.begin(), x.end());
    if (compressed) {
      if (!p.x.is_zero()) out[0] |= std::uint8_t((p.y * inverse(p.x)).limb[0] & 1);
    } else {
      const auto y = field_to_bytes(p.y);
      out.insert(out.end(), y.begin(), y.end());
    }
    return out;
  }
  // A peer's point: SEC 1 bytes, on the curve, in the subgroup of order n; else ff::error.
  static point decode(std::span<const std::uint8_t> bytes) {
    const std::string what = std::string(Derived::name) + ": point ";
    if (bytes.empty()) throw error(what + "is empty");
    if (bytes.size() == 1 && bytes[0] == 0) throw error(what + "is the point at infinity");
    point p{};
    if (bytes[0] == 4) {
      if (bytes.size() != 1 + 2 * field_bytes)
        throw error(what + "has " + std::to_string(bytes.size()) + " bytes, " + std::to_string(1 + 2 * field_bytes) +
                    " expected for 04 X Y");
      p = {field_from_bytes(bytes.subspan(1, field_bytes), what), field_from_bytes(bytes.subspan(1 + field_bytes), what)};
      if (!on_curve(p)) throw error(what + "is not on the curve");
    } else if (bytes[0] == 2 || bytes[0] == 3) {
      if (bytes.size() != 1 + field_bytes)
        throw error(what + "has " + std::to_string(bytes.size()) + " bytes, " + std::to_string(1 + field_bytes) +
                    " expected for 02/03 X");
      p.x = field_from_bytes(bytes.subspan(1), what);
      if (p.x.is_zero()) {
        if (bytes[0] == 3) throw error(what + "is not on the curve");
        p.y = sqrt(Derived::b);
      } else {
        // (y / x)^2 + y / x = x + a + b / x^2.
        const element<F> xi = inverse(p.x);
        element<F> c = p.x + Derived::b * square(xi);
        if constexpr (Derived::a == 1) c += F::one();
        const auto z = solve_quadratic(c);
        if (!z) throw error(what + "is not on the curve");
        const element<F> root = ((z->limb[0] & 1) == (bytes[0] & 1u)) ? *z : *z + F::one();
        p.y = root * p.x;
      }
    } else {
      throw error(what + "has the unknown SEC 1 prefix " + std::to_string(bytes[0]));
    }
    // x = 0 is the point of order 2, outside the odd-order subgroup (and the ladder needs x != 0).
    if (p.x.is_zero() || !in_subgroup(p)) throw error(what + "is not in the subgroup of prime order");
    return p;
  }

 private:
  static const element<F>& sqrt_b() {
    static const element<F> root = sqrt(Derived::b);
    return root;
  }
  static element<F> field_from_bytes(std::span<const std::uint8_t> b, const std::string& what) {
    element<F> e{};
    for (std::size_t i = 0; i < field_bytes; ++i) e.limb[i / 8] |= u64(b[field_bytes - 1 - i]) << (8 * (i % 8));
    if (!is_canonical(e)) throw error(what + "has a coordinate with a bit at or above x^" + std::to_string(F::degree));
    return e;
  }
  static_assert(sizeof(element<F>) == 8 * F::limbs && sizeof(scalar_type) == 8 * F::limbs);
  // The limbs of got(0) ... got(A::lanes - 1) in A's lanes; lanes at or past `used` repeat
  // got(0) (a short last block computes its first pair again).
  template <class A, class T, class Get>
  FF_INLINE static std::array<limb_t<A>, F::limbs> to_lanes(std::size_t used, Get got) {
    std::array<T, A::lanes> block;
    for (std::size_t l = 0; l < A::lanes; ++l) block[l] = got(l < used ? l : 0);
    std::array<limb_t<A>, F::limbs> v;
    A::template load<F::limbs>(reinterpret_cast<const u64*>(block.data()), v);
    return v;
  }
  template <class A>
  FF_INLINE static std::array<element<F>, A::lanes> from_lanes(const std::array<limb_t<A>, F::limbs>& v) {
    std::array<element<F>, A::lanes> block;
    A::template store<F::limbs>(reinterpret_cast<u64*>(block.data()), v);
    return block;
  }
  // Every scalar multiplication runs here, so that the ladder is compiled once per backend:
  // r[i] = the ladder of k[i] over x[i], A::lanes pairs at a time.
  static void ladders(backend be, const scalar_type* k, const element<F>* x, std::size_t n, ladder_result* r) {
    dispatch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE {
      ladders_with<binary::arithmetic<F, A>>(k, x, n, r);
    });
  }
  // out[i] = X0 / Z0 of r[i] (0 where Z0 = 0), A::lanes at a time.
  static void affine_x(backend be, const ladder_result* r, std::size_t n, element<F>* out) {
    dispatch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE {
      affine_x_with<binary::arithmetic<F, A>>(r, n, out);
    });
  }

 public:
  // The algorithms over the arithmetic Ar of F (Ar::policy's lanes at a time), without a
  // dispatch: the entry points above run them over ff::binary::arithmetic under their backend;
  // ff.testing runs them over an arithmetic that counts the field operations.
  template <class Ar>
  FF_INLINE static void ladders_with(const scalar_type* k, const element<F>* x, std::size_t n, ladder_result* r) {
    using A = typename Ar::policy;
    const typename Ar::value sqrt_b_lanes = Ar::broadcast(sqrt_b().limb);
    for (std::size_t i = 0; i < n; i += A::lanes) {
      const std::size_t used = std::min(A::lanes, n - i);
      const auto kl = to_lanes<A, scalar_type>(used, [&](std::size_t l) { return k[i + l]; });
      const auto xl = to_lanes<A, element<F>>(used, [&](std::size_t l) { return x[i + l]; });
      const auto s = montgomery_ladder<Ar, b_is_one()>(kl, order_bits(), xl, sqrt_b_lanes);
      const auto x0 = from_lanes<A>(s.x0), z0 = from_lanes<A>(s.z0), x1 = from_lanes<A>(s.x1), z1 = from_lanes<A>(s.z1);
      for (std::size_t l = 0; l < used; ++l) r[i + l] = {x0[l], z0[l], x1[l], z1[l]};
    }
  }
  template <class Ar>
  FF_INLINE static void affine_x_with(const ladder_result* r, std::size_t n, element<F>* out) {
    using A = typename Ar::policy;
    for (std::size_t i = 0; i < n; i += A::lanes) {
      const std::size_t used = std::min(A::lanes, n - i);
      const auto x0 = to_lanes<A, element<F>>(used, [&](std::size_t l) { return r[i + l].x0; });
      const auto z0 = to_lanes<A, element<F>>(used, [&](std::size_t l) { return r[i + l].z0; });
      const auto x = from_lanes<A>(Ar::mul(x0, Ar::inverse(z0)));
      for (std::size_t l = 0; l < used; ++l) out[i + l] = x[l];
    }
  }
  // k P from one ladder's result (one lane).
  template <class Ar>
  FF_INLINE static point recover_y_with(const ladder_result& r, const point& p) {
    const ladder_state<Ar> s{r.x0.limb, r.z0.limb, r.x1.limb, r.z1.limb};
    const auto [x, y] = recover_y<Ar>(s, p.x.limb, p.y.limb);
    return {element<F>{x}, element<F>{y}};
  }
  // The table of mul_base (the generator's windows; made at the first call).
  static const std::vector<point>& base_table() {
    static const std::vector<point> table = [] {
      std::vector<point> t(16 * base_windows());
      point p = generator();
      for (std::size_t i = 0; i < base_windows(); ++i) {
        t[16 * i] = p;
        t[16 * i + 1] = affine_double(p);
        for (std::size_t d = 3; d <= 16; ++d) t[16 * i + d - 1] = affine_add(t[16 * i + d - 2], p);
        p = affine_double(t[16 * i + 15]);
      }
      return t;
    }();
    return table;
  }

 private:
  // Affine doubling (x != 0) and addition (x1 != x2), one inversion each: for the base table.
  // 2 P: l = x + y / x, x3 = l^2 + l + a, y3 = x^2 + (l + 1) x3; P + Q: l = (y1 + y2) / (x1 + x2),
  // x3 = l^2 + l + x1 + x2 + a, y3 = l (x1 + x3) + x3 + y1.
  static point affine_double(const point& p) {
    const element<F> l = p.x + p.y * inverse(p.x);
    element<F> x3 = square(l) + l;
    if constexpr (Derived::a == 1) x3 += F::one();
    return {x3, square(p.x) + (l + F::one()) * x3};
  }
  static point affine_add(const point& p, const point& q) {
    const element<F> l = (p.y + q.y) * inverse(p.x + q.x);
    element<F> x3 = square(l) + l + p.x + q.x;
    if constexpr (Derived::a == 1) x3 += F::one();
    return {x3, l * (p.x + x3) + x3 + p.y};
  }
};

}  // namespace ff::curve
