// The claims about the registered fields (ff::fields): irreducibility, primitivity, generator
// orders, ghash2, moduli. Each claim is computed twice where that is possible: by NTL
// (ff.reference) and by the project's own field arithmetic (ff.<field>), so a wrong reducer and
// a wrong modulus cannot hide behind each other.
#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>
#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "certificate.hpp"
#include "exponent_list.hpp"
#include "mersenne_factors.hpp"
#include "proofs.hpp"
import ff.reference;

namespace ffp {
namespace {

using ff::u64;

std::vector<u64> limbs_of(const mpz_class& z) {
  std::vector<u64> limbs((mpz_sizeinbase(z.get_mpz_t(), 2) + 63) / 64 + 1, 0);
  std::size_t count = 0;
  mpz_export(limbs.data(), &count, -1, sizeof(u64), 0, 0, z.get_mpz_t());
  limbs.resize(std::max<std::size_t>(count, 1));
  return limbs;
}

NTL::ZZ zz_of(const mpz_class& z) {
  const auto limbs = limbs_of(z);
  return ff::ref::to_zz(std::span<const u64>(limbs));
}

std::string exponents_text(std::span<const unsigned> exponents) {
  std::string s = "{";
  for (std::size_t i = 0; i < exponents.size(); ++i) s += (i ? ", " : "") + std::to_string(exponents[i]);
  return s + "}";
}

std::string polynomial_hex(std::span<const unsigned> exponents) {
  mpz_class p = 0;
  for (unsigned e : exponents) mpz_combit(p.get_mpz_t(), e);
  return "0x" + p.get_str(16);
}

std::string modulus_text(std::span<const unsigned> exponents) {
  return polynomial_text(std::vector<unsigned>(exponents.begin(), exponents.end()));
}

// The moduli as the literature states them, typed in independently of the field modules: the
// modulus claims check the modules against this list (a new field adds its source here).
struct stated_modulus {
  std::string_view field;
  std::vector<unsigned> exponents;
  std::string_view source;
};
const std::vector<stated_modulus>& stated_moduli() {
  static const std::vector<stated_modulus> list = {
      {"b127", {127, 1, 0}, "reilabs ghash-powers-bench; 2^127 - 1 is prime, so every irreducible of degree 127 is primitive"},
      {"ghash128", {128, 7, 2, 1, 0}, "the GCM/GHASH polynomial (NIST SP 800-38D)"},
      {"b163", {163, 7, 6, 3, 0}, "NIST B-163/K-163 (FIPS 186), also SEC 2 sect163k1/r1"},
      {"b191", {191, 9, 0}, "Arndt's list of irreducible trinomials (Matters Computational / jjj.de)"},
      {"sect193", {193, 15, 0}, "SEC 2 sect193r1/r2"},
      {"b233", {233, 74, 0}, "NIST B-233/K-233 (FIPS 186), also SEC 2 sect233k1/r1"},
      {"b256", {256, 10, 5, 2, 0}, "Arndt's list of primitive pentanomials (the first of degree 256)"},
      {"b283", {283, 12, 7, 5, 0}, "NIST B-283/K-283 (FIPS 186), also SEC 2 sect283k1/r1"},
      {"b409", {409, 87, 0}, "NIST B-409/K-409 (FIPS 186), also SEC 2 sect409k1/r1"},
      {"b571", {571, 10, 5, 2, 0}, "NIST B-571/K-571 (FIPS 186), also SEC 2 sect571k1/r1"},
  };
  return list;
}

// The modulus each check works on: F::modulus, or with an extra term x when corrupted (an even
// number of terms: divisible by x + 1, so every irreducibility check must FAIL).
template <ff::polynomial_field F>
std::vector<unsigned> checked_modulus(const corruption& corrupt) {
  std::vector<unsigned> e(F::modulus.begin(), F::modulus.end());
  if (corrupt.modulus && F::name == "b191") e.insert(e.end() - 1, 1u);
  return e;
}

// ---- Claim 1: irreducibility ---------------------------------------------------------------

// Rabin's test with the project's arithmetic: the Frobenius powers x^(2^k) are computed by
// k squarings in ff.<field> (its own reducer); only the final gcd is NTL's.
template <ff::polynomial_field F>
claim rabin_with_field_arithmetic(const NTL::GF2X& f, const std::string& poly) {
  const std::string name(F::name);
  claim c{"irreducible." + name + ".rabin-project", true, poly + " is irreducible over GF(2) (Rabin's test)",
          "ff." + name + " squaring (ff::square_n) for x^(2^k); NTL GCD", {}};
  const auto x = F::monomial(1);
  const auto top = ff::square_n(x, F::degree);
  const bool fixed = top == x;
  c.pass &= fixed;
  c.data.push_back("x^(2^" + std::to_string(F::degree) + ") " + (fixed ? "= x" : "!= x, got " + ff::to_hex(top)) +
                   " (" + std::to_string(F::degree) + " squarings in ff." + name + ")");
  NTL::GF2X X;
  NTL::SetX(X);
  for (unsigned long q : ff::ref::prime_factors(F::degree)) {
    const unsigned k = F::degree / unsigned(q);
    const NTL::GF2X g = NTL::GCD(ff::ref::to_gf2x(ff::square_n(x, k) + x), f);
    const bool coprime = NTL::IsOne(g);
    c.pass &= coprime;
    c.data.push_back("gcd(x^(2^" + std::to_string(k) + ") - x, f) " +
                     (coprime ? "= 1" : "has degree " + std::to_string(NTL::deg(g))) + "  (q = " + std::to_string(q) + ")");
  }
  return c;
}

template <ff::polynomial_field F>
void irreducibility_claims(certificate& cert, const corruption& corrupt) {
  const std::string name(F::name);
  const auto exponents = checked_modulus<F>(corrupt);
  const std::string poly = modulus_text(exponents);
  const NTL::GF2X f = ff::ref::polynomial_from_exponents(exponents);
  const auto rabin = ff::ref::rabin_test(f);
  cert.add({"irreducible." + name + ".rabin-ntl", rabin.irreducible, poly + " is irreducible over GF(2) (Rabin's test)",
            "NTL GF2X SqrMod + GCD (ff::ref::rabin_test)", {rabin.witness}});
  cert.add(rabin_with_field_arithmetic<F>(f, poly));
  cert.add({"irreducible." + name + ".ntl-iter", ff::ref::ntl_irreducible(f), poly + " is irreducible over GF(2)",
            "NTL IterIrredTest (third opinion)", {}});
}

// ---- Claim 6: the moduli are the stated ones, and the reducers implement them -------------------

template <ff::polynomial_field F>
void modulus_claim(certificate& cert, const corruption& corrupt) {
  const std::string name(F::name);
  const auto it = std::find_if(stated_moduli().begin(), stated_moduli().end(),
                               [&](const stated_modulus& s) { return s.field == F::name; });
  const auto exponents = checked_modulus<F>(corrupt);
  claim c{"modulus." + name, false, "", "ff." + name + " (ff::pow, its reducer) vs the stated exponent list", {}};
  if (it == stated_moduli().end()) {
    c.statement = "no stated modulus for " + name;
    cert.add(c);
    return;
  }
  // x^n by the field's arithmetic must equal f - x^n: the reducer really works modulo f.
  ff::element<F> low{};
  for (std::size_t i = 1; i < it->exponents.size(); ++i) low += F::monomial(it->exponents[i]);
  const auto x_to_n = ff::pow(F::monomial(1), F::degree);
  const bool same_list = exponents == it->exponents;
  const bool reducer_agrees = x_to_n == low;
  c.pass = same_list && reducer_agrees;
  c.statement = name + " uses " + modulus_text(it->exponents) + ", and its reducer implements it (source: " +
                std::string(it->source) + ")";
  c.data.push_back("exponents " + exponents_text(it->exponents) + (same_list ? " = " : " != ") + name +
                   "::modulus " + exponents_text(exponents));
  c.data.push_back("hex " + polynomial_hex(it->exponents));
  c.data.push_back(std::string("x^") + std::to_string(F::degree) + " computed in ff." + name +
                   (reducer_agrees ? " = " : " != ") + modulus_text({it->exponents.begin() + 1, it->exponents.end()}));
  cert.add(c);
}

// ---- Claims 2 and 3: factorizations, primitivity, generator orders ------------------------------

void factorization_claim(certificate& cert, unsigned n, const corruption& corrupt) {
  const auto f = factorization_of(n, corrupt.factorization);
  claim c{"factorization.2^" + std::to_string(n) + "-1", false, "", "GMP (mpz product, mpz_probab_prime_p with 50 reps)",
          {}};
  if (!f) {
    c.statement = "the factorization of 2^" + std::to_string(n) + " - 1 is not known to this tool";
    cert.add(c);
    return;
  }
  const auto check = verify_factorization(*f);
  c.pass = check.ok();
  c.statement = "2^" + std::to_string(n) + " - 1 = product of " + std::to_string(f->primes.size()) +
                " probable primes (" + f->source + ")";
  c.data.push_back("2^" + std::to_string(n) + " - 1 = " + join_primes(f->primes));
  c.data.push_back(std::string("product == 2^") + std::to_string(n) + " - 1: " + (check.product_ok ? "yes" : "NO") +
                   "; every factor a probable prime: " + (check.all_prime ? "yes" : "NO") + check.detail);
  cert.add(c);
}

template <class F>
bool is_one(const ff::element<F>& a) {
  return a == F::one();
}

// The exact order of g, given the prime factors of N = 2^n - 1 (the group order), with one
// power function: start from N and divide out each prime while g^(order / p) stays 1.
template <ff::binary_field F, class Power>
mpz_class element_order(const ff::element<F>& g, const factorization& group, Power power, bool& divides_group) {
  mpz_class order = mersenne(F::degree);
  divides_group = is_one<F>(power(g, order));
  for (const auto& p : distinct(group.primes))
    while (order % p == 0 && is_one<F>(power(g, mpz_class(order / p)))) order /= p;
  return order;
}

template <ff::binary_field F>
auto project_power() {
  return [](const ff::element<F>& a, const mpz_class& e) {
    const auto limbs = limbs_of(e);
    return ff::pow(a, std::span<const u64>(limbs));
  };
}
template <ff::binary_field F>
auto ntl_power() {
  return [](const ff::element<F>& a, const mpz_class& e) { return ff::ref::any_power<F>(a, zz_of(e)); };
}

template <ff::binary_field F>
void generator_order_claim(certificate& cert, const corruption& corrupt) {
  const std::string name(F::name);
  const unsigned n = F::degree;
  const auto g = F::generator();
  claim c{"generator." + name, false, "", "ff::pow in ff." + name + " and NTL PowerMod (ff::ref::any_power), compared",
          {}};
  c.data.push_back("generator = 0x" + ff::to_hex(g));
  const auto group = factorization_of(n, corrupt.factorization);
  if (!group) {
    c.statement = "order of " + name + "'s generator: the factorization of 2^" + std::to_string(n) +
                  " - 1 is not known to this tool";
    cert.add(c);
    return;
  }
  const bool factors_ok = verify_factorization(*group).ok();
  bool project_divides = false, ntl_divides = false;
  const mpz_class project_order = element_order<F>(g, *group, project_power<F>(), project_divides);
  const mpz_class ntl_order = element_order<F>(g, *group, ntl_power<F>(), ntl_divides);
  c.pass = factors_ok && project_divides && ntl_divides && project_order == ntl_order;
  const mpz_class group_order = mersenne(n);
  const std::string full = "2^" + std::to_string(n) + " - 1";
  if (!factors_ok)
    c.statement = "order of " + name + "'s generator: the factor list of " + full + " did not verify";
  else if (project_order != ntl_order)
    c.statement = name + "'s generator: the two implementations disagree on its order";
  else if (project_order == group_order)
    c.statement = name + "'s fixed generator has order " + full + ": generator of the full group";
  else
    c.statement = name + "'s fixed generator has order (" + full + ") / " + mpz_class(group_order / project_order).get_str() +
                  ": NOT a generator of the full group";
  c.data.push_back("order = " + project_order.get_str() + (project_order == group_order ? " = " + full : ""));
  c.data.push_back(std::string("g^(") + full + ") = 1: " + (project_divides ? "yes" : "NO") + " (project), " +
                   (ntl_divides ? "yes" : "NO") + " (NTL); checked g^(order/p) != 1 for the " +
                   std::to_string(distinct(group->primes).size()) + " distinct primes p of " + full);
  cert.add(c);
}

// Claim 2: x is primitive in b256, x^((2^256 - 1)/p) != 1 for every prime p | 2^256 - 1,
// once with ff.b256 and once with NTL.
void b256_primitive_claims(certificate& cert, const corruption& corrupt) {
  using F = ff::b256;
  const auto group = factorization_of(F::degree, corrupt.factorization);
  const bool factors_ok = group && verify_factorization(*group).ok();
  const auto x = F::monomial(1);
  const std::string statement = "x^256 + x^10 + x^5 + x^2 + 1 is primitive: x^((2^256 - 1)/p) != 1 for every prime p "
                                "| 2^256 - 1 (with irreducible.b256.*: x has order 2^256 - 1)";
  struct implementation {
    std::string id, by;
    std::function<ff::element<F>(const ff::element<F>&, const mpz_class&)> power;
  };
  for (const implementation& impl : {implementation{"project", "ff::pow in ff.b256 (exponent as 64-bit limbs)", project_power<F>()},
                                     implementation{"ntl", "NTL GF2X PowerMod (ff::ref::power<b256>)", ntl_power<F>()}}) {
    claim c{"primitive.b256." + impl.id, factors_ok, statement, impl.by, {}};
    if (!factors_ok) {
      c.data.push_back("the factor list of 2^256 - 1 did not verify (see factorization.2^256-1)");
      cert.add(c);
      continue;
    }
    std::string checked;
    for (const auto& p : distinct(group->primes)) {
      const bool not_one = !is_one<F>(impl.power(x, mpz_class(mersenne(F::degree) / p)));
      c.pass &= not_one;
      checked += (checked.empty() ? "" : ", ") + p.get_str() + (not_one ? "" : " (x^((2^256-1)/p) = 1!)");
    }
    c.data.push_back("x^((2^256 - 1)/p) != 1 for p = " + checked);
    cert.add(c);
  }
}

// ---- Claim 4: ghash2 = K[v]/(v^2 + v + x^121) is a field --------------------------------------

// Horner evaluation of a GF(2) polynomial at a in ghash2, with the project's arithmetic.
ff::element<ff::ghash2> evaluate(const NTL::GF2X& m, const ff::element<ff::ghash2>& a) {
  ff::element<ff::ghash2> r{};
  for (long i = NTL::deg(m); i >= 0; --i) {
    r = r * a;
    if (NTL::IsOne(NTL::coeff(m, i))) r += ff::ghash2::one();
  }
  return r;
}

void ghash2_claims(certificate& cert) {
  using K = ff::ghash128;
  using L = ff::ghash2;
  const unsigned c_exp = L::c_exponent;
  const std::string poly = "v^2 + v + x^" + std::to_string(c_exp);
  const std::string why = " (Tr(c) = 1 <=> z^2 + z = c has no root in K <=> " + poly + " irreducible over K)";
  const auto c = K::monomial(c_exp);
  const unsigned trace_project = ff::trace(c), trace_ntl = ff::ref::trace<K>(c);
  cert.add({"ghash2.trace.project", trace_project == 1, "Tr(x^" + std::to_string(c_exp) + ") = 1 in GF(2^128)" + why,
            "ff::trace in ff.ghash128", {"Tr = " + std::to_string(trace_project)}});
  cert.add({"ghash2.trace.ntl", trace_ntl == 1, "Tr(x^" + std::to_string(c_exp) + ") = 1 in GF(2^128)" + why,
            "NTL GF2X SqrMod (ff::ref::trace<ghash128>)", {"Tr = " + std::to_string(trace_ntl)}});
  cert.add({"ghash2.irreducible.ntl-gf2ex", ff::ref::ghash2_modulus_irreducible(), poly + " is irreducible over K = GF(2^128)",
            "NTL GF2EX DetIrredTest (ff::ref::ghash2_modulus_irreducible)", {}});

  // In K x K (the split case) every element satisfies a^(2^128) = a; in the field, v^(2^128)
  // is the other root v + 1 of the modulus.
  const auto v = L::monomial(128);
  const auto frobenius = ff::square_n(v, 128);
  const bool conjugate = frobenius == v + L::one();
  cert.add({"ghash2.frobenius.project", conjugate,
            "v^(2^128) = v + 1: v is not fixed by Frobenius of K, so " + poly + " has no root in K",
            "128 squarings in ff.ghash2", {"v^(2^128) = 0x" + ff::to_hex(frobenius)}});

  // The degree-256 polynomial the extension induces: the minimal polynomial of v over GF(2).
  const NTL::GF2X m = ff::ref::ghash2_minimal_polynomial_of_v();
  const bool degree_ok = NTL::deg(m) == 256;
  const bool irreducible = degree_ok && ff::ref::ntl_irreducible(m);
  const bool root = evaluate(m, v).is_zero();
  const auto m_limbs = ff::ref::to_limbs(m, 5);
  mpz_class m_value;
  mpz_import(m_value.get_mpz_t(), m_limbs.size(), -1, sizeof(u64), 0, 0, m_limbs.data());
  cert.add({"ghash2.minpoly.ntl", degree_ok && irreducible && root,
            "the minimal polynomial m(y) = prod_i (y^2 + y + c^(2^i)) of v over GF(2) has degree 256, is irreducible "
            "and m(v) = 0 in ghash2, so ghash2 = GF(2^256)",
            "NTL GF2EX product + IterIrredTest; m(v) by ff.ghash2 arithmetic",
            {"m = 0x" + m_value.get_str(16) + " (degree " + std::to_string(NTL::deg(m)) + ", " +
                 std::to_string(NTL::weight(m)) + " terms)",
             std::string("m(v) = 0 in ff.ghash2: ") + (root ? "yes" : "NO")}});
}

void ghash2_modulus_claim(certificate& cert) {
  using L = ff::ghash2;
  const auto v = L::monomial(128);
  const bool relation = ff::square(v) == v + L::monomial(L::c_exponent);
  cert.add({"modulus.ghash2", relation,
            "ghash2 = K[v]/(v^2 + v + x^121), K = ghash128: v^2 = v + x^121 in ff.ghash2 (source: reilabs ghash-powers-bench)",
            "ff::square in ff.ghash2",
            {"v = 0x" + ff::to_hex(v), "x^121 = 0x" + ff::to_hex(L::monomial(L::c_exponent)),
             "v^2 = 0x" + ff::to_hex(ff::square(v))}});
}

}  // namespace

void field_claims(certificate& cert, const corruption& corrupt) {
  ff::for_each_type<ff::binary_fields>([&]<class F>() {
    if constexpr (ff::polynomial_field<F>) irreducibility_claims<F>(cert, corrupt);
  });
  ff::for_each_type<ff::binary_fields>([&]<class F>() {
    if constexpr (ff::polynomial_field<F>) modulus_claim<F>(cert, corrupt);
  });
  ghash2_claims(cert);
  ghash2_modulus_claim(cert);
  std::vector<unsigned> degrees;  // of the groups GF(2^n)*, each factored once
  ff::for_each_type<ff::binary_fields>([&]<class F>() {
    if (std::find(degrees.begin(), degrees.end(), F::degree) == degrees.end()) degrees.push_back(F::degree);
  });
  std::sort(degrees.begin(), degrees.end());
  for (unsigned n : degrees) factorization_claim(cert, n, corrupt);
  b256_primitive_claims(cert, corrupt);
  ff::for_each_type<ff::binary_fields>([&]<class F>() { generator_order_claim<F>(cert, corrupt); });
}

}  // namespace ffp
