// ff.core: what every field shares and nothing that computes a product.
// Element storage (little-endian 64-bit limbs, one strong type per field), the field
// concept, hex I/O with clear errors, random canonical elements.
module;
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
export module ff.core;

export namespace ff {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

// Keep in step with project(VERSION) in CMakeLists.txt (a test checks it).
constexpr std::string_view version() { return "0.1.0"; }

// Every error fieldlab reports on bad input: one readable sentence.
class error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// An element of field F: F::limbs little-endian limbs, bit i = coefficient of x^i
// (for towers, the field documents its own layout). Canonical = bits >= degree are zero.
template <class F>
struct element {
  std::array<u64, F::limbs> limb{};

  friend constexpr bool operator==(const element&, const element&) = default;
  // Addition in characteristic 2 is XOR, whatever the field.
  friend constexpr element operator+(const element& a, const element& b) {
    element r;
    for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = a.limb[i] ^ b.limb[i];
    return r;
  }
  friend constexpr element operator-(const element& a, const element& b) { return a + b; }
  constexpr element& operator+=(const element& b) { return *this = *this + b; }
  constexpr bool is_zero() const { return *this == element{}; }
};

// The bits of limb i that a canonical element of a degree-`degree` field may use.
constexpr u64 limb_mask(unsigned degree, std::size_t i) {
  if ((i + 1) * 64 <= degree) return ~u64{0};
  if (i * 64 >= degree) return 0;
  return (u64{1} << (degree - i * 64)) - 1;
}

// A binary field GF(2^degree) as a zero-sized marker type. Products are member
// templates over a backend policy A (ff.clmul) so that one definition serves the
// scalar kernels (A::limb = u64) and the SIMD batch kernels (A::limb = a vector of u64,
// one lane per element).
template <class F>
concept binary_field = requires {
  { F::name } -> std::convertible_to<std::string_view>;
  { F::degree } -> std::convertible_to<unsigned>;
  { F::limbs } -> std::convertible_to<std::size_t>;
  { F::generator() } -> std::same_as<element<F>>;
} && (F::degree <= 64 * F::limbs) && (F::degree > 64 * (F::limbs - 1));

template <binary_field F>
constexpr bool is_canonical(const element<F>& a) {
  for (std::size_t i = 0; i < F::limbs; ++i)
    if (a.limb[i] & ~limb_mask(F::degree, i)) return false;
  return true;
}

// Hex: most significant digit first, optional 0x, bit i of the value = coefficient i.
template <binary_field F>
element<F> from_hex(std::string_view text) {
  const std::string original(text);
  if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2);
  if (text.empty()) throw error(std::string(F::name) + ": empty hex value '" + original + "'");
  element<F> r;
  std::size_t bit = 0;
  for (std::size_t pos = text.size(); pos-- > 0; bit += 4) {
    const char c = text[pos];
    unsigned digit;
    if (c >= '0' && c <= '9') digit = unsigned(c - '0');
    else if (c >= 'a' && c <= 'f') digit = unsigned(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') digit = unsigned(c - 'A' + 10);
    else
      throw error(std::string(F::name) + ": malformed hex '" + original + "': '" + std::string(1, c) +
                  "' is not a hex digit");
    if (digit == 0) continue;
    const std::size_t top = bit + std::size_t(31 - std::countl_zero(digit));  // highest set bit
    if (top >= F::degree)
      throw error(std::string(F::name) + ": value '" + original + "' has a bit at or above x^" +
                  std::to_string(F::degree) + " (the field has degree " + std::to_string(F::degree) +
                  ")");
    r.limb[bit / 64] |= u64{digit} << (bit % 64);
  }
  return r;
}

// Fixed width: ceil(degree / 4) lowercase digits, no prefix.
template <binary_field F>
std::string to_hex(const element<F>& a) {
  constexpr std::size_t digits = (F::degree + 3) / 4;
  std::string s(digits, '0');
  for (std::size_t d = 0; d < digits; ++d) {
    const unsigned nibble = unsigned(a.limb[(4 * d) / 64] >> ((4 * d) % 64)) & 15u;
    s[digits - 1 - d] = "0123456789abcdef"[nibble];
  }
  return s;
}

// A uniformly random canonical element from any 64-bit generator (std::mt19937_64, ...).
template <binary_field F, class Rng>
element<F> random_element(Rng& rng) {
  element<F> r;
  for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = u64(rng()) & limb_mask(F::degree, i);
  return r;
}

// The constructors every field marker offers as static members (F::zero(), ...).
template <class F>
struct field_base {
  using element_type = element<F>;
  static constexpr element<F> zero() { return {}; }
  static constexpr element<F> one() {
    element<F> r;
    r.limb[0] = 1;
    return r;
  }
  template <class Rng>
  static element<F> random(Rng& rng) {
    return random_element<F>(rng);
  }
  static element<F> from_hex(std::string_view s) { return ff::from_hex<F>(s); }
  // x (the polynomial-basis monomial of degree k), for tests and proofs.
  static constexpr element<F> monomial(unsigned k) {
    element<F> r;
    r.limb[k / 64] = u64{1} << (k % 64);
    return r;
  }
};

}  // namespace ff
