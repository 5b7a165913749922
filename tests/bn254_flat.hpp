// BN254's tower mapped into NTL, shared by tower_test and pairing_test. NTL's ZZ_pE does not
// nest, so each level is one flat extension of Fp:
//   Fp2  = Fp[X] / (X^2 + 1)             u = X
//   Fp6  = Fp[X] / (X^6 - 18 X^3 + 82)   v = X, u = X^3 - 9  (v^3 = 9 + u, u^2 = -1)
//   Fp12 = Fp[X] / (X^12 - 18 X^6 + 82)  w = X, v = X^2, u = X^6 - 9
// and a tower element is mapped into it coordinate by coordinate.
#pragma once
#include <NTL/ZZ_pX.h>
#include "harness.hpp"
import ff.bn254;

namespace bn254_flat {
using ff::element;
namespace bn254 = ff::bn254;
namespace ref = ff::ref;
using Fp = ff::bn254_fp;

// The flat ring of one level: its modulus, the images of u, v, w, and X^p (the Frobenius map
// is f(X) -> f(X^p), which is cheaper for NTL than f^p).
struct flat_ring {
  NTL::ZZ_pX modulus, u, v, w, x_to_p;
};
inline NTL::ZZ_pX monomial(long c, long e) {
  NTL::ZZ_pX x;
  NTL::SetCoeff(x, e, c);
  return x;
}
inline flat_ring make_ring(long degree) {
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
inline const flat_ring& ring(long degree) {
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
  // Random values by value type: one type per level whatever the tower's reduction or mode.
  static typename fp2::value random(std::type_identity<typename fp2::value>) { return {coordinate(), coordinate()}; }
  static typename fp6::value random(std::type_identity<typename fp6::value>) {
    const std::type_identity<typename fp2::value> c;
    return {random(c), random(c), random(c)};
  }
  static typename fp12::value random(std::type_identity<typename fp12::value>) {
    const std::type_identity<typename fp6::value> c;
    return {random(c), random(c)};
  }
};

// fn.template operator()<P>(name) for every prime scalar policy P.
template <class Fn>
void for_each_policy(Fn&& fn) {
  fft::for_each_policy<Fp::scalar_policies>(fn);
}
}  // namespace bn254_flat
