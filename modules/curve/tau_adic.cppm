// ff.curve.tau_adic: scalars of a Koblitz curve y^2 + xy = x^3 + a x^2 + 1 over GF(2^m) in
// powers of its Frobenius endomorphism tau(x, y) = (x^2, y^2), which satisfies
// tau^2 - mu tau + 2 = 0 with mu = (-1)^(1 - a). Solinas ("Efficient arithmetic on Koblitz
// curves", 2000; Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve Cryptography",
// algorithms 3.63, 3.69, 3.74):
//   1. reduce k modulo delta = (tau^m - 1) / (tau - 1), whose norm is the subgroup order n, so
//      that rho = r0 + r1 tau acts as k on the subgroup and has about m tau-adic digits;
//   2. write rho in the width-w tau-adic NAF: digits 0 or +-u (u odd, u < 2^(w-1)) standing for
//      +-alpha_u = u mod tau^w, a nonzero digit followed by at least w - 1 zeros.
// k P is then the sum of u_i tau^i P: per digit a squaring of each coordinate where a binary
// expansion doubles. Integer arithmetic only (the curve module evaluates the digits); variable
// time in k: the digits and their count depend on it.
module;
#include <array>
#include <cstddef>
#include <cstdint>
export module ff.curve.tau_adic;
import ff.core.element;
import ff.core.integer;

export namespace ff::curve::tau_adic {

// A signed integer of W 64-bit limbs in two's complement. Arithmetic wraps modulo 2^(64 W):
// the widths below are chosen from m so that no value here comes near that.
template <std::size_t W>
struct signed_limbs {
  std::array<u64, W> limb{};

  static constexpr signed_limbs from(long long v) {
    signed_limbs r;
    for (u64& l : r.limb) l = v < 0 ? ~u64(0) : 0;
    r.limb[0] = u64(v);
    return r;
  }
  template <std::size_t N>
  static constexpr signed_limbs from_unsigned(const std::array<u64, N>& a) {
    static_assert(N < W);
    signed_limbs r;
    for (std::size_t i = 0; i < N; ++i) r.limb[i] = a[i];
    return r;
  }
  // The same value in V limbs (it must fit: checked by the callers' tests, not here).
  template <std::size_t V>
  constexpr signed_limbs<V> resized() const {
    signed_limbs<V> r;
    for (std::size_t i = 0; i < V; ++i) r.limb[i] = i < W ? limb[i] : (negative() ? ~u64(0) : 0);
    return r;
  }
  constexpr bool negative() const { return limb[W - 1] >> 63; }
  constexpr bool odd() const { return limb[0] & 1; }
  constexpr bool is_zero() const {
    u64 any = 0;
    for (u64 l : limb) any |= l;
    return any == 0;
  }
  // Whether the value fits V limbs (the limbs above are its sign).
  template <std::size_t V>
  constexpr bool fits() const {
    const u64 sign = limb[V - 1] >> 63 ? ~u64(0) : 0;
    for (std::size_t i = V; i < W; ++i)
      if (limb[i] != sign) return false;
    return true;
  }

  friend constexpr signed_limbs operator+(const signed_limbs& a, const signed_limbs& b) {
    signed_limbs r;
    u64 carry = 0;
    for (std::size_t i = 0; i < W; ++i) r.limb[i] = integer::add_carry(a.limb[i], b.limb[i], carry);
    return r;
  }
  friend constexpr signed_limbs operator-(const signed_limbs& a, const signed_limbs& b) {
    signed_limbs r;
    u64 borrow = 0;
    for (std::size_t i = 0; i < W; ++i) r.limb[i] = integer::sub_borrow(a.limb[i], b.limb[i], borrow);
    return r;
  }
  friend constexpr signed_limbs operator-(const signed_limbs& a) { return signed_limbs{} - a; }
  // The product modulo 2^(64 W), which is the signed product when that fits.
  friend constexpr signed_limbs operator*(const signed_limbs& a, const signed_limbs& b) {
    signed_limbs r;
    for (std::size_t i = 0; i < W; ++i) {
      u64 carry = 0;
      for (std::size_t j = 0; i + j < W; ++j) {
        const unsigned __int128 t = static_cast<unsigned __int128>(a.limb[i]) * b.limb[j] + r.limb[i + j] + carry;
        r.limb[i + j] = u64(t);
        carry = u64(t >> 64);
      }
    }
    return r;
  }
  // floor(a / 2^s), 0 < s < 64 W.
  constexpr signed_limbs shifted_right(unsigned s) const {
    const u64 fill = negative() ? ~u64(0) : 0;
    signed_limbs r;
    const std::size_t q = s / 64, b = s % 64;
    for (std::size_t i = 0; i < W; ++i) {
      const u64 lo = i + q < W ? limb[i + q] : fill;
      const u64 hi = i + q + 1 < W ? limb[i + q + 1] : fill;
      r.limb[i] = b ? (lo >> b) | (hi << (64 - b)) : lo;
    }
    return r;
  }
  // a 2^s modulo 2^(64 W).
  constexpr signed_limbs shifted_left(unsigned s) const {
    signed_limbs r;
    const std::size_t q = s / 64, b = s % 64;
    for (std::size_t i = q; i < W; ++i) {
      const u64 lo = limb[i - q], below = i - q > 0 ? limb[i - q - 1] : 0;
      r.limb[i] = b ? (lo << b) | (below >> (64 - b)) : lo;
    }
    return r;
  }
  friend constexpr bool operator<(const signed_limbs& a, const signed_limbs& b) { return (a - b).negative(); }
  friend constexpr bool operator==(const signed_limbs&, const signed_limbs&) = default;
};

// An element r0 + r1 tau of Z[tau].
template <std::size_t W>
struct element {
  signed_limbs<W> r0, r1;
};

// Algorithm 3.63 (rounding off in Z[tau]): an element q of Z[tau] near
// lambda = (n0 + n1 tau) / 2^s, chosen so that lambda - q has norm below 4/7.
template <std::size_t W>
constexpr element<W> round_off(const signed_limbs<W>& n0, const signed_limbs<W>& n1, unsigned s, int mu) {
  using Z = signed_limbs<W>;
  const Z one = Z::from(1).shifted_left(s), half = Z::from(1).shifted_left(s - 1);
  const Z f0 = (n0 + half).shifted_right(s), f1 = (n1 + half).shifted_right(s);
  // eta_i 2^s, in [-2^(s-1), 2^(s-1)).
  const Z e0 = n0 - f0.shifted_left(s), e1 = n1 - f1.shifted_left(s);
  const Z mu_e1 = mu > 0 ? e1 : -e1;
  const Z eta = e0 + e0 + mu_e1;
  const Z minus3 = e0 - (mu_e1 + mu_e1 + mu_e1), plus4 = e0 + mu_e1.shifted_left(2);
  long long h0 = 0, h1 = 0;
  if (!(eta < one)) {
    if (minus3 < -one) h1 = mu;
    else h0 = 1;
  } else if (!(plus4 < one + one)) {
    h1 = mu;
  }
  if (eta < -one) {
    if (!(minus3 < one)) h1 = -mu;
    else h0 = -1;
  } else if (plus4 < -(one + one)) {
    h1 = -mu;
  }
  return {f0 + Z::from(h0), f1 + Z::from(h1)};
}

// U_0 = 0, U_1 = 1, U_(j+1) = mu U_j - 2 U_(j-1), so that tau^j = U_j tau - 2 U_(j-1).
// Returns (U_j, U_(j-1)), j >= 1.
template <std::size_t W>
constexpr std::array<signed_limbs<W>, 2> lucas(int mu, unsigned j) {
  using Z = signed_limbs<W>;
  Z u = Z::from(1), previous = Z::from(0);
  for (unsigned i = 1; i < j; ++i) {
    const Z next = (mu > 0 ? u : -u) - (previous + previous);
    previous = u;
    u = next;
  }
  return {u, previous};
}

// The Koblitz curve with Frobenius trace mu over GF(2^m) and subgroup order n (N limbs).
template <unsigned m, int mu, std::size_t N>
struct koblitz {
  static_assert(mu == 1 || mu == -1);
  // The reduction's width: k (m bits) times a reciprocal (about m / 2 + guard bits).
  static constexpr std::size_t wide_limbs = 2 * N + 2;
  // The digit loop's width: rho has about m / 2 bits per coordinate.
  static constexpr std::size_t narrow_limbs = N / 2 + 2;
  using wide = signed_limbs<wide_limbs>;
  using narrow = signed_limbs<narrow_limbs>;
  // Guard bits of the reciprocals: an error of 2^-guard in lambda only moves the rounding
  // near a boundary (rho stays congruent to k; its length may grow by a digit).
  static constexpr unsigned shift = m + 16;

  // delta = (tau^m - 1) / (tau - 1) = d0 + d1 tau: (tau^m - 1) conj(tau - 1) / N(tau - 1),
  // conj(x + y tau) = (x + mu y) - y tau, N(tau - 1) = 3 - mu (the cofactor h).
  static consteval element<wide_limbs> delta() {
    const auto [um, um1] = lucas<wide_limbs>(mu, m);
    const wide a = -(um1 + um1) - wide::from(1), b = um;  // tau^m - 1 = a + b tau
    const wide c = wide::from(mu - 1), d = wide::from(-1);  // conj(tau - 1)
    // (a + b tau)(c + d tau) = a c - 2 b d + (a d + b c + mu b d) tau
    const wide bd = b * d;
    wide x = a * c - (bd + bd), y = a * d + b * c + (mu > 0 ? bd : -bd);
    const unsigned h_log = mu > 0 ? 1 : 2;
    if (!(x.shifted_right(h_log).shifted_left(h_log) == x) || !(y.shifted_right(h_log).shifted_left(h_log) == y))
      throw "tau - 1 does not divide tau^m - 1";
    return {x.shifted_right(h_log), y.shifted_right(h_log)};
  }
  static constexpr element<wide_limbs> delta_value = delta();

  // Whether N(delta) = d0^2 + mu d0 d1 + 2 d1^2 is n: the curve's constants agree with m and mu.
  static consteval bool delta_norm_is(const std::array<u64, N>& n) {
    const auto& [d0, d1] = delta_value;
    const wide d0d1 = d0 * d1;
    return d0 * d0 + (mu > 0 ? d0d1 : -d0d1) + d1 * d1 + d1 * d1 == wide::from_unsigned(n);
  }

  // round(s 2^shift / n) for the coordinates s of conj(delta) = (d0 + mu d1) - d1 tau: then
  // k conj(delta) / n = k (g0 + g1 tau) / 2^shift up to 2^-16 per coordinate.
  static constexpr element<wide_limbs> reciprocal(const std::array<u64, N>& n) {
    const auto& [d0, d1] = delta_value;
    const wide s0 = mu > 0 ? d0 + d1 : d0 - d1, s1 = -d1;
    const auto scaled = [&](const wide& s) {
      const wide magnitude = s.negative() ? -s : s;
      limbs<wide_limbs> numerator = magnitude.shifted_left(shift).limb, half_n{};
      for (std::size_t i = 0; i < N; ++i) half_n[i] = n[i];
      half_n = integer::shift_right(half_n, 1);
      integer::add(numerator, numerator, half_n);
      const wide q{integer::quotient(numerator, n)};
      return s.negative() ? -q : q;
    };
    return {scaled(s0), scaled(s1)};
  }

  // rho = k - q delta with q = k / delta rounded off in Z[tau]: rho = k on the subgroup of
  // order n, and its norm is about n (Algorithm 3.74, with the exact delta and reciprocals
  // to 2^-16). Returned in the digit loop's width.
  static element<narrow_limbs> reduce(const std::array<u64, N>& k, const element<wide_limbs>& g) {
    const auto& [d0, d1] = delta_value;
    const wide kk = wide::from_unsigned(k);
    const auto [q0, q1] = round_off(kk * g.r0, kk * g.r1, shift, mu);
    const wide s0 = mu > 0 ? d0 + d1 : d0 - d1;
    const wide q1d1 = q1 * d1;
    const wide r0 = kk - q0 * d0 + q1d1 + q1d1;
    const wide r1 = -(q0 * d1) - q1 * s0;
    return {r0.template resized<narrow_limbs>(), r1.template resized<narrow_limbs>()};
  }
};

// The width-w digits for trace mu: tau mod tau^w as an integer t_w mod 2^w, and
// alpha_u = u mod tau^w = beta_u + gamma_u tau for u = 1, 3, ..., 2^(w-1) - 1.
template <unsigned w, int mu>
struct window {
  static_assert(w >= 2 && w <= 7);
  static constexpr std::size_t count = std::size_t(1) << (w - 2);  // odd u below 2^(w-1)
  static constexpr long long modulus = 1ll << w;
  using small = signed_limbs<2>;

  // t_w = 2 U_(w-1) / U_w mod 2^w (U_w is odd); then t_w^2 - mu t_w + 2 = 0 mod 2^w.
  static consteval long long t() {
    const auto [uw, uw1] = lucas<2>(mu, w);
    const long long a = (long long)(uw.limb[0] & u64(modulus - 1)), b = (long long)(uw1.limb[0] & u64(modulus - 1));
    long long inverse = 0;
    for (long long i = 1; i < modulus; i += 2)
      if ((a * i) % modulus == 1) inverse = i;
    const long long tw = (2 * b * inverse) % modulus;
    if ((tw * tw - mu * tw + 2) % modulus != 0) throw "t_w is not tau mod tau^w";
    return tw;
  }
  static constexpr long long t_w = t();

  struct alpha {
    long long beta, gamma;
  };
  // u mod tau^w: u - q tau^w with q = u / tau^w rounded off (norm below 2^w, Solinas).
  static consteval std::array<alpha, count> alphas() {
    const auto [uw, uw1] = lucas<2>(mu, w);
    std::array<alpha, count> r{};
    for (std::size_t i = 0; i < count; ++i) {
      const small u = small::from(static_cast<long long>(2 * i + 1));
      // u conj(tau^w) = u ((mu U_w - 2 U_(w-1)) - U_w tau), N(tau^w) = 2^w
      const small n0 = u * ((mu > 0 ? uw : -uw) - (uw1 + uw1)), n1 = -(u * uw);
      const auto [q0, q1] = round_off(n0, n1, w, mu);
      const small b = u + (q0 * uw1 + q1 * uw) + (q0 * uw1 + q1 * uw);
      const small q1uw1 = q1 * uw1;
      const small g = -(q0 * uw - (q1uw1 + q1uw1) + (mu > 0 ? q1 * uw : -(q1 * uw)));
      r[i] = {(long long)b.limb[0], (long long)g.limb[0]};
      if (((r[i].beta + r[i].gamma * t_w - (long long)(2 * i + 1)) % modulus + modulus) % modulus != 0)
        throw "alpha_u is not u mod tau^w";
    }
    return r;
  }
  static constexpr std::array<alpha, count> alpha_u = alphas();
};

// Algorithm 3.69: the width-w tau-adic NAF of rho, least significant digit first, into out
// (at most capacity digits; returns the count, or capacity + 1 when rho needs more: a bug).
// Digit u != 0 stands for +alpha_u (u > 0) or -alpha_(-u) (u < 0).
template <unsigned w, int mu, std::size_t W>
constexpr std::size_t tnaf(element<W> rho, std::int8_t* out, std::size_t capacity) {
  using D = window<w, mu>;
  using Z = signed_limbs<W>;
  auto& [r0, r1] = rho;
  std::size_t i = 0;
  while (!r0.is_zero() || !r1.is_zero()) {
    if (i == capacity) return capacity + 1;
    std::int8_t digit = 0;
    if (r0.odd()) {
      long long u = (long long)((r0.limb[0] + r1.limb[0] * u64(D::t_w)) & u64(D::modulus - 1));
      if (u >= D::modulus / 2) u -= D::modulus;
      const auto& a = D::alpha_u[std::size_t(u > 0 ? u : -u) / 2];
      if (u > 0) {
        r0 = r0 - Z::from(a.beta);
        r1 = r1 - Z::from(a.gamma);
      } else {
        r0 = r0 + Z::from(a.beta);
        r1 = r1 + Z::from(a.gamma);
      }
      digit = std::int8_t(u);
    }
    out[i++] = digit;
    // rho / tau = (r1 + mu r0 / 2) - (r0 / 2) tau (r0 is even here).
    const Z half = r0.shifted_right(1);
    r0 = mu > 0 ? r1 + half : r1 - half;
    r1 = -half;
  }
  return i;
}

}  // namespace ff::curve::tau_adic
