// Hex parsing and formatting (round trips against NTL's view of the bits, clear refusals)
// and backend selection (FF_BACKEND's grammar, families, refusal of what the CPU lacks).
#include <fstream>
#include "harness.hpp"

using namespace ff;

namespace {

template <class F>
void register_field(const std::string& suite) {
  fft::register_property(suite, "hex_round_trip", [](const element<F>& a) {
    const std::string h = to_hex(a);
    RC_ASSERT(h.size() == (F::degree + 3) / 4);
    RC_ASSERT(F::from_hex(h) == a);
    RC_ASSERT(F::from_hex("0x" + h) == a);
  });
  // The hex digits name the bits NTL sees: digit d (from the right) holds x^(4d) .. x^(4d+3).
  fft::register_property(suite, "hex_matches_bits", [](const element<F>& a) {
    const std::string h = to_hex(a);
    const NTL::GF2X p = ref::to_gf2x(a);
    for (std::size_t d = 0; d < h.size(); ++d) {
      const char c = h[h.size() - 1 - d];
      const unsigned v = unsigned(c <= '9' ? c - '0' : c - 'a' + 10);
      for (unsigned k = 0; k < 4; ++k) RC_ASSERT(((v >> k) & 1) == unsigned(NTL::IsOne(NTL::coeff(p, long(4 * d + k)))));
    }
  });
  fft::register_test(suite, "hex_rejections", [] {
    for (const char* bad : {"", "0x", "12g4", "0x-1", " 1", "1 ", "0xx1"})
      EXPECT_THROW(F::from_hex(bad), ff::error) << "'" << bad << "'";
    // The lowest bit at or above the degree is refused; the one just below it is accepted.
    const std::string top_ok = to_hex(F::monomial(F::degree - 1));
    EXPECT_NO_THROW(F::from_hex(top_ok));
    std::string too_high = "1" + std::string(F::degree / 4, '0');
    if (F::degree % 4) too_high = std::string(1, "1248"[F::degree % 4]) + std::string(F::degree / 4, '0');
    EXPECT_THROW(F::from_hex(too_high), ff::error) << too_high;
    EXPECT_NO_THROW(F::from_hex("000000000000000000000000000000000000000000000000000000000000000000000001"));
    try {
      F::from_hex("zz");
      ADD_FAILURE();
    } catch (const ff::error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string(F::name)), std::string::npos) << e.what();
    }
  });
}

}  // namespace

void register_tests() {
  fft::for_each_binary_field([]<class F>() { register_field<F>("hex." + std::string(F::name)); });
  fft::register_test("cpu", "backend_names_round_trip", [] {
    for (const backend_info& i : backend_table) EXPECT_EQ(parse_backend(to_string(i.id)), i.id);
    EXPECT_FALSE(parse_backend("sse9").has_value());
  });
  // CPUID as the kernel reads it: every feature fieldlab detects agrees with /proc/cpuinfo.
  fft::register_test("cpu", "features_agree_with_proc_cpuinfo", [] {
    std::ifstream info("/proc/cpuinfo");
    std::string line, flags;
    while (std::getline(info, line))
      if (line.rfind("flags", 0) == 0) {
        flags = " " + line.substr(line.find(':') + 1) + " ";
        break;
      }
    if (flags.empty()) GTEST_SKIP() << "/proc/cpuinfo has no flags line (not x86-64 Linux)";
    const cpu_features& f = cpu();
    const std::pair<const char*, bool> expected[] = {
        {"pclmulqdq", f.pclmul},       {"sse4_1", f.sse41},           {"avx2", f.avx2},
        {"bmi2", f.bmi2},              {"adx", f.adx},                {"avx512f", f.avx512f},
        {"avx512vl", f.avx512vl},      {"avx512bw", f.avx512bw},      {"avx512dq", f.avx512dq},
        {"avx512ifma", f.avx512ifma},  {"avx512vbmi", f.avx512vbmi},  {"avx512_vbmi2", f.avx512vbmi2},
        {"vpclmulqdq", f.vpclmulqdq},  {"gfni", f.gfni}};
    for (const auto& [name, detected] : expected)
      EXPECT_EQ(flags.find(" " + std::string(name) + " ") != std::string::npos, detected) << name;
  });
  fft::register_test("cpu", "portable_always_available", [] {
    for (family f : all_families) {
      EXPECT_TRUE(cpu_has(backend::portable));
      EXPECT_EQ(available_backends(f).back(), backend::portable);
    }
  });
  fft::register_test("cpu", "families_have_their_backends", [] {
    EXPECT_EQ(backends_of(family::binary), (std::vector{backend::vpclmul512, backend::vpclmul256, backend::pclmul,
                                                        backend::pmull, backend::portable}));
    EXPECT_EQ(backends_of(family::prime), (std::vector{backend::ifma, backend::adx, backend::portable}));
    EXPECT_EQ(scalar_sibling(backend::vpclmul512), backend::pclmul);
    EXPECT_EQ(scalar_sibling(backend::ifma), backend::adx);
  });
  // FF_BACKEND's grammar (parse_backend_choice is what reads it): at most one backend per
  // family; portable fills every family no other name covers.
  fft::register_test("cpu", "backend_choice_per_family", [] {
    using choice = std::array<std::optional<backend>, all_families.size()>;
    const std::size_t binary = std::size_t(family::binary), prime = std::size_t(family::prime);
    const choice portable = parse_backend_choice("portable", "FF_BACKEND");
    EXPECT_EQ(portable[binary], backend::portable);
    EXPECT_EQ(portable[prime], backend::portable);
    if (cpu_has(backend::pclmul)) {
      const choice pclmul = parse_backend_choice("pclmul", "FF_BACKEND");
      EXPECT_EQ(pclmul[binary], backend::pclmul);
      EXPECT_FALSE(pclmul[prime].has_value());
      const choice both = parse_backend_choice("pclmul,portable", "FF_BACKEND");
      EXPECT_EQ(both[binary], backend::pclmul);
      EXPECT_EQ(both[prime], backend::portable);
    }
    if (cpu_has(backend::pclmul) && cpu_has(backend::adx)) {
      const choice pair = parse_backend_choice("adx,pclmul", "FF_BACKEND");
      EXPECT_EQ(pair[binary], backend::pclmul);
      EXPECT_EQ(pair[prime], backend::adx);
    }
    auto refused = [](const char* list, const char* part) {
      try {
        parse_backend_choice(list, "FF_BACKEND");
        ADD_FAILURE() << list << " was accepted";
      } catch (const ff::error& e) {
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(std::string("FF_BACKEND=") + list), std::string::npos) << e.what();
      }
    };
    refused("sse9", "unknown backend 'sse9'");
    refused("pclmul,,adx", "empty backend name");
    refused("", "empty backend name");
    if (cpu_has(backend::pclmul) && cpu_has(backend::vpclmul512)) refused("pclmul,vpclmul512", "two binary backends");
    for (const backend_info& i : backend_table)
      if (!cpu_has(i.id)) refused(std::string(i.name).c_str(), "which this CPU or binary lacks");
  });
  fft::register_test("cpu", "batch_refuses_missing_backend", [] {
    for (const backend_info& i : backend_table) {
      if (cpu_has(i.id)) continue;
      std::vector<element<b127>> a(3), out(3);
      EXPECT_THROW(mul<b127>(i.id, a, a, out), ff::error) << i.name;
    }
  });
  fft::register_test("cpu", "binary_fields_refuse_prime_backends", [] {
    for (backend b : {backend::adx, backend::ifma}) {
      if (!cpu_has(b)) continue;
      std::vector<element<b127>> a(3), out(3);
      try {
        mul<b127>(b, a, a, out);
        ADD_FAILURE() << to_string(b) << " was accepted for a binary field";
      } catch (const ff::error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("backend '" + std::string(to_string(b)) + "' has no kernels"), std::string::npos) << what;
        EXPECT_NE(what.find("runs on portable, pclmul"), std::string::npos) << what;
      }
    }
  });
  fft::register_test("version", "matches_cmake_project_version", [] { EXPECT_EQ(ff::version(), FF_PROJECT_VERSION); });
}
