// Peers of fieldlab's prime fields. One timing harness per op shape, written once over the
// peer: every peer class has the same members (functions, load, value, copy, apply<op>), and
// the peers that have an op are timed interleaved with each other on the same operands.
#include "prime_peers.hpp"
#include <flint/fmpz.h>
#include <flint/fmpz_mod.h>
#include <gmp.h>
#include <gmpxx.h>
#include <openssl/bn.h>
#include <NTL/ZZ.h>
#include <NTL/ZZ_p.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include "measure.hpp"

namespace ffb {
namespace {

enum class op { mul, sqr, add, sub, inv, sqrt, pow, pow_var, legendre };
constexpr std::size_t op_count = 9;
// A peer's function for each op, indexed by `op`; nullptr (or left out at the end) where it has none.
using function_table = std::array<const char*, op_count>;

struct op_spec {
  const char* bench;
  op o;
  bool chain;  // a dependent chain z = z * y (or z^2) instead of independent operations
  int log2_n;  // batch size (or chain length); the slow ops get fewer
};
constexpr op_spec specs[] = {
    {"mul", op::mul, false, 12},     {"mul_lat", op::mul, true, 12}, {"sqr", op::sqr, false, 12},
    {"sqr_lat", op::sqr, true, 12},  {"add", op::add, false, 12},    {"sub", op::sub, false, 12},
    {"inv", op::inv, false, 10},     {"sqrt", op::sqrt, false, 7},   {"pow", op::pow, false, 7},
    {"pow_var", op::pow_var, false, 7}, {"legendre", op::legendre, false, 10}};
constexpr int quick_log2_n = 3;

// Montgomery-form peers keep only the products in that form: inversion, square roots and
// exponentiation take ordinary residues.
constexpr bool montgomery_op(op o) { return o == op::mul || o == op::sqr; }

// Little-endian bytes, the one format every peer reads and writes.
std::vector<unsigned char> le_bytes(const mpz_class& v, std::size_t len) {
  std::vector<unsigned char> b(len);
  if (mpz_sizeinbase(v.get_mpz_t(), 256) > len) throw std::runtime_error("prime peers: value wider than the modulus");
  mpz_export(b.data(), nullptr, -1, 1, 0, 0, v.get_mpz_t());
  return b;
}
mpz_class from_le_bytes(const unsigned char* b, std::size_t len) {
  mpz_class v;
  mpz_import(v.get_mpz_t(), len, -1, 1, 0, 0, b);
  return v;
}
std::size_t byte_length(const mpz_class& p) { return mpz_sizeinbase(p.get_mpz_t(), 256); }

// Owns one peer-library value; peers' elements live in vectors and never move.
template <class T, void (*Free)(T*)>
struct owned {
  T* v;
  explicit owned(T* p) : v(p) {
    if (!v) throw std::bad_alloc();
  }
  ~owned() { Free(v); }
  owned(const owned&) = delete;
  owned& operator=(const owned&) = delete;
};

// ---- OpenSSL 3: BN with a Montgomery context -----------------------------------------------

class openssl_peer {
 public:
  static constexpr const char* impl = "openssl";
  struct elem : owned<BIGNUM, BN_free> {
    elem() : owned(BN_new()) {}
  };
  static constexpr function_table functions = {
      "BN_mod_mul_montgomery", "BN_mod_mul_montgomery", "BN_mod_add_quick", "BN_mod_sub_quick", "BN_mod_inverse",
      "BN_mod_sqrt", "BN_mod_exp_mont_consttime", "BN_mod_exp_mont", "BN_kronecker"};
  explicit openssl_peer(const mpz_class& p) : len_(byte_length(p)) {
    const auto b = le_bytes(p, len_);
    if (!BN_lebin2bn(b.data(), int(len_), p_.v) || BN_MONT_CTX_set(mont_.v, p_.v, ctx_.v) != 1)
      throw std::runtime_error("prime peers: OpenSSL BN_MONT_CTX_set failed");
  }
  void load(op o, elem& e, const mpz_class& v) {
    const auto b = le_bytes(v, len_);
    if (!BN_lebin2bn(b.data(), int(len_), e.v) || (montgomery_op(o) && BN_to_montgomery(e.v, e.v, mont_.v, ctx_.v) != 1))
      throw std::runtime_error("prime peers: OpenSSL BN_to_montgomery failed");
  }
  mpz_class value(op o, const elem& e) {
    elem t;
    const bool ok = montgomery_op(o) ? BN_from_montgomery(t.v, e.v, mont_.v, ctx_.v) == 1 : BN_copy(t.v, e.v) != nullptr;
    if (!ok) throw std::runtime_error("prime peers: OpenSSL BN_from_montgomery failed");
    std::vector<unsigned char> b(len_);
    if (BN_bn2lebinpad(t.v, b.data(), int(len_)) < 0) return -1;  // wider than p: a wrong answer
    return from_le_bytes(b.data(), len_);
  }
  void copy(elem& d, const elem& s) { BN_copy(d.v, s.v); }
  // Failures (a null or 0 return) leave z unchanged, which the answer check catches.
  template <op O, class Out>
  void apply(Out& z, const elem& x, const elem& y) {
    if constexpr (O == op::mul) BN_mod_mul_montgomery(z.v, x.v, y.v, mont_.v, ctx_.v);
    else if constexpr (O == op::sqr) BN_mod_mul_montgomery(z.v, x.v, x.v, mont_.v, ctx_.v);
    else if constexpr (O == op::add) BN_mod_add_quick(z.v, x.v, y.v, p_.v);
    else if constexpr (O == op::sub) BN_mod_sub_quick(z.v, x.v, y.v, p_.v);
    else if constexpr (O == op::inv) BN_mod_inverse(z.v, x.v, p_.v, ctx_.v);
    else if constexpr (O == op::sqrt) BN_mod_sqrt(z.v, x.v, p_.v, ctx_.v);
    else if constexpr (O == op::pow) BN_mod_exp_mont_consttime(z.v, x.v, y.v, p_.v, ctx_.v, mont_.v);
    else if constexpr (O == op::pow_var) BN_mod_exp_mont(z.v, x.v, y.v, p_.v, ctx_.v, mont_.v);
    else z = BN_kronecker(x.v, p_.v, ctx_.v);
  }

 private:
  std::size_t len_;
  elem p_;
  owned<BN_CTX, BN_CTX_free> ctx_{BN_CTX_new()};
  owned<BN_MONT_CTX, BN_MONT_CTX_free> mont_{BN_MONT_CTX_new()};
};

// ---- GMP: mpn (fixed-size limbs, division for the reduction) and mpz ----------------------

class gmp_mpn_peer {
 public:
  static constexpr const char* impl = "gmp";
  using elem = std::vector<mp_limb_t>;
  static constexpr function_table functions = {"mpn_mul_n+mpn_tdiv_qr", "mpn_sqr+mpn_tdiv_qr", "mpn_add_n", "mpn_sub_n"};
  explicit gmp_mpn_peer(const mpz_class& p) : n_(mpz_size(p.get_mpz_t())), t_(2 * n_), q_(n_ + 1) { load(op::mul, p_, p); }
  void load(op, elem& e, const mpz_class& v) {
    e.assign(n_, 0);
    for (std::size_t i = 0; i < n_; ++i) e[i] = mpz_getlimbn(v.get_mpz_t(), mp_size_t(i));
  }
  mpz_class value(op, const elem& e) {
    mpz_class v;
    mpz_import(v.get_mpz_t(), n_, -1, sizeof(mp_limb_t), 0, 0, e.data());
    return v;
  }
  void copy(elem& d, const elem& s) { std::copy(s.begin(), s.end(), d.begin()); }
  template <op O, class Out>
  void apply(Out& z, const elem& x, const elem& y) {
    const mp_size_t n = mp_size_t(n_);
    if constexpr (O == op::mul || O == op::sqr) {
      if constexpr (O == op::mul) mpn_mul_n(t_.data(), x.data(), y.data(), n);
      else mpn_sqr(t_.data(), x.data(), n);
      mpn_tdiv_qr(q_.data(), z.data(), 0, t_.data(), 2 * n, p_.data(), n);
    } else if constexpr (O == op::add) {
      if (mpn_add_n(z.data(), x.data(), y.data(), n) || mpn_cmp(z.data(), p_.data(), n) >= 0)
        mpn_sub_n(z.data(), z.data(), p_.data(), n);
    } else {
      static_assert(O == op::sub);
      if (mpn_sub_n(z.data(), x.data(), y.data(), n)) mpn_add_n(z.data(), z.data(), p_.data(), n);
    }
  }

 private:
  std::size_t n_;
  elem p_, t_, q_;
};

class gmp_mpz_peer {
 public:
  static constexpr const char* impl = "gmp";
  using elem = mpz_class;
  static constexpr function_table functions = {
      "mpz_mul+mpz_mod", "mpz_mul+mpz_mod", nullptr, nullptr, "mpz_invert", nullptr, "mpz_powm_sec", "mpz_powm",
      "mpz_legendre"};
  explicit gmp_mpz_peer(const mpz_class& p) : p_(p) {}
  void load(op, elem& e, const mpz_class& v) { e = v; }
  mpz_class value(op, const elem& e) { return e; }
  void copy(elem& d, const elem& s) { d = s; }
  template <op O, class Out>
  void apply(Out& z, const elem& x, const elem& y) {
    if constexpr (O == op::mul || O == op::sqr) {
      mpz_mul(z.get_mpz_t(), x.get_mpz_t(), (O == op::mul ? y : x).get_mpz_t());
      mpz_mod(z.get_mpz_t(), z.get_mpz_t(), p_.get_mpz_t());
    } else if constexpr (O == op::inv) mpz_invert(z.get_mpz_t(), x.get_mpz_t(), p_.get_mpz_t());
    else if constexpr (O == op::pow) mpz_powm_sec(z.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t(), p_.get_mpz_t());
    else if constexpr (O == op::pow_var) mpz_powm(z.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t(), p_.get_mpz_t());
    else {
      static_assert(O == op::legendre);
      z = mpz_legendre(x.get_mpz_t(), p_.get_mpz_t());
    }
  }

 private:
  mpz_class p_;
};

// ---- NTL ZZ_p (its power is variable time; square roots and symbols come from ZZ) --------

class ntl_peer {
 public:
  static constexpr const char* impl = "ntl";
  using elem = NTL::ZZ_p;
  static constexpr function_table functions = {"mul", "sqr", "add", "sub", "inv", "SqrRootMod", nullptr, "power", "Jacobi"};
  explicit ntl_peer(const mpz_class& p) : len_(byte_length(p)), p_(to_zz(p)), push_(p_) {}
  void load(op, elem& e, const mpz_class& v) { e = NTL::conv<NTL::ZZ_p>(to_zz(v)); }
  mpz_class value(op, const elem& e) {
    std::vector<unsigned char> b(len_);
    NTL::BytesFromZZ(b.data(), NTL::rep(e), long(len_));
    return from_le_bytes(b.data(), len_);
  }
  void copy(elem& d, const elem& s) { d = s; }
  template <op O, class Out>
  void apply(Out& z, const elem& x, const elem& y) {
    if constexpr (O == op::mul) NTL::mul(z, x, y);
    else if constexpr (O == op::sqr) NTL::sqr(z, x);
    else if constexpr (O == op::add) NTL::add(z, x, y);
    else if constexpr (O == op::sub) NTL::sub(z, x, y);
    else if constexpr (O == op::inv) NTL::inv(z, x);
    else if constexpr (O == op::sqrt) NTL::SqrRootMod(z.LoopHole(), NTL::rep(x), p_);
    else if constexpr (O == op::pow_var) NTL::power(z, x, NTL::rep(y));
    else {
      static_assert(O == op::legendre);
      z = int(NTL::Jacobi(NTL::rep(x), p_));
    }
  }

 private:
  NTL::ZZ to_zz(const mpz_class& v) const {
    const auto b = le_bytes(v, len_);
    return NTL::ZZFromBytes(b.data(), long(len_));
  }
  std::size_t len_;
  NTL::ZZ p_;
  NTL::ZZ_pPush push_;  // this modulus while the peer lives; the caller's afterwards
};

// ---- FLINT fmpz_mod (no constant-time power) -------------------------------------------------

class flint_peer {
 public:
  static constexpr const char* impl = "flint";
  struct elem {
    fmpz v = 0;
    elem() = default;
    ~elem() { fmpz_clear(&v); }
    elem(const elem&) = delete;
    elem& operator=(const elem&) = delete;
  };
  static constexpr function_table functions = {
      "fmpz_mod_mul", "fmpz_mod_mul", "fmpz_mod_add", "fmpz_mod_sub", "fmpz_mod_inv", "fmpz_sqrtmod", nullptr,
      "fmpz_mod_pow_fmpz", "fmpz_jacobi"};
  explicit flint_peer(const mpz_class& p) {
    fmpz_set_mpz(&p_.v, p.get_mpz_t());
    fmpz_mod_ctx_init(ctx_, &p_.v);
  }
  ~flint_peer() { fmpz_mod_ctx_clear(ctx_); }
  flint_peer(const flint_peer&) = delete;
  flint_peer& operator=(const flint_peer&) = delete;
  void load(op, elem& e, const mpz_class& v) { fmpz_set_mpz(&e.v, v.get_mpz_t()); }
  mpz_class value(op, const elem& e) {
    mpz_class v;
    fmpz_get_mpz(v.get_mpz_t(), &e.v);
    return v;
  }
  void copy(elem& d, const elem& s) { fmpz_set(&d.v, &s.v); }
  template <op O, class Out>
  void apply(Out& z, const elem& x, const elem& y) {
    if constexpr (O == op::mul) fmpz_mod_mul(&z.v, &x.v, &y.v, ctx_);
    else if constexpr (O == op::sqr) fmpz_mod_mul(&z.v, &x.v, &x.v, ctx_);
    else if constexpr (O == op::add) fmpz_mod_add(&z.v, &x.v, &y.v, ctx_);
    else if constexpr (O == op::sub) fmpz_mod_sub(&z.v, &x.v, &y.v, ctx_);
    else if constexpr (O == op::inv) fmpz_mod_inv(&z.v, &x.v, ctx_);
    else if constexpr (O == op::sqrt) fmpz_sqrtmod(&z.v, &x.v, &p_.v);
    else if constexpr (O == op::pow_var) fmpz_mod_pow_fmpz(&z.v, &x.v, &y.v, ctx_);
    else {
      static_assert(O == op::legendre);
      z = fmpz_jacobi(&x.v, &p_.v);
    }
  }

 private:
  elem p_;
  fmpz_mod_ctx_t ctx_;
};

// ---- The harness ---------------------------------------------------------------------------

// One op's operands and the referee's answers (GMP mpz), computed before anything is timed.
// The referee avoids the functions it checks: inverses and symbols by Fermat and Euler.
struct cases {
  op o;
  bool chain;
  std::size_t n;  // operations per sample
  mpz_class p;
  std::vector<mpz_class> x, y, expected;  // one of each for a chain

  bool accepts(std::size_t i, const mpz_class& got) const {
    if (o == op::sqrt) return got >= 0 && got < p && (got * got - x[i]) % p == 0;  // either root
    return got == expected[i];
  }
};

mpz_class referee(op o, const mpz_class& x, const mpz_class& y, const mpz_class& p) {
  mpz_class r;
  switch (o) {
    case op::mul: r = x * y; break;
    case op::sqr: r = x * x; break;
    case op::add: r = x + y; break;
    case op::sub: r = x - y; break;
    case op::inv: mpz_powm(r.get_mpz_t(), x.get_mpz_t(), mpz_class(p - 2).get_mpz_t(), p.get_mpz_t()); break;
    case op::pow: case op::pow_var: mpz_powm(r.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t(), p.get_mpz_t()); break;
    case op::legendre:
      mpz_powm(r.get_mpz_t(), x.get_mpz_t(), mpz_class((p - 1) / 2).get_mpz_t(), p.get_mpz_t());
      return r == p - 1 ? mpz_class(-1) : r;
    case op::sqrt: return 0;  // unused: cases::accepts squares the answer
  }
  mpz_mod(r.get_mpz_t(), r.get_mpz_t(), p.get_mpz_t());
  return r;
}

cases make_cases(const op_spec& s, std::size_t n, const mpz_class& p, gmp_randclass& rng) {
  cases c{s.o, s.chain, n, p, {}, {}, {}};
  const std::size_t m = s.chain ? 1 : n;
  const bool nonzero_x = s.o == op::inv, nonzero_y = s.o == op::pow || s.o == op::pow_var;
  auto uniform = [&](bool nonzero) {
    const mpz_class r = rng.get_z_range(nonzero ? mpz_class(p - 1) : p);
    return nonzero ? mpz_class(r + 1) : r;
  };
  for (std::size_t i = 0; i < m; ++i) {
    mpz_class x = uniform(nonzero_x);
    if (s.o == op::sqrt) x = x * x % p;
    c.x.push_back(x);
    c.y.push_back(uniform(nonzero_y));
  }
  if (s.chain) {
    mpz_class z = c.x[0];
    for (std::size_t i = 0; i < n; ++i) z = referee(s.o, z, c.y[0], p);
    c.expected = {z};
  } else {
    for (std::size_t i = 0; i < m; ++i) c.expected.push_back(referee(s.o, c.x[i], c.y[i], p));
  }
  return c;
}

// One peer's part in one op: its timed loop and the check of what the loop left behind.
struct entry {
  std::string impl, variant;
  std::function<void()> timed, check;
};

template <op O, class P>
entry prepare(P& peer, const cases& c, const std::string& field) {
  using elem = typename P::elem;
  using out = std::conditional_t<O == op::legendre, int, elem>;
  struct operands {
    std::vector<elem> x, y;
    std::vector<out> z;
  };
  const std::size_t m = c.x.size();
  auto d = std::make_shared<operands>(operands{std::vector<elem>(m), std::vector<elem>(m), std::vector<out>(m)});
  for (std::size_t i = 0; i < m; ++i) {
    peer.load(O, d->x[i], c.x[i]);
    peer.load(O, d->y[i], c.y[i]);
    if constexpr (!std::is_same_v<out, int>) peer.load(O, d->z[i], 0);
  }
  entry e{P::impl, P::functions[std::size_t(O)], {}, {}};
  if constexpr (O == op::mul || O == op::sqr)
    if (c.chain) {
      e.timed = [&peer, d, n = c.n] {
        out& z = d->z[0];
        const elem& y = d->y[0];
        peer.copy(z, d->x[0]);
        for (std::size_t i = 0; i < n; ++i) peer.template apply<O>(z, z, y);
      };
    }
  if (!e.timed)
    e.timed = [&peer, d, m] {
      const elem *x = d->x.data(), *y = d->y.data();
      out* z = d->z.data();
      for (std::size_t i = 0; i < m; ++i) peer.template apply<O>(z[i], x[i], y[i]);
    };
  e.check = [&peer, d, &c, field, what = e.impl + " " + e.variant] {
    for (std::size_t i = 0; i < d->z.size(); ++i) {
      mpz_class got;
      if constexpr (std::is_same_v<out, int>) got = d->z[i], (void)peer;
      else got = peer.value(O, d->z[i]);
      if (!c.accepts(i, got))
        throw std::runtime_error("prime peers: " + what + " gives a wrong answer on " + field + " (operand " +
                                 std::to_string(i) + ")");
    }
  };
  return e;
}

// Calls f.template operator()<O>() with O = o.
template <class F>
void with_op(op o, F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((o == op(I) ? f.template operator()<op(I)>() : void()), ...);
  }(std::make_index_sequence<op_count>{});
}

mpz_class parse_modulus(const prime_peer_field& f) {
  std::string_view t = f.modulus_text;
  const bool hex = t.starts_with("0x") || t.starts_with("0X");
  if (hex) t.remove_prefix(2);
  const bool digits = !t.empty() && std::all_of(t.begin(), t.end(), [&](unsigned char ch) {
    return hex ? std::isxdigit(ch) != 0 : std::isdigit(ch) != 0;
  });
  mpz_class p;
  if (!digits || mpz_set_str(p.get_mpz_t(), std::string(t).c_str(), hex ? 16 : 10) != 0)
    throw std::runtime_error("prime peers: field " + f.name + ": modulus '" + f.modulus_text +
                             "' is not a decimal or 0x-hex number");
  if (p < 3 || mpz_probab_prime_p(p.get_mpz_t(), 40) == 0)
    throw std::runtime_error("prime peers: field " + f.name + ": modulus " + f.modulus_text + " is not an odd prime");
  return p;
}

}  // namespace

void run_prime_peers(const prime_peer_field& f, int samples, bool quick, results& out) {
  if (samples < 1) throw std::runtime_error("prime peers: samples must be at least 1");
  const mpz_class p = parse_modulus(f);
  const int elem_bytes = int(8 * mpz_size(p.get_mpz_t()));
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(0x5eed);
  std::tuple<openssl_peer, gmp_mpn_peer, gmp_mpz_peer, ntl_peer, flint_peer> peers(p, p, p, p, p);
  for (const op_spec& s : specs) {
    const int log2_n = quick ? std::min(s.log2_n, quick_log2_n) : s.log2_n;
    const cases c = make_cases(s, std::size_t(1) << log2_n, p, rng);
    std::vector<entry> entries;
    with_op(s.o, [&]<op O>() {
      std::apply([&](auto&... peer) {
        auto one = [&]<class P>(P& each) {
          if constexpr (P::functions[std::size_t(O)] != nullptr) entries.push_back(prepare<O>(each, c, f.name));
        };
        (one(peer), ...);
      }, peers);
    });
    std::string who;
    for (std::size_t k = 0; k < entries.size(); ++k)
      if (k == 0 || entries[k].impl != entries[k - 1].impl) who += (who.empty() ? "" : ", ") + entries[k].impl;
    progress("prime peers: " + f.name + " " + s.bench + " (" + who + "; 2^" + std::to_string(log2_n) + ")");
    std::vector<std::function<void()>> fns;
    for (const entry& e : entries) fns.push_back(e.timed);
    const std::vector<timing> t = time_interleaved(samples, double(c.n), fns);
    for (const entry& e : entries) e.check();  // all before any record: no time from a wrong peer
    for (std::size_t k = 0; k < entries.size(); ++k) {
      record r;
      r.bench = s.bench;
      r.field = f.name;
      r.impl = entries[k].impl;
      r.variant = entries[k].variant;
      r.log2_n = log2_n;
      r.elem_bytes = elem_bytes;
      r.samples = t[k].samples;
      r.ns_per_op = t[k].ns_per_op;
      r.ns_median = t[k].ns_median;
      out.add(std::move(r));
    }
  }
}

}  // namespace ffb
