// Self-contained (no OpenSSL, no NTL): X25519 and X448 against published vectors, through every
// prime backend this build and CPU run (the aarch64 build runs it under qemu), in both ladder
// representations (the curve's own, and the other of ff.lab.ladders: saturated or radix limbs):
//   - RFC 7748's vectors (tests/data/rfc7748_vectors.txt): sections 5.2 and 6; the
//     1,000-iteration vectors in optimized builds, the 1,000,000-iteration ones only under
//     FF_LONG=1 there (in the curve's own limbs);
//   - Wycheproof's x25519 and x448 vectors (tests/data/*_wycheproof.txt): every valid and
//     acceptable case gives the recorded shared secret, an all-zero secret is refused by
//     shared_secret, an invalid (wrong-length) key is refused by parse_key.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
import ff.lab;

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) ++passed;
  else {
    ++failed;
    std::printf("FAIL %s\n", what.c_str());
  }
}

// Unoptimized (sanitizer) builds skip the 1,000-iteration vectors too: the release preset runs
// them, and they cost the debug preset two minutes.
constexpr bool optimized_build =
#if defined(NDEBUG)
    true;
#else
    false;
#endif

bool long_run() {
#if defined(NDEBUG)
  const char* value = std::getenv("FF_LONG");
  return value && std::string(value) == "1";
#else
  return false;  // 10^6 ladders: the release preset's job
#endif
}

// The ladder's representation: the curve's own, or the other (ff.lab.ladders).
enum class representation { own, other };
template <class Curve>
typename Curve::key scalarmult(ff::backend be, representation r, const typename Curve::key& k, const typename Curve::key& u) {
  return r == representation::own ? Curve::scalarmult(be, k, u) : ff::lab::scalarmult_other<Curve>(be, k, u);
}

bool refused(auto&& fn) {
  try {
    (void)fn();
    return false;
  } catch (const ff::error&) {
    return true;
  }
}

template <class Curve>
void rfc7748_line(const std::vector<std::string>& w, ff::backend be, representation limbs, const std::string& where) {
  using key = typename Curve::key;
  auto hex = [](const std::string& s) { return Curve::parse_key(s); };
  const std::string& kind = w[1];
  if (kind == "scalarmult") {
    check(scalarmult<Curve>(be, limbs, hex(w[2]), hex(w[3])) == hex(w[4]), where);
  } else if (kind == "iterated") {
    const long count = std::stol(w[2]);
    if ((count >= 1000000 && (!long_run() || limbs != representation::own)) || (count >= 1000 && !optimized_build)) return;
    key k = Curve::base_point(), u = Curve::base_point();
    for (long i = 0; i < count; ++i) {
      const key r = scalarmult<Curve>(be, limbs, k, u);
      u = k;
      k = r;
    }
    check(k == hex(w[3]), where);
  } else if (kind == "dh") {
    const key alice = hex(w[2]), alice_public = hex(w[3]), bob = hex(w[4]), bob_public = hex(w[5]), shared = hex(w[6]);
    check(scalarmult<Curve>(be, limbs, alice, Curve::base_point()) == alice_public, where + " (Alice's public key)");
    check(scalarmult<Curve>(be, limbs, bob, Curve::base_point()) == bob_public, where + " (Bob's public key)");
    check(scalarmult<Curve>(be, limbs, alice, bob_public) == shared, where + " (Alice's shared secret)");
    check(scalarmult<Curve>(be, limbs, bob, alice_public) == shared, where + " (Bob's shared secret)");
  } else {
    throw ff::error(where + ": unknown kind " + kind);
  }
}

// tcId result flags private public shared
template <class Curve>
void wycheproof_line(const std::vector<std::string>& w, ff::backend be, representation limbs, const std::string& where) {
  using key = typename Curve::key;
  const std::string &result = w[1], &flags = w[2];
  if (result == "invalid") {  // the only invalid cases: a public key of the wrong length
    check(refused([&] { return Curve::parse_key(w[4]); }), where + " (an invalid key accepted)");
    return;
  }
  const key priv = Curve::parse_key(w[3]), pub = Curve::parse_key(w[4]), shared = Curve::parse_key(w[5]);
  check(scalarmult<Curve>(be, limbs, priv, pub) == shared, where);
  const bool zero = shared == key{};
  check(zero == (flags.find("ZeroSharedSecret") != std::string::npos), where + " (flag and secret disagree)");
  if (zero) check(refused([&] { return Curve::shared_secret(priv, pub); }), where + " (all-zero secret accepted)");
  else check(Curve::shared_secret(priv, pub) == shared, where + " (shared_secret)");
}

template <class Line>
void replay(const char* path, ff::backend be, representation limbs, Line&& line) {
  std::ifstream file(path);
  if (!file) throw ff::error(std::string("cannot read ") + path);
  int number = 0;
  for (std::string text; std::getline(file, text);) {
    ++number;
    if (text.empty() || text[0] == '#') continue;
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    line(words, std::string(path) + ":" + std::to_string(number) + " <" + std::string(ff::to_string(be)) +
                    (limbs == representation::own ? ", own limbs>" : ", other limbs>"));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: rfc7748_vectors RFC7748_VECTORS X25519_WYCHEPROOF X448_WYCHEPROOF\n");
    return 2;
  }
  std::vector<ff::backend> backends;
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) backends.push_back(be);
  try {
    for (ff::backend be : backends)
      for (representation limbs : {representation::own, representation::other}) {
        replay(argv[1], be, limbs, [&](const std::vector<std::string>& w, const std::string& where) {
          if (w.at(0) == "x25519") rfc7748_line<ff::x25519>(w, be, limbs, where);
          else if (w.at(0) == "x448") rfc7748_line<ff::x448>(w, be, limbs, where);
          else throw ff::error(where + ": unknown curve " + w[0]);
        });
        replay(argv[2], be, limbs, [&](const auto& w, const auto& where) { wycheproof_line<ff::x25519>(w, be, limbs, where); });
        replay(argv[3], be, limbs, [&](const auto& w, const auto& where) { wycheproof_line<ff::x448>(w, be, limbs, where); });
      }
  } catch (const ff::error& e) {
    std::fprintf(stderr, "rfc7748_vectors: %s\n", e.what());
    return 2;
  }
  std::printf("rfc7748_vectors: %d checks passed, %d failed (backends:", passed, failed);
  for (ff::backend be : backends) std::printf(" %s", std::string(ff::to_string(be)).c_str());
  std::printf("%s)\n", long_run()          ? "; with the 10^6-iteration vectors"
                       : optimized_build ? ""
                                         : "; an unoptimized build: without the 1,000-iteration vectors");
  return failed == 0 && passed > 0 ? 0 : 1;
}
