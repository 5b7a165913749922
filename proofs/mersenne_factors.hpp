// The factorizations of 2^n - 1 that ffproofs knows, as data. Data is not trusted: every use
// goes through verify_factorization (product == 2^n - 1, every factor a probable prime), and
// the certificate prints that check. The numbers were found once on the development machine
// (coreutils `factor`, sympy's factorint for 2^233 - 1 and 2^283 - 1, and the Cunningham
// tables for 2^193 - 1, 2^409 - 1 and 2^571 - 1, whose large factors were then checked prime);
// nothing here is computed by the code under test.
#pragma once
#include <gmpxx.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace ffp {

struct mersenne_factorization {
  unsigned n;
  std::vector<const char*> primes;  // decimal, with multiplicity (all are simple here)
  const char* note;
};

// 2^128 - 1 = F0 F1 ... F6 and 2^256 - 1 = F0 ... F7 (Fermat numbers F_k = 2^(2^k) + 1;
// F5 = 641 * 6700417 (Euler), F6 = 274177 * 67280421310721 (Landry),
// F7 = 59649589127497217 * 5704689200685129054721 (Morrison-Brillhart)).
inline const std::vector<mersenne_factorization>& mersenne_table() {
  static const std::vector<mersenne_factorization> table = {
      {127, {"170141183460469231731687303715884105727"}, "2^127 - 1 is a Mersenne prime"},
      {128,
       {"3", "5", "17", "257", "65537", "641", "6700417", "274177", "67280421310721"},
       "Fermat numbers F0..F6"},
      {163,
       {"150287", "704161", "110211473", "27669118297", "36230454570129675721"},
       "coreutils factor"},
      {191,
       {"383", "7068569257", "39940132241", "332584516519201", "87274497124602996457"},
       "coreutils factor"},
      {193,
       {"13821503", "61654440233248340616559", "14732265321145317331353282383"},
       "Cunningham table 2,193-"},
      {233,
       {"1399", "135607", "622577", "116868129879077600270344856324766260085066532853492178431"},
       "sympy factorint"},
      {256,
       {"3", "5", "17", "257", "65537", "641", "6700417", "274177", "67280421310721",
        "59649589127497217", "5704689200685129054721"},
       "Fermat numbers F0..F7"},
      {283,
       {"9623", "68492481833",
        "23579543011798993222850893929565870383844167873851502677311057483194673"},
       "sympy factorint"},
      {409,
       {"4480666067023", "76025626689833",
        "3881196575913244673719425770871246487895686937951690944453838586764072695131586617955811936945129"},
       "Cunningham table 2,409-"},
      {571,
       {"5711", "27409", "6969336604531667168509871230100794095801832527002849548226132675916172927",
        "7084851186360580941633572744569751943590093912197024061201633650193388126309578906138706239"},
       "Cunningham table 2,571-"},
  };
  return table;
}

inline mpz_class mersenne(unsigned n) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 2, n);
  return r - 1;
}

// 50 reps: GMP runs Baillie-PSW and then 26 Miller-Rabin rounds with random bases.
inline bool probable_prime(const mpz_class& p, int reps = 50) { return mpz_probab_prime_p(p.get_mpz_t(), reps) > 0; }

// Pollard's rho (Brent's variant would be faster; plain Floyd is enough below 2^64).
inline mpz_class rho_divisor(const mpz_class& m) {
  if (m % 2 == 0) return 2;
  for (unsigned long c = 1;; ++c) {
    mpz_class x = 2, y = 2, d = 1;
    auto step = [&](mpz_class& v) { v = (v * v + c) % m; };
    while (d == 1) {
      step(x);
      step(y);
      step(y);
      mpz_class diff = x - y;
      mpz_gcd(d.get_mpz_t(), diff.get_mpz_t(), m.get_mpz_t());
    }
    if (d != m) return d;
  }
}

inline void factor_into(const mpz_class& m, std::vector<mpz_class>& out) {
  if (m == 1) return;
  if (probable_prime(m)) {
    out.push_back(m);
    return;
  }
  const mpz_class d = rho_divisor(m);
  factor_into(d, out);
  factor_into(m / d, out);
}

// Degrees up to this bound are factored at run time (2^n - 1 < 2^64: rho is instant).
constexpr unsigned runtime_factoring_limit = 64;
// Up to this degree a prime 2^n - 1 (a Mersenne prime) is recognized at run time: one
// probable-prime test of an n-bit number takes at most about a second here.
constexpr unsigned mersenne_prime_limit = 10000;

inline bool small_prime(unsigned n) {
  if (n < 2) return false;
  for (unsigned d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

struct factorization {
  unsigned n = 0;
  std::vector<mpz_class> primes;  // ascending, with multiplicity
  std::string source;
};

// The factorization of 2^n - 1 from the table or, for small n and Mersenne primes, computed
// now; nullopt when
// the tool does not know it. `corrupt` replaces the factor 641 by 643 (tests only: a
// certificate built on a wrong factor list must FAIL).
inline std::optional<factorization> factorization_of(unsigned n, bool corrupt = false) {
  factorization f;
  f.n = n;
  bool found = false;
  for (const auto& entry : mersenne_table())
    if (entry.n == n) {
      for (const char* p : entry.primes) f.primes.emplace_back(p);
      f.source = std::string("embedded table (") + entry.note + ")";
      found = true;
    }
  if (!found && n >= 1 && n <= runtime_factoring_limit) {
    factor_into(mersenne(n), f.primes);
    f.source = "computed now by Pollard rho (GMP)";
    found = true;
  }
  // 2^n - 1 can only be prime for prime n.
  if (!found && n <= mersenne_prime_limit && small_prime(n) && probable_prime(mersenne(n), 1)) {  // BPSW; verified later
    f.primes.push_back(mersenne(n));
    f.source = "2^" + std::to_string(n) + " - 1 is a probable prime (Mersenne), found now by GMP";
    found = true;
  }
  if (!found) return std::nullopt;
  if (corrupt)
    for (auto& p : f.primes)
      if (p == 641) p = 643;
  std::sort(f.primes.begin(), f.primes.end());
  return f;
}

struct factorization_check {
  bool product_ok = false;
  bool all_prime = false;
  std::string detail;  // what failed, if anything
  bool ok() const { return product_ok && all_prime; }
};

// The check every factor list goes through before it is used.
inline factorization_check verify_factorization(const factorization& f) {
  factorization_check c;
  mpz_class product = 1;
  for (const auto& p : f.primes) product *= p;
  c.product_ok = product == mersenne(f.n);
  c.all_prime = true;
  for (const auto& p : f.primes)
    if (!probable_prime(p)) {
      c.all_prime = false;
      c.detail += " " + p.get_str() + " is composite;";
    }
  if (!c.product_ok) c.detail += " the product is not 2^" + std::to_string(f.n) + " - 1;";
  return c;
}

inline std::string join_primes(const std::vector<mpz_class>& primes, const char* separator = " * ") {
  std::string s;
  for (std::size_t i = 0; i < primes.size(); ++i) s += (i ? separator : "") + primes[i].get_str();
  return s;
}

// The distinct primes of a factor list, ascending.
inline std::vector<mpz_class> distinct(std::vector<mpz_class> primes) {
  std::sort(primes.begin(), primes.end());
  primes.erase(std::unique(primes.begin(), primes.end()), primes.end());
  return primes;
}

}  // namespace ffp
