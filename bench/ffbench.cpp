// ffbench: fieldlab's benchmark report (with the command line of reilabs' ghash-powers-bench).
// Parses and validates the options, runs the property gate, then the reports, and writes
// JSON/CSV atomically.
#include <CLI/CLI.hpp>
#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include "report.hpp"
import ff.lab;

namespace {


[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "ffbench: error: %s\n", message.c_str());
  std::exit(2);
}

// Refuse an output path we could not write before spending minutes measuring.
void check_writable(const std::string& path, const char* flag) {
  if (path.empty()) return;
  const std::filesystem::path p(path);
  const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
  const std::string probe = (dir / (".ffbench-probe-" + std::to_string(getpid()))).string();
  std::ofstream f(probe);
  if (!f) fail(std::string(flag) + " " + path + ": cannot write in directory '" + dir.string() + "'");
  f.close();
  std::filesystem::remove(probe);
}

}  // namespace

int main(int argc, char** argv) {
  ffb::options o;
  std::string field = "all", backend;
  bool no_peers = false;
  CLI::App app{"ffbench: fieldlab benchmarks with peers and hardware floors.\n"
               "With no mode flag: property gate, then powers, bulk multiplication and the isomorphism."};
  std::string field_list, family;
  ff::for_each_type<ff::lab::fields>([&]<class F>() { field_list += std::string(F::name) + ", "; });
  app.add_option("--field", field, field_list + "or all (a prime field alone: its fixed-base powers beside ff::pow; with --ops, --mul or --sweep too)")->capture_default_str();
  app.add_flag("--ops", o.ops, "the prime fields' operation table (every op, latency and throughput, ns and cycles)");
  app.add_flag("--primes", o.primes,
               "Hamburg's eight special primes: M and S, special reduction vs generic Montgomery, beside the published "
               "Haswell cycles; X25519 / X448 vs OpenSSL and libsodium");
  app.add_flag("--tower", o.tower,
               "BN254's tower (Fp2, Fp6, Fp12: mul, sqr, inverse) and evmone's products by xi");
  std::string xi_count;
  app.add_option("--xi-count", xi_count, "one two-pair check with the products by xi in this variant, for callgrind")->group("");
  app.add_option("--family", family, "prime: --ops (or with --mul, the batch roofline) for every prime field")->check(CLI::IsMember({"prime"}));
  app.add_flag("--curves", o.curves, "the SEC 2 binary curves: ECDH and public keys beside OpenSSL, the ISA-extension study's M/S share and speedups");
  app.add_flag("--mul", o.mul, "bulk multiplication (with floors) instead of powers; with --family prime or a prime field, "
               "the prime batch roofline (ifma, adx, portable; IFMA and memory floors)");
  app.add_flag("--isomorphism", o.isomorphism, "b256 <-> ghash2 conversion");
  app.add_flag("--sweep", o.sweep, "window-width sweep for fixed-base powers (CSV + plot)");
  app.add_option("--min-log", o.min_log, "smallest batch, log2 (0..26)")->capture_default_str();
  app.add_option("--max-log", o.max_log, "largest batch, log2 (0..26)")->capture_default_str();
  app.add_option("--samples", o.samples, "samples per measurement; the best is reported")->capture_default_str();
  app.add_option("--window-bits", o.window_bits, "fixed-base table window width (1..20); default: tuned per field");
  app.add_option("--min-window", o.min_window, "sweep: smallest window")->capture_default_str();
  app.add_option("--max-window", o.max_window, "sweep: largest window")->capture_default_str();
  app.add_option("--backend", backend,
                 "portable, pclmul, vpclmul256, vpclmul512, pmull (default: FF_BACKEND's binary backend, else all available)");
  app.add_flag("--peers", o.peers, "measure NTL, gf2x and OpenSSL in the same run (default)");
  app.add_flag("--no-peers", no_peers, "skip the peers");
  app.add_option("--json", o.json_path, "write all records as JSON (atomically)");
  app.add_option("--csv", o.csv_path, "write all records as CSV (atomically)");
  app.add_option("--plot-dir", o.plot_dir, "where plots and sweep CSVs go")->capture_default_str();
  app.add_flag("--quick", o.quick, "smoke run: small sizes, 3 samples");
  CLI11_PARSE(app, argc, argv);

  try {
    if (!xi_count.empty()) return ffb::run_xi_count(xi_count);
    if (no_peers) o.peers = false;
    bool prime_field = false;
    ff::for_each_type<ff::lab::prime_fields>([&]<class F>() { prime_field |= field == F::name; });
    if (o.mul && (family == "prime" || prime_field)) o.prime_mul = true, o.mul = false;
    else if (family == "prime") o.ops = true;
    if (o.ops || o.prime_mul) {
      const std::string mode = o.ops ? "--ops" : "--mul --family prime";
      if (field == "all") ff::for_each_type<ff::lab::prime_fields>([&]<class F>() { o.prime_fields.emplace_back(F::name); });
      else if (prime_field) o.prime_fields = {field};
      else fail(mode + " measures prime fields; '" + field + "' is not one");
    }
    if (o.ops || o.prime_mul) {
      // nothing else to resolve: the binary fields are not measured in this mode
    } else if (prime_field) {
      o.fields = {field};  // a prime field's fixed-base powers (and ff::pow), or its --sweep
    } else if (field == "all") ff::for_each_type<ff::binary_fields>([&]<class F>() { o.fields.emplace_back(F::name); });
    else {
      try {
        ff::visit_by_name<ff::binary_fields>(field, []<class F>() {});
      } catch (const ff::error& e) {
        fail(std::string(e.what()) + " or all");
      }
      o.fields = {field};
    }
    if (o.quick) {
      if (app.count("--min-log") == 0) o.min_log = 12;
      if (app.count("--max-log") == 0) o.max_log = 14;
      if (app.count("--samples") == 0) o.samples = 3;
    }
    // --mul alone, without explicit sizes, draws the whole roofline: 2^10 .. 2^22.
    if ((o.mul || o.prime_mul) && !o.quick && app.count("--min-log") == 0) o.min_log = 10;
    if (o.min_log < 0 || o.max_log < 0) fail("--min-log/--max-log must be >= 0");
    if (o.min_log > o.max_log)
      fail("--min-log " + std::to_string(o.min_log) + " is larger than --max-log " + std::to_string(o.max_log));
    if (o.max_log > 26) {
      const double gib = 3.0 * double(1ull << o.max_log) * 32 / double(1ull << 30);
      fail("--max-log " + std::to_string(o.max_log) + " is above 26: 2^" + std::to_string(o.max_log) +
           " elements of 32 bytes in three arrays would need " + std::to_string(gib) + " GiB");
    }
    if (o.samples < 1) fail("--samples must be at least 1");
    if (o.window_bits && (*o.window_bits < 1 || *o.window_bits > 20))
      fail("--window-bits " + std::to_string(*o.window_bits) + " is outside 1..20");
    // The library's own check, per selected field (its element size sets the table size).
    if (o.window_bits)
      for (const std::string& f : o.fields)
        ff::visit_by_name<ff::lab::fields>(f, [&]<class F>() {
          try {
            ff::check_window_bits(F::name, unsigned(*o.window_bits), sizeof(ff::element<F>), ff::available_memory_bytes());
          } catch (const ff::error& e) {
            fail(std::string("--window-bits: ") + e.what());
          }
        });
    if (o.min_window < 1 || o.max_window > 20 || o.min_window > o.max_window)
      fail("--min-window/--max-window must satisfy 1 <= min <= max <= 20");
    if (!backend.empty()) {
      const auto be = ff::parse_backend(backend);
      if (o.prime_mul || prime_field) {
        if (!be || !ff::serves(*be, ff::family::prime)) fail("unknown prime backend '" + backend + "' (choose portable, adx or ifma)");
      } else if (!be || !ff::serves(*be, ff::family::binary)) {
        fail("unknown backend '" + backend + "' (choose portable, pclmul, vpclmul256, vpclmul512 or pmull)");
      }
      if (!ff::cpu_has(*be)) fail(ff::missing_backend_message(*be));
      o.backend = backend;
    } else if (o.prime_mul) {
      // every prime backend this CPU has, side by side (FF_BACKEND does not narrow the roofline)
    } else if (const auto forced = ff::forced_backend(ff::family::binary)) {
      o.backend = std::string(ff::to_string(*forced));
    }
    check_writable(o.json_path, "--json");
    check_writable(o.csv_path, "--csv");
    // A prime field named alone: its fixed-base powers beside ff::pow (and NTL), nothing else.
    const bool prime_powers = !o.mul && !o.isomorphism && !o.sweep && !o.ops && !o.primes && !o.tower && !o.curves &&
                              !o.prime_mul && prime_field;
    const bool full = !o.mul && !o.isomorphism && !o.sweep && !o.ops && !o.primes && !o.tower && !o.curves && !o.prime_mul &&
                      !prime_field;

    if (!o.ops && !o.primes && !o.tower && !o.curves && !o.prime_mul && !ffb::run_property_gate(o)) {
      std::fprintf(stderr, "ffbench: a kernel failed the property gate: nothing was timed\n");
      return 1;
    }
    ffb::results r;
    r.machine = ffb::machine_description();
    std::printf("Machine: %s\n", r.machine.dump().c_str());
    if (prime_powers) ffb::run_power_report(o, r);
    if (full) ff::for_each_type<ff::lab::prime_fields>([&]<class F>() { o.prime_fields.emplace_back(F::name); });
    if (o.ops || full) ffb::run_ops_report(o, r);
    if (o.prime_mul) ffb::run_prime_mul_report(o, r);
    if (o.primes) ffb::run_primes_report(o, r);
    if (o.tower) ffb::run_tower_report(o, r);
    if (o.curves) ffb::run_curves_report(o, r);
    if (o.sweep) ffb::run_sweep(o, r);
    if (full) ffb::run_power_report(o, r);
    if (full || o.mul) {
      ffb::run_floors(o, r);
      ffb::run_mul_report(o, r);
    }
    if (full || o.isomorphism) ffb::run_iso_report(o, r);
    if (o.peers && (full || o.mul)) ffb::run_peers(o, r);
    if (full || o.mul) ffb::run_summary(o, r);

    if (!o.json_path.empty()) {
      nlohmann::json doc = {{"machine", r.machine}, {"records", nlohmann::json::array()}};
      for (const auto& rec : r.records) doc["records"].push_back(ffb::to_json(rec));
      ffb::write_atomically(o.json_path, doc.dump(1) + "\n");
    }
    if (!o.csv_path.empty()) ffb::write_atomically(o.csv_path, ffb::results_csv(r));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ffbench: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
