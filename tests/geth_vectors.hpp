// go-ethereum's precompile test vectors (tests/data/bn254/, source and licence in its README):
// JSON arrays of flat objects whose "Input", "Expected" and "Name" are strings without escapes.
// Plain header with no imports.
#pragma once
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace geth {
inline std::vector<std::uint8_t> from_hex(const std::string& hex) {
  if (hex.size() % 2) throw std::runtime_error("odd hex length: " + hex);
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = std::uint8_t(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
  return out;
}

struct vector_case {
  std::string name, input_hex, expected_hex;
  std::vector<std::uint8_t> input, expected;
};
inline std::vector<vector_case> read_cases(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::stringstream all;
  all << file.rdbuf();
  const std::string text = all.str();
  auto field = [&](std::size_t from, std::size_t to, const std::string& key) {
    const std::size_t at = text.find("\"" + key + "\"", from);
    if (at == std::string::npos || at > to) throw std::runtime_error(path + ": an object without " + key);
    const std::size_t open = text.find('"', text.find(':', at) + 1), close = text.find('"', open + 1);
    return text.substr(open + 1, close - open - 1);
  };
  std::vector<vector_case> cases;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    vector_case c{field(open, close, "Name"), field(open, close, "Input"), field(open, close, "Expected"), {}, {}};
    c.input = from_hex(c.input_hex);
    c.expected = from_hex(c.expected_hex);
    cases.push_back(std::move(c));
  }
  if (cases.empty()) throw std::runtime_error(path + ": no vectors");
  return cases;
}
}  // namespace geth
