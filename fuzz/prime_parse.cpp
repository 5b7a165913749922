// Fuzz target: the prime fields' parser (F::parse: decimal, or hex after 0x / 0X; no sign, no
// spaces; below p) on arbitrary text, for every prime field of the registry (the first byte
// picks the field, the rest is the text), against GMP. Properties:
//   - it accepts exactly the texts of that grammar whose value GMP finds below p, and refuses
//     the rest with ff::error;
//   - an accepted value is GMP's, and its decimal (to_string) and hex (to_hex) forms parse back
//     to the same element.
#include <optional>
#include <string>
#include "fuzz_target.hpp"
#include "gmp.hpp"
import ff;

namespace {

using fuzz::mpz;

// The grammar, checked here; GMP gives the value of the digits.
bool reference_value(std::string_view s, mpz& out) {
  int base = 10;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  if (s.empty()) return false;
  for (const char c : s) {
    const bool digit = (c >= '0' && c <= '9') || (base == 16 && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
    if (!digit) return false;
  }
  return mpz_set_str(out.v, std::string(s).c_str(), base) == 0;
}

template <class F>
void check(std::string_view s) {
  mpz expected, p;
  fuzz::from_limbs(p, F::p);
  const bool fits = reference_value(s, expected) && mpz_cmp(expected.v, p.v) < 0;
  const auto got = fuzz::accepted<ff::error>([&] { return F::parse(s); });
  const std::string where = std::string(F::name) + " '" + fuzz::show(s) + "'";
  fuzz::require_verdict(got.has_value(), fits, where);
  if (!got) return;
  mpz value;
  fuzz::from_limbs(value, F::to_integer(*got));
  fuzz::require(mpz_cmp(value.v, expected.v) == 0, where + ": wrong value");
  fuzz::require(F::parse(ff::to_string(*got)) == *got, where + ": the decimal form does not parse back");
  fuzz::require(F::parse(ff::to_hex(*got)) == *got, where + ": the hex form does not parse back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::run_picked(ff::fields_of<ff::family::prime, ff::fields>{}, data, size, 4096,
                          []<class F>(std::span<const std::uint8_t> bytes) { check<F>(fuzz::text(bytes)); });
}
