// The window sweep (`./ff sweep`): fixed-base powers timed over window widths and batch
// sizes; per field a CSV and a gnuplot SVG (ns/power versus window width, one line per batch
// size), the best window, and whether it differs from the tuned default in ff.power.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>
#include "power_timing.hpp"
#include "report.hpp"
import ff.lab;

namespace ffb {
namespace {

struct measurement {
  unsigned window_bits = 0;
  std::size_t table_bytes = 0;
  power_point point;
};

std::string format_seconds(double s) {
  char text[32];
  if (s >= 60) std::snprintf(text, sizeof text, "%dm%02ds", int(s) / 60, int(s) % 60);
  else std::snprintf(text, sizeof text, "%.0fs", s);
  return text;
}

std::string csv_of(const std::string& field, const std::string& backend, const std::vector<measurement>& ms) {
  std::ostringstream out;
  out << "field,backend,window_bits,windows,table_bytes,log2_n,ns_per_power,ns_median\n";
  for (const measurement& m : ms)
    out << field << ',' << backend << ',' << m.window_bits << ',' << ff::window_count(m.window_bits) << ','
        << m.table_bytes << ',' << m.point.log2_n << ',' << m.point.ns_per_op << ',' << m.point.ns_median << '\n';
  return out.str();
}

bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

// ns/power versus window width, one line per batch size; data inline, output via a
// temporary file and rename.
void plot(const std::string& field, const std::string& backend, const std::vector<measurement>& ms,
          const std::string& svg_path, int samples) {
  std::map<int, std::vector<const measurement*>> by_log;
  for (const measurement& m : ms) by_log[m.point.log2_n].push_back(&m);
  std::ostringstream gp;
  const std::string tmp = svg_path + ".tmp";
  gp << "set terminal svg size 800,500 dynamic enhanced font 'sans,12'\n"
     << "set output '" << tmp << "'\n"
     << "set title 'Fixed-base powers, " << field << " (" << backend << ", best of " << samples << ")'\n"
     << "set xlabel 'window width w (bits)'\nset ylabel 'ns per power'\n"
     << "set grid\nset key top left\nset xtics 1\n";
  for (const auto& [lg, points] : by_log) {
    gp << "$d" << lg << " << EOD\n";
    for (const measurement* m : points) gp << m->window_bits << ' ' << m->point.ns_per_op << '\n';
    gp << "EOD\n";
  }
  gp << "plot ";
  bool first = true;
  for (const auto& [lg, points] : by_log) {
    gp << (first ? "" : ", ") << "$d" << lg << " using 1:2 with linespoints title '2^{" << lg << "} powers'";
    first = false;
  }
  gp << "\nunset output\n";
  FILE* pipe = popen("gnuplot", "w");
  if (!pipe) throw std::runtime_error("cannot run gnuplot");
  std::fputs(gp.str().c_str(), pipe);
  if (pclose(pipe) != 0) throw std::runtime_error("gnuplot failed drawing " + svg_path);
  std::filesystem::rename(tmp, svg_path);
}

}  // namespace

void run_sweep(const options& o, results& r) {
  std::filesystem::create_directories(o.plot_dir);
  const bool gnuplot = have_gnuplot();
  if (!gnuplot) progress("sweep: gnuplot is not installed: writing CSVs only, no plots (apt-get install gnuplot-nox)");
  const int logs = o.max_log - o.min_log + 1, windows = o.max_window - o.min_window + 1;
  const int total = int(o.fields.size()) * windows * logs;
  int done = 0;
  const auto start = std::chrono::steady_clock::now();

  struct best_window {
    std::string field;
    unsigned window_bits = 0, default_bits = 0;
    double ns = 0, default_ns = 0;
  };
  std::vector<best_window> bests;
  for (const std::string& field : o.fields) {
    const std::string backend = o.backend ? *o.backend : default_power_backend(field);
    std::vector<measurement> ms;
    const std::size_t element_bytes = power_element_bytes(field);
    for (int w = o.min_window; w <= o.max_window; ++w) {
      std::vector<power_point> points;
      try {
        points = time_fixed_base_powers(
            field, backend, unsigned(w), o.min_log, o.max_log, o.samples, [&](const power_point& p) {
              ++done;
              const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
              char text[160];
              std::snprintf(text, sizeof text, "sweep %s w=%d 2^%d: %.2f ns/power  [%d/%d, ETA %s]", field.c_str(),
                            w, p.log2_n, p.ns_per_op, done, total,
                            format_seconds(elapsed / done * (total - done)).c_str());
              progress(text);
            });
      } catch (const ff::error& e) {  // refused (memory): say so, go on with the other widths
        done += logs - int(points.size());
        progress(std::string("sweep: skipped: ") + e.what());
        continue;
      }
      for (const power_point& p : points) {
        ms.push_back({unsigned(w), ff::table_bytes(unsigned(w), element_bytes), p});
        record rec;
        rec.bench = "power";
        rec.field = field;
        rec.backend = backend;
        rec.variant = "sweep";
        rec.log2_n = p.log2_n;
        rec.window_bits = w;
        rec.samples = o.samples;
        rec.ns_per_op = p.ns_per_op;
        rec.ns_median = p.ns_median;
        r.add(rec);
      }
    }
    if (ms.empty()) continue;
    const std::string base = (std::filesystem::path(o.plot_dir) / ("sweep-" + field)).string();
    write_atomically(base + ".csv", csv_of(field, backend, ms));
    if (gnuplot) {
      try {
        plot(field, backend, ms, base + ".svg", o.samples);
      } catch (const std::exception& e) {
        progress(std::string("sweep: no plot: ") + e.what());
      }
    }
    // The best window at the largest batch (ghash-powers-bench tunes for large batches).
    best_window b{field, 0, default_power_window(field), 0, 0};
    for (const measurement& m : ms)
      if (m.point.log2_n == o.max_log) {
        if (b.window_bits == 0 || m.point.ns_per_op < b.ns) b.window_bits = m.window_bits, b.ns = m.point.ns_per_op;
        if (m.window_bits == b.default_bits) b.default_ns = m.point.ns_per_op;
      }
    bests.push_back(b);
    std::printf("sweep %s: wrote %s.csv%s\n", field.c_str(), base.c_str(), gnuplot ? (" and " + base + ".svg").c_str() : "");
  }

  std::printf("\nWindow sweep (%s, windows %d..%d, batches 2^%d..2^%d, best of %d); best at 2^%d:\n",
              o.backend ? o.backend->c_str() : "each field's batch backend", o.min_window, o.max_window, o.min_log,
              o.max_log, o.samples, o.max_log);
  std::printf("%-9s %11s %9s %13s %10s  %s\n", "Field", "best window", "ns/power", "default window", "ns/power",
              "verdict");
  for (const best_window& b : bests) {
    char def_ns[16] = "-";
    if (b.default_ns > 0) std::snprintf(def_ns, sizeof def_ns, "%.2f", b.default_ns);
    const std::string verdict =
        b.window_bits == b.default_bits
            ? "same as the default"
            : (b.default_ns > 0 ? "differs from the default (" + std::to_string(int((b.default_ns / b.ns - 1) * 100 + 0.5)) +
                                      "% faster than it)"
                                : "differs from the default (default outside the swept range)");
    std::printf("%-9s %11u %9.2f %13u %10s  %s\n", b.field.c_str(), b.window_bits, b.ns, b.default_bits, def_ns,
                verdict.c_str());
  }
}

}  // namespace ffb
