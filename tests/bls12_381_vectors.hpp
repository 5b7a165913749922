// ethereum/bls12-381-tests' G1 deserialization cases (tests/data/bls12_381/, source and licence
// in the file): one per line, name, valid or invalid, the input in hex. Plain header with no
// imports.
#pragma once
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bls_vectors {
struct deserialization_case {
  std::string name;
  bool valid;
  std::string hex;
};
inline std::vector<deserialization_case> read_g1_deserialization(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::vector<deserialization_case> cases;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name, verdict, hex;
    fields >> name >> verdict >> hex;
    if (verdict != "valid" && verdict != "invalid") throw std::runtime_error(path + ": '" + line + "' is not name valid|invalid hex");
    cases.push_back({name, verdict == "valid", hex});
  }
  return cases;
}
}  // namespace bls_vectors
