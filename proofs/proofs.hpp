// What the ffproofs translation units offer each other (plain declarations: the module
// imports stay in the .cpp files, after their #includes).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "certificate.hpp"

namespace ffp {

// Deliberate corruptions of one claim's data, so tests can check the certificate FAILs.
struct corruption {
  bool factorization = false;  // 641 -> 643 in the factor lists of 2^128 - 1 and 2^256 - 1
  bool modulus = false;        // b191's modulus, as handed to the checks, gets an extra term x
  bool iso_root = false;       // bit 0 of ff::iso::root, as handed to the isomorphism claims, flips
  bool montgomery = false;     // bit 0 of bls12_381_fp's r2_mod_p, as handed to the prime claims, flips
  bool prime_modulus = false;  // bn254_fp's modulus, as handed to the prime claims, becomes p + 2
  bool curve_order = false;    // sect233k1's order, as handed to the curve claims, becomes n + 1
  bool any() const { return factorization || modulus || iso_root || montgomery || prime_modulus || curve_order; }
};

// What a prime field states about its modulus; the prime claims recompute each fact.
// Limb vectors are little-endian 64-bit limbs, `limbs` of them.
struct prime_field_facts {
  std::string name;          // e.g. bn254_fp
  std::string modulus_text;  // decimal or 0x-hex
  unsigned limbs = 0;
  std::vector<std::uint64_t> r_mod_p;   // R = 2^(64 * limbs) mod p
  std::vector<std::uint64_t> r2_mod_p;  // R^2 mod p
  std::uint64_t p_inv_neg = 0;          // -p^-1 mod 2^64
  unsigned two_adicity = 0;             // the largest s with 2^s | p - 1
  std::uint64_t non_residue = 0;        // the quadratic non-residue the square root uses
  bool spare_bit = false;               // the no-carry Montgomery multiplication is used
  bool montgomery = true;               // else a special form p = 2^k - c, folded
  unsigned fold_k = 0;                  // special forms: k and c
  std::vector<std::uint64_t> fold_c;
};

// The field claims: irreducibility, primitivity, generator orders, ghash2, moduli.
void field_claims(certificate& cert, const corruption& corrupt);
// The b256 <-> ghash2 isomorphism: see isomorphism_claims.cpp.
void isomorphism_claims(certificate& cert, const corruption& corrupt);
// The prime fields: primality (proved), 2-adicity, non-residue, Montgomery constants, spare bit.
void prime_claims(certificate& cert, const corruption& corrupt, const std::vector<prime_field_facts>& fields);
// Primality of a number (decimal or 0x-hex): FLINT's proof and GMP's confirmation, as for p.
void number_primality_claims(certificate& cert, const std::string& id, const std::string& number);
// The binary curves (ff.binary_curves): generator on the curve, n G = O, n prime, Hasse's bound.
void curve_claims(certificate& cert, const corruption& corrupt);
// The facts every prime field of the registry (ff::prime_fields) states (prime_facts.cpp).
std::vector<prime_field_facts> prime_fields();

// The research commands; they print their verdict and return the exit status
// (0 = yes, 1 = no, 3 = cannot tell with what the tool knows).
int research_irreducible(const std::vector<unsigned>& exponents);
int research_primitive(const std::vector<unsigned>& exponents);
// `ffproofs prime N`: PRIME (0), COMPOSITE or below 2 (1), FLINT and GMP disagree (4).
int research_prime(const std::string& number);

}  // namespace ffp
