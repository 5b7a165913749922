// Every multiply and square kernel of every field, on every backend this CPU runs, against
// NTL (GF2X for the polynomial fields, a GF2EX model for ghash2): one element at a time and
// in batches of random length (every SIMD tail), on random full-width and edge operands; and
// against the portable backend (ff.testing's backend agreement).
#include "harness.hpp"

using namespace ff;

namespace {

template <class F>
void register_field(backend be) {
  const std::string suite = "kernel." + std::string(F::name) + "." + std::string(to_string(be));

  fft::register_property(suite, "mul_equals_ntl", [be](const element<F>& a, const element<F>& b) {
    RC_ASSERT(mul(be, a, b) == ref::any_mul(a, b));
  });
  fft::register_property(suite, "square_equals_ntl", [be](const element<F>& a) {
    RC_ASSERT(square(be, a) == ref::any_mul(a, a));
  });
  // Batches: lengths 0..67 cover every tail of the 4- and 8-lane kernels.
  fft::register_property(suite, "batch_mul_equals_ntl", [be] {
    const auto n = *rc::gen::inRange<std::size_t>(0, 68);
    const auto a = *rc::gen::container<std::vector<element<F>>>(n, rc::gen::arbitrary<element<F>>());
    const auto b = *rc::gen::container<std::vector<element<F>>>(n, rc::gen::arbitrary<element<F>>());
    std::vector<element<F>> out(n), sq(n);
    mul<F>(be, a, b, out);
    square<F>(be, a, sq);
    for (std::size_t i = 0; i < n; ++i) {
      RC_ASSERT(out[i] == ref::any_mul(a[i], b[i]));
      RC_ASSERT(sq[i] == ref::any_mul(a[i], a[i]));
    }
  });
  // Every pair of edge cases, deterministically.
  fft::register_test(suite, "edge_pairs_equal_ntl", [be] {
    const auto edges = ff::testing::edge_cases<F>();
    for (const auto& a : edges)
      for (const auto& b : edges) {
        const element<F> expected = ref::any_mul(a, b);
        ASSERT_EQ(to_hex(mul(be, a, b)), to_hex(expected)) << to_hex(a) << " * " << to_hex(b);
        std::vector<element<F>> out(1);
        mul<F>(be, std::vector{a}, std::vector{b}, out);
        ASSERT_EQ(to_hex(out[0]), to_hex(expected));
      }
  });
  // Spans that start mid-buffer (no alignment assumed) and out == a (in place).
  fft::register_test(suite, "batch_misaligned_and_in_place", [be] {
    std::mt19937_64 rng(7);
    std::vector<element<F>> buf_a(80), buf_b(80);
    for (auto& e : buf_a) e = F::random(rng);
    for (auto& e : buf_b) e = F::random(rng);
    for (std::size_t offset : {1u, 3u, 5u}) {
      const std::size_t n = 67;
      std::span<const element<F>> a(buf_a.data() + offset, n), b(buf_b.data() + offset, n);
      std::vector<element<F>> expected(n);
      for (std::size_t i = 0; i < n; ++i) expected[i] = ref::any_mul(a[i], b[i]);
      std::vector<element<F>> in_place(a.begin(), a.end());
      mul<F>(be, in_place, std::span<const element<F>>(b), std::span<element<F>>(in_place));
      ASSERT_TRUE(in_place == expected) << "in place, offset " << offset;
      std::vector<element<F>> shifted(buf_a);
      EXPECT_THROW(mul<F>(be, std::span<const element<F>>(shifted.data(), n), b,
                          std::span<element<F>>(shifted.data() + 1, n)),
                   ff::error);
    }
  });
  // Batches past ff::tuning::stream_min_bytes take the streaming path (SIMD backends). The
  // output's offset from a 64-byte boundary decides whether it can be aligned for
  // non-temporal stores and how long the head is. 32-byte elements at 16 or 48 mod 64 can
  // never be aligned: on zmm they take the realigned non-temporal stores (a row carried from
  // block to block), at 8 mod 64 ordinary stores. Every offset, with a length that leaves a
  // tail, must give the result of the scalar sibling's batch (pclmul: one element at a time,
  // ordinary stores; faster than portable's, 69 -> 55 s for this case under the sanitizers),
  // also in place.
  if (is_batch_only(be))
    fft::register_test(suite, "large_batch_streaming_equals_scalar_sibling", [be] {
      const std::size_t n = ff::tuning::stream_min_bytes / sizeof(element<F>) + 13;
      std::mt19937_64 rng(3);
      std::vector<element<F>> a(n + 1), b(n), expected(n), sq_expected(n);
      for (auto& e : a) e = F::random(rng);
      for (auto& e : b) e = F::random(rng);
      std::span<const element<F>> x(a.data() + 1, n), y(b);
      mul<F>(scalar_sibling(be), x, y, expected);
      square<F>(scalar_sibling(be), x, sq_expected);
      // Offsets from a 64-byte boundary inside one byte buffer; element<F> needs only 8-byte
      // alignment.
      std::vector<std::byte> storage((n + 8) * sizeof(element<F>) + 64);
      std::byte* const base = storage.data() + (64 - reinterpret_cast<std::uintptr_t>(storage.data()) % 64) % 64;
      for (std::size_t offset : {0, 8, 16, 32, 48}) {
        std::span<element<F>> out(reinterpret_cast<element<F>*>(base + offset), n);
        mul<F>(be, x, y, out);
        EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin())) << "mul, output at 64k + " << offset;
        square<F>(be, x, out);
        EXPECT_TRUE(std::equal(sq_expected.begin(), sq_expected.end(), out.begin())) << "square, output at 64k + " << offset;
        std::copy(x.begin(), x.end(), out.begin());
        square<F>(be, out, out);
        EXPECT_TRUE(std::equal(sq_expected.begin(), sq_expected.end(), out.begin())) << "square in place at 64k + " << offset;
      }
    });
}

}  // namespace

void register_tests() {
  fft::for_each_binary_field([]<class F>() {
    for (backend be : available_backends(F::family)) {
      register_field<F>(be);
      if (be != backend::portable)
        fft::register_properties("agreement." + std::string(F::name) + "." + std::string(to_string(be)),
                                 ff::testing::backend_agreement<F>(be));
    }
  });
}
