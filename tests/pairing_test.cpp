// BN254's groups and pairing against NTL, once per prime backend policy (tests/bn254_flat.hpp
// maps the tower into flat extensions of Fp):
//   - G1 and G2's complete formulas against affine chord-and-tangent in NTL, the identity and
//     P + P included; constant-time, GLV and _var scalar multiplication against each other and
//     the group order;
//   - the G2 subgroup check against [r] Q on points of the twist in and outside G2 (the latter
//     from square roots in NTL, and points with a component of order 10069 or 5864401, small
//     factors of the cofactor), and the precompile's refusal of one outside;
//   - the pairing's value: e(P, Q) equals a plain Miller loop over E(Fp12) in NTL (affine, the
//     binary digits of 6u + 2, the untwisted Q) raised to (p^12 - 1) / r; the final
//     exponentiation alone against that power; the cyclotomic squaring against the square;
//     bilinearity, e(P, Q)^r = 1, e(P, -Q) e(P, Q) = 1; the multi-pairing (prepared G2 points
//     or not) against the product of single pairings; both towers of lazy reduction's A/B.
// Pairings are slow in the sanitizer build: those tests run a few fixed-seed cases, with the
// scalars' edge cases (1, r - 1) among them.
#include "bn254_flat.hpp"

using namespace ff;

namespace {
using namespace bn254_flat;
using Fr = bn254_fr;
using NTL::ZZ;
using NTL::ZZ_p;
using NTL::ZZ_pX;

const ZZ& r_zz() { return ref::prime_modulus<Fr>(); }
curve::scalar<4> scalar_of(const ZZ& k) { return ref::to_limbs<4>(k); }
ZZ random_below_r(std::mt19937_64& rng) { return ref::to_zz(Fr::random(rng)); }

// A point of E(Fp12) in the flat ring, affine; inf for the identity.
struct flat_point {
  ZZ_pX x, y;
  bool inf = false;
};

template <class P>
struct reference {
  using L = levels<P>;
  using G1 = bn254::g1<P>;
  using G2 = bn254::g2<P>;
  using pairing = bn254::pairing<P>;

  static const flat_ring& R() { return ring(12); }
  static ZZ_pX mulmod(const ZZ_pX& a, const ZZ_pX& b) { return NTL::MulMod(a, b, R().modulus); }
  static ZZ_pX divmod(const ZZ_pX& a, const ZZ_pX& b) { return mulmod(a, NTL::InvMod(b, R().modulus)); }
  static ZZ_pX fp(const typename L::fp::value& x) { return L::flat(x, R()); }
  static ZZ_pX fp2(const typename L::fp2::value& x) { return L::flat(x, R()); }
  static ZZ_pX w_power(long e) { return NTL::PowerMod(R().w, e, R().modulus); }

  static flat_point of(const bn254::g1_affine& a) { return {fp(a.x), fp(a.y)}; }
  // The untwisting (x, y) -> (x w^2, y w^3).
  static flat_point of(const bn254::g2_affine& a) { return {mulmod(fp2(a.x), w_power(2)), mulmod(fp2(a.y), w_power(3))}; }
  template <class V>
  static flat_point of(const curve::projective<V>& p, auto group) {
    using Gr = typename decltype(group)::type;
    if (Gr::identity_mask(p)) return {{}, {}, true};
    return of(Gr::to_affine(p));
  }

  // Chord and tangent (a = 0).
  static flat_point add(const flat_point& a, const flat_point& b) {
    if (a.inf) return b;
    if (b.inf) return a;
    ZZ_pX lambda;
    if (a.x == b.x) {
      if (a.y != b.y || NTL::IsZero(a.y)) return {{}, {}, true};
      lambda = divmod(3 * mulmod(a.x, a.x), 2 * a.y);
    } else {
      lambda = divmod(b.y - a.y, b.x - a.x);
    }
    const ZZ_pX x3 = mulmod(lambda, lambda) - a.x - b.x;
    return {x3, mulmod(lambda, a.x - x3) - a.y};
  }
  // The line through a and b (the tangent when a = b) at p: y_p - y_a - lambda (x_p - x_a).
  static ZZ_pX line(const flat_point& a, const flat_point& b, const flat_point& p) {
    const ZZ_pX lambda = a.x == b.x ? divmod(3 * mulmod(a.x, a.x), 2 * a.y) : divmod(b.y - a.y, b.x - a.x);
    return p.y - a.y - mulmod(lambda, p.x - a.x);
  }
  static flat_point frobenius(const flat_point& a) {
    return {NTL::CompMod(a.x, R().x_to_p, R().modulus), NTL::CompMod(a.y, R().x_to_p, R().modulus)};
  }
  static ZZ final_exponent() {
    const ZZ p = ref::prime_modulus<Fp>();
    return (NTL::power(p, 12) - 1) / r_zz();
  }
  // e(P, Q) = (f_(6u+2, Q)(P) l_(T, pi(Q))(P) l_(T', -pi^2(Q))(P))^((p^12 - 1) / r), double and
  // add over the binary digits of 6u + 2.
  static ZZ_pX pairing_value(const flat_point& p, const flat_point& q) {
    const ZZ s = ZZ(bn254::u) * 6 + 2;
    ZZ_pX f(1);
    flat_point t = q;
    for (long i = NTL::NumBits(s) - 1; i-- > 0;) {
      f = mulmod(mulmod(f, f), line(t, t, p));
      t = add(t, t);
      if (NTL::bit(s, i)) {
        f = mulmod(f, line(t, q, p));
        t = add(t, q);
      }
    }
    const flat_point q1 = frobenius(q), q2 = frobenius(q1);
    const flat_point minus_q2{q2.x, -q2.y};
    f = mulmod(f, line(t, q1, p));
    t = add(t, q1);
    f = mulmod(f, line(t, minus_q2, p));
    return NTL::PowerMod(f, final_exponent(), NTL::ZZ_pXModulus(R().modulus));
  }
};

// A point of the twist E'(Fp2), x = 1, 2, ... until x^3 + b' is a square (found in NTL: in
// Fp2 = Fp(i), a = a0 + a1 i is a square when its norm is; then sqrt(a) = x0 + x1 i with
// x0^2 = (a0 +- sqrt(norm)) / 2, x1 = a1 / (2 x0)).
template <class P>
bn254::g2_affine twist_point(long start) {
  using F2 = bn254::fp2<P>;
  const ZZ p = ref::prime_modulus<Fp>();
  auto sqrt_fp = [&](const ZZ& a, ZZ& root) {
    if (NTL::Jacobi(a, p) == -1) return false;
    NTL::SqrRootMod(root, a, p);
    return true;
  };
  for (long x0 = start;; ++x0) {
    const typename F2::value x{ref::from_zz<Fp>(ZZ(x0)).limb, F2::base::zero()};
    const typename F2::value rhs = F2::add(F2::mul(F2::square(x), x), bn254::twist_b);
    const ZZ a0 = ref::to_zz(element<Fp>{rhs.c0}), a1 = ref::to_zz(element<Fp>{rhs.c1});
    ZZ n;
    if (!sqrt_fp((a0 * a0 + a1 * a1) % p, n)) continue;
    const ZZ half = (p + 1) / 2;
    ZZ y0;
    if (!sqrt_fp((a0 + n) * half % p, y0) && !sqrt_fp((a0 - n + p) * half % p, y0)) continue;
    const ZZ y1 = a1 * NTL::InvMod(2 * y0 % p, p) % p;
    const bn254::g2_affine q{x, {ref::from_zz<Fp>(y0).limb, ref::from_zz<Fp>(y1).limb}};
    if (bn254::g2<P>::on_curve_mask(q)) return q;
    ADD_FAILURE() << "the square root in NTL gave a point off the twist";
  }
}

// The EIP-197 bytes of a pair (P, Q).
std::vector<std::uint8_t> encode_pair(const bn254::g1_affine& p, const bn254::g2_affine& q) {
  std::vector<std::uint8_t> out;
  for (const auto& c : {p.x, p.y, q.x.c1, q.x.c0, q.y.c1, q.y.c0}) {
    const auto bytes = Fp::to_bytes_be(element<Fp>{c});
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return out;
}

template <class P>
void register_groups(const std::string& suite) {
  using Ref = reference<P>;
  using G1 = bn254::g1<P>;
  using G2 = bn254::g2<P>;
  using F12 = bn254::fp12<P>;
  auto check = [](auto body) {
    return [body] {
      NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
      body();
    };
  };
  // Complete addition, mixed addition and doubling against chord and tangent, on k G for
  // ff.testing's scalars (0, 1, r - 1, random); P + P, P + O, O + O, P + (-P) included.
  auto group_law = [check]<class G>(std::type_identity<G>, const typename G::affine_point& generator) {
    return check([generator] {
      const auto a = *rc::gen::arbitrary<element<Fr>>(), b = *rc::gen::arbitrary<element<Fr>>();
      const auto g = G::from_affine(generator);
      const auto pa = G::template mul<256>(g, Fr::to_integer(a)), pb = G::template mul<256>(g, Fr::to_integer(b));
      const std::type_identity<G> tag;
      const flat_point fa = Ref::of(pa, tag), fb = Ref::of(pb, tag);
      auto same = [&](const flat_point& x, const flat_point& y) { return x.inf == y.inf && (x.inf || (x.x == y.x && x.y == y.y)); };
      RC_ASSERT(same(Ref::of(G::add(pa, pb), tag), Ref::add(fa, fb)));
      RC_ASSERT(same(Ref::of(G::add(pa, pa), tag), Ref::add(fa, fa)));
      RC_ASSERT(same(Ref::of(G::dbl(pa), tag), Ref::add(fa, fa)));
      RC_ASSERT(same(Ref::of(G::add(pa, G::neg(pa)), tag), flat_point{{}, {}, true}));
      RC_ASSERT(same(Ref::of(G::add(pa, G::identity()), tag), fa));
      RC_ASSERT(G::identity_mask(G::add(G::identity(), G::identity())) != 0);
      if (!G::identity_mask(pb)) RC_ASSERT(same(Ref::of(G::add_mixed(pa, G::to_affine(pb)), tag), Ref::add(fa, fb)));
      // k P, constant time and _var, against each other and the sum
      RC_ASSERT(G::equal_var(G::template mul<256>(g, Fr::to_integer(a + b)), G::add(pa, pb)));
      RC_ASSERT(G::equal_var(G::mul_var(g, Fr::to_integer(a)), pa));
    });
  };
  fft::register_property(suite, "g1_group_law_equals_affine_reference", group_law(std::type_identity<G1>{}, bn254::g1_generator));
  fft::register_property(suite, "g2_group_law_equals_affine_reference", group_law(std::type_identity<G2>{}, bn254::g2_generator));
  // GLV on G1: phi(P) = [lambda] P for lambda = 36u^3 + 18u^2 + 6u + 1, and k P by the
  // decomposition equals the plain ladder, for k < r (ff.testing's edge cases) and for any
  // 256-bit k (the ECMUL precompile's scalars).
  fft::register_property(suite, "g1_glv_equals_ladder", check([] {
    using GLV = bn254::g1_glv<P>;
    const ZZ u(bn254::u);
    const ZZ lambda = (36 * u * u * u + 18 * u * u + 6 * u + 1) % r_zz();
    const auto g = G1::template mul<256>(G1::from_affine(bn254::g1_generator), Fr::to_integer(*rc::gen::arbitrary<element<Fr>>()));
    RC_ASSERT(G1::equal_var(GLV::endomorphism(g), G1::mul_var(g, scalar_of(lambda))));
    const auto k = Fr::to_integer(*rc::gen::arbitrary<element<Fr>>());
    RC_ASSERT(G1::equal_var(GLV::mul(g, k), G1::template mul<256>(g, k)));
    const curve::scalar<4> wide{*rc::gen::arbitrary<u64>(), *rc::gen::arbitrary<u64>(), *rc::gen::arbitrary<u64>(), *rc::gen::arbitrary<u64>()};
    RC_ASSERT(G1::equal_var(GLV::mul(g, wide), G1::template mul<256>(g, wide)));
  }));
  // The generators are on their curves and of order r.
  fft::register_test(suite, "generators_have_order_r", check([] {
    EXPECT_TRUE(G1::on_curve_mask(bn254::g1_generator));
    EXPECT_TRUE(G2::on_curve_mask(bn254::g2_generator));
    const auto r = scalar_of(r_zz()), r_minus_1 = scalar_of(r_zz() - 1);
    const auto g1 = G1::from_affine(bn254::g1_generator);
    const auto g2 = G2::from_affine(bn254::g2_generator);
    EXPECT_TRUE(G1::identity_mask(G1::template mul<256>(g1, r)));
    EXPECT_TRUE(G2::identity_mask(G2::mul_var(g2, r)));
    EXPECT_TRUE(G1::equal_var(G1::mul_var(g1, r_minus_1), G1::neg(g1)));
    EXPECT_TRUE(G2::equal_var(G2::template mul<256>(g2, r_minus_1), G2::neg(g2)));
    EXPECT_FALSE(G2::identity_mask(G2::mul_var(g2, r_minus_1)));
  }));
  // The membership test by u holds exactly for the Q with [r] Q = O: points k G2 are in G2,
  // points of the twist found by square roots are not (and [r] Q confirms both), and the
  // pairing check refuses one of the latter.
  fft::register_test(suite, "g2_subgroup_check_equals_order_r", check([] {
    std::mt19937_64 rng(197);
    const auto r = scalar_of(r_zz());
    for (int i = 0; i < 4; ++i) {
      const auto q = G2::template mul<256>(G2::from_affine(bn254::g2_generator), scalar_of(random_below_r(rng)));
      EXPECT_TRUE(bn254::in_g2_var<P>(q));
      EXPECT_TRUE(G2::identity_mask(G2::mul_var(q, r)));
    }
    for (long start : {1, 100, 10000}) {
      const bn254::g2_affine q = twist_point<P>(start);
      EXPECT_FALSE(G2::identity_mask(G2::mul_var(G2::from_affine(q), r)));
      EXPECT_FALSE(bn254::in_g2_var<P>(G2::from_affine(q)));
      EXPECT_THROW(bn254::detail::pairing_check_with<P>(encode_pair(bn254::g1_generator, q)), ff::error);
    }
    // Points whose order has a prime factor l of the cofactor 2p - r (10069 and 5864401), alone
    // and added to G2's generator: the components a test by u rather than by r could miss.
    const ZZ cofactor = 2 * ref::prime_modulus<Fp>() - r_zz();
    for (long l : {10069L, 5864401L}) {
      const auto lr = G2::mul_var(G2::from_affine(twist_point<P>(1)), scalar_of(cofactor / l));  // order l r
      const auto t = G2::mul_var(lr, r);                                                           // order l
      EXPECT_FALSE(G2::identity_mask(t));
      EXPECT_TRUE(G2::identity_mask(G2::mul_var(t, scalar_of(ZZ(l)))));
      EXPECT_FALSE(bn254::in_g2_var<P>(t));
      EXPECT_FALSE(bn254::in_g2_var<P>(lr));
      EXPECT_FALSE(bn254::in_g2_var<P>(G2::add(G2::from_affine(bn254::g2_generator), t)));
    }
  }));

  // e(P, Q) against the reference pairing (for P = k1 G1, Q = k2 G2, k1, k2 in {1, r - 1, random}).
  fft::register_test(suite, "pairing_equals_reference", check([] {
    std::mt19937_64 rng(254);
    const ZZ scalars[][2] = {{ZZ(1), ZZ(1)}, {r_zz() - 1, ZZ(1)}, {random_below_r(rng), random_below_r(rng)}};
    for (const auto& k : scalars) {
      const auto p = G1::to_affine(G1::template mul<256>(G1::from_affine(bn254::g1_generator), scalar_of(k[0])));
      const auto q = G2::to_affine(G2::template mul<256>(G2::from_affine(bn254::g2_generator), scalar_of(k[1])));
      const auto e = bn254::pairing<P>::pairing(p, false, q, false);
      EXPECT_EQ(Ref::L::flat(e, Ref::R()), Ref::pairing_value(Ref::of(p), Ref::of(q)));
      // Both towers of lazy reduction's A/B, whichever the library took.
      EXPECT_EQ(ff::lab::bn254_lazy_pairing<P>::pairing(p, false, q, false), e);
      EXPECT_EQ(ff::lab::bn254_per_product_pairing<P>::pairing(p, false, q, false), e);
    }
  }));
  // The final exponentiation alone: f^((p^12 - 1) / r) for random f.
  fft::register_test(suite, "final_exponentiation_equals_ntl", check([] {
    std::mt19937_64 rng(12);
    for (int i = 0; i < 3; ++i) {
      const auto f = F12::random(rng);
      EXPECT_EQ(Ref::L::flat(bn254::pairing<P>::final_exponentiation(f), Ref::R()),
                NTL::PowerMod(Ref::L::flat(f, Ref::R()), Ref::final_exponent(), NTL::ZZ_pXModulus(Ref::R().modulus)));
    }
  }));
  // Granger-Scott squaring equals the square on the cyclotomic subgroup: m = f^((p^6 - 1)(p^2 + 1)).
  fft::register_property(suite, "cyclotomic_square_equals_square", [] {
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    const auto f = F12::random(rng);
    auto m = F12::mul(F12::conjugate(f), F12::inverse(f));
    m = F12::mul(F12::frobenius(F12::frobenius(m)), m);
    RC_ASSERT(bn254::pairing<P>::cyclotomic_square(m) == F12::square(m));
  });
  // The multi-pairing (one Miller loop, one final exponentiation) equals the product of the
  // single pairings, for 1 to 4 pairs, with Q prepared or not, and through the dispatched API.
  fft::register_test(suite, "multi_pairing_equals_product_of_pairings", check([] {
    std::mt19937_64 rng(4);
    using E = bn254::pairing<P>;
    const auto g1 = G1::from_affine(bn254::g1_generator);
    const auto g2 = G2::from_affine(bn254::g2_generator);
    std::vector<typename E::pair> pairs;
    auto expected = F12::one();
    for (int k = 0; k < 4; ++k) {
      const auto p = G1::to_affine(G1::template mul<256>(g1, scalar_of(random_below_r(rng))));
      const auto q = G2::to_affine(G2::template mul<256>(g2, scalar_of(random_below_r(rng))));
      pairs.push_back({p, q});
      expected = F12::mul(expected, E::pairing(p, false, q, false));
      EXPECT_EQ(E::multi_pairing(pairs), expected);
      std::vector<typename E::prepared> qs;
      qs.reserve(pairs.size());
      std::vector<typename E::prepared_pair> prepared;
      for (const auto& pq : pairs) {
        qs.push_back(E::prepare(pq.q));
        EXPECT_EQ(qs.back().lines.size(), E::line_count);
        prepared.push_back({pq.p, &qs.back()});
      }
      EXPECT_EQ(E::multi_pairing(prepared), expected);
      EXPECT_EQ(bn254::multi_pairing(pairs), expected);
      EXPECT_EQ(bn254::multi_pairing(prepared), expected);
    }
  }));
  // Bilinearity and the group of order r, on random points.
  fft::register_test(suite, "pairing_is_bilinear", check([] {
    std::mt19937_64 rng(196);
    using E = bn254::pairing<P>;
    const auto g1 = G1::from_affine(bn254::g1_generator);
    const auto g2 = G2::from_affine(bn254::g2_generator);
    const auto e_g = E::pairing(bn254::g1_generator, false, bn254::g2_generator, false);
    EXPECT_FALSE(e_g == F12::one());  // non-degenerate
    EXPECT_EQ(NTL::PowerMod(Ref::L::flat(e_g, Ref::R()), r_zz(), NTL::ZZ_pXModulus(Ref::R().modulus)), ZZ_pX(1));
    for (int i = 0; i < 2; ++i) {
      const ZZ a = random_below_r(rng), b = random_below_r(rng);
      const auto pa = G1::to_affine(G1::template mul<256>(g1, scalar_of(a)));
      const auto qb = G2::to_affine(G2::template mul<256>(g2, scalar_of(b)));
      const auto p_ab = G1::to_affine(G1::template mul<256>(g1, scalar_of(a * b % r_zz())));
      const auto e = E::pairing(pa, false, qb, false);
      EXPECT_EQ(e, E::pairing(p_ab, false, bn254::g2_generator, false));  // e(aP, bQ) = e(abP, Q)
      EXPECT_EQ(Ref::L::flat(e, Ref::R()),
                NTL::PowerMod(Ref::L::flat(e_g, Ref::R()), a * b % r_zz(), NTL::ZZ_pXModulus(Ref::R().modulus)));
      const typename E::pair pairs[] = {{pa, qb}, {pa, {qb.x, bn254::fp2<P>::neg(qb.y)}}};
      EXPECT_TRUE(E::product_is_one(pairs));  // e(P, Q) e(P, -Q) = 1
      const typename E::pair unrelated[] = {{pa, qb}, {p_ab, bn254::g2_generator}};
      EXPECT_EQ(E::final_exponentiation(E::miller_loop(unrelated)), F12::mul(e, e));
    }
  }));
}

}  // namespace

void register_tests() {
  for_each_policy([]<class P>(const std::string& be) { register_groups<P>("pairing.bn254." + be); });
}
