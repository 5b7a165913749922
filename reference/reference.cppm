// ff.reference: NTL-backed reference arithmetic. Used by tests and proofs to check the
// kernels with an independent implementation; never used by the kernels themselves.
module;
#include <NTL/GF2E.h>
#include <NTL/GF2EX.h>
#include <NTL/GF2EXFactoring.h>
#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>
#include <NTL/ZZ_p.h>
#include <NTL/mat_GF2.h>
#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
export module ff.reference;
export import ff;

export namespace ff::ref {

// Limbs (little-endian, bit i = coefficient of x^i) <-> NTL polynomials.
NTL::GF2X to_gf2x(std::span<const u64> limbs) {
  NTL::GF2X p;
  for (std::size_t i = 0; i < limbs.size(); ++i)
    for (unsigned b = 0; b < 64; ++b)
      if ((limbs[i] >> b) & 1) NTL::SetCoeff(p, long(64 * i + b));
  return p;
}

std::vector<u64> to_limbs(const NTL::GF2X& p, std::size_t limbs) {
  if (NTL::deg(p) >= long(64 * limbs))
    throw error("ff::ref::to_limbs: polynomial of degree " + std::to_string(NTL::deg(p)) + " does not fit " +
                std::to_string(limbs) + " limbs");
  std::vector<u64> r(limbs);
  for (long i = 0; i <= NTL::deg(p); ++i)
    if (NTL::IsOne(NTL::coeff(p, i))) r[std::size_t(i) / 64] |= u64{1} << (i % 64);
  return r;
}

template <binary_family F>
NTL::GF2X to_gf2x(const element<F>& a) {
  return to_gf2x(std::span<const u64>(a.limb));
}

template <binary_family F>
element<F> to_element(const NTL::GF2X& p) {
  const auto l = to_limbs(p, F::limbs);
  element<F> r;
  for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = l[i];
  return r;
}

// The polynomial sum of x^e over an exponent list such as {163, 7, 6, 3, 0}.
NTL::GF2X polynomial_from_exponents(std::span<const unsigned> exponents) {
  NTL::GF2X p;
  for (unsigned e : exponents) NTL::SetCoeff(p, long(e), NTL::coeff(p, long(e)) + 1);
  return p;
}

template <polynomial_field F>
const NTL::GF2X& modulus() {
  static const NTL::GF2X m = polynomial_from_exponents(F::modulus);
  return m;
}

template <polynomial_field F>
element<F> mul(const element<F>& a, const element<F>& b) {
  return to_element<F>(NTL::MulMod(to_gf2x(a), to_gf2x(b), modulus<F>()));
}

// The remainder of any polynomial (given as limbs) modulo F's modulus.
template <polynomial_field F>
element<F> reduce(std::span<const u64> p) {
  return to_element<F>(to_gf2x(p) % modulus<F>());
}

template <polynomial_field F>
element<F> power(const element<F>& a, const NTL::ZZ& e) {
  return to_element<F>(NTL::PowerMod(to_gf2x(a), e, modulus<F>()));
}

NTL::ZZ to_zz(std::span<const u64> limbs) {
  NTL::ZZ r(0);
  for (std::size_t i = limbs.size(); i-- > 0;) {
    r <<= 64;
    r += NTL::conv<NTL::ZZ>(static_cast<unsigned long>(limbs[i]));
  }
  return r;
}

NTL::ZZ to_zz(u128 e) {
  const std::array<u64, 2> l = {u64(e), u64(e >> 64)};
  return to_zz(std::span<const u64>(l));
}

// Absolute trace by NTL: sum of a^(2^i) mod f.
template <polynomial_field F>
unsigned trace(const element<F>& a) {
  const NTL::GF2X& f = modulus<F>();
  NTL::GF2X s = to_gf2x(a), t = s;
  for (unsigned i = 1; i < F::degree; ++i) {
    NTL::SqrMod(s, s, f);
    t += s;
  }
  if (NTL::IsZero(t)) return 0;
  if (NTL::IsOne(t)) return 1;
  throw error(std::string(F::name) + ": NTL trace is not in GF(2): the modulus is not irreducible");
}

// ---- Irreducibility ----------------------------------------------------------------------

std::vector<unsigned long> prime_factors(unsigned long n) {
  std::vector<unsigned long> r;
  for (unsigned long q = 2; q * q <= n; ++q)
    if (n % q == 0) {
      r.push_back(q);
      while (n % q == 0) n /= q;
    }
  if (n > 1) r.push_back(n);
  return r;
}

struct rabin_result {
  bool irreducible = false;
  std::string witness;  // which condition failed, or what was checked
};

// Rabin: f of degree n is irreducible iff x^(2^n) = x mod f and gcd(x^(2^(n/q)) - x, f) = 1
// for every prime q dividing n.
rabin_result rabin_test(const NTL::GF2X& f) {
  const long n = NTL::deg(f);
  if (n < 1) return {false, "degree < 1"};
  NTL::GF2XModulus F(f);
  NTL::GF2X x;
  NTL::SetX(x);
  auto frobenius = [&](long k) {  // x^(2^k) mod f
    NTL::GF2X r = x % f;
    for (long i = 0; i < k; ++i) NTL::SqrMod(r, r, F);
    return r;
  };
  if (frobenius(n) != x % f) return {false, "x^(2^" + std::to_string(n) + ") != x mod f"};
  std::string checked = "x^(2^" + std::to_string(n) + ") = x mod f";
  for (unsigned long q : prime_factors(static_cast<unsigned long>(n))) {
    const long k = n / long(q);
    NTL::GF2X g = NTL::GCD(frobenius(k) - x, f);
    if (!NTL::IsOne(g))
      return {false, "gcd(x^(2^" + std::to_string(k) + ") - x, f) has degree " + std::to_string(NTL::deg(g)) +
                         " (a factor of degree dividing " + std::to_string(k) + ")"};
    checked += "; gcd(x^(2^" + std::to_string(k) + ") - x, f) = 1";
  }
  return {true, checked};
}

// NTL's own test, as a second opinion.
bool ntl_irreducible(const NTL::GF2X& f) { return NTL::IterIrredTest(f) != 0; }

// ---- ghash2 = K[v]/(v^2 + v + x^121), K = ghash128, as an NTL GF2EX model ----------------

// Runs f with NTL's GF2E context set to ghash128's modulus, then restores the old context.
template <class Fn>
auto in_ghash_context(Fn&& f) {
  NTL::GF2EPush push(modulus<ghash128>());
  return f();
}

NTL::GF2EX ghash2_modulus_in_context() {
  NTL::GF2EX p;
  NTL::SetCoeff(p, 2);
  NTL::SetCoeff(p, 1);
  NTL::GF2X c;
  NTL::SetCoeff(c, ghash2::c_exponent);
  NTL::SetCoeff(p, 0, NTL::conv<NTL::GF2E>(c));
  return p;
}

NTL::GF2EX ghash2_to_gf2ex_in_context(const element<ghash2>& a) {
  NTL::GF2EX r;
  NTL::SetCoeff(r, 0, NTL::conv<NTL::GF2E>(to_gf2x(std::span<const u64>(a.limb.data(), 2))));
  NTL::SetCoeff(r, 1, NTL::conv<NTL::GF2E>(to_gf2x(std::span<const u64>(a.limb.data() + 2, 2))));
  return r;
}

element<ghash2> ghash2_from_gf2ex_in_context(const NTL::GF2EX& p) {
  element<ghash2> r;
  for (long i = 0; i < 2; ++i) {
    const auto l = to_limbs(NTL::rep(NTL::coeff(p, i)), 2);
    r.limb[2 * i] = l[0];
    r.limb[2 * i + 1] = l[1];
  }
  return r;
}

element<ghash2> ghash2_mul(const element<ghash2>& a, const element<ghash2>& b) {
  return in_ghash_context([&] {
    return ghash2_from_gf2ex_in_context(
        NTL::MulMod(ghash2_to_gf2ex_in_context(a), ghash2_to_gf2ex_in_context(b), ghash2_modulus_in_context()));
  });
}

element<ghash2> ghash2_power(const element<ghash2>& a, const NTL::ZZ& e) {
  return in_ghash_context([&] {
    return ghash2_from_gf2ex_in_context(
        NTL::PowerMod(ghash2_to_gf2ex_in_context(a), e, ghash2_modulus_in_context()));
  });
}

// v^2 + v + x^121 irreducible over K, by NTL's test on GF2EX.
bool ghash2_modulus_irreducible() {
  return in_ghash_context([] { return NTL::DetIrredTest(ghash2_modulus_in_context()) != 0; });
}

// The reference product of any binary field: NTL GF2X for polynomial fields, GF2EX for ghash2.
template <binary_family F>
element<F> any_mul(const element<F>& a, const element<F>& b) {
  if constexpr (polynomial_field<F>) {
    return mul<F>(a, b);
  } else {
    static_assert(std::is_same_v<F, ghash2>, "ff.reference has no model of this binary field");
    return ghash2_mul(a, b);
  }
}
template <binary_family F>
element<F> any_power(const element<F>& a, const NTL::ZZ& e) {
  if constexpr (polynomial_field<F>) {
    return power<F>(a, e);
  } else {
    static_assert(std::is_same_v<F, ghash2>, "ff.reference has no model of this binary field");
    return ghash2_power(a, e);
  }
}


// ==== Proof support ===========================================================================
// Polynomial-level helpers for ffproofs: x^e mod any f, the smallest irreducible factor, the
// factor degrees, and the GF(2) minimal polynomial of v in ghash2. Nothing above depends on
// this section.

// x^e mod f, for any exponent (NTL's PowerXMod on a precomputed GF2XModulus).
NTL::GF2X x_power_mod(const NTL::GF2XModulus& f, const NTL::ZZ& e) { return NTL::PowerXMod(e, f); }

struct smallest_factor {
  long degree = 0;      // degree d of the smallest irreducible factor of f
  long gcd_degree = 0;  // degree of gcd(x^(2^d) - x, f): all irreducible factors of degree d
};

// Distinct-degree search: the first d with gcd(x^(2^d) - x, f) != 1 is the degree of the
// smallest irreducible factor (d = deg f when f is irreducible). At most deg f / 2 squarings
// and gcds, so it stays cheap for the few-thousand-bit polynomials researchers bring.
smallest_factor smallest_irreducible_factor(const NTL::GF2X& f) {
  const long n = NTL::deg(f);
  if (n < 1) throw error("ff::ref::smallest_irreducible_factor: degree < 1");
  const NTL::GF2XModulus F(f);
  NTL::GF2X x, r;
  NTL::SetX(x);
  r = x % f;
  for (long d = 1; 2 * d <= n; ++d) {
    NTL::SqrMod(r, r, F);
    const NTL::GF2X g = NTL::GCD(r + x, f);
    if (NTL::deg(g) > 0) return {d, NTL::deg(g)};
  }
  return {n, n};
}

// The degrees (with multiplicities) of the irreducible factors of f, by NTL's
// Cantor-Zassenhaus; sorted ascending as (degree, multiplicity) pairs.
std::vector<std::pair<long, long>> factor_degrees(const NTL::GF2X& f) {
  NTL::vec_pair_GF2X_long factors;
  NTL::CanZass(factors, f);
  std::vector<std::pair<long, long>> r;
  for (long i = 0; i < factors.length(); ++i) r.emplace_back(NTL::deg(factors[i].a), factors[i].b);
  std::sort(r.begin(), r.end());
  return r;
}

// The minimal polynomial of v over GF(2): prod_{i<128} (y^2 + y + c^(2^i)) with c = x^121,
// the product of the conjugates of v^2 + v + c under Frobenius of K. Its coefficients must
// lie in GF(2); it has degree 256, and it is irreducible iff v generates GF(2^256) over GF(2).
NTL::GF2X ghash2_minimal_polynomial_of_v() {
  return in_ghash_context([] {
    NTL::GF2X cx;
    NTL::SetCoeff(cx, ghash2::c_exponent);
    NTL::GF2E c = NTL::conv<NTL::GF2E>(cx);
    NTL::GF2EX product;
    NTL::SetCoeff(product, 0);
    for (unsigned i = 0; i < ghash128::degree; ++i) {
      NTL::GF2EX quadratic;
      NTL::SetCoeff(quadratic, 2);
      NTL::SetCoeff(quadratic, 1);
      NTL::SetCoeff(quadratic, 0, c);
      product *= quadratic;
      NTL::sqr(c, c);
    }
    NTL::GF2X r;
    for (long i = 0; i <= NTL::deg(product); ++i) {
      const NTL::GF2X& coefficient = NTL::rep(NTL::coeff(product, i));
      if (NTL::deg(coefficient) > 0)
        throw error("ff::ref::ghash2_minimal_polynomial_of_v: a coefficient is not in GF(2)");
      if (NTL::IsOne(coefficient)) NTL::SetCoeff(r, i);
    }
    return r;
  });
}

}  // namespace ff::ref

export namespace ff::ref {

// ==== The b256 <-> ghash2 isomorphism: root finding and GF(2) matrices =========================
// Route (reproducible, no randomness in the result): ghash2 is GF(2^256); v generates it
// (v is not in K = GF(2^128), the only maximal subfield), so its minimal polynomial M over
// GF(2) has degree 256 and GF(2)[z]/(M) -> ghash2, z -> v, is an isomorphism. M comes from
// the linear relation among v^0..v^256 (computed with the GF2EX model of ghash2, not the
// library). NTL's FindRoots then splits b256's modulus over GF2E = GF(2)[z]/(M) into its
// 256 roots, each mapped back to ghash2 by sum r_j v^j. The canonical root is the smallest
// as a 256-bit number (ghash2 hex order). NTL's splitting is randomized, the root set is not.

// v^0 .. v^256 in ghash2 (NTL model).
std::vector<element<ghash2>> ghash2_powers_of_v() {
  std::vector<element<ghash2>> w(257);
  w[0] = ghash2::one();
  for (std::size_t i = 1; i <= 256; ++i) w[i] = ghash2_mul(w[i - 1], ghash2::monomial(128));
  return w;
}

// The minimal polynomial of v over GF(2), from the linear relation among v^0..v^256 (the
// proof-support section above builds the same polynomial as a product of conjugates; two
// derivations, hence two names).
NTL::GF2X ghash2_minimal_polynomial_of_v_by_linear_algebra() {
  const auto w = ghash2_powers_of_v();
  NTL::mat_GF2 a;
  a.SetDims(256, 256);
  NTL::vec_GF2 b, x;
  b.SetLength(256);
  for (long i = 0; i < 256; ++i)
    for (long j = 0; j < 256; ++j) a[i][j] = (w[std::size_t(i)].limb[std::size_t(j) / 64] >> (j % 64)) & 1;
  for (long j = 0; j < 256; ++j) b[j] = (w[256].limb[std::size_t(j) / 64] >> (j % 64)) & 1;
  NTL::GF2 d;
  NTL::solve(d, x, a, b);  // x * a = b: v^256 = sum x_i v^i
  if (NTL::IsZero(d)) throw error("ff::ref: v^0..v^255 are dependent: v does not generate ghash2");
  NTL::GF2X m;
  NTL::SetCoeff(m, 256);
  for (long i = 0; i < 256; ++i)
    if (NTL::IsOne(x[i])) NTL::SetCoeff(m, i);
  return m;
}

// All roots of b256's modulus in ghash2, sorted ascending as 256-bit numbers.
std::vector<element<ghash2>> iso_roots() {
  const auto w = ghash2_powers_of_v();
  NTL::GF2EPush push(ghash2_minimal_polynomial_of_v_by_linear_algebra());
  NTL::GF2EX p;
  for (unsigned e : b256::modulus) NTL::SetCoeff(p, long(e));
  NTL::vec_GF2E roots;
  NTL::FindRoots(roots, p);
  std::vector<element<ghash2>> r;
  for (long i = 0; i < roots.length(); ++i) {
    const NTL::GF2X& q = NTL::rep(roots[i]);
    element<ghash2> e;
    for (long j = 0; j <= NTL::deg(q); ++j)
      if (NTL::IsOne(NTL::coeff(q, j))) e += w[std::size_t(j)];
    r.push_back(e);
  }
  std::sort(r.begin(), r.end(), [](const element<ghash2>& a, const element<ghash2>& b) {
    return std::lexicographical_compare(a.limb.rbegin(), a.limb.rend(), b.limb.rbegin(), b.limb.rend());
  });
  return r;
}

// The canonical root: the smallest of iso_roots() (ff::iso::root stores it).
element<ghash2> canonical_iso_root() {
  const auto r = iso_roots();
  if (r.size() != 256) throw error("ff::ref: b256's modulus has " + std::to_string(r.size()) + " roots in ghash2, not 256");
  return r.front();
}

// A 256 x 256 GF(2) matrix given by columns (column j = 4 limbs) <-> NTL mat_GF2 (a[i][j]).
NTL::mat_GF2 to_mat_gf2(std::span<const std::array<u64, 4>> columns) {
  NTL::mat_GF2 a;
  a.SetDims(long(columns.size()), long(columns.size()));
  for (std::size_t j = 0; j < columns.size(); ++j)
    for (std::size_t i = 0; i < columns.size(); ++i) a[long(i)][long(j)] = (columns[j][i / 64] >> (i % 64)) & 1;
  return a;
}
std::vector<std::array<u64, 4>> columns_of(const NTL::mat_GF2& a) {
  std::vector<std::array<u64, 4>> c(std::size_t(a.NumCols()), std::array<u64, 4>{});
  for (long i = 0; i < a.NumRows(); ++i)
    for (long j = 0; j < a.NumCols(); ++j)
      if (NTL::IsOne(a[i][j])) c[std::size_t(j)][std::size_t(i) / 64] |= u64{1} << (i % 64);
  return c;
}

// NTL's inverse of a column-stored matrix (empty when singular): a cross-check of the
// library's own Gaussian elimination.
std::vector<std::array<u64, 4>> gf2_matrix_inverse(std::span<const std::array<u64, 4>> columns) {
  NTL::GF2 d;
  NTL::mat_GF2 x;
  NTL::inv(d, x, to_mat_gf2(columns));
  if (NTL::IsZero(d)) return {};
  return columns_of(x);
}

}  // namespace ff::ref

// ---- prime fields: canonical integers <-> NTL ZZ, arithmetic in NTL's ZZ_p (on GMP) -----------
export namespace ff::ref {

// NTL integers -> little-endian 64-bit limbs (to_zz goes the other way).
template <std::size_t N>
ff::limbs<N> to_limbs(const NTL::ZZ& z) {
  std::array<unsigned char, 8 * N> bytes{};
  NTL::BytesFromZZ(bytes.data(), z, long(bytes.size()));
  ff::limbs<N> x{};
  for (std::size_t i = 0; i < bytes.size(); ++i) x[i / 8] |= u64(bytes[i]) << (8 * (i % 8));
  return x;
}
template <prime_family F>
const NTL::ZZ& prime_modulus() {
  static const NTL::ZZ p = to_zz(std::span<const u64>(F::p));
  return p;
}
// The canonical integer of a (not its Montgomery form).
template <prime_family F>
NTL::ZZ to_zz(const element<F>& a) {
  const auto x = F::to_integer(a);
  return to_zz(std::span<const u64>(x));
}
template <prime_family F>
element<F> from_zz(const NTL::ZZ& z) {
  return F::from_integer(to_limbs<F::limbs>(z % prime_modulus<F>()));
}
// f(args...) computed in NTL's ZZ_p modulo F's prime (the modulus is pushed for the call).
template <prime_family F, class Fn>
auto in_zz_p(Fn&& fn) {
  NTL::ZZ_pPush push(prime_modulus<F>());
  return fn();
}
template <prime_family F>
NTL::ZZ_p to_zz_p(const element<F>& a) {
  return NTL::conv<NTL::ZZ_p>(to_zz(a));
}
template <prime_family F>
element<F> from_zz_p(const NTL::ZZ_p& a) {
  return from_zz<F>(NTL::rep(a));
}
template <prime_family F>
element<F> mul(const element<F>& a, const element<F>& b) {
  return in_zz_p<F>([&] { return from_zz_p<F>(to_zz_p(a) * to_zz_p(b)); });
}
template <prime_family F>
element<F> add(const element<F>& a, const element<F>& b) {
  return in_zz_p<F>([&] { return from_zz_p<F>(to_zz_p(a) + to_zz_p(b)); });
}
template <prime_family F>
element<F> sub(const element<F>& a, const element<F>& b) {
  return in_zz_p<F>([&] { return from_zz_p<F>(to_zz_p(a) - to_zz_p(b)); });
}
template <prime_family F>
element<F> inverse(const element<F>& a) {
  return in_zz_p<F>([&] { return from_zz_p<F>(NTL::inv(to_zz_p(a))); });
}
template <prime_family F>
element<F> power(const element<F>& a, const NTL::ZZ& e) {
  return in_zz_p<F>([&] { return from_zz_p<F>(NTL::power(to_zz_p(a), e)); });
}
// a b and a^e for any e >= 0 (the binary fields' any_mul and any_power, for code written over
// both families).
template <prime_family F>
element<F> any_mul(const element<F>& a, const element<F>& b) {
  return mul<F>(a, b);
}
template <prime_family F>
element<F> any_power(const element<F>& a, const NTL::ZZ& e) {
  return power<F>(a, e);
}
// The Legendre symbol by NTL's Jacobi (-1, 0, 1).
template <prime_family F>
int legendre(const element<F>& a) {
  return int(NTL::Jacobi(to_zz(a), prime_modulus<F>()));
}

}  // namespace ff::ref
