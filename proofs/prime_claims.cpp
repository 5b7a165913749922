// Prime numbers: `ffproofs prime N` for any N a researcher gives, and the certificate's claims
// about the prime fields (primality, 2-adicity, the square root's non-residue, Montgomery
// constants, the spare top bit). FLINT proves primality; GMP confirms it independently.
#include <flint/fmpz.h>
#include <gmpxx.h>

#include <cctype>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "certificate.hpp"
#include "exponent_list.hpp"
#include "mersenne_factors.hpp"
#include "proofs.hpp"

namespace ffp {
namespace {

static_assert(sizeof(mp_limb_t) == sizeof(std::uint64_t), "the limb conversions assume 64-bit GMP limbs");

// Larger numbers are refused: a proof's cost grows steeply with the size (APR-CL; about 2 s
// at 1024 bits and 45 s at 2048 bits here), and a pasted typo should get an error, not hours.
constexpr std::size_t max_prime_bits = 2048;
// The small-factor witness: trial division by the primes below this bound.
constexpr unsigned long trial_division_limit = 1ul << 16;
// Bases tried for a Miller-Rabin witness (an odd composite fails for at least 3/4 of all bases).
constexpr std::size_t witness_bases = 1000;

// Decimal or 0x-hex and nothing else: mpz_set_str alone would skip spaces and accept a sign.
mpz_class parse_natural(std::string_view text) {
  const std::string quoted = "'" + std::string(text) + "'";
  const bool hex = text.starts_with("0x");
  const std::string_view digits = hex ? text.substr(2) : text;
  if (text.empty()) throw input_error("empty number (expected a non-negative integer, decimal or 0x-hex)");
  if (digits.empty()) throw input_error("no digits after 0x in " + quoted);
  for (char ch : digits)
    if (!(hex ? std::isxdigit(static_cast<unsigned char>(ch)) : std::isdigit(static_cast<unsigned char>(ch))))
      throw input_error("'" + std::string(1, ch) + "' in " + quoted + " is not a " + (hex ? "hex" : "decimal") +
                        " digit (expected a non-negative integer, decimal or 0x-hex)");
  const mpz_class n(std::string(digits), hex ? 16 : 10);
  if (mpz_sizeinbase(n.get_mpz_t(), 2) > max_prime_bits)
    throw input_error("the number has " + std::to_string(mpz_sizeinbase(n.get_mpz_t(), 2)) + " bits, above this tool's limit of " +
                      std::to_string(max_prime_bits));
  return n;
}

std::string hex(const mpz_class& z) { return "0x" + z.get_str(16); }
std::size_t bits(const mpz_class& z) { return mpz_sizeinbase(z.get_mpz_t(), 2); }
std::string described(const mpz_class& n) {
  return n.get_str() + " = " + hex(n) + " (" + std::to_string(bits(n)) + " bits)";
}

// A FLINT integer holding a GMP one, cleared on every path.
struct flint_integer {
  fmpz_t value;
  explicit flint_integer(const mpz_class& z) {
    fmpz_init(value);
    fmpz_set_mpz(value, z.get_mpz_t());
  }
  ~flint_integer() { fmpz_clear(value); }
  flint_integer(const flint_integer&) = delete;
  flint_integer& operator=(const flint_integer&) = delete;
};

// FLINT's verdict: 1 proved prime, 0 composite; anything else means it could not decide.
int flint_is_prime(const mpz_class& n) { return fmpz_is_prime(flint_integer(n).value); }

const std::string flint_prover = std::string("FLINT ") + FLINT_VERSION + " fmpz_is_prime";
const std::string gmp_tester = "GMP mpz_probab_prime_p, 50 reps (Baillie-PSW + Miller-Rabin)";

// How fmpz_is_prime proves a number of this size, as FLINT 2.9 documents it.
std::string flint_method(const mpz_class& n) {
  static const mpz_class sorenson_webster("3317044064679887385961981");
  if (bits(n) <= 64) return "n_is_prime: Baillie-PSW, which has no counterexample below 2^64";
  if (n < sorenson_webster)
    return "Miller-Rabin to the first 13 prime bases, proven sufficient below 3.3 * 10^24 (Sorenson-Webster)";
  return "a Pocklington / Morrison (p - 1, p + 1) proof, else APR-CL";
}

std::vector<unsigned long> primes_below(unsigned long limit) {
  std::vector<bool> composite(limit, false);
  std::vector<unsigned long> primes;
  for (unsigned long i = 2; i < limit; ++i) {
    if (composite[i]) continue;
    primes.push_back(i);
    for (unsigned long j = i * i; j < limit; j += i) composite[j] = true;
  }
  return primes;
}

const std::vector<unsigned long>& small_primes() {
  static const std::vector<unsigned long> primes = primes_below(trial_division_limit);
  return primes;
}

// The strong probable-prime test to base a, computed here with GMP: with n - 1 = 2^s d (d
// odd), n passes if a^d = 1 or a^(2^r d) = -1 mod n for some 0 <= r < s. Every odd prime
// passes, so a base that fails proves n composite.
bool strong_probable_prime(const mpz_class& n, unsigned long a) {
  const mpz_class n_minus_1 = n - 1;
  const mp_bitcnt_t s = mpz_scan1(n_minus_1.get_mpz_t(), 0);
  const mpz_class d = n_minus_1 >> s;
  mpz_class x;
  mpz_powm(x.get_mpz_t(), mpz_class(a).get_mpz_t(), d.get_mpz_t(), n.get_mpz_t());
  if (x == 1 || x == n_minus_1) return true;
  for (mp_bitcnt_t r = 1; r < s; ++r) {
    x = x * x % n;
    if (x == n_minus_1) return true;
  }
  return false;
}

// The evidence that n (odd, no factor below trial_division_limit) is composite: the first
// prime base FLINT's strong test rejects, re-checked with GMP. 0 if none is found.
unsigned long miller_rabin_witness(const mpz_class& n) {
  const flint_integer f(n);
  unsigned long witness = 0;
  for (std::size_t i = 0; i < witness_bases && !witness; ++i)
    if (!fmpz_is_strong_probabprime(f.value, flint_integer(small_primes()[i]).value)) witness = small_primes()[i];
  if (witness && strong_probable_prime(n, witness))
    throw std::runtime_error("FLINT's Miller-Rabin witness " + std::to_string(witness) + " for " + n.get_str() +
                             " does not verify with GMP");
  return witness;
}

void print(const std::string& headline, const std::vector<std::string>& lines) {
  std::cout << headline << "\n";
  for (const auto& l : lines) std::cout << "  " << l << "\n";
}

// The COMPOSITE evidence: a small factor, or else a Miller-Rabin witness.
std::vector<std::string> compositeness_witness(const mpz_class& n) {
  for (unsigned long q : small_primes()) {
    if (q >= n) break;
    if (mpz_divisible_ui_p(n.get_mpz_t(), q))
      return {"small factor: " + std::to_string(q) + " (N = " + std::to_string(q) + " * " + mpz_class(n / q).get_str() +
              "; trial division by the primes below " + std::to_string(trial_division_limit) + ", with GMP)"};
  }
  const unsigned long a = miller_rabin_witness(n);
  if (!a) throw std::runtime_error("no Miller-Rabin witness among the first " + std::to_string(witness_bases) +
                                   " prime bases for the composite " + n.get_str());
  std::string passed;
  for (unsigned long q : small_primes()) {
    if (q == a) break;
    passed += (passed.empty() ? "" : ", ") + std::to_string(q);
  }
  const mpz_class n_minus_1 = n - 1;
  return {"no prime factor below " + std::to_string(trial_division_limit) + " (trial division)",
          "witness: a = " + std::to_string(a) + ", a strong-probable-prime (Miller-Rabin) test witness: with N - 1 = 2^s * d (s = " +
              std::to_string(mpz_scan1(n_minus_1.get_mpz_t(), 0)) + ", d odd), a^d != +-1 and a^(2^r d) != -1 mod N " +
              "for 0 < r < s, which no odd prime allows (found by FLINT fmpz_is_strong_probabprime, verified with GMP mpz_powm)",
          passed.empty() ? "N fails the test already for the first base" : "N passes the test to the smaller prime bases " + passed};
}

// ---- The certificate's claims about the prime fields -------------------------------------------

mpz_class from_limbs(const std::vector<std::uint64_t>& limbs) {
  mpz_class z;
  mpz_import(z.get_mpz_t(), limbs.size(), -1, sizeof(std::uint64_t), 0, 0, limbs.data());
  return z;
}

mpz_class power_of_two_mod(unsigned long exponent, const mpz_class& p) {
  mpz_class r;
  mpz_powm_ui(r.get_mpz_t(), mpz_class(2).get_mpz_t(), exponent, p.get_mpz_t());
  return r;
}

void primality_claims(certificate& cert, const std::string& id, const mpz_class& p) {
  const int flint = flint_is_prime(p);
  cert.add({id + ".flint-proof", flint == 1, "p is prime, proved by " + flint_method(p), flint_prover,
            {"p = " + described(p), "fmpz_is_prime returned " + std::to_string(flint) + " (1 = proved prime)"}});
  const bool gmp = probable_prime(p);
  cert.add({id + ".gmp-probable-prime", gmp, "p is a probable prime (independent confirmation; a test, not a proof)",
            gmp_tester, {std::string("mpz_probab_prime_p: ") + (gmp ? "probable prime" : "composite")}});
}

// p mod 4, the 2-adicity of p - 1 and the square root's non-residue: what the square root
// algorithm (a^((p+1)/4) when p = 3 mod 4, Tonelli-Shanks otherwise) is chosen by.
void square_root_claims(certificate& cert, const std::string& id, const mpz_class& p, const prime_field_facts& f) {
  const unsigned long p_mod_4 = mpz_fdiv_ui(p.get_mpz_t(), 4);
  const bool says_3_mod_4 = f.two_adicity == 1;
  cert.add({id + ".mod-4", p_mod_4 % 2 == 1 && (p_mod_4 == 3) == says_3_mod_4,
            "p = " + std::to_string(p_mod_4) + " mod 4" +
                (p_mod_4 == 3 ? ", and the field says so (2-adicity 1: the square root is a^((p+1)/4))"
                              : "; the field's 2-adicity must then be >= 2 (Tonelli-Shanks)"),
            "GMP mpz_fdiv_ui", {"the field's two_adicity = " + std::to_string(f.two_adicity)}});

  const mpz_class p_minus_1 = p - 1;
  const auto s = mpz_scan1(p_minus_1.get_mpz_t(), 0);
  cert.add({id + ".two-adicity", s == f.two_adicity,
            "the largest s with 2^s | p - 1 is " + std::to_string(s) + ", the field's two_adicity",
            "GMP mpz_scan1 on p - 1", {"recomputed s = " + std::to_string(s) + ", field: " + std::to_string(f.two_adicity)}});

  // Jacobi symbols need an odd modulus; for a prime p they are the Legendre symbols.
  const bool odd = mpz_odd_p(p.get_mpz_t());
  const auto legendre = [&](std::uint64_t a) { return odd ? mpz_legendre(mpz_class(a).get_mpz_t(), p.get_mpz_t()) : 0; };
  const std::string nr = std::to_string(f.non_residue);
  const int symbol = legendre(f.non_residue);
  cert.add({id + ".non-residue", symbol == -1, nr + " is a quadratic non-residue mod p", "GMP mpz_legendre",
            {"(" + nr + "/p) = " + std::to_string(symbol)}});
  std::uint64_t smaller = 2;  // the first a >= 2 that is not a residue
  while (smaller < f.non_residue && legendre(smaller) == 1) ++smaller;
  cert.add({id + ".non-residue-smallest", f.non_residue >= 2 && smaller == f.non_residue,
            nr + " is the smallest non-residue (every a with 2 <= a < " + nr + " is a residue)", "GMP mpz_legendre",
            {smaller == f.non_residue ? "(a/p) = +1 for 2 <= a < " + nr
                                      : "(" + std::to_string(smaller) + "/p) = " + std::to_string(legendre(smaller))}});
}

// A stated limb vector against the value recomputed with GMP (and the field's limb count).
void constant_claim(certificate& cert, const std::string& id, const std::string& statement, const std::string& by,
                    const std::vector<std::uint64_t>& stated, const mpz_class& computed, unsigned limbs) {
  const mpz_class value = from_limbs(stated);
  cert.add({id, stated.size() == limbs && value == computed, statement, by,
            {"recomputed " + hex(computed), "field      " + hex(value) + " (" + std::to_string(stated.size()) + " limbs, " +
                                                 std::to_string(limbs) + " expected)"}});
}

void montgomery_claims(certificate& cert, const std::string& id, const mpz_class& p, const prime_field_facts& f) {
  const unsigned long r_bits = 64ul * f.limbs;
  const std::string r = "R = 2^" + std::to_string(r_bits);
  constant_claim(cert, id + ".montgomery-r", "the field's R mod p is right (" + r + ")", "GMP mpz_powm_ui", f.r_mod_p,
                 power_of_two_mod(r_bits, p), f.limbs);
  constant_claim(cert, id + ".montgomery-r2", "the field's R^2 mod p is right (" + r + ")", "GMP mpz_powm_ui", f.r2_mod_p,
                 power_of_two_mod(2 * r_bits, p), f.limbs);
  mpz_class product = p * mpz_class(f.p_inv_neg) + 1;
  mpz_fdiv_r_2exp(product.get_mpz_t(), product.get_mpz_t(), 64);
  cert.add({id + ".montgomery-p-inv", product == 0, "p * p_inv_neg = -1 mod 2^64 (the Montgomery reduction's factor)",
            "GMP mpz_mul, mpz_fdiv_r_2exp", {"p_inv_neg = " + hex(mpz_class(f.p_inv_neg)),
                                             "p * p_inv_neg + 1 mod 2^64 = " + hex(product)}});
  // The no-carry CIOS keeps no limb above p's: it needs p's top limb below 2^63 - 1.
  const mpz_class top_limb = p >> unsigned(64 * (f.limbs - 1));
  const bool has_spare_bit = top_limb < (mpz_class(1) << 63) - 1;
  cert.add({id + ".spare-bit", has_spare_bit == f.spare_bit,
            has_spare_bit ? "p's top limb is below 2^63 - 1: the field's spare_bit trait is true and its Montgomery "
                            "multiplication the no-carry CIOS (no carry limb beyond the " + std::to_string(f.limbs) + ")"
                          : "p's top limb is not below 2^63 - 1: the field's spare_bit trait is false and its Montgomery "
                            "multiplication keeps a carry limb (full CIOS)",
            "GMP mpz_fdiv_q_2exp, mpz_cmp",
            {"top limb = " + hex(top_limb), std::string("spare_bit = ") + (f.spare_bit ? "true" : "false")}});
}

// A special form: p = 2^k - c with the field's k and c, and 4 c <= 2^k (the folds end below
// 2^k + 2^(k-1), which is below 2p, so that one conditional subtraction of p reduces, only then).
void fold_claims(certificate& cert, const std::string& id, const mpz_class& p, const prime_field_facts& f) {
  const mpz_class c = from_limbs(f.fold_c);
  const mpz_class two_k = mpz_class(1) << f.fold_k;
  cert.add({id + ".special-form", two_k - c == p && c > 0,
            "p = 2^" + std::to_string(f.fold_k) + " - c with the field's c (its reduction folds x = hi 2^k + lo to lo + hi c)",
            "GMP mpz_mul_2exp, mpz_sub", {"c = " + hex(c), "2^k - c = " + hex(two_k - c)}});
  cert.add({id + ".fold-bound", 4 * c <= two_k,
            "4 c <= 2^k: after the folds (below 2^k + 2^(k-1) <= 2p) one conditional subtraction of p reduces",
            "GMP mpz_cmp",
            {"c has " + std::to_string(bits(c)) + " bits, k = " + std::to_string(f.fold_k)}});
}

}  // namespace

void number_primality_claims(certificate& cert, const std::string& id, const std::string& number) {
  primality_claims(cert, id, parse_natural(number));
}

int research_prime(const std::string& number) {
  const mpz_class n = parse_natural(number);
  if (n < 2) {
    print("NOT PRIME: " + number, {n == 0 ? "0 is divisible by every integer: primes are integers >= 2"
                                         : "1 is a unit, neither prime nor composite: primes are integers >= 2"});
    return 1;
  }
  const int flint = flint_is_prime(n);
  if (flint != 0 && flint != 1)
    throw std::runtime_error(flint_prover + " returned " + std::to_string(flint) + " (undecided) for " + n.get_str());
  const bool gmp = probable_prime(n);
  const std::string flint_line = flint_prover + ": " + (flint ? "prime, proved by " + flint_method(n) : "composite");
  const std::string gmp_line = gmp_tester + ": " + (gmp ? "probable prime (a test, not a proof)" : "composite");
  if ((flint == 1) != gmp) {
    print("DISAGREEMENT: " + number, {"N = " + described(n), flint_line, gmp_line});
    return 4;
  }
  std::vector<std::string> lines = {"N = " + described(n)};
  if (!flint) {
    for (auto& line : compositeness_witness(n)) lines.push_back(std::move(line));
    lines.push_back(flint_prover + " and " + gmp_tester + ": composite");
    print("COMPOSITE: " + number, lines);
    return 1;
  }
  lines.push_back(flint_line);
  lines.push_back("confirmed by " + gmp_line);
  print("PRIME: " + number, lines);
  return 0;
}

void prime_claims(certificate& cert, const corruption& corrupt, const std::vector<prime_field_facts>& fields) {
  for (prime_field_facts f : fields) {  // a copy: a corruption changes only what the claims see
    if (corrupt.montgomery && f.name == "bls12_381_fp") f.r2_mod_p.at(0) ^= 1;
    mpz_class p;
    try {
      p = parse_natural(f.modulus_text);
    } catch (const input_error& e) {
      throw std::runtime_error("the modulus of " + f.name + ": " + e.what());  // the registry's fault, not the user's
    }
    if (corrupt.prime_modulus && f.name == "bn254_fp") p += 2;
    const std::string id = "prime." + f.name;
    primality_claims(cert, id, p);
    square_root_claims(cert, id, p, f);
    if (f.montgomery) montgomery_claims(cert, id, p, f);
    else fold_claims(cert, id, p, f);
  }
}

}  // namespace ffp
