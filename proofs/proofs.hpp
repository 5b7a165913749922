// What the ffproofs translation units offer each other (plain declarations: the module
// imports stay in the .cpp files, after their #includes).
#pragma once
#include <string>
#include <vector>

#include "certificate.hpp"

namespace ffp {

// Deliberate corruptions of one claim's data, so tests can check the certificate FAILs.
struct corruption {
  bool factorization = false;  // 641 -> 643 in the factor lists of 2^128 - 1 and 2^256 - 1
  bool modulus = false;        // b191's modulus, as handed to the checks, gets an extra term x
  bool iso_root = false;       // bit 0 of ff::iso::root, as handed to the isomorphism claims, flips
  bool any() const { return factorization || modulus || iso_root; }
};

// The field claims: irreducibility, primitivity, generator orders, ghash2, moduli.
void field_claims(certificate& cert, const corruption& corrupt);
// The b256 <-> ghash2 isomorphism: see isomorphism_claims.cpp.
void isomorphism_claims(certificate& cert, const corruption& corrupt);

// The research commands; they print their verdict and return the exit status
// (0 = yes, 1 = no, 3 = cannot tell with what the tool knows).
int research_irreducible(const std::vector<unsigned>& exponents);
int research_primitive(const std::vector<unsigned>& exponents);
// `ffproofs prime N`: PRIME (0), COMPOSITE or below 2 (1), FLINT and GMP disagree (4).
int research_prime(const std::string& number);

}  // namespace ffp
