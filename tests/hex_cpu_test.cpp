// Hex parsing and formatting (round trips against NTL's view of the bits, clear refusals)
// and backend selection (FF_BACKEND parsing and refusal of what the CPU lacks).
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
  fft::for_each_field<fft::all_fields>([]<class F>() { register_field<F>("hex." + std::string(F::name)); });
  fft::register_test("cpu", "backend_names_round_trip", [] {
    for (backend b : all_backends) EXPECT_EQ(parse_backend(to_string(b)), b);
    EXPECT_FALSE(parse_backend("sse9").has_value());
  });
  fft::register_test("cpu", "portable_always_available", [] { EXPECT_TRUE(cpu_has(backend::portable)); });
  fft::register_test("cpu", "batch_refuses_missing_backend", [] {
    for (backend b : all_backends) {
      if (cpu_has(b)) continue;
      std::vector<element<b127>> a(3), out(3);
      EXPECT_THROW(mul<b127>(b, a, a, out), ff::error) << to_string(b);
    }
  });
  fft::register_test("version", "matches_cmake_project_version", [] { EXPECT_EQ(ff::version(), FF_PROJECT_VERSION); });
}
