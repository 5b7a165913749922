// The claims about the SEC 2 binary curves (ff.binary_curves): for each, the generator is on
// the curve and n G is the identity, each computed twice (NTL affine arithmetic over GF2X, and
// the project's curve: on_curve and the Lopez-Dahab ladder of in_subgroup); the order n is
// prime (FLINT's proof, GMP's confirmation); and h n lies within Hasse's bound of 2^m + 1. The
// field polynomial's irreducibility is its field's claim (irreducible.<field>.*).
#include <NTL/GF2X.h>
#include <gmpxx.h>

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "certificate.hpp"
#include "proofs.hpp"
import ff.reference;

namespace ffp {
namespace {

using ff::u64;

mpz_class integer_of(std::span<const u64> limbs) {
  mpz_class z;
  mpz_import(z.get_mpz_t(), limbs.size(), -1, sizeof(u64), 0, 0, limbs.data());
  return z;
}

// Affine points of y^2 + xy = x^3 + a x^2 + b over GF(2)[x]/(f), in NTL; nullopt is the identity.
struct ntl_curve {
  NTL::GF2X f, a, b;
  using point = std::optional<std::pair<NTL::GF2X, NTL::GF2X>>;
  NTL::GF2X mul(const NTL::GF2X& u, const NTL::GF2X& v) const { return NTL::MulMod(u, v, f); }
  NTL::GF2X div(const NTL::GF2X& u, const NTL::GF2X& v) const { return mul(u, NTL::InvMod(v, f)); }
  bool on_curve(const NTL::GF2X& x, const NTL::GF2X& y) const {
    const NTL::GF2X x2 = mul(x, x);
    return mul(y, y) + mul(x, y) == mul(x2, x) + mul(a, x2) + b;
  }
  point add(const point& p, const point& q) const {
    if (!p) return q;
    if (!q) return p;
    const auto& [x1, y1] = *p;
    const auto& [x2, y2] = *q;
    NTL::GF2X lambda;
    if (x1 == x2) {
      if (y1 != y2 || NTL::IsZero(x1)) return std::nullopt;  // q = -p = (x, x + y), or 2 p for x = 0
      lambda = x1 + div(y1, x1);
      const NTL::GF2X x3 = mul(lambda, lambda) + lambda + a;
      return std::pair{x3, mul(x1, x1) + mul(lambda + 1, x3)};
    }
    lambda = div(y1 + y2, x1 + x2);
    const NTL::GF2X x3 = mul(lambda, lambda) + lambda + x1 + x2 + a;
    return std::pair{x3, mul(lambda, x1 + x3) + x3 + y1};
  }
  point times(const mpz_class& k, const point& p) const {
    point r;
    for (std::size_t i = mpz_sizeinbase(k.get_mpz_t(), 2); i-- > 0;) {
      r = add(r, r);
      if (mpz_tstbit(k.get_mpz_t(), i)) r = add(r, p);
    }
    return r;
  }
};

template <class C>
void claims_of(certificate& cert, const corruption& corrupt) {
  using F = typename C::field;
  const std::string name(C::name), id = "curve." + name;
  mpz_class n = integer_of(C::order);
  if (corrupt.curve_order && name == "sect233k1") n += 1;
  NTL::GF2X a;
  if (C::a != 0) NTL::SetCoeff(a, 0);
  const ntl_curve e{ff::ref::modulus<F>(), a, ff::ref::to_gf2x(C::b)};
  const NTL::GF2X gx = ff::ref::to_gf2x(C::gx), gy = ff::ref::to_gf2x(C::gy);

  const bool on_ntl = e.on_curve(gx, gy), on_project = C::on_curve(C::generator());
  cert.add({id + ".generator-on-curve", on_ntl && on_project, "G = (gx, gy) satisfies y^2 + xy = x^3 + a x^2 + b",
            "NTL GF2X MulMod, and ff::curve::binary_weierstrass::on_curve",
            {"gx = 0x" + ff::to_hex(C::gx), "gy = 0x" + ff::to_hex(C::gy), "b = 0x" + ff::to_hex(C::b),
             "a = " + std::to_string(C::a) + "; NTL: " + (on_ntl ? "yes" : "NO") + ", ff: " + (on_project ? "yes" : "NO")}});

  const bool ntl_identity = !e.times(n, std::pair{gx, gy});
  // The ladder runs over the order's bits; a corrupted n is checked by NTL only.
  const bool ladder_identity = corrupt.curve_order ? ntl_identity : C::in_subgroup(C::generator());
  cert.add({id + ".order-times-generator", ntl_identity && ladder_identity, "n G is the identity",
            "NTL affine double-and-add, and the Lopez-Dahab ladder over n (ff in_subgroup)",
            {"n = " + n.get_str() + " (" + std::to_string(mpz_sizeinbase(n.get_mpz_t(), 2)) + " bits)",
             std::string("NTL: ") + (ntl_identity ? "identity" : "NOT the identity") +
                 ", ladder: " + (ladder_identity ? "identity" : "NOT the identity")}});

  number_primality_claims(cert, id + ".order", n.get_str());

  // | h n - (q + 1) | <= 2 sqrt(q), q = 2^m: (h n - q - 1)^2 <= 4 q.
  mpz_class q;
  mpz_ui_pow_ui(q.get_mpz_t(), 2, F::degree);
  const mpz_class t = mpz_class(C::cofactor) * n - q - 1;
  cert.add({id + ".hasse-bound", t * t <= 4 * q, "h n lies within Hasse's bound: |h n - (2^m + 1)| <= 2^(m/2 + 1)",
            "GMP", {"h = " + std::to_string(C::cofactor) + ", trace t = h n - 2^m - 1 = " + t.get_str()}});
}

}  // namespace

void curve_claims(certificate& cert, const corruption& corrupt) {
  [&]<class... C>(ff::type_list<C...>) { (claims_of<C>(cert, corrupt), ...); }(ff::binary_curves{});
}

}  // namespace ffp
