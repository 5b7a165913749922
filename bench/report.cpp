// Machine description and result files for ffbench.
#include <algorithm>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include "measure.hpp"
#include "report.hpp"
import ff.lab;

namespace ffb {

void write_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw std::runtime_error("cannot write " + tmp);
    f << text;
    f.flush();
    if (!f) throw std::runtime_error("write to " + tmp + " failed");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp);
    throw std::runtime_error("cannot rename " + tmp + " to " + path + ": " + ec.message());
  }
}

nlohmann::json machine_description() {
  // The first processor's entries of /proc/cpuinfo. A VM's "model name" may say no more than
  // "AMD EPYC": family and model tell the microarchitecture (AMD 25 = Zen 3 / 4, 26 = Zen 5).
  std::string cpu = "unknown", family, model, mhz;
  std::ifstream info("/proc/cpuinfo");
  auto value = [](const std::string& line) { return line.substr(line.find(':') + 2); };
  for (std::string line; std::getline(info, line) && !line.empty();) {
    if (line.rfind("model name", 0) == 0 || line.rfind("CPU part", 0) == 0) cpu = value(line);
    else if (line.rfind("cpu family", 0) == 0 || line.rfind("CPU architecture", 0) == 0) family = value(line);
    else if (line.rfind("model\t", 0) == 0 || line.rfind("CPU variant", 0) == 0) model = value(line);
    else if (line.rfind("cpu MHz", 0) == 0) mhz = value(line);
  }
  const ff::cpu_features& f = ff::cpu();
  nlohmann::json features = nlohmann::json::array();
  auto has = [&](bool b, const char* name) {
    if (b) features.push_back(name);
  };
  has(f.pclmul, "pclmulqdq");
  has(f.avx2, "avx2");
  has(f.bmi2, "bmi2");
  has(f.adx, "adx");
  has(f.avx512f, "avx512f");
  has(f.avx512vl, "avx512vl");
  has(f.avx512bw, "avx512bw");
  has(f.avx512ifma, "avx512ifma");
  has(f.avx512vbmi, "avx512vbmi");
  has(f.avx512vbmi2, "avx512vbmi2");
  has(f.vpclmulqdq, "vpclmulqdq");
  has(f.gfni, "gfni");
  has(f.pmull, "pmull");
  nlohmann::json backends = nlohmann::json::array();
  for (const ff::backend_info& i : ff::backend_table)
    if (ff::cpu_has(i.id)) backends.push_back(std::string(i.name));
  char date[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return {{"cpu", cpu},
          {"cpu_family", family},
          {"cpu_model", model},
          {"cpu_mhz", mhz},
          {"cores", sysconf(_SC_NPROCESSORS_ONLN)},
          {"features", features},
          {"backends", backends},
          {"batch_backend", std::string(ff::to_string(ff::batch_backend(ff::family::binary)))},
          {"compiler", std::string("clang ") + __clang_version__},
          {"flags", FF_BUILD_FLAGS},
          {"fieldlab", std::string(ff::version())},
          {"date", date}};
}

std::vector<int> batch_logs(const options& o) {
  const int step = o.max_log - o.min_log > 4 ? 2 : 1;
  std::vector<int> logs;
  for (int lg = o.min_log; lg <= o.max_log; lg += step) logs.push_back(lg);
  if (logs.back() != o.max_log) logs.push_back(o.max_log);
  return logs;
}

std::string results_csv(const results& r) {
  std::ostringstream out;
  out << "bench,field,impl,backend,variant,log2_n,elem_bytes,window_bits,samples,ns_per_op,ns_median,cycles,cycles_median,instructions\n";
  auto s = [](const std::optional<std::string>& v) { return v ? *v : std::string(); };
  auto i = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string(); };
  auto d = [](const std::optional<double>& v) {
    std::ostringstream t;
    if (v) t << *v;
    return t.str();
  };
  for (const record& x : r.records)
    out << x.bench << ',' << s(x.field) << ',' << x.impl << ',' << s(x.backend) << ',' << s(x.variant) << ','
        << i(x.log2_n) << ',' << i(x.elem_bytes) << ',' << i(x.window_bits) << ',' << x.samples << ','
        << x.ns_per_op << ',' << x.ns_median << ',' << d(x.cycles) << ',' << d(x.cycles_median) << ',' << d(x.instructions) << '\n';
  return out.str();
}

std::string plot_grid_header(const std::string& image, std::size_t panels, const std::string& title,
                             const std::string& ylabel) {
  const std::size_t cols = std::min<std::size_t>(panels, 4), rows = (panels + cols - 1) / cols;
  return "set terminal pngcairo size " + std::to_string(420 * cols) + "," + std::to_string(380 * rows) +
         " font 'sans,9'\nset output '" + image + "'\nset multiplot layout " + std::to_string(rows) + "," +
         std::to_string(cols) + " title '" + title + "'\nset logscale y\nset xlabel 'log2 N'\nset ylabel '" + ylabel +
         "'\nset key top left font ',7'\n";
}

double calibrate_cycles(const options& o, results& r) {
  const timing add_chain = time_add_chain(o.samples, o.quick ? 1000 : 200000);
  const double ns_per_cycle = add_chain.ns_per_op;
  r.machine["ns_per_cycle"] = ns_per_cycle;
  r.add({.bench = "floor_add", .impl = "floor", .variant = "latency (the cycle calibration)", .samples = add_chain.samples,
         .ns_per_op = add_chain.ns_per_op, .ns_median = add_chain.ns_median, .cycles = 1.0,
         .cycles_median = add_chain.ns_median / ns_per_cycle});
  std::printf("\nCycle calibration: %.4f ns per dependent 64-bit addition (%.2f GHz core clock in this run)\n",
              ns_per_cycle, 1.0 / ns_per_cycle);
  return ns_per_cycle;
}

}  // namespace ffb
