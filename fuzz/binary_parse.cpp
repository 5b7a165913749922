// Fuzz target: the binary fields' hex parser (F::parse, ff::from_hex) on arbitrary text, for
// every binary field of the registry (the first byte picks the field, the rest is the text).
// Properties:
//   - it accepts exactly what the reference parser below accepts (an optional 0x or 0X, one or
//     more hex digits, no bit at or above the degree) and refuses the rest with ff::error;
//   - an accepted value has the reference's value, and prints (to_hex) as ceil(m / 4)
//     lowercase digits that parse back to the same element.
// The reference reads the digits most significant first into a growing integer (a different
// route from the library's, which places each digit by its position from the end).
#include <optional>
#include <vector>
#include "fuzz_target.hpp"
import ff;

namespace {

// The value of text as a little-endian bit string (no length limit), or nothing.
std::optional<std::vector<ff::u64>> reference_hex(std::string_view s) {
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  if (s.empty()) return std::nullopt;
  std::vector<ff::u64> v(1, 0);
  for (const char c : s) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0) return std::nullopt;
    if (v.back() >> 60) v.push_back(0);
    for (std::size_t i = v.size(); i-- > 0;) v[i] = (v[i] << 4) | (i ? v[i - 1] >> 60 : 0);
    v[0] |= ff::u64(d);
  }
  return v;
}

std::size_t bit_length(const std::vector<ff::u64>& v) {
  for (std::size_t i = v.size(); i-- > 0;)
    if (v[i]) return 64 * i + std::size_t(64 - __builtin_clzll(v[i]));
  return 0;
}

template <class F>
void check(std::string_view s) {
  const auto expected = reference_hex(s);
  const bool fits = expected && bit_length(*expected) <= F::degree;
  const auto got = fuzz::accepted<ff::error>([&] { return F::parse(s); });
  const std::string where = std::string(F::name) + " '" + fuzz::show(s) + "'";
  fuzz::require_verdict(got.has_value(), fits, where);
  if (!got) return;
  for (std::size_t i = 0; i < F::limbs; ++i)
    fuzz::require(got->limb[i] == (i < expected->size() ? (*expected)[i] : 0), where + ": wrong value");
  const std::string printed = ff::to_hex(*got);
  fuzz::require(printed.size() == (F::degree + 3) / 4, where + ": to_hex width");
  for (const char c : printed) fuzz::require((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'), where + ": to_hex digit");
  fuzz::require(F::parse(printed) == *got, where + ": to_hex does not parse back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::run_picked(ff::fields_of<ff::family::binary, ff::fields>{}, data, size, 4096,
                          []<class F>(std::span<const std::uint8_t> bytes) { check<F>(fuzz::text(bytes)); });
}
