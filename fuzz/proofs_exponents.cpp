// Fuzz target: the exponent-list parser of `./ff proofs irreducible|primitive` (proofs/
// exponent_list.hpp: "191,9,0" is x^191 + x^9 + 1) on arbitrary text. The reference below
// splits at commas and reads each entry with std::from_chars. Properties:
//   - the parser accepts exactly the lists of one or more entries of 1 to 9 decimal digits,
//     strictly decreasing, ending in 0, of degree 1 .. ffp::max_degree, and refuses the rest
//     with ffp::input_error (a message, never another exception);
//   - an accepted list has the reference's exponents, and polynomial_text names as many terms.
#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <vector>
#include "../proofs/exponent_list.hpp"
#include "fuzz_target.hpp"

namespace {

std::optional<std::vector<unsigned>> reference(std::string_view text) {
  std::vector<unsigned> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view entry = text.substr(start, comma - start);
    if (entry.empty() || entry.size() > 9 || entry.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    unsigned value = 0;
    std::from_chars(entry.data(), entry.data() + entry.size(), value);
    if (!out.empty() && value >= out.back()) return std::nullopt;
    out.push_back(value);
    if (comma == text.size()) break;
    start = comma + 1;
  }
  if (out.front() == 0 || out.front() > ffp::max_degree || out.back() != 0) return std::nullopt;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::string_view text = fuzz::text({data, size});
  const auto expected = reference(text);
  const auto got = fuzz::accepted<ffp::input_error>([&] { return ffp::parse_exponent_list(text); });
  const std::string where = "'" + fuzz::show(text) + "'";
  fuzz::require_verdict(got.has_value(), expected.has_value(), where);
  if (!got) return 0;
  fuzz::require(*got == *expected, where + ": different exponents");
  const std::string poly = ffp::polynomial_text(*got);
  fuzz::require(std::size_t(std::count(poly.begin(), poly.end(), '+')) + 1 == got->size(), where + ": '" + poly + "'");
  return 0;
}
