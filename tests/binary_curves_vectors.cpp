// Self-contained (no OpenSSL, no NTL): the SEC 2 binary curves against recorded vectors, through
// every binary scalar backend this build and CPU run (the aarch64 build runs it under qemu:
// portable and pmull):
//   - OpenSSL's answers recorded on x86-64 (tests/data/binary_curves_ecdh.txt;
//     binary_curves_openssl recomputes them with OpenSSL): both public keys, the shared
//     x-coordinate both ways, the peers' points decoded from the uncompressed and the
//     compressed form; the public keys by the fixed-base table too; on the Koblitz curves the
//     same by the tau-adic multiplication;
//   - Wycheproof's ECDH vectors for the curves it covers (tests/data/binary_curves_wycheproof.txt:
//     sect283k1/r1, sect409k1/r1, sect571k1/r1). The peer's key is a DER SubjectPublicKeyInfo:
//     this test unwraps it strictly (id-ecPublicKey, the curve's named OID, a BIT STRING with no
//     unused bits) and hands the SEC 1 point to the curve's decode. A "valid" case must give the
//     recorded shared x-coordinate, an "invalid" one must be refused (by the unwrapping or by
//     decode: off the curve, outside the subgroup, a bad compressed point), an "acceptable" one
//     either (points of low order are refused by the subgroup check).
// The recorded ECDH pairs also go through the batched ladders (mul_x over spans) on every
// binary backend, scalar and batch, at nine lengths from 0 to 17 (on zmm: empty, full blocks,
// and last blocks of 1, 3, 4 and 7 lanes).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>
import ff;

namespace {

int passed = 0, failed = 0;
std::map<std::string, int> outcomes;  // Wycheproof: "result: accepted / refused" -> count

void check(bool ok, const std::string& what) {
  if (ok) ++passed;
  else if (++failed <= 30) std::printf("FAIL %s\n", what.c_str());
}

std::vector<std::uint8_t> bytes_of(const std::string& hex) {
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = std::uint8_t(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
  return out;
}

template <class C>
void replay(ff::backend be, std::istringstream& in) {
  std::string a_hex, a_pub, b_hex, b_pub, shared;
  in >> a_hex >> a_pub >> b_hex >> b_pub >> shared;
  const std::string where = std::string(C::name) + " [" + std::string(ff::to_string(be)) + "] a=" + a_hex;
  const auto a = C::parse_scalar(a_hex), b = C::parse_scalar(b_hex);
  const auto pa = C::mul(be, a, C::generator()), pb = C::mul(be, b, C::generator());
  check(C::encode(pa) == bytes_of(a_pub) && C::encode(pb) == bytes_of(b_pub), where + ": public keys");
  check(C::encode(C::mul_base(be, a)) == bytes_of(a_pub) && C::encode(C::mul_base(be, b)) == bytes_of(b_pub),
        where + ": public keys by the fixed-base table");
  const auto peer_b = C::decode(bytes_of(b_pub)), peer_a = C::decode(bytes_of(a_pub));
  check(C::ecdh(be, a, peer_b) == bytes_of(shared) && C::ecdh(be, b, peer_a) == bytes_of(shared), where + ": ECDH");
  check(C::decode(C::encode(peer_b, true)) == peer_b, where + ": compressed round trip");
  if constexpr (requires { C::mul_var(be, a, peer_b); }) {  // the Koblitz curves' tau-adic k P
    check(C::encode(C::mul_var(be, a, C::generator())) == bytes_of(a_pub) &&
              C::field_to_bytes(C::mul_var(be, b, peer_a).x) == bytes_of(shared),
          where + ": tau-adic a G and b (a G)");
  }
}

// The recorded pairs of curve C (both directions of each line) as batches of several lengths,
// through the batched ladders of backend be: each output must be OpenSSL's shared x.
template <class C>
void batched_ecdh(ff::backend be, const std::vector<std::string>& lines) {
  using element = ff::element<typename C::field>;
  std::vector<typename C::scalar_type> keys;
  std::vector<element> peers;
  std::vector<std::vector<std::uint8_t>> shared;
  for (const std::string& line : lines) {
    std::istringstream in(line);
    std::string curve, a_hex, a_pub, b_hex, b_pub, x;
    in >> curve >> a_hex >> a_pub >> b_hex >> b_pub >> x;
    if (curve != C::name) continue;
    keys.insert(keys.end(), {C::parse_scalar(a_hex), C::parse_scalar(b_hex)});
    peers.insert(peers.end(), {C::decode(bytes_of(b_pub)).x, C::decode(bytes_of(a_pub)).x});
    shared.insert(shared.end(), 2, bytes_of(x));
  }
  const std::string where = std::string(C::name) + " batched [" + std::string(ff::to_string(be)) + "]";
  if (keys.empty()) return check(false, where + ": no recorded lines");
  for (std::size_t n : {0, 1, 3, 7, 8, 9, 12, 16, 17}) {
    std::vector<typename C::scalar_type> k(n);
    std::vector<element> x(n), out(n);
    for (std::size_t i = 0; i < n; ++i) {
      k[i] = keys[(i + n) % keys.size()];
      x[i] = peers[(i + n) % keys.size()];
    }
    C::mul_x(be, k, x, out);
    if (n == 9) C::mul_x(be, k, x, x);  // in place
    bool all = true;
    for (std::size_t i = 0; i < n; ++i)
      all = all && C::field_to_bytes(out[i]) == shared[(i + n) % keys.size()] && (n != 9 || x[i] == out[i]);
    check(all, where + ": length " + std::to_string(n));
  }
  bool refused = false;
  try {
    std::vector<element> out(1);
    C::mul_x(be, std::span(keys).first(2), std::span(peers).first(2), std::span(out));
  } catch (const ff::error&) {
    refused = true;
  }
  check(refused, where + ": an output span of the wrong length accepted");
}

// One DER element (tag, minimal definite length) at the front of `in`: its content, and `in`
// advanced past it; nullopt when malformed or of another tag.
std::optional<std::span<const std::uint8_t>> der(std::span<const std::uint8_t>& in, std::uint8_t tag) {
  if (in.size() < 2 || in[0] != tag) return std::nullopt;
  std::size_t length = in[1], header = 2;
  if (length & 0x80) {
    const std::size_t count = length & 0x7f;
    if (count == 0 || count > 2 || in.size() < 2 + count || in[2] == 0) return std::nullopt;
    length = 0;
    for (std::size_t i = 0; i < count; ++i) length = length << 8 | in[2 + i];
    if (length < 0x80) return std::nullopt;  // not minimal
    header = 2 + count;
  }
  if (in.size() < header + length) return std::nullopt;
  const auto content = in.subspan(header, length);
  in = in.subspan(header + length);
  return content;
}

// The SEC 1 point of an EC SubjectPublicKeyInfo for the named curve `oid` (its DER content).
std::optional<std::vector<std::uint8_t>> spki_point(std::span<const std::uint8_t> spki, std::span<const std::uint8_t> oid) {
  static constexpr std::uint8_t ec_public_key[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};  // 1.2.840.10045.2.1
  auto outer = der(spki, 0x30);
  if (!outer || !spki.empty()) return std::nullopt;
  auto algorithm = der(*outer, 0x30);
  auto bits = der(*outer, 0x03);
  if (!algorithm || !bits || !outer->empty()) return std::nullopt;
  auto kind = der(*algorithm, 0x06);
  auto curve = der(*algorithm, 0x06);
  if (!kind || !curve || !algorithm->empty()) return std::nullopt;
  if (!std::ranges::equal(*kind, ec_public_key) || !std::ranges::equal(*curve, oid)) return std::nullopt;
  if (bits->empty() || (*bits)[0] != 0) return std::nullopt;
  return std::vector<std::uint8_t>(bits->begin() + 1, bits->end());
}

// 1.3.132.0.x: the SEC 2 arc of the curves Wycheproof covers.
template <class C>
std::vector<std::uint8_t> curve_oid() {
  const std::string name(C::name);
  const std::uint8_t last = name == "sect283k1" ? 16 : name == "sect283r1" ? 17 : name == "sect409k1" ? 36
                            : name == "sect409r1" ? 37 : name == "sect571k1" ? 38 : name == "sect571r1" ? 39 : 0;
  return {0x2b, 0x81, 0x04, 0x00, last};
}

template <class C>
void replay_wycheproof(ff::backend be, std::istringstream& in) {
  std::string id, result, flags, priv, pub, shared;
  in >> id >> result >> flags >> priv >> pub >> shared;
  const std::string where = std::string(C::name) + " tcId " + id + " (" + result + ", " + flags + ") [" +
                            std::string(ff::to_string(be)) + "]";
  std::optional<std::vector<std::uint8_t>> mine;
  try {
    const auto point = spki_point(bytes_of(pub), curve_oid<C>());
    if (point) mine = C::ecdh(be, C::parse_scalar(priv), C::decode(*point));
  } catch (const ff::error&) {
  }
  const bool matches = mine && shared != "-" && *mine == bytes_of(shared);
  ++outcomes[result + ": " + (mine ? "accepted" : "refused")];
  if (result == "valid") check(matches, where + ": refused or a different shared secret");
  else if (result == "invalid") check(!mine, where + ": accepted");
  else check(!mine || matches, where + ": accepted with a different shared secret");
}

// Every non-comment line of `path` handed to replay_line(backend, curve name, rest of the line).
std::vector<std::string> read_lines(const char* path) {
  std::ifstream file(path);
  if (!file) check(false, std::string("cannot read ") + path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

template <class Replay>
std::size_t replay_file(const char* path, const std::vector<ff::backend>& backends, Replay replay_line) {
  const std::vector<std::string> lines = read_lines(path);
  for (ff::backend be : backends)
    for (const std::string& line : lines) {
      std::istringstream in(line);
      std::string curve;
      in >> curve;
      check(replay_line(be, curve, in), "unknown curve " + curve);
    }
  return lines.size();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: binary_curves_vectors tests/data/binary_curves_ecdh.txt tests/data/binary_curves_wycheproof.txt\n");
    return 2;
  }
  std::vector<ff::backend> backends;
  for (ff::backend be : ff::available_backends(ff::family::binary))
    if (be == ff::scalar_sibling(be)) backends.push_back(be);
  std::size_t recorded = 0, wycheproof = 0;
  try {
    recorded = replay_file(argv[1], backends, [](ff::backend be, const std::string& curve, std::istringstream& in) {
      bool known = false;
      [&]<class... C>(ff::type_list<C...>) {
        ((curve == C::name ? (replay<C>(be, in), known = true) : false), ...);
      }(ff::binary_curves{});
      return known;
    });
    wycheproof = replay_file(argv[2], backends, [](ff::backend be, const std::string& curve, std::istringstream& in) {
      bool known = false;
      [&]<class... C>(ff::type_list<C...>) {
        ((curve == C::name ? (replay_wycheproof<C>(be, in), known = true) : false), ...);
      }(ff::binary_curves{});
      return known;
    });
  } catch (const ff::error& e) {
    check(false, std::string("refused: ") + e.what());
  }
  const std::vector<std::string> lines = read_lines(argv[1]);
  for (ff::backend be : ff::available_backends(ff::family::binary)) {
    try {
      [&]<class... C>(ff::type_list<C...>) { (batched_ecdh<C>(be, lines), ...); }(ff::binary_curves{});
    } catch (const ff::error& e) {
      check(false, std::string("batched: refused: ") + e.what());
    }
  }
  check(recorded == 2 * ff::binary_curves::size, "two recorded OpenSSL lines per curve");
  check(wycheproof == 246, "246 Wycheproof vectors");
  std::printf("binary_curves_vectors: %d checks passed, %d failed (%zu OpenSSL lines, %zu Wycheproof vectors; backends:",
              passed, failed, recorded, wycheproof);
  for (ff::backend be : backends) std::printf(" %s", std::string(ff::to_string(be)).c_str());
  std::printf(")\n");
  for (const auto& [what, count] : outcomes) std::printf("  Wycheproof %s %d\n", what.c_str(), count);
  return failed == 0 && passed > 0 ? 0 : 1;
}
