// Parsing of a binary polynomial given as its exponent list, highest first: "191,9,0" is
// x^191 + x^9 + 1. Anything ambiguous is refused with one clear message.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ffp {

// Larger degrees are refused: the tests are quadratic-ish in the degree and a typo such as
// 1910000 should get an error, not an hour of computation.
constexpr unsigned max_degree = 100000;

struct input_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

inline std::vector<unsigned> parse_exponent_list(std::string_view text) {
  const std::string quoted = "'" + std::string(text) + "'";
  if (text.empty()) throw input_error("empty exponent list (expected e.g. 191,9,0)");
  std::vector<unsigned> exponents;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    if (item.empty()) throw input_error("empty entry in exponent list " + quoted);
    if (item.size() > 9) throw input_error("exponent '" + std::string(item) + "' is too large (degree limit " +
                                           std::to_string(max_degree) + ")");
    unsigned value = 0;
    for (char ch : item) {
      if (ch < '0' || ch > '9')
        throw input_error("'" + std::string(item) + "' in " + quoted +
                          " is not a non-negative decimal exponent (expected e.g. 191,9,0)");
      value = value * 10 + unsigned(ch - '0');
    }
    if (!exponents.empty()) {
      if (value == exponents.back()) throw input_error("duplicate exponent " + std::to_string(value) + " in " + quoted);
      if (value > exponents.back())
        throw input_error("exponents must be strictly decreasing (highest first): " + std::to_string(value) +
                          " follows " + std::to_string(exponents.back()) + " in " + quoted);
    }
    exponents.push_back(value);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (exponents.front() == 0) throw input_error("degree 0 in " + quoted + ": a constant is not a field modulus");
  if (exponents.front() > max_degree)
    throw input_error("degree " + std::to_string(exponents.front()) + " exceeds this tool's limit of " +
                      std::to_string(max_degree));
  if (exponents.back() != 0)
    throw input_error("no constant term in " + quoted + " (the list must end with 0): x divides the polynomial");
  return exponents;
}

inline std::string polynomial_text(const std::vector<unsigned>& exponents) {
  std::string s;
  for (unsigned e : exponents) {
    if (!s.empty()) s += " + ";
    s += e == 0 ? "1" : e == 1 ? "x" : "x^" + std::to_string(e);
  }
  return s;
}

}  // namespace ffp
