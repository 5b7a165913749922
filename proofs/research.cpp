// The research commands: `ffproofs irreducible 191,9,0` and `ffproofs primitive 256,10,5,2,0`
// for any binary polynomial up to max_degree bits, with NTL (GF2XModulus) doing the work.
#include <NTL/GF2X.h>
#include <NTL/ZZ.h>
#include <gmpxx.h>

#include <iostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "exponent_list.hpp"
#include "mersenne_factors.hpp"
#include "proofs.hpp"
import ff.reference;

namespace ffp {
namespace {

// Full factorization (Cantor-Zassenhaus) is only attempted below this degree; above it the
// smallest factor degree is the witness.
constexpr long factor_degrees_limit = 2048;

NTL::ZZ zz_of(const mpz_class& z) { return NTL::conv<NTL::ZZ>(z.get_str().c_str()); }

struct verdict {
  bool irreducible = false;
  std::vector<std::string> lines;  // the evidence, printed indented under the verdict
};

// Rabin (NTL) and IterIrredTest must agree; when f is reducible the witness adds the smallest
// irreducible factor degree and, for moderate degrees, all factor degrees.
verdict irreducibility(const NTL::GF2X& f) {
  verdict v;
  const auto rabin = ff::ref::rabin_test(f);
  const bool iter = ff::ref::ntl_irreducible(f);
  if (rabin.irreducible != iter)
    throw std::runtime_error("internal disagreement: Rabin says " + std::string(rabin.irreducible ? "irreducible" : "reducible") +
                             ", NTL IterIrredTest the opposite");
  v.irreducible = rabin.irreducible;
  v.lines.push_back("Rabin (NTL GF2X): " + rabin.witness);
  v.lines.push_back(std::string("NTL IterIrredTest: ") + (iter ? "irreducible" : "reducible"));
  if (!v.irreducible) {
    const auto smallest = ff::ref::smallest_irreducible_factor(f);
    v.lines.push_back("smallest irreducible factor: degree " + std::to_string(smallest.degree) + " (gcd(x^(2^" +
                      std::to_string(smallest.degree) + ") - x, f) has degree " + std::to_string(smallest.gcd_degree) + ")");
    if (NTL::deg(f) <= factor_degrees_limit) {
      std::string list;
      for (const auto& [degree, multiplicity] : ff::ref::factor_degrees(f))
        list += (list.empty() ? "" : ", ") + std::to_string(degree) + (multiplicity > 1 ? "^" + std::to_string(multiplicity) : "");
      v.lines.push_back("irreducible factor degrees (NTL CanZass; ^k = multiplicity): " + list);
    }
  }
  return v;
}

void print(const std::string& headline, const std::vector<std::string>& lines) {
  std::cout << headline << "\n";
  for (const auto& l : lines) std::cout << "  " << l << "\n";
}

std::string known_degrees() {
  std::string s;
  for (const auto& e : mersenne_table()) s += (s.empty() ? "" : ", ") + std::to_string(e.n);
  return s;
}

}  // namespace

int research_irreducible(const std::vector<unsigned>& exponents) {
  const std::string poly = polynomial_text(exponents);
  const NTL::GF2X f = ff::ref::polynomial_from_exponents(exponents);
  const verdict v = irreducibility(f);
  print((v.irreducible ? "IRREDUCIBLE: " : "REDUCIBLE: ") + poly, v.lines);
  return v.irreducible ? 0 : 1;
}

int research_primitive(const std::vector<unsigned>& exponents) {
  const std::string poly = polynomial_text(exponents);
  const unsigned n = exponents.front();
  const NTL::GF2X f = ff::ref::polynomial_from_exponents(exponents);
  const verdict v = irreducibility(f);
  if (!v.irreducible) {
    print("NOT PRIMITIVE: " + poly + " is REDUCIBLE", v.lines);
    return 1;
  }
  const auto group = factorization_of(n);
  const std::string full = "2^" + std::to_string(n) + " - 1";
  if (!group) {
    auto lines = v.lines;
    lines.push_back("missing: the factorization of " + full + " is not known to this tool (it has n = " +
                    known_degrees() + " in its table, factors 2^n - 1 itself for n <= " +
                    std::to_string(runtime_factoring_limit) + " and recognizes prime 2^n - 1 for n <= " +
                    std::to_string(mersenne_prime_limit) + "); primitivity needs every prime factor of " + full);
    print("UNKNOWN: " + poly + " is IRREDUCIBLE; primitivity not decided", lines);
    return 3;
  }
  const auto check = verify_factorization(*group);
  if (!check.ok()) throw std::runtime_error("the factor list of " + full + " did not verify:" + check.detail);

  std::vector<std::string> lines = v.lines;
  const bool mersenne_prime = group->primes.size() == 1;
  lines.push_back((mersenne_prime ? full + " is prime" : full + " = " + join_primes(group->primes)) + "  [" + group->source +
                  "; product and primality verified with GMP]");
  const NTL::GF2XModulus F(f);
  const mpz_class group_order = mersenne(n);
  std::vector<mpz_class> witnesses;
  mpz_class order = group_order;
  for (const auto& p : distinct(group->primes)) {
    if (NTL::IsOne(ff::ref::x_power_mod(F, zz_of(group_order / p)))) witnesses.push_back(p);
    while (order % p == 0 && NTL::IsOne(ff::ref::x_power_mod(F, zz_of(mpz_class(order / p))))) order /= p;
  }
  if (witnesses.empty()) {
    lines.push_back("x^((" + full + ")/p) != 1 mod f for every prime p | " + full + " (NTL PowerXMod)");
    print("PRIMITIVE: " + poly + " (x has order " + full + ")", lines);
    return 0;
  }
  lines.push_back("witness: x^((" + full + ")/p) = 1 mod f for p = " + join_primes(witnesses, ", ") + " (NTL PowerXMod)");
  lines.push_back("order of x = " + order.get_str() + " = (" + full + ") / " + mpz_class(group_order / order).get_str());
  print("NOT PRIMITIVE: " + poly, lines);
  return 1;
}

}  // namespace ffp
