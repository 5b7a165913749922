// Fuzz target: the multiplication and squaring kernels of every field of the registry, on
// fuzzer-chosen operands, through every backend this CPU has, against NTL (ff.reference: GF2X
// and GF2EX for the binary fields, ZZ_p for the prime fields). The first byte picks the field;
// the rest is cut into operands of 8 * F::limbs bytes each (little-endian limbs, zeros past the
// end; at most 16 operands). Operands are any canonical value: a binary operand keeps the
// bits below the degree; a prime operand is the raw internal (Montgomery or plain) limbs, cut
// to the bit length of p and reduced below p once, so that values at and near p, all-ones
// limbs and the largest internal forms are all reachable. Properties, for every backend:
//   - a_i * a_(i+1) and a_i^2 one at a time equal NTL's;
//   - the batch entry points (ff::mul / ff::square on spans, the staged and vector kernels)
//     give the same elements for the whole list, whatever its length.
#include <NTL/GF2X.h>
#include <NTL/ZZ.h>
#include <array>
#include <string>
#include <vector>
#include "fuzz_target.hpp"
import ff.reference;

namespace {

constexpr std::size_t max_operands = 16;

template <class F>
ff::element<F> operand(std::span<const std::uint8_t> bytes) {
  ff::element<F> a;
  for (std::size_t i = 0; i < bytes.size(); ++i) a.limb[i / 8] |= ff::u64(bytes[i]) << (8 * (i % 8));
  if constexpr (ff::binary_family<F>) {
    for (std::size_t i = 0; i < F::limbs; ++i) a.limb[i] &= ff::limb_mask(F::degree, i);
  } else {
    constexpr unsigned top_bits = F::bits % 64;
    if constexpr (top_bits != 0) a.limb[F::limbs - 1] &= (ff::u64(1) << top_bits) - 1;
    if (!ff::integer::less(a.limb, F::p)) {  // below 2^bits < 2p: one subtraction
      ff::u64 borrow = 0;
      for (std::size_t i = 0; i < F::limbs; ++i) {
        const ff::u128 d = ff::u128(a.limb[i]) - F::p[i] - borrow;
        a.limb[i] = ff::u64(d);
        borrow = ff::u64(d >> 64) & 1;
      }
    }
  }
  return a;
}

template <class F>
ff::element<F> reference_mul(const ff::element<F>& a, const ff::element<F>& b) {
  if constexpr (ff::binary_family<F>) return ff::ref::any_mul<F>(a, b);
  else return ff::ref::mul<F>(a, b);
}

template <class F>
void check(std::span<const std::uint8_t> bytes) {
  constexpr std::size_t width = 8 * F::limbs;
  std::vector<ff::element<F>> a;
  for (std::size_t at = 0; at < bytes.size() && a.size() < max_operands; at += width)
    a.push_back(operand<F>(bytes.subspan(at, std::min(width, bytes.size() - at))));
  if (a.empty()) return;
  const std::size_t n = a.size();
  std::vector<ff::element<F>> products(n), squares(n);
  for (std::size_t i = 0; i < n; ++i) {
    products[i] = reference_mul<F>(a[i], a[(i + 1) % n]);
    squares[i] = reference_mul<F>(a[i], a[i]);
  }
  const std::span<const ff::element<F>> x(a), y_shifted(a.data() + 1, n - 1);
  for (const ff::backend be : ff::available_backends(F::family)) {
    const std::string where = std::string(F::name) + " " + std::string(ff::to_string(be));
    for (std::size_t i = 0; i < n; ++i) {
      fuzz::require(ff::mul(be, a[i], a[(i + 1) % n]) == products[i],
                    where + ": " + ff::to_hex(a[i]) + " * " + ff::to_hex(a[(i + 1) % n]) + " differs from NTL");
      fuzz::require(ff::square(be, a[i]) == squares[i], where + ": " + ff::to_hex(a[i]) + "^2 differs from NTL");
    }
    std::vector<ff::element<F>> out(n - 1), sq(n);
    ff::mul<F>(be, x.first(n - 1), y_shifted, out);
    ff::square<F>(be, x, sq);
    for (std::size_t i = 0; i + 1 < n; ++i)
      fuzz::require(out[i] == products[i], where + ": the batch product " + std::to_string(i) + " of " +
                                               std::to_string(n - 1) + " differs from NTL");
    fuzz::require(sq == squares, where + ": a batch square of " + std::to_string(n) + " differs from NTL");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::run_picked(ff::fields{}, data, size, 1 + max_operands * 72,
                          []<class F>(std::span<const std::uint8_t> bytes) { check<F>(bytes); });
}
