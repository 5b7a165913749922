// Runs the prime-field peers (quick) on four primes and fails unless every peer produced its
// records and every answer checked; bad moduli must be refused. With --full: the normal
// sizes and the ns/op table (a standalone way to measure the peers).
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>
#include "prime_peers.hpp"

namespace {

const std::vector<ffb::prime_peer_field> fields = {
    {"bn254_fp", "21888242871839275222246405745257275088696311157297823662689037894645226208583"},
    {"bn254_fr", "21888242871839275222246405745257275088548364400416034343698204186575808495617"},
    {"bls12_381_fp",
     "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"},
    {"bls12_381_fr", "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"}};

const char* const impls[] = {"openssl", "gmp", "ntl", "flint"};
const char* const benches[] = {"mul", "mul_lat", "sqr", "sqr_lat", "add", "sub", "inv", "sqrt", "pow", "pow_var", "legendre"};

// Which peer lacks which op: GMP has no square root; NTL and FLINT no constant-time power.
bool expected(const std::string& impl, const std::string& bench) {
  if (bench == "sqrt") return impl != "gmp";
  if (bench == "pow") return impl == "openssl" || impl == "gmp";
  return true;
}

bool refused(const ffb::prime_peer_field& f) {
  ffb::results r;
  try {
    ffb::run_prime_peers(f, 1, true, r);
  } catch (const std::runtime_error& e) {
    std::printf("refused as it should be: %s\n", e.what());
    return r.records.empty();
  }
  std::printf("FAIL: modulus '%s' was accepted\n", f.modulus_text.c_str());
  return false;
}

void print_table(const ffb::results& r, const std::string& field) {
  std::printf("\n%s, ns/op (best; median in parentheses)\n\n| op | openssl | gmp | gmp mpz | ntl | flint |\n"
              "|---|---:|---:|---:|---:|---:|\n", field.c_str());
  for (const char* b : benches) {
    std::printf("| %s |", b);
    auto cell = [&](const char* impl, const char* variant) {
      for (const ffb::record& rec : r.records)
        if (rec.bench == b && rec.field == field && rec.impl == impl &&
            (variant ? rec.variant == variant : rec.variant != "mpz_mul+mpz_mod")) {
          std::printf(" %.1f (%.1f) |", rec.ns_per_op, rec.ns_median);
          return;
        }
      std::printf(" - |");
    };
    cell("openssl", nullptr);
    cell("gmp", nullptr);
    cell("gmp", "mpz_mul+mpz_mod");
    cell("ntl", nullptr);
    cell("flint", nullptr);
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool full = argc > 1 && std::strcmp(argv[1], "--full") == 0;
  ffb::results r;
  bool ok = true;
  try {
    for (const auto& f : fields) ffb::run_prime_peers(f, full ? 11 : 2, !full, r);
  } catch (const std::exception& e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  for (const auto& f : fields)
    for (const char* impl : impls)
      for (const char* b : benches)
        if (expected(impl, b) != (r.find(b, f.name, impl).value_or(0) > 0)) {
          std::printf("FAIL: %s %s on %s: record %s\n", impl, b, f.name.c_str(), expected(impl, b) ? "missing" : "unexpected");
          ok = false;
        }
  ok &= refused({"empty", ""}) && refused({"hex_prefix_only", "0x"}) && refused({"sign", "-7"}) &&
        refused({"composite", "21888242871839275222246405745257275088696311157297823662689037894645226208581"}) &&
        refused({"even", "2"}) && refused({"spaces", "0x73ed a753"});
  if (full)
    for (const auto& f : fields) print_table(r, f.name);
  std::printf("%s: %zu records\n", ok ? "prime peers check passed" : "prime peers check FAILED", r.records.size());
  return ok ? 0 : 1;
}
