// The prime fields against NTL's ZZ_p (on GMP): every operation of the scalar and batch API,
// on random values and the edge cases of ff::testing::edge_cases, plus ff.testing's field
// axioms and prime-field laws (the lab's Montgomery twins: their products only, see
// register_products). ctest runs this binary once per prime backend (FF_BACKEND).
#include <numeric>
#include "harness.hpp"
import ff.prime.fold;  // fold_mul_small, which only the ladders call

using namespace ff;

namespace {
template <class F>
using E_of = element<F>;

template <class F>
constexpr bool is_lab_twin = false;
template <class S>
constexpr bool is_lab_twin<ff::lab::montgomery_twin<S>> = true;

template <class F>
NTL::ZZ exponent_zz(std::span<const u64> e) {
  return ref::to_zz(e);
}

// The unsaturated kernels (ff.prime.radix) of a special-form prime against NTL, on limbs up to
// their documented bounds: products and squares of limbs below 2^(r + slack) (all ones
// included), add and sub of outputs, a24 e, and the conversions.
template <class F>
void register_radix(const std::string& suite) {
  using M = prime::radix_of<F>;
  using R = prime::radix_limbs<M::radix_l>;
  constexpr unsigned r = M::radix.r;
  constexpr unsigned slack = prime::radix_columns_fit(M::radix, 3) ? 3 : 1;
  static NTL::ZZ p = ref::prime_modulus<F>();
  auto value = [](const R& x) {
    NTL::ZZ v(0);
    for (std::size_t i = M::radix_l; i-- > 0;) v = (v << long(M::radix.r)) + ref::to_zz(std::span<const u64>(&x[i], 1));
    return v % p;
  };
  auto element_of = [](const NTL::ZZ& v) { return ref::from_zz<F>(v % p); };
  // Limbs below 2^bits: random, all ones, or zero.
  auto spread = [](unsigned bits) {
    R x{};
    for (auto& limb : x) {
      const int kind = *rc::gen::inRange(0, 4);
      limb = kind == 0 ? 0 : kind == 1 ? (u64(1) << bits) - 1 : *rc::gen::arbitrary<u64>() >> (64 - bits);
    }
    return x;
  };
  fft::register_property(suite, "radix_kernels_equal_ntl", [=] {
    const R a = spread(r + slack), b = spread(r + slack);
    const E_of<F> ea = element_of(value(a)), eb = element_of(value(b));
    const R product = prime::radix_mul<M, slack>(a, b), sq = prime::radix_square<M, slack>(a);
    RC_ASSERT(E_of<F>{prime::from_radix<M>(product)} == ref::mul(ea, eb));
    RC_ASSERT(E_of<F>{prime::from_radix<M>(sq)} == ref::mul(ea, ea));
    for (const R& out : {product, sq})
      for (u64 limb : out) RC_ASSERT(limb < (u64(1) << (r + 1)));  // the bound add and sub rely on
    const R sum = prime::radix_add<M>(product, sq), diff = prime::radix_sub<M>(product, sq);
    RC_ASSERT(E_of<F>{prime::from_radix<M>(sum)} == ref::add(ref::mul(ea, eb), ref::mul(ea, ea)));
    RC_ASSERT(E_of<F>{prime::from_radix<M>(diff)} == ref::sub(ref::mul(ea, eb), ref::mul(ea, ea)));
    if constexpr (slack == 3) {  // the ladders' chain: sub's output into a product, a24 e
      RC_ASSERT(E_of<F>{prime::from_radix<M>(prime::radix_mul<M>(diff, diff))} == ref::mul(element_of(value(diff)), element_of(value(diff))));
      RC_ASSERT(E_of<F>{prime::from_radix<M>(prime::radix_mul_small<M, 121665>(diff))} ==
                ref::mul(element_of(value(diff)), F::from_small(121665)));
    }
  });
  fft::register_property(suite, "radix_conversions_round_trip", [](const E_of<F>& a) {
    RC_ASSERT(prime::from_radix<M>(prime::to_radix<M>(a.limb)) == a.limb);
  });
  // The one form of a value: limbs below 2^r, the integer below p, whatever form it came in.
  fft::register_property(suite, "radix_canonical_is_unique", [=] {
    const R a = spread(r + 3);
    const R c = prime::radix_canonical<M>(a);
    for (u64 limb : c) RC_ASSERT(limb < (u64(1) << r));
    RC_ASSERT(prime::to_radix<M>(ref::from_zz<F>(value(a)).limb) == c);
    // Values from p up to 2^k - 1 (digits of r bits): the forms that must lose one p.
    ff::limbs<F::limbs> near{}, below_2k{}, d{};
    d[0] = *rc::gen::inRange<u64>(0, 1000);
    for (unsigned b = 0; b < F::form.k; ++b) below_2k[b / 64] |= u64(1) << (b % 64);
    if (*rc::gen::arbitrary<bool>()) integer::add(near, F::p, d);
    else integer::sub(near, below_2k, d);
    if (!integer::less(near, below_2k)) near = F::p;
    const R n = prime::to_radix<M>(near);
    RC_ASSERT(prime::to_radix<M>(ref::from_zz<F>(value(n)).limb) == prime::radix_canonical<M>(n));
  });
}

// The products against NTL, one at a time and in batches: what every field under test gets,
// the lab's Montgomery twins included. (The twins share every algorithm above the product with
// the registry's Montgomery fields, so they get only this; prime_replay checks the rest of their
// scalar API against NTL's recorded answers.)
template <class F>
void register_products(const std::string& suite) {
  using E = element<F>;
  using L = ff::limbs<F::limbs>;
  fft::register_property(suite, "mul_square_equal_ntl", [](const E& a, const E& b) {
    RC_ASSERT(a * b == ref::mul(a, b));
    RC_ASSERT(square(a) == ref::mul(a, a));
  });
  // The batch kernels (ctest runs this binary once per backend: ifma's eight-lane blocks, two
  // per step, the tail through a buffer) at every length 0..67 and two long ones, with the edge
  // cases of the canonical values and of the internal limbs (0, 1, p - 1, p - 2, all ones below
  // p, 2^(52 j) - 1: the radix-2^52 digit boundaries) in every lane of a two-block step, against
  // NTL; in place too; a shifted view of an input is refused.
  fft::register_test(suite, "batch_every_length_and_lane_equals_ntl", [] {
    std::vector<E> edges = ff::testing::edge_cases<F>();
    const auto internal = [&](const L& x) {
      if (integer::less(x, F::p) && std::find(edges.begin(), edges.end(), E{x}) == edges.end()) edges.push_back(E{x});
    };
    L x{};
    internal(x);
    for (u64 v : {u64(1), u64(2)}) internal(L{v});
    internal(F::p_minus(1));
    internal(F::p_minus(2));
    x.fill(~u64(0));
    x[F::limbs - 1] = F::p[F::limbs - 1] - 1;
    internal(x);
    for (unsigned bits = 52; bits < 64 * F::limbs; bits += 52) {
      L ones{};
      for (unsigned i = 0; i < bits; ++i) ones[i / 64] |= u64(1) << (i % 64);
      internal(ones);
    }
    std::mt19937_64 rng(26);
    const auto check = [&](const std::vector<E>& a, const std::vector<E>& b, const std::string& what) {
      const std::size_t n = a.size();
      std::vector<E> prod(n), sq(n), in_place = a, sq_in_place = b;
      mul<F>(a, b, prod);
      square<F>(a, sq);
      mul<F>(std::span<const E>(in_place), std::span<const E>(b), std::span<E>(in_place));
      square<F>(std::span<const E>(sq_in_place), std::span<E>(sq_in_place));
      for (std::size_t i = 0; i < n; ++i) {
        const E p = ref::mul(a[i], b[i]), s = ref::mul(a[i], a[i]);
        ASSERT_EQ(prod[i], p) << what << ", n = " << n << ", element " << i << ": " << to_string(a[i]) << " * " << to_string(b[i]);
        ASSERT_EQ(sq[i], s) << what << ", n = " << n << ", element " << i << ": " << to_string(a[i]) << "^2";
        ASSERT_EQ(in_place[i], p) << what << " in place, n = " << n << ", element " << i;
        ASSERT_EQ(sq_in_place[i], ref::mul(b[i], b[i])) << what << " in place, n = " << n << ", element " << i;
      }
    };
    std::vector<std::size_t> lengths(68);
    std::iota(lengths.begin(), lengths.end(), 0);
    lengths.insert(lengths.end(), {1000, 4099});
    for (std::size_t n : lengths) {
      std::vector<E> a(n), b(n);
      for (std::size_t i = 0; i < n; ++i) {
        a[i] = i % 3 == 2 ? F::random(rng) : edges[(i + n) % edges.size()];
        b[i] = i % 4 == 3 ? F::random(rng) : edges[(i / edges.size() + 3 * i + n) % edges.size()];
      }
      check(a, b, "lengths");
    }
    for (std::size_t lane = 0; lane < 16; ++lane)
      for (const E& ea : edges) {
        std::vector<E> a(16), b(16);
        for (std::size_t i = 0; i < 16; ++i) a[i] = F::random(rng), b[i] = edges[(i + lane) % edges.size()];
        a[lane] = ea;
        check(a, b, "lane " + std::to_string(lane));
      }
    std::vector<E> v(9, F::one()), out(9);
    EXPECT_THROW(mul<F>(std::span<const E>(v).first(8), std::span<const E>(v).first(8), std::span<E>(v).subspan(1)), ff::error);
    EXPECT_THROW(square<F>(std::span<const E>(v).subspan(1), std::span<E>(v).first(8)), ff::error);
    EXPECT_THROW(mul<F>(std::span<const E>(v), std::span<const E>(v).first(8), std::span<E>(out)), ff::error);
  });
}

// The scalar operations against NTL: +, -, inverses, powers, Legendre and square roots.
template <class F>
void register_arithmetic(const std::string& suite) {
  using E = element<F>;
  fft::register_properties(suite, ff::testing::field_axioms<F>());
  fft::register_properties(suite, ff::testing::prime_field_laws<F>());
  fft::register_property(suite, "add_sub_neg_equal_ntl", [](const E& a, const E& b) {
    RC_ASSERT(a + b == ref::add(a, b));
    RC_ASSERT(a - b == ref::sub(a, b));
    RC_ASSERT(-a == ref::sub(F::zero(), a));
  });
  fft::register_property(suite, "inverse_equals_ntl", [](const E& a) {
    RC_PRE(!a.is_zero());
    const E expected = ref::inverse(a);
    RC_ASSERT(inverse(a) == expected);
    RC_ASSERT(inverse_var(a) == expected);
  });
  fft::register_property(suite, "pow_equals_ntl", [](const E& a) {
    const auto e = *rc::gen::arbitrary<std::array<u64, F::limbs>>();
    const NTL::ZZ ez = ref::to_zz(std::span<const u64>(e));
    RC_ASSERT(pow(a, std::span<const u64>(e)) == ref::power(a, ez));
    RC_ASSERT(pow_var(a, std::span<const u64>(e)) == ref::power(a, ez));
  });
  fft::register_property(suite, "legendre_and_sqrt_equal_ntl", [](const E& a) {
    const int symbol = ref::legendre(a);
    RC_ASSERT(legendre(a) == symbol);
    RC_ASSERT(is_square(a) == (symbol >= 0));
    const auto r = ff::sqrt(a);
    RC_ASSERT(r.has_value() == (symbol >= 0));
    if (r) RC_ASSERT(ref::mul(*r, *r) == a);
  });
}

// The other batches against NTL: random lengths, the inverse and the powers, in place too.
template <class F>
void register_batches(const std::string& suite) {
  using E = element<F>;
  using L = ff::limbs<F::limbs>;
  fft::register_property(suite, "batch_equals_ntl", [] {
    const auto n = *rc::gen::inRange<std::size_t>(0, 40);
    const auto a = *rc::gen::container<std::vector<E>>(n, rc::gen::arbitrary<E>());
    const auto b = *rc::gen::container<std::vector<E>>(n, rc::gen::arbitrary<E>());
    std::vector<E> prod(n), sq(n), sum(n), diff(n);
    mul<F>(a, b, prod);
    square<F>(a, sq);
    add<F>(std::span<const E>(a), std::span<const E>(b), std::span<E>(sum));
    sub<F>(std::span<const E>(a), std::span<const E>(b), std::span<E>(diff));
    for (std::size_t i = 0; i < n; ++i) {
      RC_ASSERT(prod[i] == ref::mul(a[i], b[i]));
      RC_ASSERT(sq[i] == ref::mul(a[i], a[i]));
      RC_ASSERT(sum[i] == ref::add(a[i], b[i]));
      RC_ASSERT(diff[i] == ref::sub(a[i], b[i]));
    }
    std::vector<E> nonzero;
    for (const E& x : a)
      if (!x.is_zero()) nonzero.push_back(x);
    std::vector<E> inv(nonzero.size());
    inverse<F>(std::span<const E>(nonzero), std::span<E>(inv));
    for (std::size_t i = 0; i < nonzero.size(); ++i) RC_ASSERT(inv[i] == ref::inverse(nonzero[i]));
  });
  // Batch inversion and exponentiation run on the batch products (ifma: sixteen interleaved
  // columns for the inversion's trick, chunks of 256 for the powers): every length 0..67 and
  // longer ones, against NTL; in place too.
  fft::register_test(suite, "batch_inverse_and_pow_equal_ntl", [] {
    std::mt19937_64 rng(261);
    const auto nonzero = [&] {
      E x = F::random(rng);
      while (x.is_zero()) x = F::random(rng);
      return x;
    };
    // Every tail of the widest policy's rows of two blocks of eight lanes, up to two rows
    // (0..33), many rows, and lengths around the batch powers' chunks of 256.
    std::vector<std::size_t> lengths(34);
    std::iota(lengths.begin(), lengths.end(), 0);
    lengths.insert(lengths.end(), {67, 255, 256, 257, 600});
    for (std::size_t n : lengths) {
      std::vector<E> a(n), inv(n);
      for (auto& x : a) x = nonzero();
      inverse<F>(std::span<const E>(a), std::span<E>(inv));
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(inv[i], ref::inverse(a[i])) << "inverse, n = " << n << ", element " << i;
      std::vector<E> in_place = a;
      inverse<F>(std::span<const E>(in_place), std::span<E>(in_place));
      ASSERT_EQ(in_place, inv) << "inverse in place, n = " << n;
      if (!(n < 34 && n % 7 == 0) && n != 67 && n != 257 && n != 600) continue;
      // one exponent (1 to 3 limbs), then one per element (F::limbs limbs)
      std::vector<u64> e(1 + n % 3);
      for (auto& w : e) w = rng();
      std::vector<E> out(n);
      pow<F>(std::span<const E>(a), std::span<const u64>(e), std::span<E>(out));
      const NTL::ZZ ez = ref::to_zz(std::span<const u64>(e));
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], ref::power(a[i], ez)) << "pow, n = " << n << ", element " << i;
      std::vector<L> es(n);
      for (auto& x : es)
        for (auto& w : x) w = rng();
      if (n) es[0] = L{}, a[0] = F::zero();  // x^0 = 1, 0^e = 0
      pow<F>(std::span<const E>(a), std::span<const L>(es), std::span<E>(out));
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(out[i], ref::power(a[i], ref::to_zz(std::span<const u64>(es[i])))) << "pow per element, n = " << n << ", element " << i;
    }
  });
}

// Text and bytes against NTL, and the refusals.
template <class F>
void register_encodings(const std::string& suite) {
  using E = element<F>;
  using L = ff::limbs<F::limbs>;
  fft::register_property(suite, "text_and_bytes_equal_ntl", [](const E& a) {
    std::ostringstream decimal;
    decimal << ref::to_zz(a);
    RC_ASSERT(to_string(a) == decimal.str());
    RC_ASSERT(F::parse(decimal.str()) == a);
    const auto be = F::to_bytes_be(a);
    std::vector<unsigned char> le(be.rbegin(), be.rend());
    RC_ASSERT(NTL::ZZFromBytes(le.data(), long(le.size())) == ref::to_zz(a));
  });
  fft::register_test(suite, "edge_cases_are_canonical_and_distinct", [] {
    const auto edges = ff::testing::edge_cases<F>();
    for (const E& x : edges) EXPECT_LT(ref::to_zz(x), ref::prime_modulus<F>());
    for (std::size_t i = 0; i < edges.size(); ++i)
      for (std::size_t j = i + 1; j < edges.size(); ++j) EXPECT_NE(edges[i], edges[j]) << i << " " << j;
  });
  fft::register_test(suite, "bad_input_is_one_clear_error", [] {
    std::ostringstream p;
    p << ref::prime_modulus<F>();
    for (const std::string& bad : {std::string(""), std::string("-1"), std::string("12x"), std::string("0x"), std::string(" 1"),
                                  p.str(), std::string("0x") + std::string(200, 'f')}) {
      try {
        (void)F::parse(bad);
        ADD_FAILURE() << "parsed '" << bad << "'";
      } catch (const ff::error& e) {
        EXPECT_NE(std::string(e.what()).find(F::name), std::string::npos) << e.what();
      }
    }
    L p_limbs = F::p;
    EXPECT_THROW((void)F::from_integer(p_limbs), ff::error);
    std::array<std::uint8_t, F::bytes> all_ones;
    all_ones.fill(0xff);
    EXPECT_THROW((void)F::from_bytes_be(all_ones), ff::error);
    EXPECT_THROW((void)F::from_bytes_be(std::span<const std::uint8_t>(all_ones).first(F::bytes - 1)), ff::error);
    std::vector<E> with_zero = {F::one(), F::zero()}, out(2);
    EXPECT_THROW(inverse<F>(std::span<const E>(with_zero), std::span<E>(out)), ff::error);
    EXPECT_THROW((void)inverse_var(F::zero()), ff::error);
  });
}

// Products by small constants: the folds' one-limb products, the radix limbs, mul_constant.
template <class F>
void register_constants(const std::string& suite) {
  using E = element<F>;
  using L = ff::limbs<F::limbs>;
  if constexpr (F::reduction == prime::reduction::fold) {
    // a s for a one-limb s (the X25519 / X448 ladders' a24 e).
    fft::register_property(suite, "fold_mul_small_equals_ntl", [](const E& a) {
      const u64 s = *rc::gen::arbitrary<u64>();
      RC_ASSERT(E{prime::fold_mul_small<F>(a.limb, s)} == ref::mul(a, F::from_integer(L{s})));
    });
    // The limb-boundary fold's carry out (a s = top 2^(64 n) + low with low + top C >= 2^(64 n),
    // C = 2^(64 n) mod p), which random a almost never reach: a s = T 2^(64 n) - j for small j,
    // T = j 2^(-64 n) mod s, kept when a < p and the carry happens. Found for s = RFC 7748's
    // a24 when p is within a few bits of 2^(64 n).
    if constexpr (F::form.limb_c != 0 && 64 * F::limbs - F::form.k <= 8)
      fft::register_test(suite, "fold_mul_small_carry_out_equals_ntl", [] {
        const NTL::ZZ R = NTL::power2_ZZ(long(64 * F::limbs)), p = ref::prime_modulus<F>(), C = R % p;
        int carries = 0;
        for (const long s : {121665L, 39081L})
          for (long j = 1; j < 400; ++j) {
            const NTL::ZZ S(s), T = (j * NTL::InvMod(R % S, S)) % S;
            if (NTL::IsZero(T)) continue;
            const NTL::ZZ as = T * R - j, a = as / s;
            if (a >= p || (as % R) + (as / R) * C < R) continue;
            L limbs{};
            NTL::BytesFromZZ(reinterpret_cast<unsigned char*>(limbs.data()), a, long(8 * F::limbs));  // little-endian x86-64
            const E ea = F::from_integer(limbs);
            EXPECT_EQ((E{prime::fold_mul_small<F>(ea.limb, u64(s))}), ref::mul(ea, F::from_integer(L{u64(s)}))) << a;
            ++carries;
          }
        EXPECT_GT(carries, 10);
      });
  }
  if constexpr (F::reduction == prime::reduction::fold) register_radix<F>(suite);
  // a k for a compile-time integer k (the towers' products by xi, the curves' 3 b): for
  // Montgomery fields one row and a quotient estimate that may fall one short. The edge
  // values put k x just above and just below a multiple j p, x being the internal limbs
  // (a R for Montgomery fields): x = ceil(j p / k), floor(j p / k).
  fft::register_test(suite, "mul_constant_equals_ntl", [] {
    using A = prime::arithmetic<F, prime::portable>;
    const NTL::ZZ p = ref::prime_modulus<F>();
    const NTL::ZZ r_inverse = F::reduction == prime::reduction::montgomery ? NTL::InvMod(NTL::power2_ZZ(long(64 * F::limbs)) % p, p) : NTL::ZZ(1);
    std::mt19937_64 rng(7);
    auto check = [&]<long long K>() {
      std::vector<E> inputs = ff::testing::edge_cases<F>();
      const long long k = K < 0 ? -K : K;
      for (long long j = 1; j < k && j < 64; ++j)
        for (const NTL::ZZ& x : {(j * p + k - 1) / k, (j * p) / k}) inputs.push_back(ref::from_zz<F>(NTL::MulMod(x, r_inverse, p)));
      for (int i = 0; i < 200; ++i) inputs.push_back(F::random(rng));
      const E ek = ref::from_zz<F>(((NTL::ZZ(K) % p) + p) % p);
      for (const E& a : inputs) EXPECT_EQ(E{A::template mul_constant<K>(a.limb)}, ref::mul(a, ek)) << "k = " << K << ", a = " << ref::to_zz(a);
    };
    check.template operator()<2>();
    check.template operator()<3>();
    check.template operator()<9>();
    check.template operator()<12>();
    check.template operator()<-9>();
    check.template operator()<121665>();
    check.template operator()<0xffffffffLL>();
  });
}

}  // namespace

void register_tests() {
  if (const char* forced = std::getenv("FF_BACKEND"); forced && *forced) {
    const auto choice = parse_backend_choice(forced, "FF_BACKEND");
    if (const auto be = choice[std::size_t(family::prime)]; be && !cpu_has(*be))
      fft::skip_reason = std::string("this CPU lacks ") + forced;
  }
  fft::for_each_prime_field([]<class F>() {
    const std::string suite = "prime." + std::string(F::name);
    register_products<F>(suite);
    if constexpr (!is_lab_twin<F>) {
      register_arithmetic<F>(suite);
      register_batches<F>(suite);
      register_encodings<F>(suite);
      register_constants<F>(suite);
    }
  });
}
