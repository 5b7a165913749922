// GMP for the fuzz targets' references: an mpz_t that cleans up after itself, and the
// conversions from the library's little-endian limbs and big-endian bytes.
#pragma once
#include <gmp.h>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace fuzz {

struct mpz {
  mpz_t v;
  mpz() { mpz_init(v); }
  ~mpz() { mpz_clear(v); }
  mpz(const mpz&) = delete;
  mpz& operator=(const mpz&) = delete;
};

template <class U, std::size_t N>
void from_limbs(mpz& out, const std::array<U, N>& limbs) {
  mpz_import(out.v, N, -1, sizeof(U), 0, 0, limbs.data());
}
inline void from_bytes_be(mpz& out, std::span<const std::uint8_t> bytes) {
  mpz_import(out.v, bytes.size(), 1, 1, 0, 0, bytes.data());
}

}  // namespace fuzz
