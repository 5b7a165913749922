// What the library's prime fields state about themselves (computed at compile time from each
// modulus text), handed to the prime claims, which recompute every fact with GMP and FLINT.
#include <cstdint>
#include <string>
#include <vector>

#include "proofs.hpp"
import ff;

namespace ffp {

std::vector<prime_field_facts> prime_fields() {
  std::vector<prime_field_facts> fields;
  ff::for_each_field<ff::prime_fields>([&]<class F>() {
    fields.push_back({.name = std::string(F::name),
                      .modulus_text = std::string(F::modulus_text),
                      .limbs = unsigned(F::limbs),
                      .r_mod_p = {F::r_mod_p.begin(), F::r_mod_p.end()},
                      .r2_mod_p = {F::r2_mod_p.begin(), F::r2_mod_p.end()},
                      .p_inv_neg = F::p_inv_neg,
                      .two_adicity = F::two_adicity,
                      .non_residue = F::non_residue,
                      .spare_bit = F::spare_bit});
  });
  return fields;
}

}  // namespace ffp
