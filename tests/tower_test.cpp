// BN254's tower (ff.tower over ff::bn254_fp) against NTL, once per prime backend policy. NTL's
// ZZ_pE does not nest, so each level is one flat extension of Fp:
//   Fp2  = Fp[X] / (X^2 + 1)             u = X
//   Fp6  = Fp[X] / (X^6 - 18 X^3 + 82)   v = X, u = X^3 - 9  (v^3 = 9 + u, u^2 = -1)
//   Fp12 = Fp[X] / (X^12 - 18 X^6 + 82)  w = X, v = X^2, u = X^6 - 9
// and a tower element is mapped into it coordinate by coordinate. Coordinates are random or the
// field's edge cases (ff.testing's generator: 0, 1, p - 1, ...).
#include <NTL/ZZ_pX.h>
#include "harness.hpp"
import ff.bn254;

using namespace ff;

namespace {
using Fp = bn254_fp;

// The flat ring of one level: its modulus, the images of u, v, w, and X^p (the Frobenius map
// is f(X) -> f(X^p), which is cheaper for NTL than f^p).
struct flat_ring {
  NTL::ZZ_pX modulus, u, v, w, x_to_p;
};
NTL::ZZ_pX monomial(long c, long e) {
  NTL::ZZ_pX x;
  NTL::SetCoeff(x, e, c);
  return x;
}
flat_ring make_ring(long degree) {
  flat_ring r;
  const long h = degree / 2;  // X^degree - 18 X^h + 82, or X^2 + 1
  r.modulus = degree == 2 ? monomial(1, 2) + monomial(1, 0) : monomial(1, degree) - monomial(18, h) + monomial(82, 0);
  r.w = monomial(1, 1);
  r.v = degree == 12 ? monomial(1, 2) : monomial(1, 1);
  r.u = degree == 2 ? monomial(1, 1) : monomial(1, degree / 2) - monomial(9, 0);
  r.x_to_p = NTL::PowerXMod(ref::prime_modulus<Fp>(), NTL::ZZ_pXModulus(r.modulus));
  return r;
}
// Built once per degree (every caller has pushed BN254's p).
const flat_ring& ring(long degree) {
  static const flat_ring r2 = make_ring(2), r6 = make_ring(6), r12 = make_ring(12);
  return degree == 2 ? r2 : degree == 6 ? r6 : r12;
}

template <class P>
struct levels {
  using fp = bn254::fp<P>;
  using fp2 = bn254::fp2<P>;
  using fp6 = bn254::fp6<P>;
  using fp12 = bn254::fp12<P>;

  static NTL::ZZ_pX flat(const typename fp::value& x, const flat_ring&) {
    NTL::ZZ_pX r;
    NTL::SetCoeff(r, 0, NTL::conv<NTL::ZZ_p>(ref::to_zz(element<Fp>{x})));
    return r;
  }
  static NTL::ZZ_pX flat(const typename fp2::value& x, const flat_ring& R) {
    return NTL::MulMod(flat(x.c1, R), R.u, R.modulus) + flat(x.c0, R);
  }
  static NTL::ZZ_pX flat(const typename fp6::value& x, const flat_ring& R) {
    const NTL::ZZ_pX v2 = NTL::MulMod(R.v, R.v, R.modulus);
    return flat(x.c0, R) + NTL::MulMod(flat(x.c1, R), R.v, R.modulus) + NTL::MulMod(flat(x.c2, R), v2, R.modulus);
  }
  static NTL::ZZ_pX flat(const typename fp12::value& x, const flat_ring& R) {
    return flat(x.c0, R) + NTL::MulMod(flat(x.c1, R), R.w, R.modulus);
  }

  static typename fp::value coordinate() { return (*rc::gen::arbitrary<element<Fp>>()).limb; }
  static typename fp2::value random(std::type_identity<fp2>) { return {coordinate(), coordinate()}; }
  static typename fp6::value random(std::type_identity<fp6>) {
    return {random(std::type_identity<fp2>{}), random(std::type_identity<fp2>{}), random(std::type_identity<fp2>{})};
  }
  static typename fp12::value random(std::type_identity<fp12>) {
    return {random(std::type_identity<fp6>{}), random(std::type_identity<fp6>{})};
  }
};

// The operations of tower level T (flat degree d) against NTL, under policy P.
template <class P, class T>
void register_level(const std::string& suite, long degree) {
  using L = levels<P>;
  auto check = [degree](auto property) {
    return [degree, property] {
      NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
      const flat_ring& R = ring(degree);
      property(R);
    };
  };
  auto gen = [] { return L::random(std::type_identity<T>{}); };
  fft::register_property(suite, "mul_square_add_sub_equal_ntl", check([gen](const flat_ring& R) {
    const auto a = gen(), b = gen();
    const NTL::ZZ_pX fa = L::flat(a, R), fb = L::flat(b, R);
    RC_ASSERT(L::flat(T::mul(a, b), R) == NTL::MulMod(fa, fb, R.modulus));
    RC_ASSERT(L::flat(T::square(a), R) == NTL::SqrMod(fa, R.modulus));
    RC_ASSERT(L::flat(T::add(a, b), R) == fa + fb);
    RC_ASSERT(L::flat(T::sub(a, b), R) == fa - fb);
    RC_ASSERT(L::flat(T::neg(a), R) == -fa);
  }));
  // a^p (the Frobenius map, its constants computed at compile time) against NTL's power.
  fft::register_property(suite, "frobenius_equals_ntl", check([gen](const flat_ring& R) {
    const auto a = gen();
    RC_ASSERT(L::flat(T::frobenius(a), R) == NTL::CompMod(L::flat(a, R), R.x_to_p, R.modulus));
  }));
  fft::register_property(suite, "inverse_equals_ntl", check([gen](const flat_ring& R) {
    const auto a = gen();
    const NTL::ZZ_pX fa = L::flat(a, R);
    if (NTL::IsZero(fa)) RC_ASSERT(T::inverse(a) == T::zero());
    else RC_ASSERT(L::flat(T::inverse(a), R) == NTL::InvMod(fa, R.modulus));
  }));
}
// The non-residues' products (mul_constant) against the products by their images.
template <class P>
void register_constants(const std::string& suite) {
  using L = levels<P>;
  fft::register_property(suite, "fp6_times_xi_equals_ntl", [] {
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(6);
    const auto a = L::random(std::type_identity<typename L::fp2>{});
    RC_ASSERT(L::flat(L::fp2::template mul_constant<bn254::xi>(a), R) == NTL::MulMod(L::flat(a, R), R.u + 9, R.modulus));
  });
  // Seed 001's three products by xi (tower::constant_products), each against NTL, on the
  // seed's edge cases in both coordinates and on random values.
  fft::register_test(suite, "xi_variants_equal_ntl", [] {
    using tower::constant_products;
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(6);
    const NTL::ZZ p = ref::prime_modulus<Fp>();
    const NTL::ZZ edges[] = {NTL::ZZ(0), NTL::ZZ(1), NTL::ZZ(2), NTL::ZZ(8), NTL::ZZ(9), p - 1, p - 2, p / 2, p / 2 + 1, (p - 1) / 9};
    std::vector<typename L::fp2::value> inputs;
    for (const NTL::ZZ& e0 : edges)
      for (const NTL::ZZ& e1 : edges) inputs.push_back({ref::from_zz<Fp>(e0).limb, ref::from_zz<Fp>(e1).limb});
    std::mt19937_64 rng(1648);
    for (int i = 0; i < 2000; ++i) inputs.push_back({Fp::random(rng).limb, Fp::random(rng).limb});
    auto times_xi = [&]<constant_products Mode>(const typename L::fp2::value& a) {
      return L::flat(bn254::fp2<P, Mode>::template mul_constant<bn254::xi>(a), R);
    };
    for (const auto& a : inputs) {
      const NTL::ZZ_pX expected = NTL::MulMod(L::flat(a, R), R.u + 9, R.modulus);
      EXPECT_EQ(times_xi.template operator()<constant_products::specialized>(a), expected);
      EXPECT_EQ(times_xi.template operator()<constant_products::generic>(a), expected);
      EXPECT_EQ(times_xi.template operator()<constant_products::additions>(a), expected);
    }
  });
  fft::register_property(suite, "fp12_times_v_equals_ntl", [] {
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(12);
    const auto a = L::random(std::type_identity<typename L::fp6>{});
    RC_ASSERT(L::flat(L::fp6::template mul_constant<tower::cubic_constant<int>{0, 1, 0}>(a), R) ==
              NTL::MulMod(L::flat(a, R), R.v, R.modulus));
  });
}

}  // namespace

// Every policy of the field is registered (test names do not depend on the CPU); one the CPU
// lacks reports its tests skipped.
void register_tests() {
  [&]<class... P>(policy_list<P...>) {
    (
        [&] {
          const std::string be(to_string(P::id));
          const std::string saved = fft::skip_reason;
          if (!cpu_has(P::id)) fft::skip_reason = "this CPU lacks " + be;
          register_level<P, bn254::fp2<P>>("tower.bn254.fp2." + be, 2);
          register_level<P, bn254::fp6<P>>("tower.bn254.fp6." + be, 6);
          register_level<P, bn254::fp12<P>>("tower.bn254.fp12." + be, 12);
          register_constants<P>("tower.bn254.constants." + be);
          fft::skip_reason = saved;
        }(),
        ...);
  }(Fp::scalar_policies{});
}
