// ghash-powers-bench's "Results on this machine" table, from the records of this run: per field the
// best ns/power and ns/mul at the largest batch, each relative to ghash128 measured in the
// same run, next to ghash-powers-bench's published ratios (Apple M-series PMULL: compare the ratios,
// not the absolute times).
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include "report.hpp"

namespace ffb {
namespace {

struct published_row {
  const char* field;
  double ns_power, power_rel, ns_mul, mul_rel;
};
// From reilabs ghash-powers-bench's README (2^22 operations, best of 11, Apple CPU in an AArch64
// VM, PMULL).
constexpr published_row published_rows[] = {
    {"b127", 45.384, 0.71, 1.940, 0.69},   {"ghash128", 64.034, 1.00, 2.821, 1.00},
    {"b191", 79.016, 1.23, 3.275, 1.16},   {"b163", 111.664, 1.74, 4.529, 1.61},
    {"sect193", 92.749, 1.45, 4.078, 1.45}, {"ghash2", 154.808, 2.42, 9.095, 3.22},
    {"b256", 125.493, 1.96, 7.011, 2.49},
};

// The fastest fieldlab record of a bench for a field at one batch size (any backend).
std::optional<record> best(const results& r, const std::string& bench, const std::string& field, int log2_n,
                           const std::optional<std::string>& variant) {
  std::optional<record> b;
  for (const record& x : r.records)
    if (x.bench == bench && x.field == field && x.impl == "fieldlab" && x.log2_n == log2_n &&
        (!variant || x.variant == variant) && (!b || x.ns_per_op < b->ns_per_op))
      b = x;
  return b;
}

std::string format(const char* spec, double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, spec, v);
  return buf;
}

}  // namespace

void run_summary(const options& o, results& r) {
  const int lg = o.max_log;
  const auto power_ghash = best(r, "power", "ghash128", lg, std::nullopt);
  const auto mul_ghash = best(r, "mul", "ghash128", lg, std::string("default"));
  std::printf("\nSummary at 2^%d operations (best of %d), relative = time / ghash128 time in this run\n", lg,
              o.samples);
  std::printf("%-9s %10s %7s %13s %9s %7s %13s %-22s\n", "field", "ns/power", "rel", "published", "ns/mul", "rel",
              "published", "kernel");
  for (const published_row& s : published_rows) {
    if (std::find(o.fields.begin(), o.fields.end(), s.field) == o.fields.end()) continue;
    const auto p = best(r, "power", s.field, lg, std::nullopt);
    const auto m = best(r, "mul", s.field, lg, std::string("default"));
    // A measurement this run did not make (e.g. powers under --mul) prints as "-".
    auto cell = [](const std::optional<record>& x) { return x ? format("%.3f", x->ns_per_op) : std::string("-"); };
    auto rel = [](const std::optional<record>& x, const std::optional<record>& g) {
      return x && g ? format("%.2fx", x->ns_per_op / g->ns_per_op) : std::string("-");
    };
    std::string kernel = m ? *m->backend : "-";
    if (p && p->backend) kernel += ", power: " + *p->backend;
    std::printf("%-9s %10s %7s %12.2fx %9s %7s %12.2fx %-22s\n", s.field, cell(p).c_str(), rel(p, power_ghash).c_str(),
                s.power_rel, cell(m).c_str(), rel(m, mul_ghash).c_str(), s.mul_rel, kernel.c_str());
    r.add({.bench = "mul", .field = std::string(s.field), .impl = "published", .variant = "ghash-powers-bench", .log2_n = 22, .samples = 11,
           .ns_per_op = s.ns_mul, .ns_median = s.ns_mul});
  }
}

}  // namespace ffb
