// The SEC 2 binary curves (ff.binary_curves) and the test-only ones (tests/systems.cmake)
// against OpenSSL's EC2M, through every binary scalar backend: the curve parameters against
// OpenSSL's groups (a test-only curve, which OpenSSL does not name, gets a group built from its
// constants, which OpenSSL's EC_GROUP_check must accept: generator on the curve, n G = O); public keys k G and ECDH x(k Q) on
// random scalars and on k = 1, 2, n - 1 (by the ladder, and on the Koblitz curves by the
// tau-adic multiplication too); SEC 1 encodings both ways (uncompressed and
// compressed); and agreement on refusal: random points on the curve outside the subgroup
// (OpenSSL: n P is not the identity), points off the curve, and scalars 0 and n; and the
// recorded vectors of tests/data/binary_curves_ecdh.txt recomputed with OpenSSL; ff.testing's
// point generators (in the subgroup, outside it, off the curve, of order 2, infinity) as OpenSSL
// classifies them, and ff's decode accepting exactly the first.
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/opensslv.h>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <cstdio>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>
#include <rapidcheck.h>
import ff.testing;
import fft.binary_curves;

namespace {

int passed = 0, failed = 0;
int exceptional_base_scalars = 0;  // scalars that reach mul_base's exceptional sums

void check(bool ok, const std::string& what) {
  if (ok) ++passed;
  else if (++failed <= 30) std::printf("FAIL %s\n", what.c_str());
}

struct ossl_free {
  void operator()(EC_GROUP* g) const { EC_GROUP_free(g); }
  void operator()(EC_POINT* p) const { EC_POINT_free(p); }
  void operator()(BIGNUM* b) const { BN_free(b); }
  void operator()(BN_CTX* c) const { BN_CTX_free(c); }
};
using group_ptr = std::unique_ptr<EC_GROUP, ossl_free>;
using point_ptr = std::unique_ptr<EC_POINT, ossl_free>;
using bn_ptr = std::unique_ptr<BIGNUM, ossl_free>;

std::string hex_of(const BIGNUM* b) {
  char* s = BN_bn2hex(b);
  std::string r(s);
  OPENSSL_free(s);
  return r;
}
bn_ptr bn_of_limbs(std::span<const std::uint64_t> limbs) {
  std::vector<unsigned char> be(8 * limbs.size());
  for (std::size_t i = 0; i < be.size(); ++i) be[be.size() - 1 - i] = (unsigned char)(limbs[i / 8] >> (8 * (i % 8)));
  return bn_ptr(BN_bin2bn(be.data(), int(be.size()), nullptr));
}
template <class F>
bn_ptr bn_of(const ff::element<F>& e) {
  return bn_of_limbs(e.limb);
}
std::vector<std::uint8_t> octets(const EC_GROUP* g, const EC_POINT* p, point_conversion_form_t form, BN_CTX* ctx) {
  std::vector<std::uint8_t> out(EC_POINT_point2oct(g, p, form, nullptr, 0, ctx));
  EC_POINT_point2oct(g, p, form, out.data(), out.size(), ctx);
  return out;
}
// OpenSSL's group of the curve C: by its name, or (a curve OpenSSL does not know) built from C's
// constants and checked by OpenSSL (EC_GROUP_check).
template <class C>
group_ptr group_of() {
  const int nid = OBJ_sn2nid(std::string(C::name).c_str());
  if (nid != NID_undef) return group_ptr(EC_GROUP_new_by_curve_name(nid));
  using F = typename C::field;
  std::unique_ptr<BN_CTX, ossl_free> ctx(BN_CTX_new());
  bn_ptr p(BN_new()), a(BN_new());
  for (unsigned e : F::modulus) BN_set_bit(p.get(), int(e));
  BN_set_word(a.get(), C::a);
  group_ptr group(EC_GROUP_new_curve_GF2m(p.get(), a.get(), bn_of(C::b).get(), ctx.get()));
  point_ptr g(EC_POINT_new(group.get()));
  bn_ptr h(BN_new());
  BN_set_word(h.get(), C::cofactor);
  if (!EC_POINT_set_affine_coordinates(group.get(), g.get(), bn_of(C::gx).get(), bn_of(C::gy).get(), ctx.get()) ||
      !EC_GROUP_set_generator(group.get(), g.get(), bn_of_limbs(C::order).get(), h.get()) ||
      EC_GROUP_check(group.get(), ctx.get()) != 1)
    return nullptr;
  return group;
}
template <class C>
typename C::scalar_type scalar_of(const BIGNUM* b) {
  typename C::scalar_type k{};
  std::vector<unsigned char> be(8 * k.size());
  BN_bn2binpad(b, be.data(), int(be.size()));
  for (std::size_t i = 0; i < be.size(); ++i) k[i / 8] |= std::uint64_t(be[be.size() - 1 - i]) << (8 * (i % 8));
  return k;
}
template <class C>
std::string hex_of_scalar(const typename C::scalar_type& k) {
  return hex_of(bn_of_limbs(k).get());
}
template <class C>
bool refuses(auto&& fn) {
  try {
    fn();
    return false;
  } catch (const ff::error&) {
    return true;
  }
}

// Booth's partial sum of the windows below i: S_i = (k mod 2^(5i)) - 2^(5i) bit(5i - 1) (the
// digits' own sum, without the library's recoding).
bn_ptr booth_partial_sum(const BIGNUM* k, int i) {
  bn_ptr s(BN_dup(k));
  BN_mask_bits(s.get(), 5 * i);
  if (i > 0 && BN_is_bit_set(k, 5 * i - 1)) {
    bn_ptr top(BN_new());
    BN_one(top.get());
    BN_lshift(top.get(), top.get(), 5 * i);
    BN_sub(s.get(), s.get(), top.get());
  }
  return s;
}

// Scalars 0 < k < n for which mul_base's sum meets its exceptional cases in window i: the
// windows below sum to S = T + e n (Q = T: the sum is a doubling) or S = -T + e n (Q = -T: the
// identity, then the next window's entry T'), T = d 2^(5i), e = +-1. Found by trying the last
// four of the ceil((bits(n) + 1) / 5) windows (the library's own bound not trusted) and checking
// the Booth sums of each candidate.
template <class C>
std::vector<bn_ptr> fixed_base_exceptional_scalars(const BIGNUM* n) {
  std::vector<bn_ptr> found;
  const auto shifted = [](long d, int bits) {
    bn_ptr r(BN_new());
    BN_set_word(r.get(), (unsigned long)(d < 0 ? -d : d));
    BN_lshift(r.get(), r.get(), bits);
    BN_set_negative(r.get(), d < 0);
    return r;
  };
  const auto in_range = [&](const BIGNUM* k) { return !BN_is_negative(k) && !BN_is_zero(k) && BN_cmp(k, n) < 0; };
  const auto equal = [](const bn_ptr& a, const BIGNUM* b) { return BN_cmp(a.get(), b) == 0; };
  const int windows = (BN_num_bits(n) + 5) / 5;
  for (int i = windows - 4; i < windows; ++i)
    for (long d = -16; d <= 16; ++d)
      for (int e : {-1, 1}) {
        if (d == 0) continue;
        const bn_ptr t = shifted(d, 5 * i);
        bn_ptr en(BN_dup(n)), s(BN_new()), k(BN_new());
        BN_set_negative(en.get(), e < 0);
        BN_add(s.get(), t.get(), en.get());  // Q = T
        BN_add(k.get(), s.get(), t.get());
        if (in_range(k.get()) && equal(booth_partial_sum(k.get(), i), s.get()) && equal(booth_partial_sum(k.get(), i + 1), k.get()))
          found.push_back(std::move(k));
        if (i + 1 >= windows) continue;
        for (long d2 = -16; d2 <= 16; ++d2) {  // Q = -T: S + T = e n, then T'
          if (d2 == 0) continue;
          bn_ptr s2(BN_new()), k2(BN_new());
          BN_sub(s2.get(), en.get(), t.get());
          BN_add(k2.get(), en.get(), shifted(d2, 5 * (i + 1)).get());
          if (in_range(k2.get()) && equal(booth_partial_sum(k2.get(), i), s2.get()) &&
              equal(booth_partial_sum(k2.get(), i + 1), en.get()) && equal(booth_partial_sum(k2.get(), i + 2), k2.get()))
            found.push_back(std::move(k2));
        }
      }
  return found;
}

template <class C>
void curve_against_openssl(const std::vector<ff::backend>& backends, int count) {
  using F = typename C::field;
  const std::string name(C::name);
  group_ptr group = group_of<C>();
  std::unique_ptr<BN_CTX, ossl_free> ctx(BN_CTX_new());
  if (!group) {
    check(false, name + ": OpenSSL has no such group");
    return;
  }
  // Parameters.
  bn_ptr p(BN_new()), a(BN_new()), b(BN_new()), gx(BN_new()), gy(BN_new());
  EC_GROUP_get_curve(group.get(), p.get(), a.get(), b.get(), ctx.get());
  EC_POINT_get_affine_coordinates(group.get(), EC_GROUP_get0_generator(group.get()), gx.get(), gy.get(), ctx.get());
  int poly[8];
  const int terms = BN_GF2m_poly2arr(p.get(), poly, 8);
  // BN_GF2m_poly2arr: the exponents, highest first, then -1; it returns their count plus one.
  check(terms == int(F::modulus.size()) + 1 && poly[F::modulus.size()] == -1 &&
            std::equal(F::modulus.begin(), F::modulus.end(), poly, [](unsigned e, int o) { return int(e) == o; }),
        name + ": field polynomial");
  check(BN_get_word(a.get()) == C::a && !BN_is_zero(a.get()) == (C::a != 0), name + ": a");
  check(BN_cmp(b.get(), bn_of(C::b).get()) == 0, name + ": b");
  check(BN_cmp(gx.get(), bn_of(C::gx).get()) == 0 && BN_cmp(gy.get(), bn_of(C::gy).get()) == 0, name + ": generator");
  check(BN_cmp(EC_GROUP_get0_order(group.get()), bn_of_limbs(C::order).get()) == 0, name + ": order");
  check(BN_get_word(EC_GROUP_get0_cofactor(group.get())) == C::cofactor, name + ": cofactor");
  check(C::on_curve(C::generator()), name + ": G on the curve");

  const BIGNUM* order = EC_GROUP_get0_order(group.get());
  auto random_scalar = [&] {
    bn_ptr k(BN_new());
    do BN_rand_range(k.get(), order);
    while (BN_is_zero(k.get()));
    return k;
  };
  std::vector<bn_ptr> scalars;
  for (unsigned long small : {1ul, 2ul}) {
    scalars.emplace_back(BN_new());
    BN_set_word(scalars.back().get(), small);
  }
  scalars.emplace_back(BN_dup(order));
  BN_sub_word(scalars.back().get(), 1);
  for (int i = 0; i < count; ++i) scalars.push_back(random_scalar());
  // The fixed-base multiplication's exceptional sums (doubling, identity) in its last windows.
  const std::size_t ordinary = scalars.size();
  for (bn_ptr& k : fixed_base_exceptional_scalars<C>(order)) scalars.push_back(std::move(k));
  exceptional_base_scalars += int(scalars.size() - ordinary);

  for (ff::backend be : backends) {
    const std::string where = name + " [" + std::string(ff::to_string(be)) + "]";
    for (const bn_ptr& kb : scalars) {
      const auto k = scalar_of<C>(kb.get());
      const std::string kh = " k=" + hex_of(kb.get());
      point_ptr pub(EC_POINT_new(group.get()));
      EC_POINT_mul(group.get(), pub.get(), kb.get(), nullptr, nullptr, ctx.get());
      const auto mine = C::mul(be, k, C::generator());
      check(C::encode(mine) == octets(group.get(), pub.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get()),
            where + ": k G" + kh);
      check(C::encode(C::mul_base(be, k)) == octets(group.get(), pub.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get()),
            where + ": fixed-base k G" + kh);
      const auto compressed = octets(group.get(), pub.get(), POINT_CONVERSION_COMPRESSED, ctx.get());
      check(C::encode(mine, true) == compressed, where + ": compressed k G" + kh);
      check(C::decode(compressed) == mine, where + ": decode compressed" + kh);
      // ECDH with a random peer: x(k Q), Q = j G.
      const bn_ptr j = random_scalar();
      point_ptr q(EC_POINT_new(group.get())), shared(EC_POINT_new(group.get()));
      EC_POINT_mul(group.get(), q.get(), j.get(), nullptr, nullptr, ctx.get());
      EC_POINT_mul(group.get(), shared.get(), nullptr, q.get(), kb.get(), ctx.get());
      bn_ptr sx(BN_new());
      EC_POINT_get_affine_coordinates(group.get(), shared.get(), sx.get(), nullptr, ctx.get());
      std::vector<std::uint8_t> expected(C::field_bytes);
      BN_bn2binpad(sx.get(), expected.data(), int(expected.size()));
      const auto peer = C::decode(octets(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get()));
      check(C::ecdh(be, k, peer) == expected, where + ": ECDH" + kh);
      // The Koblitz curves' tau-adic multiplication: k G and the whole point k Q.
      if constexpr (requires { C::mul_var(be, k, peer); }) {
        check(C::encode(C::mul_var(be, k, C::generator())) ==
                  octets(group.get(), pub.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get()),
              where + ": tau-adic k G" + kh);
        check(C::encode(C::mul_var(be, k, peer)) ==
                  octets(group.get(), shared.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get()),
              where + ": tau-adic k Q" + kh);
      }
    }
  }

  // Random points on the curve: the subgroup check against OpenSSL's n P = O.
  std::mt19937_64 rng(0x5ec2);
  int outside = 0;
  for (int i = 0; i < 2 * count; ++i) {
    const auto x = F::random(rng);
    std::vector<std::uint8_t> bytes{std::uint8_t(2 + (rng() & 1))};
    const auto xb = C::field_to_bytes(x);
    bytes.insert(bytes.end(), xb.begin(), xb.end());
    point_ptr pt(EC_POINT_new(group.get()));
    const bool on_curve = EC_POINT_oct2point(group.get(), pt.get(), bytes.data(), bytes.size(), ctx.get()) == 1;
    bool in_subgroup = false;
    if (on_curve) {
      point_ptr np(EC_POINT_new(group.get()));
      EC_POINT_mul(group.get(), np.get(), nullptr, pt.get(), order, ctx.get());
      in_subgroup = EC_POINT_is_at_infinity(group.get(), np.get()) == 1;
      outside += !in_subgroup;
    }
    const bool accepted = !refuses<C>([&] { (void)C::decode(bytes); });
    check(accepted == (on_curve && in_subgroup), name + ": decode agrees with OpenSSL on x=" + ff::to_hex(x) +
                                                     " (OpenSSL: " + (on_curve ? "on the curve, " : "not on the curve") +
                                                     (on_curve ? (in_subgroup ? "in the subgroup)" : "outside the subgroup)") : ")"));
  }
  check(outside > 0, name + ": the random points include some outside the subgroup");
  // Off the curve: G with one bit of y flipped.
  auto bad = C::encode(C::generator());
  bad.back() ^= 1;
  check(refuses<C>([&] { (void)C::decode(bad); }), name + ": a point off the curve is refused");
  check(refuses<C>([&] { (void)C::decode(std::vector<std::uint8_t>{0}); }), name + ": infinity is refused");
  check(refuses<C>([&] { (void)C::parse_scalar("0"); }), name + ": scalar 0 is refused");
  check(refuses<C>([&] { (void)C::parse_scalar(hex_of_scalar<C>(C::order)); }), name + ": scalar n is refused");
  const auto n_minus_1 = C::parse_scalar(hex_of(scalars[2].get()));
  check(n_minus_1 == scalar_of<C>(scalars[2].get()), name + ": scalar n - 1 parses");
}

// The exceptional sums of the tau-adic multiplication's point addition, which random scalars
// do not reach, on every scalar backend: Q + P with Q = P in Lopez-Dahab form (a random Z) is
// 2 P (OpenSSL's EC_POINT_dbl), Q + (-P) the identity, identity + P = P.
template <class C>
void exceptional_sums_match_openssl(const std::vector<ff::backend>& backends) {
  using F = typename C::field;
  using LD = typename C::lopez_dahab_point;
  const std::string name(C::name);
  group_ptr group = group_of<C>();
  std::unique_ptr<BN_CTX, ossl_free> ctx(BN_CTX_new());
  std::mt19937_64 rng(0x7a0);
  for (int i = 0; i < 4; ++i) {
    const auto k = C::parse_scalar(ff::to_hex(F::random(rng)).substr(4));  // below n: a few digits short
    const auto p = C::mul(k, C::generator());
    auto z = F::random(rng);
    if (z.is_zero()) z = F::one();
    const LD q{p.x * z, p.y * z * z, z, false};
    point_ptr op(EC_POINT_new(group.get())), dbl(EC_POINT_new(group.get()));
    EC_POINT_oct2point(group.get(), op.get(), C::encode(p).data(), C::encode(p).size(), ctx.get());
    EC_POINT_dbl(group.get(), dbl.get(), op.get(), ctx.get());
    for (ff::backend be : backends) {
      const std::string where = name + " " + std::string(ff::to_string(be)) + ": Lopez-Dahab ";
      const LD twice = C::add_mixed_var(be, q, p);
      const LD zero = C::add_mixed_var(be, q, typename C::point{p.x, p.x + p.y});
      const LD first = C::add_mixed_var(be, LD{{}, {}, {}, true}, p);
      check(!twice.identity && !twice.z.is_zero(), where + "P + P is not the identity");
      if (!twice.z.is_zero()) {
        const auto zi = ff::inverse(twice.z);
        check(C::encode(typename C::point{twice.x * zi, twice.y * zi * zi}) ==
                  octets(group.get(), dbl.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get()),
              where + "P + P = 2 P");
      }
      check(zero.identity, where + "P + (-P) = O");
      check(!first.identity && first.x == p.x && first.y == p.y && first.z == F::one(), where + "O + P = P");
    }
  }
}

// ff.testing's binary-curve points: what OpenSSL says of each (on the curve? n P = O?) and that
// decode accepts the subgroup's points, in both encodings, and refuses all the others.
template <class C>
void generated_points_match_openssl() {
  namespace gen = ff::testing;
  const std::string name(C::name);
  group_ptr group = group_of<C>();
  std::unique_ptr<BN_CTX, ossl_free> ctx(BN_CTX_new());
  struct verdict {
    bool on_curve, in_subgroup;
  };
  const auto openssl = [&](const std::vector<std::uint8_t>& bytes) {
    point_ptr pt(EC_POINT_new(group.get())), np(EC_POINT_new(group.get()));
    if (EC_POINT_oct2point(group.get(), pt.get(), bytes.data(), bytes.size(), ctx.get()) != 1) return verdict{false, false};
    EC_POINT_mul(group.get(), np.get(), nullptr, pt.get(), EC_GROUP_get0_order(group.get()), ctx.get());
    return verdict{true, EC_POINT_is_at_infinity(group.get(), np.get()) == 1};
  };
  const auto refused = [](const std::vector<std::uint8_t>& bytes) { return refuses<C>([&] { (void)C::decode(bytes); }); };
  const auto property = [&](const std::string& what, auto body) { check(rc::check(name + ": " + what, body), name + ": " + what); };
  property("subgroup points: OpenSSL has n P = O, decode gives P back", [&] {
    const auto p = *gen::subgroup_points<C>();
    const bool compressed = *rc::gen::arbitrary<bool>();
    const verdict v = openssl(C::encode(p, compressed));
    RC_ASSERT(v.on_curve && v.in_subgroup);
    RC_ASSERT(C::decode(C::encode(p, compressed)) == p);
  });
  property("points outside the subgroup: on the curve, n P != O, refused", [&] {
    const auto p = *gen::points_outside_subgroup<C>();
    RC_ASSERT(gen::curve_equation<C>(p).is_zero());
    const bool compressed = *rc::gen::arbitrary<bool>();
    const verdict v = openssl(C::encode(p, compressed));
    RC_ASSERT(v.on_curve && !v.in_subgroup);
    RC_ASSERT(refused(C::encode(p, compressed)));
  });
  property("points off the curve: OpenSSL and decode refuse them", [&] {
    const auto p = *gen::points_off_curve<C>();
    RC_ASSERT(!gen::curve_equation<C>(p).is_zero());
    RC_ASSERT(!openssl(C::encode(p)).on_curve);
    RC_ASSERT(refused(C::encode(p)));
  });
  const auto two = gen::order_two_point<C>();
  for (bool compressed : {false, true}) {
    const verdict v = openssl(C::encode(two, compressed));
    check(v.on_curve && !v.in_subgroup && refused(C::encode(two, compressed)),
          name + ": the point of order 2 is on the curve, outside the subgroup, refused" + (compressed ? " (compressed)" : ""));
  }
  const verdict inf = openssl(gen::infinity_encoding());
  check(inf.on_curve && inf.in_subgroup && refused(gen::infinity_encoding()),
        name + ": OpenSSL reads 00 as the point at infinity; decode refuses it");
}

// tests/data/binary_curves_ecdh.txt (what ffcalc_test replays, on AArch64 too): every line
// recomputed with OpenSSL, so the file holds OpenSSL's answers and nothing of ff's.
template <class C>
void recorded_line_matches_openssl(std::istringstream& in) {
  std::string a, a_pub, b, b_pub, shared;
  in >> a >> a_pub >> b >> b_pub >> shared;
  group_ptr group = group_of<C>();
  std::unique_ptr<BN_CTX, ossl_free> ctx(BN_CTX_new());
  BIGNUM *ra = nullptr, *rb = nullptr;
  BN_hex2bn(&ra, a.c_str());
  BN_hex2bn(&rb, b.c_str());
  bn_ptr ka(ra), kb(rb);
  point_ptr pa(EC_POINT_new(group.get())), pb(EC_POINT_new(group.get())), s(EC_POINT_new(group.get()));
  EC_POINT_mul(group.get(), pa.get(), ka.get(), nullptr, nullptr, ctx.get());
  EC_POINT_mul(group.get(), pb.get(), kb.get(), nullptr, nullptr, ctx.get());
  EC_POINT_mul(group.get(), s.get(), nullptr, pb.get(), ka.get(), ctx.get());
  bn_ptr sx(BN_new());
  EC_POINT_get_affine_coordinates(group.get(), s.get(), sx.get(), nullptr, ctx.get());
  std::vector<std::uint8_t> x(C::field_bytes);
  BN_bn2binpad(sx.get(), x.data(), int(x.size()));
  auto hex = [](std::span<const std::uint8_t> bytes) {
    std::string out;
    for (std::uint8_t v : bytes) out += "0123456789abcdef"[v >> 4], out += "0123456789abcdef"[v & 15];
    return out;
  };
  check(hex(octets(group.get(), pa.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get())) == a_pub &&
            hex(octets(group.get(), pb.get(), POINT_CONVERSION_UNCOMPRESSED, ctx.get())) == b_pub && hex(x) == shared,
        std::string(C::name) + ": a recorded line differs from OpenSSL's answer (a = " + a + ")");
}

void recorded_vectors_match_openssl() {
  std::ifstream file(FF_TEST_DATA_DIR "/binary_curves_ecdh.txt");
  check(bool(file), "cannot read tests/data/binary_curves_ecdh.txt");
  int lines = 0;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string curve;
    in >> curve;
    bool known = false;
    [&]<class... C>(ff::type_list<C...>) {
      ((curve == C::name ? (recorded_line_matches_openssl<C>(in), known = true) : false), ...);
    }(ff::binary_curves{});
    check(known, "binary_curves_ecdh.txt: unknown curve " + curve);
    ++lines;
  }
  check(lines == 2 * int(ff::binary_curves::size), "binary_curves_ecdh.txt: two lines per curve");
}

}  // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 8;
  // 100 cases per point property (each case runs ladders and OpenSSL's n P), 2,000 under
  // FF_LONG=1; not FF_CASES, which sizes the cheap field properties. RC_PARAMS wins.
  const char* long_run = std::getenv("FF_LONG");
  setenv("RC_PARAMS", long_run && std::string(long_run) == "1" ? "max_success=2000" : "max_success=100", 0);
  std::vector<ff::backend> backends;
  for (ff::backend be : ff::available_backends(ff::family::binary))
    if (be == ff::scalar_sibling(be)) backends.push_back(be);
  [&]<class... C>(ff::type_list<C...>) { (curve_against_openssl<C>(backends, count), ...); }(fft::binary_curves{});
  [&]<class... C>(ff::type_list<C...>) {
    ([&] { if constexpr (C::b == C::field::one()) exceptional_sums_match_openssl<C>(backends); }(), ...);
  }(fft::binary_curves{});
  [&]<class... C>(ff::type_list<C...>) { (generated_points_match_openssl<C>(), ...); }(fft::binary_curves{});
  recorded_vectors_match_openssl();
  check(exceptional_base_scalars > 0, "some scalars reach the fixed-base multiplication's exceptional sums");
  std::printf("binary_curves_openssl: %d checks against OpenSSL %s passed, %d failed (%d scalars at the fixed-base "
              "exceptional sums; backends:",
              passed, OPENSSL_VERSION_TEXT, failed, exceptional_base_scalars);
  for (ff::backend be : backends) std::printf(" %s", std::string(ff::to_string(be)).c_str());
  std::printf(")\n");
  return failed == 0 ? 0 : 1;
}
