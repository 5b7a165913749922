// Fixed-base powers (ff.power) against NTL's power (GF2X PowerMod, the GF2EX model for ghash2,
// ZZ_p for the prime fields) and against the project's own ff::pow, for every binary field,
// several window widths (ones that divide 128 and ones that do not) and every backend; for the
// registry's prime fields and the test-only p224 at three widths, on every prime backend (ifma's
// eight lanes gathering their own entries); the refusals.
#include "harness.hpp"

using namespace ff;

namespace {

u128 all_ones() { return ~u128{0}; }

// 0, 1, 2^128 - 1, every single bit, and every window of width w full of ones.
std::vector<u128> edge_exponents(unsigned w) {
  std::vector<u128> r = {0, 1, 2, all_ones(), all_ones() - 1, all_ones() >> 1};
  for (unsigned b = 0; b < 128; ++b) r.push_back(u128{1} << b);
  for (unsigned j = 0; j * w < 128; ++j) {
    const u128 window_mask = ((w >= 128 ? u128{0} : (u128{1} << w)) - 1) << (j * w);
    r.push_back(window_mask);
    r.push_back(all_ones() ^ window_mask);
  }
  return r;
}

rc::Gen<u128> arbitrary_exponent() {
  return rc::gen::weightedOneOf<u128>(
      {{1, rc::gen::elementOf(edge_exponents(8))},
       {4, rc::gen::map(rc::gen::arbitrary<std::array<u64, 2>>(),
                        [](const std::array<u64, 2>& l) { return (u128{l[1]} << 64) | l[0]; })}});
}

std::string hex128(u128 e) {
  char text[40];
  std::snprintf(text, sizeof text, "%016llx%016llx", (unsigned long long)(e >> 64), (unsigned long long)e);
  return text;
}

constexpr std::array<unsigned, 7> widths = {1, 3, 5, 7, 8, 13, 16};
constexpr std::array<unsigned, 3> prime_widths = {1, 8, 13};

template <class F>
void register_field() {
  const std::string suite = "power." + std::string(F::name);
  for (unsigned w : widths) {
    if (prime_family<F> && std::find(prime_widths.begin(), prime_widths.end(), w) == prime_widths.end()) continue;
    const std::string width = "w" + std::to_string(w);
    // Shared by the tests of this width: built once, on first use.
    auto table = std::make_shared<std::unique_ptr<fixed_base_table<F>>>();
    auto get = [table, w]() -> const fixed_base_table<F>& {
      if (!*table) *table = std::make_unique<fixed_base_table<F>>(w);
      return **table;
    };

    fft::register_test(suite, width + "_edge_exponents_equal_ntl_and_pow", [get, w] {
      const auto& t = get();
      for (u128 e : edge_exponents(w)) {
        const element<F> expected = ref::any_power(F::generator(), ref::to_zz(e));
        ASSERT_EQ(to_hex(t.power(e)), to_hex(expected)) << "e = 0x" << hex128(e);
        ASSERT_EQ(to_hex(pow(F::generator(), e)), to_hex(expected)) << "ff::pow, e = 0x" << hex128(e);
      }
    });
    fft::register_property(suite, width + "_random_exponent_equals_ntl_and_pow", [get] {
      const u128 e = *arbitrary_exponent();
      const element<F> expected = ref::any_power(F::generator(), ref::to_zz(e));
      RC_ASSERT(get().power(e) == expected);
      RC_ASSERT(pow(F::generator(), e) == expected);
    });
    // A base other than the generator: every entry must come from the base given.
    // (Narrow widths only: a table per case.)
    if (w <= 8)
      fft::register_property(suite, width + "_random_base_equals_ntl", [w] {
        const element<F> base = *rc::gen::arbitrary<element<F>>();
        const u128 e = *arbitrary_exponent();
        const fixed_base_table<F> t(base, w);
        RC_ASSERT(t.power(e) == ref::any_power(base, ref::to_zz(e)));
      });
    // Batches on every backend, of every length 0..33 (every tail of the widest policy's eight
    // lanes, up to four blocks) and 67. Not at width 1 (its 128 windows made it 40 % of this
    // suite under the sanitizers): the width is a run-time shift and mask in the one batch
    // loop, width 1's scalar powers above run that loop's code, and its last round of the
    // chains (a whole one) is width 8's and 16's case too.
    for (backend be : available_backends(F::family)) {
      if (w == 1) break;
      fft::register_test(suite, width + "_batch_equals_scalar." + std::string(to_string(be)), [get, be] {
        const auto& t = get();
        std::mt19937_64 rng(std::uint64_t(be) * 1000 + F::limbs);
        for (std::size_t n = 0; n <= 67; n = n == 33 ? 67 : n + 1) {
          std::vector<u128> e(n);
          for (auto& x : e) x = (u128{rng()} << 64) | rng();
          if (n > 2) e[0] = 0, e[1] = all_ones();
          std::vector<element<F>> out(n);
          t.power(be, e, out);
          for (std::size_t i = 0; i < n; ++i)
            ASSERT_EQ(to_hex(out[i]), to_hex(t.power(e[i]))) << "n = " << n << ", i = " << i << ", e = 0x" << hex128(e[i]);
        }
        std::vector<element<F>> wrong(3);
        EXPECT_THROW(t.power(be, std::vector<u128>(2), wrong), ff::error);
      });
    }
  }
  // The table itself: entry(j, d) = g^(d 2^(w j)), entry 0 is one.
  fft::register_test(suite, "entries_equal_ntl", [] {
    const fixed_base_table<F> t(5);
    for (unsigned j : {0u, 1u, 12u, t.windows() - 1})
      for (std::size_t d : {std::size_t{0}, std::size_t{1}, std::size_t{17}, std::size_t{31}}) {
        const NTL::ZZ e = NTL::ZZ(d) << long(5 * j);
        ASSERT_EQ(to_hex(t.entry(j, d)), to_hex(ref::any_power(F::generator(), e))) << "window " << j << ", digit " << d;
      }
  });
  fft::register_test(suite, "refuses_bad_widths", [] {
    EXPECT_THROW(fixed_base_table<F>(0), ff::error);
    EXPECT_THROW(fixed_base_table<F>(21), ff::error);
    EXPECT_EQ(fixed_base_table<F>().window_bits(), F::tuning.power_window_bits);
  });
}

void register_size_checks() {
  fft::register_test("power", "table_size_formula", [] {
    EXPECT_EQ(window_count(8), 16u);
    EXPECT_EQ(window_count(13), 10u);
    EXPECT_EQ(window_count(20), 7u);
    EXPECT_EQ(table_bytes(15, 16), std::size_t(9) * 32768 * 16);
    EXPECT_EQ(table_bytes(13, 32), std::size_t(10) * 8192 * 32);
  });
  fft::register_test("power", "refuses_table_larger_than_available_memory", [] {
    const std::size_t need = table_bytes(20, 32);  // 7 x 2^20 x 32 bytes = 224 MiB
    EXPECT_NO_THROW(check_window_bits("b256", 20, 32, need));
    try {
      check_window_bits("b256", 20, 32, need - 1);
      ADD_FAILURE() << "an oversized table was accepted";
    } catch (const ff::error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("224.0 MiB"), std::string::npos) << what;
      EXPECT_NE(what.find("available"), std::string::npos) << what;
    }
    EXPECT_THROW(check_window_bits("b256", 0, 32, ~std::size_t{0}), ff::error);
    EXPECT_THROW(check_window_bits("b256", 21, 32, ~std::size_t{0}), ff::error);
    EXPECT_NO_THROW(check_window_bits("b127", 1, 16, table_bytes(1, 16)));
  });
}

}  // namespace

void register_tests() {
  fft::for_each_binary_field([]<class F>() { register_field<F>(); });
  ff::for_each_type<decltype(ff::concat(ff::prime_fields{}, ff::type_list<fft::p224>{}))>([]<class F>() { register_field<F>(); });
  register_size_checks();
}
