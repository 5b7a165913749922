// ffcalc's requests (calculator.hpp): the fields' op tables, the curves' and precompiles'
// requests, the field-name lookup, one stdin line's answer, --help.
//
// The ops every field has are one table; each family adds its own (family_ops). No NTL and no
// GMP: the exponent of `pow` is parsed here into little-endian 64-bit limbs.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>
#include "calculator.hpp"
import ff;

namespace ffcalc {
namespace {

using ff::u64;

[[noreturn]] void usage_error(const std::string& message) { throw failure(exit_usage, message); }
[[noreturn]] void math_error(const std::string& message) { throw failure(exit_math, message); }

// The fields ffcalc knows (the library's list), in the order --help lists them.
std::string field_names() {
  std::string names;
  ff::for_each_type<ff::fields>([&]<class F>() { names += (names.empty() ? "" : " ") + std::string(F::name); });
  return names;
}

// A non-negative integer of any length, decimal or 0x-hex, as little-endian 64-bit limbs.
std::vector<u64> parse_exponent(std::string_view text) {
  const std::string original(text);
  const bool hex = text.starts_with("0x") || text.starts_with("0X");
  if (hex) text.remove_prefix(2);
  if (text.empty()) usage_error("exponent '" + original + "' is empty (want a non-negative integer)");
  const u64 base = hex ? 16 : 10;
  std::vector<u64> limbs;
  for (const char c : text) {
    u64 digit;
    if (c >= '0' && c <= '9') digit = u64(c - '0');
    else if (hex && c >= 'a' && c <= 'f') digit = u64(c - 'a' + 10);
    else if (hex && c >= 'A' && c <= 'F') digit = u64(c - 'A' + 10);
    else
      usage_error("exponent '" + original + "': '" + std::string(1, c) + "' is not a " +
                  (hex ? "hex" : "decimal") + " digit (want a non-negative integer, decimal or 0x-hex)");
    // limbs = limbs * base + digit, schoolbook with a 128-bit carry.
    ff::u128 carry = digit;
    for (u64& l : limbs) {
      const ff::u128 t = ff::u128(l) * base + carry;
      l = u64(t);
      carry = t >> 64;
    }
    if (carry) limbs.push_back(u64(carry));
  }
  return limbs;
}

// The operands of one op, parsed on demand so that each op says what its arguments are, and
// the form of its answers: the field's text form (ff::to_string: fixed-width hex for binary
// fields, the decimal integer for prime fields), or with --hex ff::to_hex (0x-hex for prime
// fields; binary fields print hex either way).
template <class F>
struct operands {
  std::span<const std::string_view> text;
  bool hex = false;

  ff::element<F> element(std::size_t i) const {
    try {
      return F::parse(text[i]);
    } catch (const ff::error& e) {
      usage_error(e.what());  // the library's message names the field and the problem
    }
  }
  std::vector<u64> exponent(std::size_t i) const { return parse_exponent(text[i]); }
  std::string print(const ff::element<F>& a) const { return hex ? ff::to_hex(a) : ff::to_string(a); }
};

template <class F>
struct op {
  std::string_view name;
  std::string_view args;  // for --help and arity messages, e.g. "A B"
  std::size_t arity = 0;
  std::string_view help;
  std::string (*run)(const operands<F>&) = nullptr;
};

// The ops of every field.
template <class F>
constexpr auto common_ops = std::to_array<op<F>>({
    {"add", "A B", 2, "A + B", [](const operands<F>& x) { return x.print(x.element(0) + x.element(1)); }},
    {"sub", "A B", 2, "A - B", [](const operands<F>& x) { return x.print(x.element(0) - x.element(1)); }},
    {"neg", "A", 1, "-A", [](const operands<F>& x) { return x.print(-x.element(0)); }},
    {"mul", "A B", 2, "A * B", [](const operands<F>& x) { return x.print(x.element(0) * x.element(1)); }},
    {"sqr", "A", 1, "A^2", [](const operands<F>& x) { return x.print(ff::square(x.element(0))); }},
    {"inv", "A", 1, "A^-1 (A non-zero)", [](const operands<F>& x) { return x.print(ff::inverse(x.element(0))); }},
    {"pow", "A E", 2, "A^E, E a non-negative integer of any length (decimal or 0x-hex)",
     [](const operands<F>& x) {
       const ff::element<F> a = x.element(0);
       const std::vector<u64> e = x.exponent(1);
       return x.print(ff::pow(a, std::span<const u64>(e)));
     }},
});

// The ops of one family only, and how its values are written (for --help): one
// specialization per family.
template <class F>
struct family_ops;

template <ff::binary_family F>
struct family_ops<F> {
  static constexpr std::string_view family = "binary";
  static constexpr std::string_view values =
      "hex, most significant digit first, optional 0x; bit i is the coefficient\n"
      "  of x^i. For ghash2 the value is (coefficient of v) * 2^128 + (constant term).\n"
      "  Answers: ceil(degree/4) lowercase hex digits, no prefix (with or without --hex).\n"
      "  to-ghash2 / to-b256 apply the field isomorphism b256 <-> ghash2 that sends x to the\n"
      "  canonical root of x^256 + x^10 + x^5 + x^2 + 1 in ghash2 (README, ff.iso).\n";
  static constexpr auto ops = std::to_array<op<F>>({
      {"sqrt", "A", 1, "the square root of A", [](const operands<F>& x) { return x.print(ff::sqrt(x.element(0))); }},
      {"trace", "A", 1, "Tr(A), 0 or 1", [](const operands<F>& x) { return std::to_string(ff::trace(x.element(0))); }},
      {"half-trace", "A", 1, "the half trace of A (odd-degree fields only)",
       [](const operands<F>& x) -> std::string {
         if constexpr (F::degree % 2 == 1) {
           return x.print(ff::half_trace(x.element(0)));
         } else {
           usage_error(std::string(F::name) + " half-trace: the half trace exists only for odd degree, and " +
                       std::string(F::name) + " has degree " + std::to_string(F::degree) + " (use solve)");
         }
       }},
      {"solve", "C", 1, "one root z of z^2 + z = C (the other is z + 1)",
       [](const operands<F>& x) {
         const auto z = ff::solve_quadratic(x.element(0));
         if (!z) math_error("no solution: Tr(C) = 1");
         return x.print(*z);
       }},
      {"to-ghash2", "A", 1, "phi(A) in ghash2, the isomorphic image of A (field b256 only; x -> ff::iso::root)",
       [](const operands<F>& x) -> std::string {
         if constexpr (std::is_same_v<F, ff::b256>) return ff::to_hex(ff::to_ghash2(x.element(0)));
         else usage_error(std::string(F::name) + " to-ghash2: converts b256 elements only (ffcalc b256 to-ghash2 A)");
       }},
      {"to-b256", "A", 1, "phi^-1(A) in b256, the isomorphic image of A (field ghash2 only)",
       [](const operands<F>& x) -> std::string {
         if constexpr (std::is_same_v<F, ff::ghash2>) return ff::to_hex(ff::to_b256(x.element(0)));
         else usage_error(std::string(F::name) + " to-b256: converts ghash2 elements only (ffcalc ghash2 to-b256 A)");
       }},
  });
};

template <ff::prime_family F>
struct family_ops<F> {
  static constexpr std::string_view family = "prime";
  static constexpr std::string_view values =
      "an integer 0 .. p - 1, decimal or hex after 0x; no sign.\n"
      "  Answers: the integer 0 .. p - 1 in decimal; with --hex in lowercase 0x-hex.\n";
  static constexpr auto ops = std::to_array<op<F>>({
      {"sqrt", "A", 1, "a square root r of A (the other is p - r); A not a square: exit 1",
       [](const operands<F>& x) {
         const auto r = ff::sqrt(x.element(0));
         if (!r) math_error(std::string(F::name) + ": '" + std::string(x.text[0]) + "' is not a square");
         return x.print(*r);
       }},
      {"legendre", "A", 1, "the Legendre symbol (A/p): -1, 0 or 1",
       [](const operands<F>& x) { return std::to_string(ff::legendre(x.element(0))); }},
  });
};

template <class T, std::size_t N, std::size_t M>
constexpr std::array<T, N + M> join(const std::array<T, N>& a, const std::array<T, M>& b) {
  std::array<T, N + M> r{};
  std::copy(a.begin(), a.end(), r.begin());
  std::copy(b.begin(), b.end(), r.begin() + N);
  return r;
}

// The op table of F: adding an op is one entry (ops meant for one field check F themselves).
template <class F>
constexpr auto ops = join(common_ops<F>, family_ops<F>::ops);

// One request for field F: OP and its operands. Returns the answer line.
template <class F>
std::string calculate(std::string_view op_name, std::span<const std::string_view> args, bool hex) {
  for (const op<F>& o : ops<F>) {
    if (o.name != op_name) continue;
    if (args.size() != o.arity)
      usage_error(std::string(F::name) + " " + std::string(op_name) + ": expects " + std::to_string(o.arity) +
                  " argument" + (o.arity == 1 ? "" : "s") + " (" + std::string(o.args) + "), got " +
                  std::to_string(args.size()));
    try {
      return o.run(operands<F>{args, hex});
    } catch (const ff::error& e) {
      math_error(e.what());  // operands are already parsed: what is left is math (inverse of zero)
    }
  }
  std::string names;
  for (const op<F>& o : ops<F>) names += " " + std::string(o.name);
  usage_error("unknown op '" + std::string(op_name) + "' (ops:" + names + ")");
}

// The Diffie-Hellman functions of RFC 7748: CURVE ecdh SCALAR U, CURVE pubkey SCALAR, keys
// and u-coordinates in the RFC's little-endian hex.
using curves = ff::rfc7748_curves;

// The arity of a curve's `ecdh SCALAR POINT` (2) or `pubkey SCALAR` (1); else a usage error.
// point_word names the peer's value in the messages (U, POINT).
std::size_t curve_op_arity(const std::string& name, const std::string& op, std::size_t given, const std::string& point_word) {
  const std::size_t arity = op == "ecdh" ? 2 : op == "pubkey" ? 1 : 0;
  if (arity == 0) usage_error("unknown op '" + op + "' for " + name + " (ops: ecdh SCALAR " + point_word + ", pubkey SCALAR)");
  if (given != arity)
    usage_error(name + " " + op + ": expects " + std::to_string(arity) + " argument" + (arity == 1 ? "" : "s") +
                (arity == 1 ? " (SCALAR)" : " (SCALAR " + point_word + ")") + ", got " + std::to_string(given));
  return arity;
}

template <class Curve>
std::string calculate_curve(std::string_view op_name, std::span<const std::string_view> args, bool) {
  const std::string name(Curve::name), op(op_name);
  const std::size_t arity = curve_op_arity(name, op, args.size(), "U");
  typename Curve::key scalar, u;
  try {
    scalar = Curve::parse_key(args[0]);
    u = arity == 2 ? Curve::parse_key(args[1]) : Curve::base_point();
  } catch (const ff::error& e) {
    usage_error(e.what());
  }
  try {
    return Curve::to_hex(Curve::shared_secret(scalar, u));
  } catch (const ff::error& e) {
    math_error(e.what());  // an all-zero shared secret
  }
}

// The hex text of bytes, and bytes from hex (0x optional).
std::vector<std::uint8_t> parse_hex_bytes(std::string_view what, std::string_view text);
std::string hex_bytes(std::span<const std::uint8_t> bytes);

// The SEC 2 binary curves: CURVE pubkey SCALAR (hex, most significant digit first) prints the
// SEC 1 uncompressed public key; CURVE ecdh SCALAR POINT (SEC 1 hex, either form) the shared
// x-coordinate as OpenSSL's ECDH derives it. A scalar 0 or >= n, or a point off the curve or
// outside the subgroup, is refused (exit 2).
template <class Curve>
std::string calculate_binary_curve(std::string_view op_name, std::span<const std::string_view> args, bool) {
  const std::string name(Curve::name), op(op_name);
  const std::size_t arity = curve_op_arity(name, op, args.size(), "POINT");
  try {
    const auto k = Curve::parse_scalar(args[0]);
    if (arity == 1) return hex_bytes(Curve::encode(Curve::public_key(k)));
    return hex_bytes(Curve::ecdh(k, Curve::decode(parse_hex_bytes(name + " ecdh: the point", args[1]))));
  } catch (const ff::error& e) {
    usage_error(e.what());
  }
}

// BN254's precompiles (EIP-196/197): bn254 g1-add HEX, g1-mul HEX, pairing-check HEX, HEX the
// precompile's input bytes (0x optional; "0x" alone is empty) and the answer its output.
std::vector<std::uint8_t> parse_hex_bytes(std::string_view what, std::string_view text) {
  if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2);
  if (text.size() % 2) usage_error(std::string(what) + ": the hex input has an odd number of digits");
  std::vector<std::uint8_t> out(text.size() / 2);
  auto digit = [&](char c) -> unsigned {
    if (c >= '0' && c <= '9') return unsigned(c - '0');
    if (c >= 'a' && c <= 'f') return unsigned(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return unsigned(c - 'A' + 10);
    usage_error(std::string(what) + ": '" + std::string(1, c) + "' is not a hex digit");
  };
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = std::uint8_t(digit(text[2 * i]) << 4 | digit(text[2 * i + 1]));
  return out;
}
std::string hex_bytes(std::span<const std::uint8_t> bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes) out += {digits[b >> 4], digits[b & 15]};
  return out;
}
std::string calculate_bn254(std::string_view op_name, std::span<const std::string_view> args, bool) {
  const std::string op(op_name);
  if (op != "g1-add" && op != "g1-mul" && op != "pairing-check")
    usage_error("unknown op '" + op + "' for bn254 (ops: g1-add HEX, g1-mul HEX, pairing-check HEX)");
  if (args.size() != 1) usage_error("bn254 " + op + ": expects 1 argument (HEX, the precompile's input), got " + std::to_string(args.size()));
  const std::vector<std::uint8_t> input = parse_hex_bytes("bn254 " + op, args[0]);
  try {
    if (op == "g1-add") return hex_bytes(ff::bn254::ecadd(input));
    if (op == "g1-mul") return hex_bytes(ff::bn254::ecmul(input));
    std::array<std::uint8_t, 32> out{};
    out[31] = ff::bn254::pairing_check(input) ? 1 : 0;
    return hex_bytes(out);
  } catch (const ff::error& e) {
    usage_error(e.what());  // what the precompile refuses: a coordinate >= p, a point off its curve, ...
  }
}

// BLS12-381's G1 in Zcash's encodings: bls12_381 g1-decompress HEX (48 bytes -> the 96-byte
// uncompressed form), g1-compress HEX (96 -> 48), g1-mul HEX SCALAR (a compressed point and a
// 32-byte big-endian scalar -> the compressed product). A refused encoding is exit 2.
std::string calculate_bls12_381(std::string_view op_name, std::span<const std::string_view> args, bool) {
  const std::string op(op_name);
  const std::size_t arity = op == "g1-mul" ? 2 : 1;
  if (op != "g1-decompress" && op != "g1-compress" && op != "g1-mul")
    usage_error("unknown op '" + op + "' for bls12_381 (ops: g1-decompress HEX, g1-compress HEX, g1-mul HEX SCALAR)");
  if (args.size() != arity)
    usage_error("bls12_381 " + op + ": expects " + std::to_string(arity) + " argument" + (arity > 1 ? "s" : "") + ", got " +
                std::to_string(args.size()));
  const std::vector<std::uint8_t> input = parse_hex_bytes("bls12_381 " + op, args[0]);
  namespace bls = ff::bls12_381;
  try {
    if (op == "g1-decompress") return hex_bytes(bls::g1_serialize(bls::g1_decompress(input)));
    if (op == "g1-compress") return hex_bytes(bls::g1_compress(bls::g1_deserialize(input)));
    const std::vector<std::uint8_t> k = parse_hex_bytes("bls12_381 g1-mul: the scalar", args[1]);
    if (k.size() != 32) usage_error("bls12_381 g1-mul: the scalar is " + std::to_string(k.size()) + " bytes, 32 expected (big-endian)");
    ff::curve::scalar<4> scalar{};
    for (std::size_t i = 0; i < 32; ++i) scalar[i / 8] |= ff::u64(k[31 - i]) << (8 * (i % 8));
    return hex_bytes(bls::g1_compress(bls::g1_mul(bls::g1_decompress(input), scalar)));
  } catch (const ff::error& e) {
    usage_error(e.what());  // a wrong length or flag, a coordinate >= p, a point off the curve or outside G1
  }
}

std::string rfc7748_curve_names() {
  std::string names;
  ff::for_each_type<curves>([&]<class C>() { names += (names.empty() ? "" : " ") + std::string(C::name); });
  return names;
}
std::string binary_curve_names() {
  std::string names;
  [&]<class... C>(ff::type_list<C...>) { ((names += (names.empty() ? "" : " ") + std::string(C::name)), ...); }(ff::binary_curves{});
  return names;
}
std::string curve_names() { return rfc7748_curve_names() + " " + binary_curve_names(); }

}  // namespace

// FIELD (or CURVE) name -> its calculator, resolved once per request by ff::visit_field over
// the registry (and the curves).
calculator find_field(std::string_view name) {
  if (name == "bn254") return &calculate_bn254;
  if (name == "bls12_381") return &calculate_bls12_381;
  calculator found = nullptr;
  ff::for_each_type<curves>([&]<class C>() {
    if (name == C::name) found = &calculate_curve<C>;
  });
  [&]<class... C>(ff::type_list<C...>) {
    ((name == C::name ? (found = &calculate_binary_curve<C>, 0) : 0), ...);
  }(ff::binary_curves{});
  if (found) return found;
  try {
    ff::visit_by_name<ff::fields>(name, [&]<class F>() { found = &calculate<F>; });
  } catch (const ff::error&) {
    usage_error("unknown field '" + std::string(name) + "' (fields: " + field_names() + "; curves: " + curve_names() + " bn254 bls12_381)");
  }
  return found;
}

namespace {
std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (true) {
    i = line.find_first_not_of(" \t\r\n", i);
    if (i == std::string_view::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t\r\n", i), line.size());
    words.push_back(line.substr(i, end - i));
    i = end;
  }
  return words;
}
}  // namespace

// Stdin mode's request: errors as `error: <message>` in place, so that line n of the output
// answers request n.
std::optional<reply> answer_line(std::string_view line, calculator fixed_field, bool hex) {
  const std::vector<std::string_view> words = split_words(line);
  if (words.empty() || words[0].starts_with("#")) return std::nullopt;
  try {
    const calculator calc = fixed_field ? fixed_field : find_field(words[0]);
    const std::size_t op_at = fixed_field ? 0 : 1;
    if (words.size() <= op_at) usage_error("missing OP after the field name");
    return reply{calc(words[op_at], std::span(words).subspan(op_at + 1), hex), exit_ok};
  } catch (const failure& f) {
    return reply{std::string("error: ") + f.what(), f.code};
  }
}

namespace {
// The first field of a family in the registry: its ops and value text stand for the family's.
template <class F, class... Rest>
F first_field(ff::type_list<F, Rest...>);

template <class F>
std::string op_lines(std::span<const op<F>> list) {
  std::string text;
  for (const op<F>& o : list) {
    std::string head = "  " + std::string(o.name) + " " + std::string(o.args);
    head.resize(std::max<std::size_t>(head.size() + 1, 18), ' ');
    text += head + std::string(o.help) + "\n";
  }
  return text;
}

// Per family: its fields, its own ops and how its values are written.
template <class Family_fields>
std::string family_help() {
  using F = decltype(first_field(Family_fields{}));
  using extras = family_ops<F>;
  std::string fields;
  ff::for_each_type<Family_fields>([&]<class G>() { fields += " " + std::string(G::name); });
  return std::string(extras::family) + " fields:" + fields + "\n  values: " + std::string(extras::values) +
         "  ops of these fields only:\n" + op_lines<F>(extras::ops);
}
}  // namespace

void print_help() {
  using any_field = decltype(first_field(ff::fields{}));
  std::printf(
      "usage: ffcalc [--hex] FIELD OP ARG...   print the answer (FIELD: a field or a curve)\n"
      "       ffcalc [--hex] FIELD             read 'OP ARG...' lines from stdin, answer one line each\n"
      "       ffcalc [--hex]                   read 'FIELD OP ARG...' lines from stdin, answer one line each\n"
      "  --hex   answers of prime fields in 0x-hex instead of decimal\n"
      "\n"
      "fields: %s\n"
      "\n"
      "ops of every field:\n%s"
      "\n%s\n%s"
      "\n"
      "curves: %s (RFC 7748)\n"
      "  values: keys and u-coordinates as the RFC's hex: 32 bytes (x25519) or 56 bytes (x448),\n"
      "  least significant byte first.\n"
      "  ecdh SCALAR U     the shared secret X(SCALAR, U) (clamped scalar); all zero: exit 1\n"
      "  pubkey SCALAR     the public key X(SCALAR, base point)\n"
      "\n"
      "binary curves: %s (SEC 2)\n"
      "  values: scalars as hex, most significant digit first (0 < SCALAR < the group order);\n"
      "  points in SEC 1 hex (04 X Y, or 02/03 X), refused (exit 2) off the curve or the subgroup.\n"
      "  ecdh SCALAR POINT   the shared x-coordinate of SCALAR POINT, as OpenSSL's ECDH\n"
      "  pubkey SCALAR       SCALAR G, uncompressed\n"
      "\n"
      "bn254: Ethereum's precompiles (EIP-196/197) on their input bytes as hex (0x optional),\n"
      "  answering their output bytes; what the precompile refuses is exit 2 with the reason.\n"
      "  g1-add HEX          ECADD (0x06): two G1 points x || y, 32-byte big-endian each\n"
      "  g1-mul HEX          ECMUL (0x07): a G1 point and a 32-byte scalar\n"
      "  pairing-check HEX   ECPAIRING (0x08): pairs of G1 (64 bytes) and G2 (128 bytes:\n"
      "                      x_im x_re y_im y_re); 32 bytes, ...01 when the product is one\n"
      "\n"
      "bls12_381: G1 in Zcash's encodings (hex, 0x optional; flags in the first byte's top bits:\n"
      "  0x80 compressed, 0x40 infinity, 0x20 the larger y); a refused encoding is exit 2.\n"
      "  g1-decompress HEX     48 bytes -> the 96-byte uncompressed point\n"
      "  g1-compress HEX       96 bytes -> the 48-byte compressed point\n"
      "  g1-mul HEX SCALAR     a compressed point times a 32-byte big-endian scalar, compressed\n"
      "\n"
      "In stdin mode blank lines and lines starting with # are skipped; a failing line is\n"
      "answered with 'error: <message>' and the others are still answered.\n"
      "FF_BACKEND forces a backend, at most one per family, comma-separated (e.g. pclmul,adx):\n"
      "binary portable|pclmul|vpclmul256|vpclmul512|pmull, prime portable|adx|ifma; portable\n"
      "alone forces every family.\n"
      "\n"
      "exit codes: 0 every request answered\n"
      "            1 a math error: inverse of zero, solve with Tr(C) = 1, sqrt of a non-square,\n"
      "              an all-zero shared secret\n"
      "            2 a usage error: unknown field or op, wrong number of arguments, malformed\n"
      "              value or exponent, a bit at or above the degree, a value >= p, half-trace\n"
      "              on an even-degree field, to-ghash2 / to-b256 on a field other than b256 /\n"
      "              ghash2, FF_BACKEND unknown or not supported by this CPU, a bn254 input\n"
      "              the precompile refuses, a bls12_381 encoding refused, a binary curve's\n"
      "              scalar out of range or point off the curve or the subgroup\n"
      "            (stdin mode: the highest code of any line)\n",
      field_names().c_str(), op_lines<any_field>(common_ops<any_field>).c_str(),
      family_help<ff::binary_fields>().c_str(), family_help<ff::prime_fields>().c_str(), rfc7748_curve_names().c_str(),
      binary_curve_names().c_str());
}

}  // namespace ffcalc
