// ff.core.integer: multi-limb integers as little-endian arrays of 64-bit limbs (ff::limbs<N>),
// for constants computed at compile time (moduli, curve orders, scalars) and for the
// boundaries (parse, print, bytes). Everything here is constexpr and constant time unless a
// comment says otherwise; the hot arithmetic lives in the families' backend policies.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.core.integer;
import ff.core.element;
import ff.core.secret;
export namespace ff {
template <std::size_t N>
using limbs = std::array<u64, N>;
}  // namespace ff

export namespace ff::integer {

// sum / difference with the carry or borrow in and out (0 or 1). Clang's builtins compile to
// one ADC / SBB each (the u128 form became a chain of three instructions per limb) and are
// constexpr.
constexpr u64 add_carry(u64 a, u64 b, u64& carry) {
  unsigned long long out = 0;
  const u64 s = __builtin_addcll(a, b, carry, &out);
  carry = out;
  return s;
}
constexpr u64 sub_borrow(u64 a, u64 b, u64& borrow) {
  unsigned long long out = 0;
  const u64 d = __builtin_subcll(a, b, borrow, &out);
  borrow = out;
  return d;
}
// r = a + b, returns the carry out.
template <std::size_t N>
constexpr u64 add(limbs<N>& r, const limbs<N>& a, const limbs<N>& b) {
  u64 c = 0;
  for (std::size_t i = 0; i < N; ++i) r[i] = add_carry(a[i], b[i], c);
  return c;
}
// r = a - b, returns the borrow out.
template <std::size_t N>
constexpr u64 sub(limbs<N>& r, const limbs<N>& a, const limbs<N>& b) {
  u64 c = 0;
  for (std::size_t i = 0; i < N; ++i) r[i] = sub_borrow(a[i], b[i], c);
  return c;
}
// if_set where condition is nonzero, else otherwise, in constant time. On x86-64 one CMOV per
// limb: clang compiles the mask form to three logic operations per limb (and to a branch
// without value_barrier).
template <std::size_t N>
FF_INLINE constexpr limbs<N> select(u64 condition, const limbs<N>& if_set, const limbs<N>& otherwise) {
#if defined(__x86_64__)
  if (!std::is_constant_evaluated()) {
    limbs<N> r = otherwise;
    for (std::size_t i = 0; i < N; ++i)
      asm("testq %[c], %[c]\n\tcmovnzq %[s], %[r]" : [r] "+r"(r[i]) : [c] "r"(condition), [s] "r"(if_set[i]) : "cc");
    return r;
  }
#endif
  const u64 mask = value_barrier(0 - u64(condition != 0));
  limbs<N> r{};
  for (std::size_t i = 0; i < N; ++i) r[i] = (if_set[i] & mask) | (otherwise[i] & ~mask);
  return r;
}
// t - p if t (+ hi 2^(64 N), hi 0 or 1) >= p, else t: for t < 2p, in constant time.
template <std::size_t N>
FF_INLINE constexpr limbs<N> subtract_if_at_least(const limbs<N>& t, const limbs<N>& p, u64 hi = 0) {
  limbs<N> d{};
  const u64 borrow = sub(d, t, p);
  return select(borrow & (hi ^ 1), t, d);  // borrow without hi: t < p
}
template <std::size_t N>
constexpr bool less(const limbs<N>& a, const limbs<N>& b) {
  limbs<N> r{};
  return sub(r, a, b) != 0;
}
template <std::size_t N>
constexpr unsigned bit_length(const limbs<N>& a) {
  for (std::size_t i = N; i-- > 0;)
    for (unsigned b = 64; b-- > 0;)
      if ((a[i] >> b) & 1) return unsigned(64 * i + b + 1);
  return 0;
}
template <std::size_t N>
constexpr bool bit(const limbs<N>& a, unsigned i) {
  return (a[i / 64] >> (i % 64)) & 1;
}
// a * m + add, returns the limb that falls off the top.
template <std::size_t N>
constexpr u64 mul_small(limbs<N>& a, u64 m, u64 add) {
  u64 carry = add;
  for (auto& x : a) {
    const u128 t = u128(x) * m + carry;
    x = u64(t);
    carry = u64(t >> 64);
  }
  return carry;
}
// a / d in place, returns the remainder.
template <std::size_t N>
constexpr u64 div_small(limbs<N>& a, u64 d) {
  u128 rem = 0;
  for (std::size_t i = N; i-- > 0;) {
    const u128 cur = (rem << 64) | a[i];
    a[i] = u64(cur / d);
    rem = cur % d;
  }
  return u64(rem);
}
// Bits [lo, lo + 64) of a (zero above its top limb).
template <std::size_t N>
constexpr u64 bits_at(const limbs<N>& a, std::size_t lo) {
  const std::size_t i = lo / 64, s = lo % 64;
  return (i < N ? a[i] >> s : 0) | (s != 0 && i + 1 < N ? a[i + 1] << (64 - s) : 0);
}
// Shift right by k < 64 bits.
template <std::size_t N>
constexpr limbs<N> shift_right(const limbs<N>& a, unsigned k) {
  limbs<N> r{};
  for (std::size_t i = 0; i < N; ++i) r[i] = (a[i] >> k) | (k && i + 1 < N ? a[i + 1] << (64 - k) : 0);
  return r;
}

// a b, all N + M limbs (schoolbook; constant time).
template <std::size_t N, std::size_t M>
FF_INLINE constexpr limbs<N + M> mul_wide(const limbs<N>& a, const limbs<M>& b) {
  limbs<N + M> r{};
  for (std::size_t i = 0; i < N; ++i) {
    u64 carry = 0;
    for (std::size_t j = 0; j < M; ++j) {
      const unsigned __int128 t = static_cast<unsigned __int128>(a[i]) * b[j] + r[i + j] + carry;
      r[i + j] = u64(t);
      carry = u64(t >> 64);
    }
    r[i + M] = carry;
  }
  return r;
}
// floor(a / d) for d > 0, by binary long division: for compile-time constants.
template <std::size_t N, std::size_t M>
constexpr limbs<N> quotient(const limbs<N>& a, const limbs<M>& d) {
  limbs<N> q{};
  limbs<M + 1> rem{}, den{};
  for (std::size_t i = 0; i < M; ++i) den[i] = d[i];
  for (std::size_t i = 64 * N; i-- > 0;) {
    for (std::size_t j = M + 1; j-- > 1;) rem[j] = (rem[j] << 1) | (rem[j - 1] >> 63);
    rem[0] = (rem[0] << 1) | ((a[i / 64] >> (i % 64)) & 1);
    if (!less(rem, den)) {
      sub(rem, rem, den);
      q[i / 64] |= u64(1) << (i % 64);
    }
  }
  return q;
}

enum class parse_status { ok, empty, bad_digit, too_large };
// Decimal, or hex after 0x/0X; no sign, no spaces. Values that do not fit N limbs are too_large.
template <std::size_t N>
constexpr parse_status parse_unsigned(std::string_view text, limbs<N>& out) {
  out = {};
  u64 base = 10;
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  if (text.empty()) return parse_status::empty;
  for (char c : text) {
    u64 digit;
    if (c >= '0' && c <= '9') digit = u64(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f') digit = u64(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F') digit = u64(c - 'A' + 10);
    else return parse_status::bad_digit;
    if (mul_small(out, base, digit) != 0) return parse_status::too_large;
  }
  return parse_status::ok;
}
// The modulus from its text, at compile time (a malformed text does not compile).
template <std::size_t N>
consteval limbs<N> parse_constant(std::string_view text) {
  limbs<N> r{};
  if (parse_unsigned(text, r) != parse_status::ok) throw "malformed constant";
  return r;
}
template <std::size_t N>
std::string to_decimal(limbs<N> a) {
  std::string digits;
  do digits.insert(digits.begin(), char('0' + div_small(a, 10)));
  while (a != limbs<N>{});
  return digits;
}
template <std::size_t N>
std::string to_hex(const limbs<N>& a) {
  constexpr char hex[] = "0123456789abcdef";
  std::string digits;
  for (std::size_t i = N; i-- > 0;)
    for (int s = 60; s >= 0; s -= 4) digits += hex[(a[i] >> s) & 15];
  const auto first = digits.find_first_not_of('0');
  return "0x" + (first == std::string::npos ? std::string("0") : digits.substr(first));
}

// The Jacobi symbol (a / n) for odd n, of machine words (binary algorithm with reciprocity).
constexpr int jacobi(u64 a, u64 n) {
  int t = 1;
  a %= n;
  while (a != 0) {
    while ((a & 1) == 0) {
      a >>= 1;
      if ((n & 7) == 3 || (n & 7) == 5) t = -t;
    }
    const u64 s = a;
    a = n, n = s;
    if ((a & 3) == 3 && (n & 3) == 3) t = -t;
    a %= n;
  }
  return n == 1 ? t : 0;
}
// (c / p) for a small c and a large odd p, by reciprocity: (c / p) = (p mod c / c) up to the
// sign rules, each factor 2 of c handled on its own.
template <std::size_t N>
constexpr int jacobi_small(u64 c, const limbs<N>& p) {
  int t = 1;
  while ((c & 1) == 0) {
    c >>= 1;
    if ((p[0] & 7) == 3 || (p[0] & 7) == 5) t = -t;
  }
  if (c == 1) return t;
  if ((c & 3) == 3 && (p[0] & 3) == 3) t = -t;
  limbs<N> q = p;
  return t * jacobi(div_small(q, c), c);
}

// Constants of Montgomery arithmetic modulo an odd p (computed once, at compile time).
// 2^k mod p by k doublings.
template <std::size_t N>
constexpr limbs<N> pow2_mod(unsigned k, const limbs<N>& p) {
  limbs<N> r{};
  r[0] = 1;
  for (unsigned i = 0; i < k; ++i) {
    limbs<N> doubled{}, reduced{};
    const u64 carry = add(doubled, r, r);
    const u64 borrow = sub(reduced, doubled, p);
    r = (carry || !borrow) ? reduced : doubled;
  }
  return r;
}
// -p^-1 mod 2^64 by Newton's iteration (each step doubles the correct low bits).
constexpr u64 neg_inverse_mod_2_64(u64 p0) {
  u64 x = p0;  // correct to 3 bits for odd p0
  for (int i = 0; i < 5; ++i) x *= 2 - p0 * x;
  return ~x + 1;
}
}  // namespace ff::integer
