// ffbench's shared pieces: the command-line options, result records in the schema of
// docs/performance/method.md ("Results schema"), atomic JSON/CSV writers, progress on stderr.
// Each report (mul, power, sweep, iso, peers) lives in its own .cpp and adds records.
// Plain header with no imports: include it before any `import`.
#pragma once
#include <cstdio>
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

namespace ffb {

struct options {
  std::vector<std::string> fields;  // resolved: never "all"
  bool mul = false, isomorphism = false, sweep = false;
  bool ops = false;                        // --ops: the prime fields' operation table
  bool prime_mul = false;                  // --mul with --family prime or a prime field: their batch roofline
  bool primes = false;                     // --primes: Hamburg's special primes, X25519 / X448
  bool tower = false;                      // --tower: BN254's tower and evmone's xi variants
  bool curves = false;                     // --curves: the SEC 2 binary curves and the ISA-extension study's measurements
  std::vector<std::string> prime_fields;   // resolved, for --ops
  int min_log = 20, max_log = 22, samples = 11;
  std::optional<int> window_bits;
  int min_window = 8, max_window = 17;
  std::optional<std::string> backend;  // --backend or FF_BACKEND's binary backend; nullopt = every available
  bool peers = true, quick = false;
  std::string json_path, csv_path;
  std::string plot_dir = "results";  // gnuplot output (SVG) and CSV of sweeps
};

struct record {
  std::string bench;                   // mul, mul_reg, mul_lat, sqr, power, iso_to_ghash2, floor_clmul, ...
  std::optional<std::string> field;    // null for floors
  std::string impl = "fieldlab";       // fieldlab, ntl, gf2x, openssl, floor, published
  std::optional<std::string> backend;  // null when not applicable
  std::optional<std::string> variant;
  std::optional<int> log2_n, elem_bytes, window_bits;
  int samples = 0;
  double ns_per_op = 0, ns_median = 0;
  std::optional<double> cycles, cycles_median;  // calibrated core cycles (machine.ns_per_cycle)
  std::optional<double> instructions;           // exact, from callgrind (ffbench --tower's xi experiment)
};

inline nlohmann::json to_json(const record& r) {
  auto opt = [](const auto& o) -> nlohmann::json { return o ? nlohmann::json(*o) : nlohmann::json(nullptr); };
  nlohmann::json j = {{"bench", r.bench},       {"field", opt(r.field)},   {"impl", r.impl},
                      {"backend", opt(r.backend)}, {"log2_n", opt(r.log2_n)}, {"samples", r.samples},
                      {"ns_per_op", r.ns_per_op}, {"ns_median", r.ns_median}};
  if (r.variant) j["variant"] = *r.variant;
  if (r.elem_bytes) j["elem_bytes"] = *r.elem_bytes;
  if (r.window_bits) j["window_bits"] = *r.window_bits;
  if (r.cycles) j["cycles"] = *r.cycles;
  if (r.cycles_median) j["cycles_median"] = *r.cycles_median;
  if (r.instructions) j["instructions"] = *r.instructions;
  return j;
}

struct results {
  nlohmann::json machine;
  std::vector<record> records;
  void add(record r) { records.push_back(std::move(r)); }
  // The best ns_per_op of the first record matching all given keys, if any.
  std::optional<double> find(const std::string& bench, const std::optional<std::string>& field,
                             const std::string& impl, const std::optional<std::string>& backend = std::nullopt,
                             std::optional<int> log2_n = std::nullopt,
                             const std::optional<std::string>& variant = std::nullopt) const {
    for (const record& r : records)
      if (r.bench == bench && r.field == field && r.impl == impl && (!backend || r.backend == backend) &&
          (!log2_n || r.log2_n == log2_n) && (!variant || r.variant == variant))
        return r.ns_per_op;
    return std::nullopt;
  }
};

// Progress for anything that takes more than a moment: one line on stderr.
inline void progress(const std::string& what) { std::fprintf(stderr, "ffbench: %s\n", what.c_str()); }

// Write text to path via a temporary file and rename, so no reader sees a half file.
// Throws std::runtime_error with the path when it cannot.
void write_atomically(const std::string& path, const std::string& text);
nlohmann::json machine_description();
// The cycle calibration (a dependent chain of 64-bit additions): ns per core cycle in this run,
// recorded as machine.ns_per_cycle and a floor_add record, and printed.
double calibrate_cycles(const options& o, results& r);
std::string results_csv(const results& r);

// The start of a gnuplot script drawing `panels` plots, four per row, into the PNG `image`:
// terminal, output, multiplot with `title`, log y axis, x = log2 N, y labelled `ylabel`.
std::string plot_grid_header(const std::string& image, std::size_t panels, const std::string& title,
                             const std::string& ylabel);

// Batch sizes (log2) of the bulk reports: every size from min_log to max_log, in steps of 2
// when the range is wider than 4 (the roofline's 10, 12, ..., 22).
std::vector<int> batch_logs(const options& o);

// The reports (one file each). Each prints its tables to stdout and adds its records.
bool run_property_gate(const options& o);          // gate.cpp: false = a kernel failed
void run_floors(const options& o, results& r);     // floors.cpp
// floors.cpp: c = a ^ b over `bytes` bytes (a multiple of 8), the memory floor's pass.
void memory_pass(const void* a, const void* b, void* c, std::size_t bytes, bool nontemporal);
// floors.cpp: the same traffic over n elements plus `clmuls` 64x64 products per element on
// zmm, nothing else (what a kernel that must do both in one loop can hope for; needs
// vpclmul512). nontemporal: NT stores where the output aligns, else ordinary ones.
void combined_pass(const void* a, const void* b, void* c, std::size_t n, int elem_bytes, int clmuls,
                   bool nontemporal);
// Whether combined_pass has a loop for this element size and clmul count (2-4 limbs, 3-9
// clmuls: the larger fields get only the memory floor).
bool has_combined_pass(int elem_bytes, int clmuls);
void run_mul_report(const options& o, results& r);  // mul_report.cpp
void run_power_report(const options& o, results& r);
void run_sweep(const options& o, results& r);
void run_iso_report(const options& o, results& r);
void run_peers(const options& o, results& r);
void run_summary(const options& o, results& r);     // summary.cpp: ghash-powers-bench's results table
void run_primes_report(const options& o, results& r);  // primes_report.cpp: Hamburg's special primes, X25519 / X448
void run_tower_report(const options& o, results& r);  // tower_report.cpp: BN254's tower, evmone's xi variants, then the groups
int run_xi_count(const std::string& mode);            // groups_report.cpp: one two-pair check, run under callgrind
void run_ops_report(const options& o, results& r);    // ops_report.cpp: the prime fields' operation table
void run_prime_mul_report(const options& o, results& r);  // prime_mul_report.cpp: the prime batch roofline (ifma)
void run_curves_report(const options& o, results& r);  // curves_report.cpp: the binary curves, the ISA-extension study's measurements

}  // namespace ffb
