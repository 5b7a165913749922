// The prime-field operation table of the peers (OpenSSL BN, GMP, NTL ZZ_p, FLINT fmpz_mod),
// measured in the same run as fieldlab, for any prime given as text. Every peer's answers are
// checked against GMP's mpz (computed untimed) before its time is recorded.
// Plain header with no imports: include it before any `import`.
#pragma once
#include <string>
#include "report.hpp"

namespace ffb {

struct prime_peer_field {
  std::string name;
  std::string modulus_text;  // decimal or 0x-hex; must be an odd prime
};

// Adds records (impl "openssl", "gmp", "ntl", "flint"; bench mul, mul_lat, sqr, sqr_lat, add, sub,
// inv, sqrt, pow, pow_var, legendre) for every op a peer has; variant = the peer's function.
// quick: tiny batches (CI). Throws std::runtime_error on a bad modulus or a wrong answer.
void run_prime_peers(const prime_peer_field& f, int samples, bool quick, results& out);

}  // namespace ffb
