// ff.curve.binary: ordinary elliptic curves y^2 + xy = x^3 + a x^2 + b (a in {0, 1}, b != 0)
// over a binary field F, the SEC 2 sect*k1 / sect*r1 curves, written once over ff::binary_field
// and the binary backend policy. A curve is a set of constants:
//   struct sect233k1 : binary_weierstrass<sect233k1, b233> { name, a, b, gx, gy, order, cofactor };
// Scalar multiplication is the x-only Montgomery ladder of Lopez and Dahab (CHES 1999) on
// (X : Z), x = X / Z: per scalar bit one differential addition (4M + 1S) and one doubling
// (1M + 3S, and one M by sqrt(b) when b != 1), the two points swapped by masks; then one
// inversion gives x(kP) and, with the ladder's other point, y(kP). The ladder runs over the
// order's bit length whatever the scalar: constant time in the scalar and in the point. k G
// (public keys) adds entries of a fixed table instead (mul_base); on the Koblitz curves, mul_var
// is the variable-time tau-adic multiplication.
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
import ff.core.integer;
import ff.curve.weierstrass;
export import ff.curve.tau_adic;

export namespace ff::curve {

namespace detail {
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
}  // namespace detail

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

// The field operations of one point multiplication: products, squarings, additions (of two
// elements) and inversions (an inversion's own products and squarings not included).
struct op_counts {
  std::uint64_t mul = 0, sqr = 0, add = 0, inv = 0;
  friend bool operator==(const op_counts&, const op_counts&) = default;
};

// A scalar policy that runs the portable kernels and counts each field operation the curve code
// calls (binary_ladder below): the curves' *_counts functions run their code under it. The
// policies of the product build carry no counter.
struct counting_policy : binary::portable {
  static inline thread_local op_counts counts;
};

// The ladder under the binary policy A: limbs of F as the policy holds them, A::lanes
// independent ladders at once (one per lane) on a batch policy.
template <class F, class A>
struct binary_ladder {
  using limb = limb_t<A>;
  using value = std::array<limb, F::limbs>;
  static constexpr bool counted = std::is_same_v<A, counting_policy>;
  using kernels = std::conditional_t<counted, binary::portable, A>;
  FF_INLINE static value mul(const value& a, const value& b) {
    if constexpr (counted) ++counting_policy::counts.mul;
    if constexpr (kernels::id == backend::portable) return binary_ladder<F, kernels>::portable_mul(a, b);
    else return F::template mul<A>(a, b);
  }
  FF_INLINE static value sqr(const value& a) {
    if constexpr (counted) ++counting_policy::counts.sqr;
    if constexpr (kernels::id == backend::portable) return binary_ladder<F, kernels>::portable_sqr(a);
    else return F::template square<A>(a);
  }
  FF_INLINE static value inverse(const value& a) {
    if constexpr (counted) ++counting_policy::counts.inv;
    if constexpr (kernels::id == backend::portable) return binary_ladder<F, kernels>::portable_inverse(a);
    else return binary::inverse_kernel<F, A>(a);
  }
  // The portable kernels stay out of line: inlined into every curve formula, the software
  // carry-less product made single functions of a megabyte (K-571's tau-adic multiplication)
  // and the curve units' compile minutes longer, for a call that costs well under 1% of the
  // product it calls.
  [[gnu::noinline]] static value portable_mul(const value& a, const value& b) { return F::template mul<kernels>(a, b); }
  [[gnu::noinline]] static value portable_sqr(const value& a) { return F::template square<kernels>(a); }
  [[gnu::noinline]] static value portable_inverse(const value& a) { return binary::inverse_kernel<F, kernels>(a); }
  FF_INLINE static value add(const value& a, const value& b) {
    if constexpr (counted) ++counting_policy::counts.add;
    value r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = a[i] ^ b[i];
    return r;
  }
  // The same constant in every lane.
  FF_INLINE static value broadcast(const std::array<u64, F::limbs>& c) {
    value r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = limb{} ^ c[i];
    return r;
  }
  // Swaps a and b in the lanes where mask is all ones (0 or ~0 per lane).
  FF_INLINE static void swap(const limb& mask, value& a, value& b) {
    for (std::size_t i = 0; i < F::limbs; ++i) {
      const limb t = (a[i] ^ b[i]) & mask;
      a[i] ^= t;
      b[i] ^= t;
    }
  }
  // 0 or ~0 per lane from a bit 0 or 1 per lane (an out-parameter: a vector return value
  // would change the ABI outside the target). On one lane the barrier keeps the compiler from
  // turning the mask back into a branch; lanes are selected by vector logic anyway.
  FF_INLINE static void lane_mask(const limb& bit, limb& mask) {
    mask = limb{} - bit;
    if constexpr (A::lanes == 1) mask = value_barrier(mask);
  }
  struct state {
    value x0, z0, x1, z1;  // (X0 : Z0) = k P, (X1 : Z1) = (k + 1) P
  };
  // The low `bits` bits of k (limb j of each lane's scalar in k[j]; leading zeros keep R0 at
  // the identity (1 : 0)) times the point with x-coordinate x != 0. sqrt_b = b^(2^(m-1));
  // b_is_one skips its product.
  template <bool b_is_one, std::size_t N>
  FF_INLINE static state ladder(const std::array<limb, N>& k, unsigned bits, const value& x, const value& sqrt_b) {
    state s{broadcast(F::one().limb), value{}, x, broadcast(F::one().limb)};
    limb previous{};
    for (unsigned i = bits; i-- > 0;) {
      const limb bit = (k[i / 64] >> (i % 64)) & 1;
      limb mask;
      lane_mask(bit ^ previous, mask);
      swap(mask, s.x0, s.x1);
      swap(mask, s.z0, s.z1);
      previous = bit;
      // R1 = R0 + R1 (their difference is P): Z = (X0 Z1 + X1 Z0)^2, X = x Z + X0 Z1 X1 Z0.
      const value t0 = mul(s.x0, s.z1), t1 = mul(s.x1, s.z0);
      s.z1 = sqr(add(t0, t1));
      s.x1 = add(mul(x, s.z1), mul(t0, t1));
      // R0 = 2 R0: Z = X^2 Z^2, X = X^4 + b Z^4 = (X^2 + sqrt(b) Z^2)^2.
      const value xx = sqr(s.x0), zz = sqr(s.z0);
      s.z0 = mul(xx, zz);
      if constexpr (b_is_one) s.x0 = sqr(add(xx, zz));
      else s.x0 = sqr(add(xx, mul(sqrt_b, zz)));
    }
    limb mask;
    lane_mask(previous, mask);
    swap(mask, s.x0, s.x1);
    swap(mask, s.z0, s.z1);
    return s;
  }
};

// Lopez-Dahab projective points (X : Y : Z), x = X / Z, y = Y / Z^2, on y^2 + xy = x^3 + a x^2 + b
// under the scalar policy A: affine points are added in 8M + 5S (the tau-adic multiplication,
// the fixed-base multiplication), and on the Koblitz curves the Frobenius is a squaring per
// coordinate.
template <class F, class A, unsigned a>
struct lopez_dahab {
  using L = binary_ladder<F, A>;
  using value = typename L::value;
  struct point {
    value x, y, z;
    bool identity;
  };
  FF_INLINE static bool is_zero(const value& v) {
    limb_t<A> any{};
    for (const auto& l : v) any |= l;
    return any == limb_t<A>{};
  }
  FF_INLINE static point from_affine(const value& x, const value& y) { return {x, y, L::broadcast(F::one().limb), false}; }
  FF_INLINE static void frobenius(point& q) {
    q.x = L::sqr(q.x);
    q.y = L::sqr(q.y);
    q.z = L::sqr(q.z);
  }
  // 2 (x, y) for x != 0: Z = x^2, X = x^4 + b, Y = b Z + X (a Z + y^2 + b); b_is_one saves the
  // product by b.
  template <bool b_is_one>
  FF_INLINE static point double_affine(const value& x, const value& y, const value& b) {
    const value z = L::sqr(x), x2 = L::add(L::sqr(z), b);
    value t = L::add(L::sqr(y), b);
    if constexpr (a == 1) t = L::add(t, z);
    return {x2, L::add(b_is_one ? z : L::mul(b, z), L::mul(x2, t)), z, false};
  }
  // Q + (x2, y2) by the general formula, without branches (Guide to ECC, algorithm 3.25): with
  // A = Z1^2 (y1 + y2), B = Z1 (x1 + x2), C = Z1 B: Z3 = C^2, X3 = A^2 + A C + B^2 (C + a Z1^2),
  // Y3 = (A C + Z3)(x2 Z3 + X3) + (x2 + y2) Z3^2. It is the sum when Q is not the identity and
  // x1 != x2; xb = B / Z1 and ya = A are zero exactly when x1 = x2 and y1 = y2 respectively.
  FF_INLINE static point add_general(const point& q, const value& x2, const value& y2, value& xb, value& ya) {
    const value zz = L::sqr(q.z);
    ya = L::add(q.y, L::mul(zz, y2));
    xb = L::add(q.x, L::mul(q.z, x2));
    const value c = L::mul(q.z, xb);
    const value z3 = L::sqr(c);
    const value ac = L::mul(ya, c);
    value t = c;
    if constexpr (a == 1) t = L::add(t, zz);
    const value x3 = L::add(L::add(L::mul(L::sqr(xb), t), L::sqr(ya)), ac);
    const value y3 = L::add(L::mul(L::add(ac, z3), L::add(L::mul(x2, z3), x3)), L::mul(L::sqr(z3), L::add(x2, y2)));
    return {x3, y3, z3, false};
  }
  // q += (x2, y2) on a Koblitz curve (b = 1), the exceptional sums (Q = +-P, the identity) by
  // branches: variable time.
  FF_INLINE static void add_affine(point& q, const value& x2, const value& y2) {
    if (q.identity) {
      q = from_affine(x2, y2);
      return;
    }
    value xb, ya;
    const point sum = add_general(q, x2, y2, xb, ya);
    if (is_zero(xb)) {  // x1 = x2: Q = P (double it) or Q = -P (the identity)
      if (is_zero(ya)) q = double_affine<true>(x2, y2, L::broadcast(F::one().limb));
      else q.identity = true;
      return;
    }
    q = sum;
  }
};

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

  // k P for 0 < k < n and P in the subgroup of order n (checked by the entry points that take
  // outside data), as an affine point; constant time in k and P.
  static point mul(backend be, const scalar_type& k, const point& p) {
    be = scalar_sibling(be);
    ladder_result r;
    ladders(be, &k, &p.x, 1, &r);
    return dispatch<typename F::scalar_policies>(be, [&]<class A>() FF_LAMBDA_INLINE { return recover_y<A>(r, p); });
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
      return tnaf_mul<w, A>(k, p);
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
      using LD = lopez_dahab<F, A, Derived::a>;
      typename LD::point r{q.x.limb, q.y.limb, q.z.limb, q.identity};
      LD::add_affine(r, p.x.limb, p.y.limb);
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
      return base_mul<A>(k, table.data());
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

  // The field operations of one ECDH, one mul_base and (Koblitz curves) one mul_var, counted by
  // running their own code under counting_policy (portable kernels, same results): for the
  // share of the time spent in M and S, and for the tests of the operation-count formulas.
  static op_counts ecdh_counts(const scalar_type& k, const point& q) {
    return count_ops([&] {
      ladder_result r;
      element<F> out;
      ladders<counting_policy>(&k, &q.x, 1, &r);
      affine_x<counting_policy>(&r, 1, &out);
    });
  }
  static op_counts mul_base_counts(const scalar_type& k) {
    return count_ops([&] { base_mul<counting_policy>(k, base_table().data()); });
  }
  static op_counts mul_var_counts(const scalar_type& k, const point& p)
    requires(Derived::b == F::one())
  {
    return count_ops([&] { tnaf_mul<tnaf_width, counting_policy>(k, p); });
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
  static constexpr bool b_is_one() { return Derived::b == F::one(); }
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
    dispatch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE { ladders<A>(k, x, n, r); });
  }
  template <class A>
  FF_INLINE static void ladders(const scalar_type* k, const element<F>* x, std::size_t n, ladder_result* r) {
    using L = binary_ladder<F, A>;
    const typename L::value sqrt_b_lanes = L::broadcast(sqrt_b().limb);
    for (std::size_t i = 0; i < n; i += A::lanes) {
      const std::size_t used = std::min(A::lanes, n - i);
      const auto kl = to_lanes<A, scalar_type>(used, [&](std::size_t l) { return k[i + l]; });
      const auto xl = to_lanes<A, element<F>>(used, [&](std::size_t l) { return x[i + l]; });
      const auto s = L::template ladder<b_is_one()>(kl, order_bits(), xl, sqrt_b_lanes);
      const auto x0 = from_lanes<A>(s.x0), z0 = from_lanes<A>(s.z0), x1 = from_lanes<A>(s.x1), z1 = from_lanes<A>(s.z1);
      for (std::size_t l = 0; l < used; ++l) r[i + l] = {x0[l], z0[l], x1[l], z1[l]};
    }
  }
  // out[i] = X0 / Z0 of r[i] (0 where Z0 = 0), A::lanes at a time.
  static void affine_x(backend be, const ladder_result* r, std::size_t n, element<F>* out) {
    dispatch<typename F::batch_policies>(be, [&]<class A>() FF_LAMBDA_INLINE { affine_x<A>(r, n, out); });
  }
  template <class A>
  FF_INLINE static void affine_x(const ladder_result* r, std::size_t n, element<F>* out) {
    using L = binary_ladder<F, A>;
    for (std::size_t i = 0; i < n; i += A::lanes) {
      const std::size_t used = std::min(A::lanes, n - i);
      const auto x0 = to_lanes<A, element<F>>(used, [&](std::size_t l) { return r[i + l].x0; });
      const auto z0 = to_lanes<A, element<F>>(used, [&](std::size_t l) { return r[i + l].z0; });
      const auto x = from_lanes<A>(L::mul(x0, L::inverse(z0)));
      for (std::size_t l = 0; l < used; ++l) out[i + l] = x[l];
    }
  }
  template <class Fn>
  static op_counts count_ops(Fn&& run) {
    counting_policy::counts = {};
    run();
    return counting_policy::counts;
  }
  static constexpr int frobenius_trace() { return Derived::a == 1 ? 1 : -1; }  // mu

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
  // d 2^(5i) G at [16 i + d - 1], d = 1 .. 16 (d P = (d - 1) P + P; the next window's P = 2 (16 P)).
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
  // The fixed-base sum (mul_base): per window the entry read by masks from all 16, negated by
  // a mask, added in Lopez-Dahab coordinates; a zero digit keeps the sum and the identity is a
  // mask, so that nothing branches on k.
  template <class A>
  FF_INLINE static point base_mul(const scalar_type& k, const point* table) {
    using L = binary_ladder<F, A>;
    using LD = lopez_dahab<F, A, Derived::a>;
    using value = typename L::value;
    const value b = L::broadcast(Derived::b.limb);
    const auto pick = [](u64 mask, const typename LD::point& p, const typename LD::point& q) FF_LAMBDA_INLINE {
      return typename LD::point{select(mask, p.x, q.x), select(mask, p.y, q.y), select(mask, p.z, q.z), false};
    };
    typename LD::point q{};
    u64 q_identity = ~u64(0);
#pragma clang loop unroll(disable)
    for (std::size_t i = 0; i < base_windows(); ++i) {
      const signed_digit d = booth_digit(k, i);
      value x2{}, y2{};
      for (std::size_t e = 0; e < 16; ++e) {
        const u64 hit = equal_mask(u64(e + 1), d.magnitude);
        x2 = select(hit, table[16 * i + e].x.limb, x2);
        y2 = select(hit, table[16 * i + e].y.limb, y2);
      }
      y2 = select(d.negative, L::add(x2, y2), y2);  // -(x, y) = (x, x + y)
      value xb, ya;
      typename LD::point r = LD::add_general(q, x2, y2, xb, ya);
      u64 r_identity = 0;
      if (i >= base_complete_from()) {  // Q = T (double T) or Q = -T (the identity)
        const u64 same_x = equal_mask(xb, value{}) & ~q_identity, same_y = equal_mask(ya, value{});
        r = pick(same_x & same_y, LD::template double_affine<b_is_one()>(x2, y2, b), r);
        r_identity = same_x & ~same_y;
      }
      r = pick(q_identity, LD::from_affine(x2, y2), r);
      const u64 skip = equal_mask(d.magnitude, u64(0));
      q = pick(skip, q, r);
      q_identity = select(skip, q_identity, r_identity);
    }
    const value zi = L::inverse(q.z);
    return {element<F>{L::mul(q.x, zi)}, element<F>{L::mul(q.y, L::sqr(zi))}};
  }

  // alpha_u P for the window's u = 1, 3, ..., 2^(w-1) - 1, affine: each a sum of +-tau^j P
  // (alpha_u's own tau-adic NAF), the table made affine with one inversion.
  template <unsigned w, class A>
  FF_INLINE static void tnaf_table(const point& p, std::array<typename binary_ladder<F, A>::value, std::size_t(1) << (w - 2)>& tx,
                         std::array<typename binary_ladder<F, A>::value, std::size_t(1) << (w - 2)>& ty) {
    using L = binary_ladder<F, A>;
    using LD = lopez_dahab<F, A, Derived::a>;
    using D = tau_adic::window<w, frobenius_trace()>;
    constexpr std::size_t span = w + 4;  // alpha_u has norm below 2^w: its NAF is this short
    static constexpr auto digits = [] {
      std::array<std::array<std::int8_t, span>, D::count> d{};
      for (std::size_t i = 0; i < D::count; ++i) {
        const tau_adic::element<2> alpha{tau_adic::integer<2>::from(D::alpha_u[i].beta),
                                         tau_adic::integer<2>::from(D::alpha_u[i].gamma)};
        if (tau_adic::tnaf<2, frobenius_trace()>(alpha, d[i].data(), span) > span) throw "alpha_u's expansion is too long";
      }
      return d;
    }();
    std::array<typename L::value, span> fx, fy;  // tau^j P
    fx[0] = p.x.limb;
    fy[0] = p.y.limb;
#pragma clang loop unroll(disable)
    for (std::size_t j = 1; j < span; ++j) {
      fx[j] = L::sqr(fx[j - 1]);
      fy[j] = L::sqr(fy[j - 1]);
    }
    // (Loops kept rolled here and below: unrolled, each point addition is inlined once per
    // digit, and the library's compile time grows by minutes.)
    std::array<typename LD::point, D::count> q;
#pragma clang loop unroll(disable)
    for (std::size_t i = 0; i < D::count; ++i) {
      q[i].identity = true;
#pragma clang loop unroll(disable)
      for (std::size_t j = 0; j < span; ++j)
        if (digits[i][j]) LD::add_affine(q[i], fx[j], digits[i][j] > 0 ? fy[j] : L::add(fy[j], fx[j]));
      if (q[i].identity) throw error(std::string(Derived::name) + "::mul_var: the point is not in the subgroup");
    }
    // Montgomery's trick: prefix[i] = Z_0 ... Z_i, one inversion, then 1 / Z_i back to front.
    std::array<typename L::value, D::count> prefix;
    prefix[0] = q[0].z;
#pragma clang loop unroll(disable)
    for (std::size_t i = 1; i < D::count; ++i) prefix[i] = L::mul(prefix[i - 1], q[i].z);
    auto inv = L::inverse(prefix[D::count - 1]);
#pragma clang loop unroll(disable)
    for (std::size_t i = D::count; i-- > 0;) {
      const auto zi = i ? L::mul(inv, prefix[i - 1]) : inv;
      if (i) inv = L::mul(inv, q[i].z);
      tx[i] = L::mul(q[i].x, zi);
      ty[i] = L::mul(q[i].y, L::sqr(zi));
    }
  }
  template <unsigned w, class A>
  FF_INLINE static point tnaf_mul(const scalar_type& k, const point& p) {
    using L = binary_ladder<F, A>;
    using LD = lopez_dahab<F, A, Derived::a>;
    using koblitz = tau_adic::koblitz<F::degree, frobenius_trace(), F::limbs>;
    static constexpr bool constants_agree = koblitz::delta_norm_is(Derived::order);
    static_assert(constants_agree, "N((tau^m - 1) / (tau - 1)) is not the curve's order");
    static const auto reciprocal = koblitz::reciprocal(Derived::order);  // once, at first use
    constexpr std::size_t capacity = F::degree + 2 * w + 8;
    std::array<std::int8_t, capacity> digits;
    const std::size_t count = tau_adic::tnaf<w, frobenius_trace()>(koblitz::reduce(k, reciprocal), digits.data(), capacity);
    if (count > capacity) throw error(std::string(Derived::name) + "::mul_var: tau-adic expansion too long");
    std::array<typename L::value, std::size_t(1) << (w - 2)> tx, ty, tneg;
    tnaf_table<w, A>(p, tx, ty);
    for (std::size_t i = 0; i < tx.size(); ++i) tneg[i] = L::add(tx[i], ty[i]);  // -(x, y) = (x, x + y)
    typename LD::point q{};
    q.identity = true;
#pragma clang loop unroll(disable)
    for (std::size_t i = count; i-- > 0;) {
      if (!q.identity) LD::frobenius(q);
      const int d = digits[i];
      if (d == 0) continue;
      const std::size_t u = std::size_t(d > 0 ? d : -d) / 2;
      LD::add_affine(q, tx[u], d > 0 ? ty[u] : tneg[u]);
    }
    if (q.identity) throw error(std::string(Derived::name) + "::mul_var: the result is the identity");
    const auto zi = L::inverse(q.z);
    return {element<F>{L::mul(q.x, zi)}, element<F>{L::mul(q.y, L::sqr(zi))}};
  }

  // k P from the ladder's result, with y recovered (Lopez-Dahab): x_k = X0 / Z0,
  // y_k = (x_k + x) ((X0 + x Z0)(X1 + x Z1) + (x^2 + y) Z0 Z1) / (x Z0 Z1) + y; one inversion.
  // (k + 1) P = O (k = n - 1) gives Z1 = 0: then k P = -P = (x, x + y), chosen by a mask.
  template <class A>
  FF_INLINE static point recover_y(const ladder_result& r, const point& p) {
    using L = binary_ladder<F, A>;
    const auto& x = p.x.limb;
    const auto& y = p.y.limb;
    const auto &x0 = r.x0.limb, &z0 = r.z0.limb, &x1 = r.x1.limb, &z1 = r.z1.limb;
    const auto z0z1 = L::mul(z0, z1);
    const auto inv = L::inverse(L::mul(x, z0z1));
    const auto xk = L::mul(L::mul(x0, L::mul(x, z1)), inv);
    const auto u = L::add(L::mul(L::add(x0, L::mul(x, z0)), L::add(x1, L::mul(x, z1))), L::mul(L::add(L::sqr(x), y), z0z1));
    const auto yk = L::add(L::mul(L::mul(L::add(xk, x), u), inv), y);
    const point general{element<F>{xk}, element<F>{yk}}, minus_p{p.x, p.x + p.y};
    return curve::select(curve::equal_mask(r.z1, element<F>{}), minus_p, general);
  }
};

}  // namespace ff::curve
