// ff.binary.field: arithmetic in characteristic 2 that needs no product (addition is XOR), the
// text form of binary elements (hex), random elements, and the base every binary field
// derives from.
module;
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
export module ff.binary.field;
import ff.core.element;
import ff.core.cpu;
import ff.binary.policies;

export namespace ff {

// A field type of the binary family: GF(2^degree) in `limbs` 64-bit limbs, bit i of an element
// = coefficient of x^i (a tower documents its own layout), canonical = no bit at or above the
// degree. (ff::binary_field, in ff.binary.ops, adds the whole field API.)
template <class F>
concept binary_family = requires {
  { F::name } -> std::convertible_to<std::string_view>;
  { F::degree } -> std::convertible_to<unsigned>;
  { F::limbs } -> std::convertible_to<std::size_t>;
} && (F::family == family::binary) && (F::degree <= 64 * F::limbs) && (F::degree > 64 * (F::limbs - 1));

// The bits of limb i that a canonical element of a degree-`degree` field may use.
constexpr u64 limb_mask(unsigned degree, std::size_t i) {
  if ((i + 1) * 64 <= degree) return ~u64{0};
  if (i * 64 >= degree) return 0;
  return (u64{1} << (degree - i * 64)) - 1;
}

template <binary_family F>
constexpr bool is_canonical(const element<F>& a) {
  for (std::size_t i = 0; i < F::limbs; ++i)
    if (a.limb[i] & ~limb_mask(F::degree, i)) return false;
  return true;
}

// Addition and subtraction are XOR; negation is the identity.
template <binary_family F>
constexpr element<F> operator+(const element<F>& a, const element<F>& b) {
  element<F> r;
  for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = a.limb[i] ^ b.limb[i];
  return r;
}
template <binary_family F>
constexpr element<F> operator-(const element<F>& a, const element<F>& b) {
  return a + b;
}
template <binary_family F>
constexpr element<F> operator-(const element<F>& a) {
  return a;
}
template <binary_family F>
constexpr element<F>& operator+=(element<F>& a, const element<F>& b) {
  return a = a + b;
}
template <binary_family F>
constexpr element<F>& operator-=(element<F>& a, const element<F>& b) {
  return a = a + b;
}

// The value of a hex digit, or -1.
constexpr int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Hex: most significant digit first, optional 0x, bit i of the value = coefficient i.
template <binary_family F>
element<F> from_hex(std::string_view text) {
  const std::string original(text);
  if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2);
  if (text.empty()) throw error(std::string(F::name) + ": empty hex value '" + original + "'");
  element<F> r;
  std::size_t bit = 0;
  for (std::size_t pos = text.size(); pos-- > 0; bit += 4) {
    const char c = text[pos];
    if (hex_digit(c) < 0)
      throw error(std::string(F::name) + ": malformed hex '" + original + "': '" + std::string(1, c) +
                  "' is not a hex digit");
    const unsigned digit = unsigned(hex_digit(c));
    if (digit == 0) continue;
    const std::size_t top = bit + std::size_t(31 - std::countl_zero(digit));  // highest set bit
    if (top >= F::degree)
      throw error(std::string(F::name) + ": value '" + original + "' has a bit at or above x^" +
                  std::to_string(F::degree) + " (the field has degree " + std::to_string(F::degree) + ")");
    r.limb[bit / 64] |= u64{digit} << (bit % 64);
  }
  return r;
}

// Fixed width: ceil(degree / 4) lowercase digits, no prefix.
template <binary_family F>
std::string to_hex(const element<F>& a) {
  constexpr std::size_t digits = (F::degree + 3) / 4;
  std::string s(digits, '0');
  for (std::size_t d = 0; d < digits; ++d) {
    const unsigned nibble = unsigned(a.limb[(4 * d) / 64] >> ((4 * d) % 64)) & 15u;
    s[digits - 1 - d] = "0123456789abcdef"[nibble];
  }
  return s;
}

// The text form of every field (ff::field): hex for binary elements.
template <binary_family F>
std::string to_string(const element<F>& a) {
  return to_hex(a);
}

// A uniformly random canonical element from any 64-bit generator (std::mt19937_64, ...).
template <binary_family F, class Rng>
element<F> random_element(Rng& rng) {
  element<F> r;
  for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = u64(rng()) & limb_mask(F::degree, i);
  return r;
}

// What every binary field marker offers as static members (F::zero(), ...), and its backends.
template <class F>
struct binary_field_base {
  static constexpr ff::family family = ff::family::binary;
  using scalar_policies = binary::scalar_policies;
  using batch_policies = binary::batch_policies;

  static constexpr element<F> zero() { return {}; }
  static constexpr element<F> one() { return monomial(0); }
  // x^k (the polynomial-basis monomial; for a tower, bit k of its layout).
  static constexpr element<F> monomial(unsigned k) {
    element<F> r;
    r.limb[k / 64] = u64{1} << (k % 64);
    return r;
  }
  template <class Rng>
  static element<F> random(Rng& rng) {
    return random_element<F>(rng);
  }
  static element<F> from_hex(std::string_view text) { return ff::from_hex<F>(text); }
  static element<F> parse(std::string_view text) { return ff::from_hex<F>(text); }
};

}  // namespace ff
