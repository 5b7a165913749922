// The b256 <-> ghash2 isomorphism: the stored root against NTL's root finding, the matrices
// against NTL's inverse, the map against NTL arithmetic in both fields (homomorphism), and
// every conversion kernel (matrix, 5-bit tables, GFNI) against the others.
#include <algorithm>
#include "harness.hpp"

using namespace ff;

namespace {

using variant = iso::kernel;
const variant all_variants[] = {variant::matrix, variant::table5, variant::table5_avx2, variant::gfni};

// root^0 .. root^255 by NTL's ghash2 model (not the library's multiplication).
const std::vector<element<ghash2>>& ntl_powers_of_root() {
  static const std::vector<element<ghash2>> powers = [] {
    std::vector<element<ghash2>> p(256);
    p[0] = ghash2::one();
    for (std::size_t i = 1; i < 256; ++i) p[i] = ref::ghash2_mul(p[i - 1], iso::root);
    return p;
  }();
  return powers;
}

// phi(a) = sum a_i root^i, the definition.
element<ghash2> phi_by_definition(const element<b256>& a) {
  element<ghash2> r;
  for (unsigned i = 0; i < 256; ++i)
    if ((a.limb[i / 64] >> (i % 64)) & 1) r += ntl_powers_of_root()[i];
  return r;
}

element<ghash2> convert_forward(variant v, const element<b256>& a) {
  std::vector<element<ghash2>> out(1);
  lab::to_ghash2(v, std::vector{a}, out);
  return out[0];
}
element<b256> convert_backward(variant v, const element<ghash2>& a) {
  std::vector<element<b256>> out(1);
  lab::to_b256(v, std::vector{a}, out);
  return out[0];
}

void register_root_tests() {
  fft::register_test("iso.root", "is_root_of_b256_modulus", [] {
    // root^256 + root^10 + root^5 + root^2 + 1, with NTL's ghash2 model.
    element<ghash2> sum;
    for (unsigned e : b256::modulus) sum += ref::ghash2_power(iso::root, NTL::ZZ(e));
    EXPECT_TRUE(sum.is_zero()) << to_hex(sum);
    EXPECT_EQ(to_hex(iso::root), iso::root_hex);
  });
  // NTL regenerates all 256 roots (about 3 s): the stored one is the smallest, and the
  // roots are exactly its Frobenius orbit root^(2^i).
  fft::register_test("iso.root", "regenerated_by_ntl_is_canonical", [] {
    const auto roots = ref::iso_roots();
    ASSERT_EQ(roots.size(), 256u);
    EXPECT_EQ(to_hex(ref::canonical_iso_root()), to_hex(iso::root));
    std::vector<std::string> orbit, found;
    element<ghash2> r = iso::root;
    for (int i = 0; i < 256; ++i, r = ref::ghash2_mul(r, r)) orbit.push_back(to_hex(r));
    for (const auto& e : roots) found.push_back(to_hex(e));
    std::sort(orbit.begin(), orbit.end());
    EXPECT_EQ(orbit, found);
    EXPECT_EQ(found.front(), to_hex(iso::root));
  });
}

void register_matrix_tests() {
  fft::register_test("iso.matrix", "columns_are_powers_of_root", [] {
    const iso::bit_matrix& m = iso::to_ghash2_matrix();
    for (unsigned i = 0; i < 256; ++i)
      ASSERT_EQ(to_hex(element<ghash2>{m.column[i]}), to_hex(ntl_powers_of_root()[i])) << "column " << i;
  });
  fft::register_test("iso.matrix", "forward_times_inverse_is_identity", [] {
    const auto& f = iso::to_ghash2_matrix();
    const auto& b = iso::to_b256_matrix();
    EXPECT_TRUE(iso::product(f, b) == iso::identity_matrix());
    EXPECT_TRUE(iso::product(b, f) == iso::identity_matrix());
  });
  fft::register_test("iso.matrix", "inverse_equals_ntl_inverse", [] {
    const auto ntl = ref::gf2_matrix_inverse(iso::to_ghash2_matrix().column);
    ASSERT_EQ(ntl.size(), 256u);
    for (std::size_t j = 0; j < 256; ++j) ASSERT_TRUE(ntl[j] == iso::to_b256_matrix().column[j]) << "column " << j;
    // And a singular matrix is refused by both.
    iso::bit_matrix singular = iso::to_ghash2_matrix();
    singular.column[7] = singular.column[3];
    EXPECT_FALSE(iso::inverse(singular).has_value());
    EXPECT_TRUE(ref::gf2_matrix_inverse(singular.column).empty());
  });
}

void register_map_tests() {
  for (variant v : all_variants) {
    const std::string suite = "iso.map." + std::string(iso::to_string(v));
    if (!cpu_has(iso::target_of(v))) {
      fft::register_test(suite, "skipped", [v] { GTEST_SKIP() << iso::to_string(v) << " needs CPU features this CPU lacks"; });
      continue;
    }
    fft::register_test(suite, "basis_vectors_map_to_powers_of_root", [v] {
      for (unsigned i = 0; i < 256; ++i) {
        const element<ghash2>& power = ntl_powers_of_root()[i];
        ASSERT_EQ(to_hex(convert_forward(v, b256::monomial(i))), to_hex(power)) << "x^" << i;
        ASSERT_EQ(to_hex(convert_backward(v, power)), to_hex(b256::monomial(i))) << "root^" << i;
      }
    });
    fft::register_property(suite, "equals_definition_and_round_trips", [v](const element<b256>& a) {
      const element<ghash2> g = convert_forward(v, a);
      RC_ASSERT(g == phi_by_definition(a));
      RC_ASSERT(convert_backward(v, g) == a);
    });
    fft::register_property(suite, "round_trip_from_ghash2", [v](const element<ghash2>& g) {
      RC_ASSERT(convert_forward(v, convert_backward(v, g)) == g);
    });
    // phi(a b) = phi(a) phi(b), phi(a + b) = phi(a) + phi(b): products by NTL in each field.
    fft::register_property(suite, "homomorphism", [v](const element<b256>& a, const element<b256>& b) {
      RC_ASSERT(convert_forward(v, ref::mul<b256>(a, b)) == ref::ghash2_mul(convert_forward(v, a), convert_forward(v, b)));
      RC_ASSERT(convert_forward(v, a + b) == convert_forward(v, a) + convert_forward(v, b));
      const element<ghash2> x = convert_forward(v, a), y = convert_forward(v, b);
      RC_ASSERT(convert_backward(v, ref::ghash2_mul(x, y)) == ref::mul<b256>(a, b));
    });
    // Every batch length 0..67 (every tail of the 8-element GFNI block) and in place.
    fft::register_test(suite, "batch_every_length_equals_matrix", [v] {
      std::mt19937_64 rng(11);
      for (std::size_t n = 0; n <= 67; ++n) {
        std::vector<element<b256>> a(n);
        std::vector<element<ghash2>> g(n), g_ref(n);
        std::vector<element<b256>> back(n);
        for (auto& e : a) e = b256::random(rng);
        lab::to_ghash2(v, a, g);
        lab::to_ghash2(variant::matrix, a, g_ref);
        ASSERT_TRUE(g == g_ref) << "length " << n;
        lab::to_b256(v, g, back);
        ASSERT_TRUE(back == a) << "length " << n;
        for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(g[i] == to_ghash2(a[i])) << "scalar, length " << n;
        // In place: the same 32-byte slots read as b256, written as ghash2.
        std::vector<element<b256>> buf(a);
        lab::to_ghash2(v, std::span<const element<b256>>(buf),
                  std::span<element<ghash2>>(reinterpret_cast<element<ghash2>*>(buf.data()), n));
        for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(buf[i].limb == g[i].limb) << "in place, length " << n;
      }
    });
  }
  fft::register_test("iso.map", "scalar_functions", [] {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 200; ++i) {
      const auto a = b256::random(rng);
      EXPECT_TRUE(to_ghash2(a) == phi_by_definition(a));
      EXPECT_TRUE(to_b256(to_ghash2(a)) == a);
    }
  });
  fft::register_test("iso.map", "bad_spans_are_refused", [] {
    std::vector<element<b256>> a(4);
    std::vector<element<ghash2>> out(3);
    EXPECT_THROW(to_ghash2(a, out), ff::error);
    std::vector<element<b256>> buf(8);
    EXPECT_THROW(to_ghash2(std::span<const element<b256>>(buf.data(), 4),
                           std::span<element<ghash2>>(reinterpret_cast<element<ghash2>*>(buf.data() + 1), 4)),
                 ff::error);
  });
}

}  // namespace

void register_tests() {
  register_root_tests();
  register_matrix_tests();
  register_map_tests();
}
