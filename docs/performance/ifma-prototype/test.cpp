// test.cpp -- ifma_mont.hpp against GMP.
// For each field: counts 0..67, 1000, 4099 with random canonical operands and edge values
// sprinkled in, an exhaustive edge-pair pass (every pair of edge values in every lane),
// aliasing (out == a, out == b, out == a == b), square == GMP and square == mul(a, a),
// for the 8-wide and the 16-wide (x2) entry points.  Operands end at a PROT_NONE page and
// the output is surrounded by canaries, so tail over-reads fault and over-writes are seen.
#include "ifma_mont.hpp"

#include <gmp.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using u64 = uint64_t;

static u64 rng_state = 0x9e3779b97f4a7c15ull;
static u64 rnd() {  // splitmix64
  u64 z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static long failures = 0;
static long checked = 0;  // element results compared with GMP

// A buffer of `n` elements whose end touches a PROT_NONE page.
struct guarded {
  void* base = nullptr;
  size_t len = 0;
  u64* p = nullptr;
  guarded(size_t words) {
    long pg = sysconf(_SC_PAGESIZE);
    size_t bytes = (words * 8 + pg - 1) / pg * pg;
    len = bytes + pg;
    base = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) { perror("mmap"); exit(2); }
    mprotect((char*)base + bytes, pg, PROT_NONE);
    p = (u64*)((char*)base + bytes) - words;
  }
  ~guarded() { munmap(base, len); }
};

template <class M>
struct field_test {
  static constexpr size_t N = M::N;
  mpz_t p, Rinv, t1, t2;
  std::vector<std::vector<u64>> edges;

  void to_mpz(mpz_t r, const u64* x) { mpz_import(r, N, -1, 8, 0, 0, x); }
  std::vector<u64> from_mpz(const mpz_t x) {
    std::vector<u64> v(N, 0);
    size_t cnt = 0;
    if (mpz_sizeinbase(x, 2) > 64 * N) { fprintf(stderr, "from_mpz overflow\n"); exit(2); }
    mpz_export(v.data(), &cnt, -1, 8, 0, 0, x);
    return v;
  }

  field_test() {
    mpz_inits(p, Rinv, t1, t2, nullptr);
    to_mpz(p, M::p.data());
    mpz_set_ui(t1, 1);
    mpz_mul_2exp(t1, t1, 64 * N);  // R
    mpz_mod(t1, t1, p);
    if (!mpz_invert(Rinv, t1, p)) { fprintf(stderr, "no inverse\n"); exit(2); }
    auto add = [&](const mpz_t x) {
      mpz_mod(t2, x, p);
      edges.push_back(from_mpz(t2));
    };
    mpz_t x;
    mpz_init(x);
    mpz_set_ui(x, 0); add(x);
    mpz_set_ui(x, 1); add(x);
    mpz_set_ui(x, 2); add(x);
    for (unsigned k = 1; k <= 4; ++k) { mpz_sub_ui(x, p, k); add(x); }           // p-1 .. p-4
    add(t1);                                                                    // R mod p (one)
    mpz_mul(x, t1, t1); add(x);                                                 // R^2 mod p
    mpz_sub(x, p, t1); add(x);                                                  // -one
    for (unsigned b : {52u, 64u, 104u, 128u, 156u, 192u, 208u, 256u, 260u, 312u, 320u, 364u}) {
      if (b >= 64 * N) continue;
      mpz_set_ui(x, 1); mpz_mul_2exp(x, x, b); mpz_sub_ui(x, x, 1);
      if (mpz_cmp(x, p) < 0) add(x);                                            // all-ones low bits
      mpz_set_ui(x, 1); mpz_mul_2exp(x, x, b);
      if (mpz_cmp(x, p) < 0) { mpz_sub(x, p, x); add(x); }                      // p - 2^b
    }
    mpz_fdiv_q_2exp(x, p, 1); add(x);                                           // (p-1)/2
    mpz_add_ui(x, x, 1); add(x);                                                // (p+1)/2
    // largest value whose top u64 limb equals p's and all lower limbs are all-ones, if < p
    {
      std::vector<u64> v(M::p.begin(), M::p.end());
      v[N - 1] -= 1;
      for (size_t i = 0; i + 1 < N; ++i) v[i] = ~u64(0);
      edges.push_back(v);
    }
    mpz_clear(x);
  }
  ~field_test() { mpz_clears(p, Rinv, t1, t2, nullptr); }

  std::vector<u64> random_elem() {
    for (;;) {
      std::vector<u64> v(N);
      for (auto& w : v) w = rnd();
      v[N - 1] &= (~u64(0)) >> __builtin_clzll(M::p[N - 1]);  // same bit length as p
      to_mpz(t1, v.data());
      if (mpz_cmp(t1, p) < 0) return v;
    }
  }

  // reference out = a*b*R^-1 mod p
  void ref(const u64* a, const u64* b, u64* out) {
    to_mpz(t1, a);
    to_mpz(t2, b);
    mpz_mul(t1, t1, t2);
    mpz_mul(t1, t1, Rinv);
    mpz_mod(t1, t1, p);
    auto v = from_mpz(t1);
    memcpy(out, v.data(), N * 8);
  }

  void check(const char* what, size_t count, const u64* a, const u64* b, const u64* got) {
    u64 want[8];
    long bad = 0;
    checked += long(count);
    for (size_t i = 0; i < count; ++i) {
      ref(a + i * N, b + i * N, want);
      if (memcmp(want, got + i * N, N * 8) != 0) {
        if (failures + bad < 10) {
          fprintf(stderr, "FAIL %s %s count=%zu i=%zu (lane %zu)\n  a=", M::name, what, count, i, i % 8);
          for (size_t j = N; j-- > 0;) fprintf(stderr, "%016llx", (unsigned long long)a[i * N + j]);
          fprintf(stderr, "\n  b=");
          for (size_t j = N; j-- > 0;) fprintf(stderr, "%016llx", (unsigned long long)b[i * N + j]);
          fprintf(stderr, "\n  want=");
          for (size_t j = N; j-- > 0;) fprintf(stderr, "%016llx", (unsigned long long)want[j]);
          fprintf(stderr, "\n  got =");
          for (size_t j = N; j-- > 0;) fprintf(stderr, "%016llx", (unsigned long long)got[i * N + j]);
          fprintf(stderr, "\n");
        }
        ++bad;
      }
    }
    failures += bad;
  }

  // run every entry point on (a, b) of `count` elements and compare
  void run_all(size_t count, const std::vector<u64>& av, const std::vector<u64>& bv) {
    const size_t W = count * N;
    guarded ga(W), gb(W), gx(W);
    memcpy(ga.p, av.data(), W * 8);
    memcpy(gb.p, bv.data(), W * 8);
    const u64 canary = 0xdeadbeefcafef00dull;
    std::vector<u64> outbuf(W + 16, canary);
    u64* out = outbuf.data() + 8;
    auto canaries_ok = [&](const char* what) {
      for (size_t i = 0; i < 8; ++i)
        if (outbuf[i] != canary || outbuf[W + 8 + i] != canary) {
          fprintf(stderr, "FAIL %s %s count=%zu: write outside out[]\n", M::name, what, count);
          ++failures;
          return;
        }
    };
    using FMul = void (*)(const u64*, const u64*, u64*, size_t);
    using FSq = void (*)(const u64*, u64*, size_t);
    struct { const char* name; FMul mul; FSq sq; } fns[] = {
        {"x1", ifma::ifma_mul<M, 1>, ifma::ifma_square<M, 1>},
        {"x2", ifma::ifma_mul<M, 2>, ifma::ifma_square<M, 2>},
        {"cios_x1", ifma::ifma_mul<M, 1, ifma::order::cios>, ifma::ifma_square<M, 1>},
        {"cios_x2", ifma::ifma_mul<M, 2, ifma::order::cios>, ifma::ifma_square<M, 2>},
    };
    for (auto& f : fns) {
      char nm[64];
      snprintf(nm, sizeof nm, "mul_%s", f.name);
      f.mul(ga.p, gb.p, out, count);
      check(nm, count, ga.p, gb.p, out);
      canaries_ok(nm);
      // square vs GMP and vs mul(a, a)
      std::vector<u64> sq(W + 1), mm(W + 1);
      f.sq(ga.p, sq.data(), count);
      snprintf(nm, sizeof nm, "square_%s", f.name);
      check(nm, count, ga.p, ga.p, sq.data());
      f.mul(ga.p, ga.p, mm.data(), count);
      if (memcmp(sq.data(), mm.data(), W * 8) != 0) {
        fprintf(stderr, "FAIL %s square_%s != mul(a,a) count=%zu\n", M::name, f.name, count);
        ++failures;
      }
      // aliasing: out == a
      memcpy(gx.p, ga.p, W * 8);
      f.mul(gx.p, gb.p, gx.p, count);
      snprintf(nm, sizeof nm, "mul_%s(out==a)", f.name);
      check(nm, count, ga.p, gb.p, gx.p);
      // out == b
      memcpy(gx.p, gb.p, W * 8);
      f.mul(ga.p, gx.p, gx.p, count);
      snprintf(nm, sizeof nm, "mul_%s(out==b)", f.name);
      check(nm, count, ga.p, gb.p, gx.p);
      // out == a == b
      memcpy(gx.p, ga.p, W * 8);
      f.mul(gx.p, gx.p, gx.p, count);
      snprintf(nm, sizeof nm, "mul_%s(out==a==b)", f.name);
      check(nm, count, ga.p, ga.p, gx.p);
      // square in place
      memcpy(gx.p, ga.p, W * 8);
      f.sq(gx.p, gx.p, count);
      snprintf(nm, sizeof nm, "square_%s(out==a)", f.name);
      check(nm, count, ga.p, ga.p, gx.p);
    }
  }

  void run() {
    long before = failures;
    const size_t E = edges.size();
    // random + sprinkled edges
    std::vector<size_t> counts;
    for (size_t c = 0; c <= 67; ++c) counts.push_back(c);
    counts.push_back(1000);
    counts.push_back(4099);
    for (size_t count : counts) {
      for (int rep = 0; rep < 3; ++rep) {
        std::vector<u64> a, b;
        for (size_t i = 0; i < count; ++i) {
          auto x = (rnd() % 4 == 0) ? edges[rnd() % E] : random_elem();
          auto y = (rnd() % 4 == 0) ? edges[rnd() % E] : random_elem();
          a.insert(a.end(), x.begin(), x.end());
          b.insert(b.end(), y.begin(), y.end());
        }
        run_all(count, a, b);
      }
    }
    // every (edge, edge) pair in every lane: element i, lane l = i%8, q = i/8
    {
      const size_t count = 8 * E * E;
      std::vector<u64> a, b;
      for (size_t i = 0; i < count; ++i) {
        size_t l = i % 8, q = i / 8, pr = (q + l * 7) % (E * E);
        a.insert(a.end(), edges[pr % E].begin(), edges[pr % E].end());
        b.insert(b.end(), edges[pr / E].begin(), edges[pr / E].end());
      }
      run_all(count, a, b);
      // and every edge against random values in every lane
      a.clear(); b.clear();
      for (size_t i = 0; i < 8 * E * 4; ++i) {
        auto y = random_elem();
        a.insert(a.end(), edges[(i / 8 + i % 8) % E].begin(), edges[(i / 8 + i % 8) % E].end());
        b.insert(b.end(), y.begin(), y.end());
      }
      run_all(a.size() / N, a, b);
    }
    printf("%-13s N=%zu K=%zu r=%u edges=%zu: %s\n", M::name, N, M::K, ifma::consts<M>::r, E,
           failures == before ? "ok" : "FAILED");
  }
};

// Extra odd moduli (test only) to exercise the code "written once over the limb counts":
// other N/K/r combinations and moduli close to R = 2^(64N) (where 2p > R).
struct secp256k1_p {
  static constexpr const char* name = "secp256k1_p";
  static constexpr size_t N = 4, K = 5;
  static constexpr std::array<u64, N> p =
      ifma::parse_uint<N>("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F");
};
struct m127 {  // 2^127 - 1, N=2, K=3, r=24
  static constexpr const char* name = "2^127-1";
  static constexpr size_t N = 2, K = 3;
  static constexpr std::array<u64, N> p = ifma::parse_uint<N>("0x7fffffffffffffffffffffffffffffff");
};
struct p512 {  // 2^512 - 569, N=8, K=10, r=44
  static constexpr const char* name = "2^512-569";
  static constexpr size_t N = 8, K = 10;
  static constexpr std::array<u64, N> p = ifma::parse_uint<N>(
      "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
      "fffffffffffffffffffffdc7");
};

int main() {
  if (!ifma::cpu_supported()) { printf("CPU lacks AVX-512 IFMA/VBMI2: skipped\n"); return 77; }
  field_test<ifma::bn254_fp>().run();
  field_test<ifma::bn254_fr>().run();
  field_test<ifma::bls12_381_fr>().run();
  field_test<ifma::bls12_381_fp>().run();
  field_test<secp256k1_p>().run();
  field_test<m127>().run();
  field_test<p512>().run();
  if (failures) { printf("%ld failures\n", failures); return 1; }
  printf("all ok (%ld element results compared with GMP)\n", checked);
  return 0;
}
