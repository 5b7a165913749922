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
  ff::for_each_type<ff::prime_fields>([&]<class F>() {
    prime_field_facts f;
    f.name = std::string(F::name);
    f.modulus_text = std::string(F::modulus_text);
    f.limbs = unsigned(F::limbs);
    f.two_adicity = F::two_adicity;
    f.non_residue = F::non_residue;
    if constexpr (F::reduction == ff::prime::reduction::montgomery) {
      f.r_mod_p = {F::r_mod_p.begin(), F::r_mod_p.end()};
      f.r2_mod_p = {F::r2_mod_p.begin(), F::r2_mod_p.end()};
      f.p_inv_neg = F::p_inv_neg;
      f.spare_bit = F::spare_bit;
    } else {
      f.montgomery = false;
      f.fold_k = F::form.k;
      f.fold_c = {F::form.c.begin(), F::form.c.end()};
    }
    fields.push_back(f);
  });
  return fields;
}

}  // namespace ffp
