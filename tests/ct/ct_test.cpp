// Constant-time test, in the method of libsecp256k1's valgrind_ctime_test: run under valgrind's
// memcheck (ctest -R ct), it marks the secrets undefined before each function runs and its
// result defined after; memcheck then reports every conditional jump ("Conditional jump or move
// depends on uninitialised value(s)") and every memory address ("Use of uninitialised value of
// size 8") that depends on a secret, and --error-exitcode makes that a failure.
//
// Checked, for every field of ff::fields: each kernel under each scalar backend policy, called
// directly (valgrind's CPUID hides ADX, so dispatch would refuse some policies valgrind runs),
// and the scalar API under the family's scalar backend (FF_BACKEND chooses it: one ctest run
// per backend); X25519 and X448 likewise, and the SEC 2 binary curves; BN254's tower, groups and pairing under each policy.
// Batch policies (VPCLMULQDQ, AVX-512) stop valgrind
// with SIGILL: docs/constant-time.md.
//
// Outside valgrind the checks only compare each result with the one computed on public inputs.
// ct_test_leaky (built with FF_CT_LEAKY) adds deliberately leaky functions: the test can fail.
#include <valgrind/memcheck.h>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <span>
#include <string>
#include "fieldlab/macros.h"
import ff.lab;

namespace {

int checks = 0, wrong = 0;
std::string covered;  // the names checked for the current field, printed per field

template <class T>
void mark_undefined(T& x) {
  VALGRIND_MAKE_MEM_UNDEFINED(&x, sizeof x);
}
template <class T>
void mark_defined(T& x) {
  VALGRIND_MAKE_MEM_DEFINED(&x, sizeof x);
}

// Runs fn() on the secrets as public values (the expected result), then again with their bytes
// marked undefined; the result and the secrets are marked defined again before the comparison,
// so that only what fn does with the secrets is reported. fn reads the secrets by reference.
// Add a function to the test with one line: ct_check("name", [&] { return f(x, y); }, x, y);
template <class Fn, class... Secret>
void ct_check(const std::string& name, Fn&& fn, Secret&... secret) {
  const auto expected = fn();
  (mark_undefined(secret), ...);
  auto result = fn();
  mark_defined(result);
  (mark_defined(secret), ...);
  ++checks;
  covered += " " + name;
  if (!(result == expected)) {
    ++wrong;
    std::printf("WRONG: %s differs on undefined and on defined secrets\n", name.c_str());
  }
}

// Throws ff::error: the outcome the caller compares (the check itself is in ct_check).
template <class Fn>
bool throws(Fn&& fn) {
  try {
    (void)fn();
    return false;
  } catch (const ff::error&) {
    return true;
  }
}

// The portable policy claiming funnel shifts: the reductions only vpclmul512 uses
// (ff::sparse_reduction), run where valgrind can run them.
struct portable_funnel : ff::binary::portable {
  static constexpr bool funnel_shifts = true;
};

// The kernels of one backend policy, compiled for its target and called without dispatch.
template <class F, class P>
void check_kernels(ff::element<F>& a, ff::element<F>& b, std::string label = {}) {
  constexpr ff::isa target = ff::target_of(P::id);
  const std::string on = "<" + (label.empty() ? std::string(ff::to_string(P::id)) : label) + ">";
  ct_check("mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return F::template mul<P>(a.limb, b.limb); }); }, a, b);
  ct_check("square" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return F::template square<P>(a.limb); }); }, a);
}

template <ff::binary_field F>
void check_binary(std::mt19937_64& rng) {
  ff::element<F> a = F::random(rng), b = F::random(rng), zero = F::zero();
  if (a.is_zero()) a = F::one();
  [&]<class... P>(ff::policy_list<P...>) { (check_kernels<F, P>(a, b), ...); }(typename F::scalar_policies{});
  check_kernels<F, portable_funnel>(a, b, "portable+funnel");
  // The scalar API, under the backend FF_BACKEND chose.
  ct_check("a*b", [&] { return a * b; }, a, b);
  ct_check("square", [&] { return ff::square(a); }, a);
  ct_check("inverse", [&] { return ff::inverse(a); }, a);
  ct_check("inverse(0)-throws", [&] { return throws([&] { return ff::inverse(zero); }); }, zero);
  ct_check("sqrt", [&] { return ff::sqrt(a); }, a);
  std::array<ff::u64, 2> e = {rng(), rng()};
  ct_check("pow(secret a, secret e)", [&] { return ff::pow(a, std::span<const ff::u64>(e)); }, a, e);
  ct_check("trace", [&] { return ff::trace(a); }, a);
  if constexpr (F::degree % 2 == 1) ct_check("half_trace", [&] { return ff::half_trace(a); }, a);
  ff::element<F> c = ff::square(a) + a;  // trace 0: z^2 + z = c has the root a
  ct_check("solve_quadratic", [&] { return ff::solve_quadratic(c); }, c);
}

// The prime family: each policy's Montgomery kernels directly (valgrind's CPUID hides ADX, so
// dispatch would refuse adx), then the scalar API under the backend FF_BACKEND chose.
template <class F, class P>
void check_prime_kernels(ff::element<F>& a, ff::element<F>& b) {
  constexpr ff::isa target = ff::target_of(P::id);
  const std::string on = "<" + std::string(ff::to_string(P::id)) + ">";
  ct_check("mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return P::template mul<F>(a.limb, b.limb); }); }, a, b);
  ct_check("square" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return P::template square<F>(a.limb); }); }, a);
}

template <ff::prime_field F>
void check_prime(std::mt19937_64& rng) {
  ff::element<F> a = F::random(rng), b = F::random(rng), zero = F::zero(), sq = ff::square(a);
  if (a.is_zero()) a = F::one();
  std::array<ff::u64, F::limbs> e;
  for (auto& l : e) l = rng();
  [&]<class... P>(ff::policy_list<P...>) { (check_prime_kernels<F, P>(a, b), ...); }(typename F::scalar_policies{});
  ct_check("a+b", [&] { return a + b; }, a, b);
  ct_check("a-b", [&] { return a - b; }, a, b);
  ct_check("-a", [&] { return -a; }, a);
  ct_check("a*b", [&] { return a * b; }, a, b);
  ct_check("square", [&] { return ff::square(a); }, a);
  ct_check("inverse", [&] { return ff::inverse(a); }, a);
  ct_check("inverse(0)-throws", [&] { return throws([&] { return ff::inverse(zero); }); }, zero);
  ct_check("inverse_fermat", [&] { return ff::lab::inverse_fermat(a); }, a);
  ct_check("pow(secret a, secret e)", [&] { return ff::pow(a, std::span<const ff::u64>(e)); }, a, e);
  // The batches, on the family's batch backend (valgrind runs no AVX-512, so not ifma's
  // kernels: docs/constant-time.md); the same algorithms over the scalar products.
  using E = ff::element<F>;
  std::array<E, 3> v = {a, sq, a + sq}, out;
  if (v[2].is_zero()) v[2] = F::one();
  std::array<std::array<ff::u64, F::limbs>, 3> es = {e, e, e};
  es[1][0] ^= 1;
  const auto batch = [&](auto&& fn) {
    fn();
    return out;
  };
  ct_check("batch mul", [&] { return batch([&] { ff::mul<F>(std::span<const E>(v), std::span<const E>(v), std::span<E>(out)); }); }, v);
  ct_check("batch square", [&] { return batch([&] { ff::square<F>(std::span<const E>(v), std::span<E>(out)); }); }, v);
  ct_check("batch inverse", [&] { return batch([&] { ff::inverse<F>(std::span<const E>(v), std::span<E>(out)); }); }, v);
  ct_check("batch pow(secret e)", [&] { return batch([&] { ff::pow<F>(std::span<const E>(v), std::span<const ff::u64>(e), std::span<E>(out)); }); }, v, e);
  ct_check("batch pow(secret e per element)",
           [&] { return batch([&] { ff::pow<F>(std::span<const E>(v), std::span<const std::array<ff::u64, F::limbs>>(es), std::span<E>(out)); }); }, v, es);
  ct_check("sqrt(square)", [&] { return ff::sqrt(sq); }, sq);
  ct_check("sqrt(any)", [&] { return ff::sqrt(b); }, b);
  ct_check("legendre", [&] { return ff::legendre(b); }, b);
  ct_check("to_bytes_be", [&] { return F::to_bytes_be(a); }, a);
  auto bytes = F::to_bytes_be(a);
  ct_check("from_bytes_be", [&] { return F::from_bytes_be(bytes); }, bytes);
}

// X25519 / X448: the ladder under each scalar policy directly, in the field's saturated limbs
// (ff::prime::arithmetic) and in radix limbs (ff::prime::radix_arithmetic), then the API under
// the backend FF_BACKEND chose; the private key and the peer's u-coordinate are the secrets.
template <class Curve, class P>
void check_ladder(typename Curve::key& k, typename Curve::key& u) {
  constexpr ff::isa target = ff::target_of(P::id);
  const std::string on = "<" + std::string(ff::to_string(P::id)) + ">";
  ct_check("scalarmult" + on + " saturated", [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return Curve::template scalarmult_with<P, ff::prime::arithmetic<typename Curve::field, P>>(k, u); }); }, k, u);
  ct_check("scalarmult" + on + " radix", [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return Curve::template scalarmult_with<P, ff::prime::radix_arithmetic<typename Curve::field>>(k, u); }); }, k, u);
}
template <class Curve>
void check_curve(std::mt19937_64& rng) {
  typename Curve::key k, u;
  for (auto& b : k) b = std::uint8_t(rng());
  for (auto& b : u) b = std::uint8_t(rng());
  [&]<class... P>(ff::policy_list<P...>) { (check_ladder<Curve, P>(k, u), ...); }(typename Curve::field::scalar_policies{});
  ct_check("public_key", [&] { return Curve::public_key(k); }, k);
  ct_check("shared_secret", [&] { return Curve::shared_secret(k, u); }, k, u);
}

// The SEC 2 binary curves (ff.binary_curves): k P (the ladder, then y recovered), k G (the
// fixed-base table) and ECDH under the backend FF_BACKEND chose; the scalar and the point are
// the secrets.
template <class Curve>
void check_binary_curve(std::mt19937_64& rng) {
  typename Curve::scalar_type k{}, j{};
  for (std::size_t i = 0; i + 1 < k.size(); ++i) k[i] = rng(), j[i] = rng();  // below the order
  auto p = Curve::public_key(j);
  ct_check("mul", [&] { return Curve::mul(k, p); }, k, p);
  ct_check("public_key (fixed-base)", [&] { return Curve::public_key(k); }, k);
  // ecdh's bytes come in a std::vector: copied into an array, so that ct_check's mark_defined
  // reaches them (it marks the object, not a heap buffer).
  ct_check("ecdh", [&] {
    const auto bytes = Curve::ecdh(k, p);
    std::array<std::uint8_t, Curve::field_bytes> out;
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return out;
  }, k, p);
  // The batched ladders (three pairs) on the scalar backend; valgrind runs no AVX-512, so the
  // lanes' masks are vector logic this test does not see.
  std::array<typename Curve::scalar_type, 3> keys{k, j, k};
  const std::array<ff::element<typename Curve::field>, 3> xs{p.x, Curve::public_key(k).x, Curve::generator().x};
  ct_check("mul_x batch", [&] {
    std::array<ff::element<typename Curve::field>, 3> out;
    Curve::mul_x(ff::scalar_backend(ff::family::binary), keys, xs, out);
    return out;
  }, keys);
}

// BN254's tower (ff.tower): every level's mul, square and inverse, and the products by the
// non-residues in each of evmone's variants (ff.lab.towers); its groups and pairing; under each
// scalar policy directly.
template <class P>
void check_tower(std::mt19937_64& rng) {
  constexpr ff::isa target = ff::target_of(P::id);
  const std::string on = "<" + std::string(ff::to_string(P::id)) + ">";
  auto level = [&]<class T>(const std::string& name) {
    auto a = T::random(rng), b = T::random(rng);
    ct_check(name + ".mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return T::mul(a, b); }); }, a, b);
    ct_check(name + ".square" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return T::square(a); }); }, a);
    ct_check(name + ".inverse" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return T::inverse(a); }); }, a);
  };
  level.template operator()<ff::bn254::fp2<P>>("fp2");
  level.template operator()<ff::bn254::fp6<P>>("fp6");
  level.template operator()<ff::bn254::fp12<P>>("fp12");
  using modes = ff::lab::constant_products;
  auto xi = [&]<modes Mode>(const std::string& name) {
    using T = typename ff::lab::bn254_tower<P, Mode>::fp2;
    auto a = T::random(rng);
    ct_check("fp2.xi_" + name + on,
             [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return T::template mul_constant<ff::bn254::xi>(a); }); }, a);
  };
  xi.template operator()<modes::specialized>("specialized");
  xi.template operator()<modes::generic>("generic");
  xi.template operator()<modes::additions>("additions");
  using fp6 = ff::bn254::fp6<P>;
  auto c = fp6::random(rng);
  ct_check("fp6.v" + on,
           [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return fp6::template mul_constant<ff::tower::cubic_constant<int>{0, 1, 0}>(c); }); },
           c);
  // The groups (complete formulas, fixed-window scalar multiplication with the point and the
  // scalar secret) and the pairing (Miller loop, final exponentiation) on secret points.
  namespace bn = ff::bn254;
  using G1 = bn::g1<P>;
  using G2 = bn::g2<P>;
  ff::curve::scalar<4> k{rng(), rng(), rng(), rng() >> 2};
  auto p1 = G1::mul_var(G1::from_affine(bn::g1_generator), ff::curve::scalar<1>{rng()});
  auto q1 = G1::mul_var(G1::from_affine(bn::g1_generator), ff::curve::scalar<1>{rng()});
  auto p2 = G2::mul_var(G2::from_affine(bn::g2_generator), ff::curve::scalar<1>{rng()});
  auto q2 = G2::mul_var(G2::from_affine(bn::g2_generator), ff::curve::scalar<1>{rng()});
  ct_check("g1.add" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(G1::add(p1, q1)); }); }, p1, q1);
  ct_check("g1.dbl" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(G1::dbl(p1)); }); }, p1);
  ct_check("g1.mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(G1::template mul<256>(p1, k)); }); }, p1, k);
  ct_check("g1.mul_glv" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(bn::g1_glv<P>::mul(p1, k)); }); }, p1, k);
  ct_check("g2.add" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G2::to_affine(G2::add(p2, q2)); }); }, p2, q2);
  ct_check("g2.mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G2::to_affine(G2::template mul<256>(p2, k)); }); }, p2, k);
  auto a1 = G1::to_affine(p1);
  auto a2 = G2::to_affine(p2);
  ct_check("pairing" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return bn::pairing<P>::pairing(a1, false, a2, false); }); },
           a1, a2);
  auto f = ff::bn254::fp12<P>::random(rng);
  ct_check("fp12.cyclotomic_square" + on,
           [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return bn::pairing<P>::cyclotomic_square(f); }); }, f);
}

// BLS12-381's Fp2 and G1 (complete formulas, fixed-window and GLV scalar multiplication with
// the point and the scalar secret), under each scalar policy directly.
template <class P>
void check_bls12_381(std::mt19937_64& rng) {
  constexpr ff::isa target = ff::target_of(P::id);
  const std::string on = "<" + std::string(ff::to_string(P::id)) + ">";
  namespace bls = ff::bls12_381;
  using F2 = bls::fp2<P>;
  using G1 = bls::g1<P>;
  auto a = F2::random(rng), b = F2::random(rng);
  ct_check("fp2.mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return F2::mul(a, b); }); }, a, b);
  ct_check("fp2.square" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return F2::square(a); }); }, a);
  ct_check("fp2.inverse" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return F2::inverse(a); }); }, a);
  ff::curve::scalar<4> k{rng(), rng(), rng(), rng() >> 2};
  auto p = G1::mul_var(G1::from_affine(bls::g1_generator), ff::curve::scalar<1>{rng()});
  auto q = G1::mul_var(G1::from_affine(bls::g1_generator), ff::curve::scalar<1>{rng()});
  ct_check("g1.add" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(G1::add(p, q)); }); }, p, q);
  ct_check("g1.dbl" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(G1::dbl(p)); }); }, p);
  ct_check("g1.mul" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(G1::template mul<256>(p, k)); }); }, p, k);
  ct_check("g1.mul_glv" + on, [&] { return ff::run_with<target>([&]() FF_LAMBDA_INLINE { return G1::to_affine(bls::g1_glv<P>::mul(p, k)); }); }, p, k);
}

#if defined(FF_CT_LEAKY)
// Deliberate leaks, compiled only into ct_test_leaky: a loop whose length is the secret's
// popcount (a branch) and a table lookup at the secret (an address).
ff::u64 leaky_branch(ff::u64 x) {
  ff::u64 n = 0;
  for (; x != 0; x &= x - 1) ++n;
  return n;
}
ff::u64 leaky_index(ff::u64 x) {
  static const auto table = [] {
    std::array<ff::u64, 256> t{};
    for (ff::u64 i = 0; i < t.size(); ++i) t[i] = i * 0x9e3779b97f4a7c15u;
    return t;
  }();
  return table[x & 255];
}
int run_leak(const std::string& which) {
  ff::u64 secret = 0x5a5a5a5a12345678u;
  if (which == "branch") ct_check("leaky_branch", [&] { return leaky_branch(secret); }, secret);
  else if (which == "index") ct_check("leaky_index", [&] { return leaky_index(secret); }, secret);
  else {
    std::fprintf(stderr, "usage: ct_test_leaky branch|index\n");
    return 2;
  }
  std::printf("ct_test_leaky: checked%s; memcheck must report it\n", covered.c_str());
  return 0;
}
#endif

}  // namespace

int main([[maybe_unused]] int argc, [[maybe_unused]] char** argv) {
#if defined(FF_CT_LEAKY)
  return run_leak(argc > 1 ? argv[1] : "");
#endif
  if (!RUNNING_ON_VALGRIND)
    std::printf("ct_test: not under valgrind, so only results are compared (run it with ctest -R ct)\n");
  try {
    std::mt19937_64 rng(2027);
    int fields = 0;
    ff::for_each_type<ff::fields>([&]<class F>() {
      covered.clear();
      if constexpr (ff::binary_field<F>) check_binary<F>(rng);
      if constexpr (ff::prime_field<F>) check_prime<F>(rng);
      std::printf("%-9s scalar backend %-8s:%s\n", std::string(F::name).c_str(),
                  std::string(ff::to_string(ff::scalar_backend(F::family))).c_str(), covered.c_str());
      ++fields;
    });
    ff::for_each_type<ff::rfc7748_curves>([&]<class Curve>() {
      covered.clear();
      check_curve<Curve>(rng);
      std::printf("%-9s scalar backend %-8s:%s\n", std::string(Curve::name).c_str(),
                  std::string(ff::to_string(ff::scalar_backend(ff::family::prime))).c_str(), covered.c_str());
    });
    [&]<class... Curve>(ff::type_list<Curve...>) {
      ((covered.clear(), check_binary_curve<Curve>(rng),
        std::printf("%-9s scalar backend %-8s:%s\n", std::string(Curve::name).c_str(),
                    std::string(ff::to_string(ff::scalar_backend(ff::family::binary))).c_str(), covered.c_str())),
       ...);
    }(ff::binary_curves{});
    covered.clear();
    [&]<class... P>(ff::policy_list<P...>) { (check_tower<P>(rng), ...); }(typename ff::bn254_fp::scalar_policies{});
    std::printf("%-9s %s\n", "bn254 tower", covered.c_str());
    covered.clear();
    [&]<class... P>(ff::policy_list<P...>) { (check_bls12_381<P>(rng), ...); }(typename ff::bls12_381_fp::scalar_policies{});
    std::printf("%-9s %s\n", "bls12_381", covered.c_str());
    std::printf("ct_test: %d checks on %d fields, 2 Montgomery and %zu binary curves, BN254's tower and BLS12-381's G1, %d wrong results; memcheck's errors, if any, are above\n",
                checks, fields, ff::binary_curves::size, wrong);
  } catch (const ff::error& e) {
    std::fprintf(stderr, "ct_test: %s\n", e.what());
    return 2;
  }
  return wrong == 0 && checks > 0 ? 0 : 1;
}
