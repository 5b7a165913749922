// The isomorphism claim: phi: b256 -> ghash2, x -> ff::iso::root, is a field isomorphism.
//   (a) the root is a root of f = x^256 + x^10 + x^5 + x^2 + 1 in ghash2 (ff.ghash2 and NTL);
//   (b) it is the canonical one (regenerated from scratch by NTL and compared);
//   (c) the library's forward matrix has columns root^i, and forward and inverse matrices
//       are mutually inverse (ff.iso's product and NTL mat_GF2);
//   (d) phi sends products to products: on every pair of basis vectors, and on random pairs
//       through every conversion kernel this CPU runs (with products by NTL).
// (a) + (c) + (d) make phi a bijective ring homomorphism; (b) pins down which of the 256.
#include <NTL/ZZ.h>
#include <NTL/mat_GF2.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "certificate.hpp"
#include "proofs.hpp"
import ff.reference;

namespace ffp {
namespace {

using ff::b256;
using ff::element;
using ff::ghash2;
using G = element<ghash2>;
using B = element<b256>;

const std::string f_text = "f = x^256 + x^10 + x^5 + x^2 + 1";

// The root every claim below checks: ff::iso::root, or with bit 0 flipped when corrupted
// (root + 1 is a root of f(y + 1) = y^256 + y^10 + y^8 + y^5 + y^4 + y + 1, another
// irreducible, so it is certainly not a root of f).
G claimed_root(const corruption& corrupt) {
  G r = ff::iso::root;
  if (corrupt.iso_root) r.limb[0] ^= 1;
  return r;
}

// f(r) by Horner's rule over all 257 coefficients of f, with ff.ghash2's product.
G modulus_at_by_horner(const G& r) {
  std::array<bool, 257> coefficient{};
  for (unsigned e : b256::modulus) coefficient[e] = true;
  G acc{};
  for (std::size_t i = coefficient.size(); i-- > 0;) {
    acc = acc * r;
    if (coefficient[i]) acc += ghash2::one();
  }
  return acc;
}

// f(r) as a sum of powers r^e, each by NTL's GF2EX model of ghash2.
G modulus_at_by_ntl_powers(const G& r) {
  G sum{};
  for (unsigned e : b256::modulus) sum += ff::ref::ghash2_power(r, NTL::ZZ(e));
  return sum;
}

void root_claims(certificate& cert, const G& root) {
  const std::string statement = "f(root) = 0 in ghash2 for root = ff::iso::root";
  const G horner = modulus_at_by_horner(root);
  cert.add({"iso.root.project", horner.is_zero(), statement,
            "ff.ghash2 product, Horner's rule over the 257 coefficients of f",
            {"root = 0x" + ff::to_hex(root), "f(root) = 0x" + ff::to_hex(horner)}});
  const G powers = modulus_at_by_ntl_powers(root);
  cert.add({"iso.root.ntl", powers.is_zero(), statement,
            "NTL GF2EX model of ghash2: root^256 + root^10 + root^5 + root^2 + 1 (ff::ref::ghash2_power)",
            {"f(root) = 0x" + ff::to_hex(powers)}});
}

void canonical_claim(certificate& cert, const G& root) {
  const G regenerated = ff::ref::canonical_iso_root();
  cert.add({"iso.root.canonical", regenerated == root,
            "ff::iso::root is the canonical root: of the 256 roots of " + f_text +
                " in ghash2, the smallest as a 256-bit number (ghash2 hex order: coefficient of v in the high "
                "128 bits), regenerated from scratch",
            "ff::ref::canonical_iso_root: minimal polynomial M of v, NTL FindRoots of f over GF(2)[z]/(M), "
            "the 256 roots mapped back by z -> v and sorted",
            {"stored      0x" + ff::to_hex(root), "regenerated 0x" + ff::to_hex(regenerated)}});
}

void matrix_claims(certificate& cert, const G& root) {
  const ff::iso::bit_matrix& forward = ff::iso::to_ghash2_matrix();
  const ff::iso::bit_matrix& backward = ff::iso::to_b256_matrix();

  // The matrix the library converts with really is x^i -> root^i.
  std::size_t wrong_columns = 0;
  G power = ghash2::one();
  for (std::size_t i = 0; i < 256; ++i) {
    wrong_columns += forward.column[i] != power.limb;
    power = ff::ref::ghash2_mul(power, root);
  }
  cert.add({"iso.matrix.columns", wrong_columns == 0,
            "column i of the forward matrix ff::iso::to_ghash2_matrix() is root^i, i = 0..255",
            "powers of root by NTL's GF2EX model of ghash2 (ff::ref::ghash2_mul)",
            {std::to_string(256 - wrong_columns) + " of 256 columns equal root^i"}});

  const ff::iso::bit_matrix identity = ff::iso::identity_matrix();
  const bool project_fb = ff::iso::product(forward, backward) == identity;
  const bool project_bf = ff::iso::product(backward, forward) == identity;
  cert.add({"iso.matrices.inverse.project", project_fb && project_bf,
            "the forward (b256 -> ghash2) and inverse (ghash2 -> b256) matrices are mutually inverse",
            "ff::iso::product against ff::iso::identity_matrix()",
            {std::string("forward * inverse = I: ") + (project_fb ? "yes" : "NO") +
             "; inverse * forward = I: " + (project_bf ? "yes" : "NO")}});

  const NTL::mat_GF2 f = ff::ref::to_mat_gf2(forward.column), b = ff::ref::to_mat_gf2(backward.column);
  const bool ntl_fb = NTL::IsIdent(f * b, 256), ntl_bf = NTL::IsIdent(b * f, 256);
  const auto ntl_inverse = ff::ref::gf2_matrix_inverse(forward.column);
  const bool same_inverse = ntl_inverse.size() == 256 && std::equal(ntl_inverse.begin(), ntl_inverse.end(), backward.column.begin());
  cert.add({"iso.matrices.inverse.ntl", ntl_fb && ntl_bf && same_inverse,
            "the forward and inverse matrices are mutually inverse, and the inverse is NTL's",
            "NTL mat_GF2 products, IsIdent, inv (ff::ref::gf2_matrix_inverse)",
            {std::string("forward * inverse = I: ") + (ntl_fb ? "yes" : "NO") + "; inverse * forward = I: " +
             (ntl_bf ? "yes" : "NO") + "; NTL inv(forward) = ff::iso::to_b256_matrix(): " +
             (same_inverse ? "yes" : "NO")}});
}

// phi of every element of `in`, by the single-element ff::to_ghash2 and by the batch in every
// kernel this CPU runs; returns the single-element images and counts disagreements.
std::vector<G> images(std::span<const B> in, std::size_t& kernel_disagreements, std::string& variants) {
  std::vector<G> single(in.size()), batch(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) single[i] = ff::to_ghash2(in[i]);
  variants = "single element";
  for (auto v : {ff::iso::kernel::matrix, ff::iso::kernel::table5, ff::iso::kernel::table5_avx2, ff::iso::kernel::gfni}) {
    if (!ff::cpu_has(ff::iso::target_of(v))) continue;
    ff::iso::convert<ff::b256, ff::ghash2>(v, ff::iso::direction::to_ghash2, in, std::span<G>(batch), "ffproofs");
    for (std::size_t i = 0; i < in.size(); ++i) kernel_disagreements += batch[i] != single[i];
    variants += ", " + std::string(ff::iso::to_string(v));
  }
  return single;
}

// x^i x^j = x^(i+j), so phi(x^i x^j) = phi(x^i) phi(x^j) for all i, j < 256 is exactly
// phi(x^k) = root^k for k = 0..510 (x^k reduced by ff.b256). With linearity this is
// multiplicativity on all of b256.
void basis_claim(certificate& cert, const G& root) {
  constexpr std::size_t count = 511;
  std::vector<B> x_powers(count);
  std::vector<G> root_powers(count);
  x_powers[0] = b256::one();
  root_powers[0] = ghash2::one();
  for (std::size_t k = 1; k < count; ++k) {
    x_powers[k] = x_powers[k - 1] * b256::monomial(1);
    root_powers[k] = root_powers[k - 1] * root;
  }
  std::size_t disagreements = 0, wrong = 0;
  std::string variants;
  const std::vector<G> phi = images(x_powers, disagreements, variants);
  for (std::size_t k = 0; k < count; ++k) wrong += phi[k] != root_powers[k];
  cert.add({"iso.homomorphism.basis", wrong == 0 && disagreements == 0,
            "phi(x^i x^j) = phi(x^i) phi(x^j) for all 65536 basis pairs i, j < 256, i.e. phi(x^k) = root^k for "
            "k = 0..510 (x^k reduced in b256; k < 256 is phi(x)^k = phi(x^k)); with linearity, phi is "
            "multiplicative",
            "ff::to_ghash2 (single element and every batch variant), x^k by ff.b256, root^k by ff.ghash2",
            {std::to_string(count - wrong) + " of " + std::to_string(count) + " k with phi(x^k) = root^k",
             "variants: " + variants + " (" + std::to_string(disagreements) + " disagreements)"}});
}

// Random pairs in both directions, products by NTL (independent of the library's kernels).
void random_pairs_claim(certificate& cert) {
  constexpr std::size_t pairs = 300;
  constexpr unsigned seed = 7;
  std::mt19937_64 rng(seed);
  std::vector<B> a(pairs), b(pairs), ab(pairs), sum(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    a[i] = b256::random(rng);
    b[i] = b256::random(rng);
    ab[i] = ff::ref::mul<b256>(a[i], b[i]);
    sum[i] = a[i] + b[i];
  }
  std::size_t disagreements = 0, products = 0, sums = 0, round_trips = 0, inverse_products = 0;
  std::string variants;
  const std::vector<G> pa = images(a, disagreements, variants), pb = images(b, disagreements, variants),
                       pab = images(ab, disagreements, variants), psum = images(sum, disagreements, variants);
  for (std::size_t i = 0; i < pairs; ++i) {
    products += pab[i] == ff::ref::ghash2_mul(pa[i], pb[i]);
    sums += psum[i] == pa[i] + pb[i];
    round_trips += ff::to_b256(pa[i]) == a[i];
    // The inverse direction on its own random pairs of ghash2.
    const G c = ghash2::random(rng), d = ghash2::random(rng);
    inverse_products += ff::to_b256(ff::ref::ghash2_mul(c, d)) == ff::ref::mul<b256>(ff::to_b256(c), ff::to_b256(d));
  }
  const auto of = [&](std::size_t n) { return std::to_string(n) + "/" + std::to_string(pairs); };
  cert.add({"iso.homomorphism.random",
            products == pairs && sums == pairs && round_trips == pairs && inverse_products == pairs && disagreements == 0,
            "phi(a b) = phi(a) phi(b), phi(a + b) = phi(a) + phi(b), phi^-1(phi(a)) = a for " + std::to_string(pairs) +
                " random pairs of b256, and phi^-1(c d) = phi^-1(c) phi^-1(d) for " + std::to_string(pairs) +
                " random pairs of ghash2 (mt19937_64, seed " + std::to_string(seed) + ")",
            "ff::to_ghash2 / ff::to_b256; products by NTL (ff::ref::mul<b256>, ff::ref::ghash2_mul)",
            {"products " + of(products) + ", sums " + of(sums) + ", round trips " + of(round_trips) +
                 ", inverse-direction products " + of(inverse_products),
             "variants: " + variants + " (" + std::to_string(disagreements) + " disagreements)"}});
}

}  // namespace

void isomorphism_claims(certificate& cert, const corruption& corrupt) {
  const G root = claimed_root(corrupt);
  root_claims(cert, root);
  canonical_claim(cert, root);
  matrix_claims(cert, root);
  basis_claim(cert, root);
  random_pairs_claim(cert);
}

}  // namespace ffp
