// ff.pairing.bn: the optimal ate pairing of a BN curve E: y^2 = x^3 + b over Fp with parameter
// u > 0, written once over the tower Fp12 = Fp6[w] / (w^2 - v), Fp6 = Fp2[v] / (v^3 - xi) and
// the groups G1 = E(Fp)[r], G2 on the D-type sextic twist E': y^2 = x^3 + b / xi over Fp2
// (untwisted by (x, y) -> (x w^2, y w^3)).
//
// Miller loop over 6u + 2 in signed digits, G2's point in homogeneous projective coordinates;
// its lines are computed first (prepare: once for a fixed G2 point), then evaluated at P and
// multiplied in sparse (c0 + c1 w + c3 w^3: 13 products of Fp2 instead of 18, wide in a lazy
// tower; Costello, Lange and Naehrig, "Faster pairing computations on curves with high-degree
// twists", 2010, and Aranha, Karabina, Longa, Gebotys and Lopez, "Faster explicit formulas for
// computing pairings over ordinary curves", 2011, for the steps). The lines drop factors in
// Fp2, which the final exponentiation sends to one. Several pairs share the loop's squarings. Final exponentiation: the easy
// part (p^6 - 1)(p^2 + 1) by conjugation, one inversion and Frobenius; the hard part
// (p^4 - p^2 + 1) / r by Scott, Benger, Charlemagne, Dominguez Perez and Kachisa ("On the
// final exponentiation for calculating pairings on ordinary elliptic curves", 2009): three
// powers by u in the cyclotomic subgroup, with Granger-Scott squarings and u in width-4
// signed digits.
//
// No branch on the points' coordinates; a pair with the identity is skipped by the caller.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>
#include "fieldlab/macros.h"
export module ff.pairing.bn;
import ff.core.element;
import ff.tower.constant;
import ff.curve.weierstrass;

export namespace ff::pairing {
// The signed digits of x in width-W non-adjacent form, least significant first, and their
// count: every nonzero digit odd and below 2^(W - 1) in absolute value, followed by at least
// W - 1 zeros. W = 2 is the non-adjacent form (digits 0, 1, -1).
template <std::size_t Size>
struct signed_digits {
  std::array<int, Size> digit{};
  std::size_t length = 0;
  std::size_t nonzero = 0;
};
template <std::size_t Size>
consteval signed_digits<Size> naf(unsigned __int128 x, unsigned width = 2) {
  signed_digits<Size> r;
  const int window = 1 << width;
  while (x != 0) {
    int d = 0;
    if (x & 1) {
      d = int(x & unsigned(window - 1));
      if (d >= window / 2) d -= window;
      if (d > 0) x -= unsigned(d);
      else x += unsigned(-d);
      ++r.nonzero;
    }
    if (r.length == Size) throw "more signed digits than Size";
    r.digit[r.length++] = d;
    x >>= 1;
  }
  return r;
}

// A pair (P, Q) of a pairing, P in G1 and Q in G2, affine.
template <class G1Affine, class G2Affine>
struct pair {
  G1Affine p;
  G2Affine q;
};

// A line of the Miller loop before it meets P: at P = (xP, yP) it is y yP + x xP w + c w^3
// (Fp12 = Fp6[w], Fp6 = Fp2[v], w^2 = v).
template <class Fp2Value>
struct line_coefficients {
  Fp2Value y, x, c;
};
// Q prepared for the Miller loop: its lines for every step, in the loop's order, computed once
// (a fixed G2 argument, as a verification key is) and read by every pairing with Q.
template <class Fp2Value>
struct prepared_g2 {
  std::vector<line_coefficients<Fp2Value>> lines;
};
// A pair with its G2 point prepared (not owned: it outlives the call).
template <class G1Affine, class Fp2Value>
struct prepared_pair {
  G1Affine p;
  const prepared_g2<Fp2Value>* q;
};

template <class Fp12, class G1, class G2, std::uint64_t U>
struct bn {
  using fp12 = Fp12;
  using fp6 = typename tower::underlying<typename Fp12::base>::type;  // lazy or not, whatever Fp12 does
  using fp2 = typename fp6::base;
  using fp = typename fp2::base;
  using gt = typename fp12::value;
  using fp2_value = typename fp2::value;
  using fp_value = typename fp::value;
  using g1_affine = typename G1::affine_point;
  using g2_affine = typename G2::affine_point;
  using g2_point = typename G2::point;
  using pair = pairing::pair<g1_affine, g2_affine>;
  using coefficients = line_coefficients<fp2_value>;
  using prepared = prepared_g2<fp2_value>;
  using prepared_pair = pairing::prepared_pair<g1_affine, fp2_value>;
  // A line evaluated at P, up to a factor in Fp2: c0 + c1 w + c3 w^3.
  struct line {
    fp2_value c0, c1, c3;
  };

  // 6u + 2, the Miller loop's length, in signed digits.
  static constexpr auto loop = naf<72>(6 * static_cast<unsigned __int128>(U) + 2);

  // The out-of-line Fp12 operations (inlined at every use they would multiply the code size).
  [[gnu::noinline]] static gt mul(const gt& a, const gt& b) { return fp12::mul(a, b); }
  [[gnu::noinline]] static gt square(const gt& a) { return fp12::square(a); }
  [[gnu::noinline]] static gt frobenius(const gt& a) { return fp12::frobenius(a); }

  FF_INLINE static fp2_value scale(const fp2_value& x, const fp_value& s) { return {fp::mul(x.c0, s), fp::mul(x.c1, s)}; }

  // The lines' products are written once over the tower's ops (ff.tower.constant): with a lazy
  // Fp6, Fp2 products stay wide (O2), Fp6 values of them combine mod p R (O6), and each result
  // is reduced once per coordinate (finish); else O2 and O6 are the reduced operations.
  static constexpr bool lazy = fp6::lazy;
  using O2 = std::conditional_t<lazy, tower::wide_ops<fp2>, tower::reduced_ops<fp2>>;
  using O6 = std::conditional_t<lazy, tower::wide_ops<fp6>, tower::reduced_ops<fp6>>;
  using fp6_over = typename fp6::template over<O2>;
  using fp12_over = typename fp12::template over<O6>;
  FF_INLINE static gt finish(const fp12_over& x) {
    if constexpr (lazy) return {fp6::reduce(x.c0), fp6::reduce(x.c1)};
    else return x;
  }

  // a (b0 + b1 v) in Fp6: 5 products of Fp2.
  FF_INLINE static fp6_over mul_by_01(const typename fp6::value& a, const fp2_value& b0, const fp2_value& b1) {
    const auto t0 = O2::product(a.c0, b0), t1 = O2::product(a.c1, b1);
    const auto c1 = O2::sub(O2::product(O2::sum(a.c0, a.c1), O2::sum(b0, b1)), O2::add(t0, t1));
    return {O2::add(t0, O2::template times<fp6::xi>(O2::product(a.c2, b1))), c1, O2::add(t1, O2::product(a.c2, b0))};
  }
  // f l: (F0 + F1 w)(L0 + L1 w) with L0 = c0 and L1 = c1 + c3 v, by Karatsuba: 13 products of
  // Fp2 and (lazy) 12 reductions.
  [[gnu::noinline]] static gt mul_by_line(const gt& f, const line& l) {
    const fp6_over t0{O2::product(f.c0.c0, l.c0), O2::product(f.c0.c1, l.c0), O2::product(f.c0.c2, l.c0)};
    const fp6_over t1 = mul_by_01(f.c1, l.c1, l.c3);
    const fp6_over s = mul_by_01(fp6::add(f.c0, f.c1), fp2::add(l.c0, l.c1), l.c3);
    return finish(fp12_over{O6::add(t0, O6::template times<tower::cubic_constant<int>{0, 1, 0}>(t1)), O6::sub(s, O6::add(t0, t1))});
  }

  // T = 2 T and the tangent at T (the doubling of Aranha et al. with its halvings scaled away:
  // X3 = 2 XY (Y^2 - 9b'Z^2), Y3 = (Y^2 + 9b'Z^2)^2 - 108 b'^2 Z^4, Z3 = 8 Y^3 Z).
  FF_INLINE static coefficients double_step(g2_point& t) {
    const fp2_value a = fp2::mul(t.x, t.y), bb = fp2::square(t.y), cc = fp2::square(t.z);
    const fp2_value e = G2::times_3b(cc), f = fp2::add(fp2::add(e, e), e);
    const fp2_value g = fp2::add(bb, f);
    const fp2_value h = fp2::sub(fp2::square(fp2::add(t.y, t.z)), fp2::add(bb, cc));  // 2 Y Z
    const fp2_value j = fp2::square(t.x);
    const fp2_value e2 = fp2::square(e), e2_3 = fp2::add(fp2::add(e2, e2), e2), e2_6 = fp2::add(e2_3, e2_3);
    const fp2_value x3 = fp2::mul(a, fp2::sub(bb, f));
    const fp2_value bh = fp2::mul(bb, h), bh2 = fp2::add(bh, bh);
    t = {fp2::add(x3, x3), fp2::sub(fp2::square(g), fp2::add(e2_6, e2_6)), fp2::add(bh2, bh2)};
    const fp2_value j3 = fp2::add(fp2::add(j, j), j);
    return {fp2::neg(h), j3, fp2::sub(e, bb)};
  }
  // T = T + Q and the line through them.
  FF_INLINE static coefficients add_step(g2_point& t, const g2_affine& q) {
    const fp2_value theta = fp2::sub(t.y, fp2::mul(q.y, t.z)), lambda = fp2::sub(t.x, fp2::mul(q.x, t.z));
    const fp2_value c = fp2::square(theta), d = fp2::square(lambda);
    const fp2_value e = fp2::mul(lambda, d), f = fp2::mul(t.z, c), g = fp2::mul(t.x, d);
    const fp2_value h = fp2::sub(fp2::add(e, f), fp2::add(g, g));
    const fp2_value j = fp2::sub(fp2::mul(theta, q.x), fp2::mul(lambda, q.y));
    t = {fp2::mul(lambda, h), fp2::sub(fp2::mul(theta, fp2::sub(g, h)), fp2::mul(t.y, e)), fp2::mul(t.z, e)};
    return {lambda, fp2::neg(theta), j};
  }
  // f times the line l at P.
  [[gnu::noinline]] static gt multiply_line(const gt& f, const coefficients& l, const g1_affine& p) {
    return mul_by_line(f, line{scale(l.y, p.y), scale(l.x, p.x), l.c});
  }

  // The p-power Frobenius endomorphism of the twist: (x, y) -> (x^p xi^((p-1)/3), y^p xi^((p-1)/2)).
  static constexpr fp2_value twist_frobenius_x = fp2::template frobenius_constant<fp6::xi, 3>();
  static constexpr fp2_value twist_frobenius_y = fp2::template frobenius_constant<fp6::xi, 2>();
  FF_INLINE static g2_affine twist_frobenius(const g2_affine& q) {
    return {fp2::mul(fp2::frobenius(q.x), twist_frobenius_x), fp2::mul(fp2::frobenius(q.y), twist_frobenius_y)};
  }
  FF_INLINE static g2_point twist_frobenius(const g2_point& q) {
    return {fp2::mul(fp2::frobenius(q.x), twist_frobenius_x), fp2::mul(fp2::frobenius(q.y), twist_frobenius_y), fp2::frobenius(q.z)};
  }

  // The Miller loop's lines for Q: a doubling every step, an addition by Q or -Q at each
  // nonzero digit of 6u + 2, then the additions by pi(Q) and -pi^2(Q).
  static constexpr std::size_t line_count = [] {
    std::size_t n = 2;
    for (std::size_t i = loop.length - 1; i-- > 0;) n += loop.digit[i] != 0 ? 2 : 1;
    return n;
  }();
  static prepared prepare(const g2_affine& q) {
    prepared r;
    r.lines.reserve(line_count);
    g2_point t = G2::from_affine(q);
    const g2_affine minus_q{q.x, fp2::neg(q.y)};
    for (std::size_t i = loop.length - 1; i-- > 0;) {
      r.lines.push_back(double_step(t));
      if (loop.digit[i] != 0) r.lines.push_back(add_step(t, loop.digit[i] > 0 ? q : minus_q));
    }
    const g2_affine q1 = twist_frobenius(q), q2 = twist_frobenius(q1);
    r.lines.push_back(add_step(t, q1));
    r.lines.push_back(add_step(t, {q2.x, fp2::neg(q2.y)}));
    return r;
  }

  // The product of the pairs' Miller functions f_(6u+2, Q)(P) l_(T, pi(Q))(P) l_(T', -pi^2(Q))(P)
  // from their prepared lines: one squaring of f per step for all pairs, then each pair's lines
  // of that step. No pair may hold the identity.
  static gt miller_loop(std::span<const prepared_pair> pairs) {
    gt f = fp12::one();
    std::size_t j = 0;
    auto multiply_step = [&] {
      for (const prepared_pair& pq : pairs) f = multiply_line(f, pq.q->lines[j], pq.p);
      ++j;
    };
    for (std::size_t i = loop.length - 1; i-- > 0;) {
      f = square(f);
      multiply_step();
      if (loop.digit[i] != 0) multiply_step();
    }
    multiply_step();
    multiply_step();
    return f;
  }
  static gt miller_loop(std::span<const pair> pairs) {
    std::vector<prepared> qs;
    std::vector<prepared_pair> prepared_pairs;
    qs.reserve(pairs.size());
    for (const pair& pq : pairs) {
      qs.push_back(prepare(pq.q));
      prepared_pairs.push_back({pq.p, &qs.back()});
    }
    return miller_loop(std::span<const prepared_pair>(prepared_pairs));
  }

  // a^2 for a in the cyclotomic subgroup (a^(p^6 + 1) = 1), Granger and Scott ("Faster squaring
  // in the cyclotomic subgroup of sixth degree extensions", 2010): Fp12 as Fp4[w] / (w^3 - s)
  // with Fp4 = Fp2[s] / (s^2 - xi), a = A + B w + C w^2, A = g0 + h1 s, B = h0 + g2 s,
  // C = g1 + h2 s (g the coordinates of a.c0, h of a.c1); then
  // a^2 = (3 A^2 - 2 conj(A)) + (3 s C^2 + 2 conj(B)) w + (3 B^2 - 2 conj(C)) w^2:
  // three squarings of Fp4, 9 squarings of Fp2.
  // Reduced Fp2 squares even in a lazy tower: measured faster than wide ones (1,708 against
  // 1,908 cycles a cyclotomic squaring, adx): the products by xi of wide values cost more than
  // the two reductions in six they save.
  FF_INLINE static void fp4_square(const fp2_value& x, const fp2_value& y, fp2_value& real, fp2_value& s_part) {
    const fp2_value t0 = fp2::square(x), t1 = fp2::square(y);
    real = fp2::add(t0, fp6::times_xi(t1));
    s_part = fp2::sub(fp2::square(fp2::add(x, y)), fp2::add(t0, t1));
  }
  // 3 t - 2 x and 3 t + 2 x.
  FF_INLINE static fp2_value three_minus_two(const fp2_value& t, const fp2_value& x) {
    const fp2_value d = fp2::sub(t, x);
    return fp2::add(fp2::add(d, d), t);
  }
  FF_INLINE static fp2_value three_plus_two(const fp2_value& t, const fp2_value& x) {
    const fp2_value s = fp2::add(t, x);
    return fp2::add(fp2::add(s, s), t);
  }
  [[gnu::noinline]] static gt cyclotomic_square(const gt& a) {
    const auto& g = a.c0;
    const auto& h = a.c1;
    fp2_value a_re, a_s, b_re, b_s, c_re, c_s;
    fp4_square(g.c0, h.c1, a_re, a_s);  // A^2
    fp4_square(h.c0, g.c2, b_re, b_s);  // B^2
    fp4_square(g.c1, h.c2, c_re, c_s);  // C^2; s C^2 = xi c_s + c_re s
    gt r;
    r.c0.c0 = three_minus_two(a_re, g.c0);
    r.c1.c1 = three_plus_two(a_s, h.c1);
    r.c1.c0 = three_plus_two(fp6::times_xi(c_s), h.c0);
    r.c0.c2 = three_minus_two(c_re, g.c2);
    r.c0.c1 = three_minus_two(b_re, g.c1);
    r.c1.c2 = three_plus_two(b_s, h.c2);
    return r;
  }
  // a^u in the cyclotomic subgroup, over u's width-W signed digits: a cyclotomic squaring per
  // digit and a product by one of the odd powers a, a^3, ..., a^(2^(W-1) - 1) (a^-1 is the
  // conjugate there) per nonzero digit. W is chosen here by counting, a product weighed as 2.3
  // cyclotomic squarings (ffbench --tower, adx: 3,673 and 1,614 cycles): for BN254's u, W = 4
  // takes 16 products and 63 squarings where the non-adjacent form (W = 2) takes 23 and 62.
  static constexpr unsigned u_width = [] {
    unsigned best = 2;
    double best_cost = 1e300;
    for (unsigned w = 2; w <= 6; ++w) {
      const auto d = naf<66>(U, w);
      const double products = double(d.nonzero - 1 + (w > 2 ? (1u << (w - 2)) - 1 : 0));
      const double squarings = double(d.length - 1 + (w > 2 ? 1 : 0));
      if (const double cost = 2.3 * products + squarings; cost < best_cost) best = w, best_cost = cost;
    }
    return best;
  }();
  static constexpr auto u_digits = naf<66>(U, u_width);
  static gt cyclotomic_pow_u(const gt& a) {
    std::array<gt, std::size_t{1} << (u_width - 2)> odd, odd_inverse;  // a^(2k + 1), a^-(2k + 1)
    odd[0] = a;
    if constexpr (odd.size() > 1) {
      const gt a2 = cyclotomic_square(a);
      for (std::size_t k = 1; k < odd.size(); ++k) odd[k] = mul(odd[k - 1], a2);
    }
    for (std::size_t k = 0; k < odd.size(); ++k) odd_inverse[k] = fp12::conjugate(odd[k]);
    static_assert(u_digits.digit[u_digits.length - 1] > 0);
    gt r = odd[std::size_t(u_digits.digit[u_digits.length - 1]) / 2];
    for (std::size_t i = u_digits.length - 1; i-- > 0;) {
      r = cyclotomic_square(r);
      const int d = u_digits.digit[i];
      if (d > 0) r = mul(r, odd[std::size_t(d) / 2]);
      else if (d < 0) r = mul(r, odd_inverse[std::size_t(-d) / 2]);
    }
    return r;
  }
  static gt final_exponentiation(const gt& f) {
    // Easy part: f^((p^6 - 1)(p^2 + 1)); the result is in the cyclotomic subgroup, where the
    // inverse is the conjugate.
    gt m = mul(fp12::conjugate(f), fp12::inverse(f));
    m = mul(frobenius(frobenius(m)), m);
    // Hard part, Scott et al.'s addition chain on m^p, m^(p^2), m^(p^3) and m^(u^i p^j).
    const gt mp = frobenius(m), mp2 = frobenius(mp), mp3 = frobenius(mp2);
    const gt mu = cyclotomic_pow_u(m), mu2 = cyclotomic_pow_u(mu), mu3 = cyclotomic_pow_u(mu2);
    const gt y0 = mul(mul(mp, mp2), mp3);
    const gt y1 = fp12::conjugate(m);
    const gt y2 = frobenius(frobenius(mu2));
    const gt y3 = fp12::conjugate(frobenius(mu));
    const gt y4 = fp12::conjugate(mul(mu, frobenius(mu2)));
    const gt y5 = fp12::conjugate(mu2);
    const gt y6 = fp12::conjugate(mul(mu3, frobenius(mu3)));
    gt t0 = mul(mul(cyclotomic_square(y6), y4), y5);
    gt t1 = mul(mul(y3, y5), t0);
    t0 = mul(t0, y2);
    t1 = cyclotomic_square(mul(cyclotomic_square(t1), t0));
    t0 = mul(t1, y1);
    t1 = mul(t1, y0);
    return mul(cyclotomic_square(t0), t1);
  }

  // e(P, Q); one for the identity in either group.
  static gt pairing(const g1_affine& p, bool p_is_identity, const g2_affine& q, bool q_is_identity) {
    if (p_is_identity || q_is_identity) return fp12::one();
    const pair one_pair[1] = {{p, q}};
    return final_exponentiation(miller_loop(std::span<const pair>(one_pair)));
  }
  // The product of e(P_k, Q_k): one Miller loop over all pairs (its squarings shared) and one
  // final exponentiation. The pairs hold no identity; their G2 points prepared or not.
  static gt multi_pairing(std::span<const pair> pairs) {
    return pairs.empty() ? fp12::one() : final_exponentiation(miller_loop(pairs));
  }
  static gt multi_pairing(std::span<const prepared_pair> pairs) {
    return pairs.empty() ? fp12::one() : final_exponentiation(miller_loop(pairs));
  }
  // Whether the product of e(P_k, Q_k) is one (the pairs hold no identity).
  static bool product_is_one(std::span<const pair> pairs) { return multi_pairing(pairs) == fp12::one(); }
  static bool product_is_one(std::span<const prepared_pair> pairs) { return multi_pairing(pairs) == fp12::one(); }
};
}  // namespace ff::pairing
