// ff.iso: the isomorphism between the two 32-byte representations of GF(2^256),
// b256 = GF(2)[x]/(x^256 + x^10 + x^5 + x^2 + 1) and ghash2 = K[v]/(v^2 + v + x^121).
//
// phi: b256 -> ghash2 sends x to `iso::root`, a root of b256's modulus in ghash2, so
// phi(sum a_i x^i) = sum a_i root^i: a GF(2)-linear map whose matrix has column i = root^i.
// Its inverse is computed by binary Gaussian elimination. Conversions run on tables built
// from the matrices once: a 5-bit window table (the seed's design) for single elements and
// as fallback, and for batches on AVX-512 + GFNI one GF2P8AFFINEQB per 8x8 bit block
// (README "The b256 / ghash2 isomorphism").
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include "../core/targets.h"
#if defined(__x86_64__)
#include <immintrin.h>
#endif
export module ff.iso;
export import ff.b256;
export import ff.ghash2;

export namespace ff::iso {

// The canonical root: of the 256 roots of x^256 + x^10 + x^5 + x^2 + 1 in ghash2 (one
// Frobenius orbit), the smallest as a 256-bit number (ghash2 hex order: coefficient of v in
// the high 128 bits). ff::ref::canonical_iso_root() regenerates it with NTL.
inline constexpr element<ghash2> root{{0xf4674693f5e29589ULL, 0x5b7c0058bb5d8781ULL, 0x90c5d6be218cfa5dULL,
                                       0x00f9d80078d5ce4cULL}};
inline constexpr std::string_view root_hex = "00f9d80078d5ce4c90c5d6be218cfa5d5b7c0058bb5d8781f4674693f5e29589";

using vec256 = std::array<u64, 4>;

// A 256 x 256 matrix over GF(2) stored by columns: column j = image of basis vector e_j.
struct bit_matrix {
  std::array<vec256, 256> column{};
  friend bool operator==(const bit_matrix&, const bit_matrix&) = default;
  bool bit(std::size_t row, std::size_t col) const { return (column[col][row / 64] >> (row % 64)) & 1; }
};

inline bit_matrix identity_matrix() {
  bit_matrix m;
  for (std::size_t j = 0; j < 256; ++j) m.column[j][j / 64] = u64{1} << (j % 64);
  return m;
}

// M x, bit by bit (the definition; the tables below are what is fast).
inline vec256 apply_matrix(const bit_matrix& m, const vec256& x) {
  vec256 y{};
  for (std::size_t j = 0; j < 256; ++j)
    if ((x[j / 64] >> (j % 64)) & 1)
      for (std::size_t l = 0; l < 4; ++l) y[l] ^= m.column[j][l];
  return y;
}

// A B (column j of the product = A applied to column j of B).
inline bit_matrix product(const bit_matrix& a, const bit_matrix& b) {
  bit_matrix r;
  for (std::size_t j = 0; j < 256; ++j) r.column[j] = apply_matrix(a, b.column[j]);
  return r;
}

// The inverse by Gauss-Jordan elimination on [M | I] (rows as 256-bit masks), or nullopt
// when M is singular.
inline std::optional<bit_matrix> inverse(const bit_matrix& m) {
  std::array<vec256, 256> row{}, inv{};
  for (std::size_t i = 0; i < 256; ++i) {
    inv[i][i / 64] = u64{1} << (i % 64);
    for (std::size_t j = 0; j < 256; ++j)
      if (m.bit(i, j)) row[i][j / 64] |= u64{1} << (j % 64);
  }
  for (std::size_t col = 0; col < 256; ++col) {
    const u64 mask = u64{1} << (col % 64);
    std::size_t pivot = col;
    while (pivot < 256 && !(row[pivot][col / 64] & mask)) ++pivot;
    if (pivot == 256) return std::nullopt;
    std::swap(row[col], row[pivot]);
    std::swap(inv[col], inv[pivot]);
    for (std::size_t i = 0; i < 256; ++i)
      if (i != col && (row[i][col / 64] & mask))
        for (std::size_t l = 0; l < 4; ++l) {
          row[i][l] ^= row[col][l];
          inv[i][l] ^= inv[col][l];
        }
  }
  bit_matrix r;  // inv holds rows; store by columns
  for (std::size_t i = 0; i < 256; ++i)
    for (std::size_t j = 0; j < 256; ++j)
      if ((inv[i][j / 64] >> (j % 64)) & 1) r.column[j][i / 64] |= u64{1} << (i % 64);
  return r;
}

// Column i = root^i (ghash2 arithmetic, portable kernel: no CPU assumption at start-up).
inline bit_matrix forward_matrix_from(const element<ghash2>& r) {
  bit_matrix m;
  element<ghash2> power = ghash2::one();
  for (std::size_t i = 0; i < 256; ++i) {
    m.column[i] = power.limb;
    power = element<ghash2>{ghash2::mul<arith::portable>(power.limb, r.limb)};
  }
  return m;
}

// b256 -> ghash2 and ghash2 -> b256, built once.
inline const bit_matrix& to_ghash2_matrix() {
  static const bit_matrix m = forward_matrix_from(root);
  return m;
}
inline const bit_matrix& to_b256_matrix() {
  static const bit_matrix m = [] {
    const auto inv = inverse(to_ghash2_matrix());
    if (!inv) throw error("ff::iso: the forward matrix is singular (iso::root is not a generator)");
    return *inv;
  }();
  return m;
}

enum class direction { to_ghash2, to_b256 };
inline const bit_matrix& matrix_of(direction d) { return d == direction::to_ghash2 ? to_ghash2_matrix() : to_b256_matrix(); }

// ---- Window tables -----------------------------------------------------------------------
// The input is two 128-bit streams (the seed's layout); each is cut into ceil(128 / W)
// windows of W bits (the last one shorter), and entry e of a window is the XOR of the
// matrix columns of the bits set in e. Converting = one lookup and one 256-bit XOR per
// window. W = 5: 2 x 26 windows x 32 entries x 32 bytes = 52 KiB per direction.
template <unsigned W>
struct window_table {
  static constexpr unsigned windows_per_stream = (128 + W - 1) / W;
  static constexpr unsigned windows = 2 * windows_per_stream;
  static constexpr unsigned entries = 1u << W;
  using v4 = u64 __attribute__((vector_size(32)));
  std::unique_ptr<v4[]> entry;  // [window * entries + e]

  explicit window_table(const bit_matrix& m) : entry(new v4[windows * entries]) {
    for (unsigned w = 0; w < windows; ++w) {
      const unsigned first_bit = 128 * (w / windows_per_stream) + W * (w % windows_per_stream);
      v4* t = &entry[std::size_t(w) * entries];
      t[0] = v4{0, 0, 0, 0};
      for (unsigned e = 1; e < entries; ++e) {
        const unsigned low = unsigned(__builtin_ctz(e));
        const unsigned bit = first_bit + low;
        v4 col{0, 0, 0, 0};
        if (bit < 128 * (w / windows_per_stream + 1) && bit < 256)
          col = v4{m.column[bit][0], m.column[bit][1], m.column[bit][2], m.column[bit][3]};
        t[e] = t[e & (e - 1)] ^ col;
      }
    }
  }
  std::size_t bytes() const { return std::size_t(windows) * entries * sizeof(v4); }
};

namespace detail {

template <unsigned W, std::size_t... J>
FF_INLINE void table_windows(const typename window_table<W>::v4* t, u128 lo, u128 hi, typename window_table<W>::v4 (&acc)[4],
                             std::index_sequence<J...>) {
  constexpr unsigned E = window_table<W>::entries, S = window_table<W>::windows_per_stream;
  // Two streams, two accumulators each: four independent XOR chains hide lookup latency.
  ((acc[J % 2] ^= t[J * E + unsigned(lo >> (W * J)) % E],
    acc[2 + J % 2] ^= t[(S + J) * E + unsigned(hi >> (W * J)) % E]),
   ...);
}

// One element through a window table (every shift a constant: the extraction of each
// window, including the one that straddles two limbs, is specialized by the compiler).
template <unsigned W>
FF_INLINE vec256 table_convert(const window_table<W>& table, const u64* in) {
  using v4 = typename window_table<W>::v4;
  const u128 lo = u128(in[0]) | (u128(in[1]) << 64), hi = u128(in[2]) | (u128(in[3]) << 64);
  v4 acc[4] = {};
  table_windows<W>(table.entry.get(), lo, hi, acc, std::make_index_sequence<window_table<W>::windows_per_stream>{});
  const v4 r = (acc[0] ^ acc[1]) ^ (acc[2] ^ acc[3]);
  return {r[0], r[1], r[2], r[3]};
}

template <unsigned W>
FF_INLINE void table_loop(const window_table<W>& table, const u64* in, u64* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const vec256 r = table_convert<W>(table, in + 4 * i);
    std::memcpy(out + 4 * i, r.data(), 32);
  }
}

}  // namespace detail

template <unsigned W>
void table_batch(const window_table<W>& table, const u64* in, u64* out, std::size_t n) {
  detail::table_loop<W>(table, in, out, n);
}
#if defined(__x86_64__)
template <unsigned W>
[[gnu::target("avx2")]] void table_batch_avx2(const window_table<W>& table, const u64* in, u64* out, std::size_t n) {
  detail::table_loop<W>(table, in, out, n);
}
#endif

inline const window_table<5>& table5(direction d) {
  static const window_table<5> forward(to_ghash2_matrix()), backward(to_b256_matrix());
  return d == direction::to_ghash2 ? forward : backward;
}

// ---- GFNI: 8 elements at a time ----------------------------------------------------------
// y = M x splits into 32 x 32 blocks A(j, k) of 8x8 bits (output byte j, input byte k).
// GF2P8AFFINEQB applies, in each 64-bit lane, that lane's 8x8 matrix to each of its 8
// bytes. With the 8 elements' byte k in one qword X_k broadcast to all lanes, and lane l of
// the matrix operand = A(8g + l, k), one instruction yields byte 8g + l of all 8 outputs in
// lane l: 4 groups g x 32 inputs k = 128 instructions per 8 elements, plus byte transposes
// (VPERMI2B) in and out. The matrix operands: 4 x 32 x 64 bytes = 8 KiB per direction.
struct gfni_table {
  std::array<std::array<std::array<u64, 8>, 32>, 4> block{};  // [g][k][l]
  explicit gfni_table(const bit_matrix& m) {
    for (std::size_t j = 0; j < 32; ++j)
      for (std::size_t k = 0; k < 32; ++k) {
        u64 a = 0;  // byte 7 - i holds row i of the block (bit b = input bit b)
        for (std::size_t i = 0; i < 8; ++i)
          for (std::size_t b = 0; b < 8; ++b)
            if (m.bit(8 * j + i, 8 * k + b)) a |= u64{1} << (8 * (7 - i) + b);
        block[j / 8][k][j % 8] = a;
      }
  }
};

inline const gfni_table& gfni_tables(direction d) {
  static const gfni_table forward(to_ghash2_matrix()), backward(to_b256_matrix());
  return d == direction::to_ghash2 ? forward : backward;
}

#if defined(__x86_64__)
#define FF_TARGET_GFNI512 "avx512f,avx512bw,avx512vbmi,gfni"

namespace detail {

// Byte-permutation indices (computed once; see gfni_block8).
struct gfni_permutations {
  std::array<std::array<std::uint8_t, 64>, 4> in{}, out{};
  gfni_permutations() {
    for (unsigned t = 0; t < 4; ++t)
      for (unsigned p = 0; p < 64; ++p) {
        // X_t byte p: input byte k = 8t + p / 8 of element e = p % 8, which sits at byte
        // 32 (e % 4) + k of the register pair holding elements 0..3 (or 4..7).
        const unsigned k = 8 * t + p / 8, e = p % 8;
        in[t][p] = std::uint8_t(32 * (e % 4) + k);
        // Output register r, byte p: element 2r + p / 32, output byte j = p % 32, found in
        // accumulator j / 8 at byte 8 (j % 8) + e; pairs (acc0, acc1) and (acc2, acc3).
        const unsigned j = p % 32, e_out = 2 * t + p / 32;
        out[t][p] = std::uint8_t(64 * ((j / 8) % 2) + 8 * (j % 8) + e_out);
      }
  }
};
inline const gfni_permutations& permutations() {
  static const gfni_permutations p;
  return p;
}

[[gnu::target(FF_TARGET_GFNI512)]] FF_INLINE void gfni_block8(const gfni_table& table, const gfni_permutations& perm,
                                                               const u64* in, u64* out) {
  const __m512i r0 = _mm512_loadu_si512(in), r1 = _mm512_loadu_si512(in + 8);
  const __m512i r2 = _mm512_loadu_si512(in + 16), r3 = _mm512_loadu_si512(in + 24);
  alignas(64) u64 x[32];
  for (unsigned t = 0; t < 4; ++t) {
    const __m512i idx = _mm512_loadu_si512(perm.in[t].data());
    const __m512i low = _mm512_permutex2var_epi8(r0, idx, r1);   // elements 0..3
    const __m512i high = _mm512_permutex2var_epi8(r2, idx, r3);  // elements 4..7
    _mm512_store_si512(x + 8 * t, _mm512_mask_blend_epi8(0xf0f0f0f0f0f0f0f0ULL, low, high));
  }
  __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
  for (unsigned k = 0; k < 32; ++k) {
    const __m512i xk = _mm512_set1_epi64((long long)x[k]);
    for (unsigned g = 0; g < 4; ++g)
      acc[g] = _mm512_xor_si512(
          acc[g], _mm512_gf2p8affine_epi64_epi8(xk, _mm512_loadu_si512(table.block[g][k].data()), 0));
  }
  for (unsigned t = 0; t < 4; ++t) {
    const __m512i idx = _mm512_loadu_si512(perm.out[t].data());
    const __m512i low = _mm512_permutex2var_epi8(acc[0], idx, acc[1]);   // output bytes 0..15
    const __m512i high = _mm512_permutex2var_epi8(acc[2], idx, acc[3]);  // output bytes 16..31
    _mm512_storeu_si512(out + 8 * t, _mm512_mask_blend_epi8(0xffff0000ffff0000ULL, low, high));
  }
}

}  // namespace detail

[[gnu::target(FF_TARGET_GFNI512)]] inline void gfni_batch(const gfni_table& table, const u64* in, u64* out,
                                                           std::size_t n) {
  const detail::gfni_permutations& perm = detail::permutations();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) detail::gfni_block8(table, perm, in + 4 * i, out + 4 * i);
  if (i < n) {  // tail: one zero-padded block
    alignas(64) u64 tin[32] = {}, tout[32];
    std::memcpy(tin, in + 4 * i, (n - i) * 32);
    detail::gfni_block8(table, perm, tin, tout);
    std::memcpy(out + 4 * i, tout, (n - i) * 32);
  }
}
#endif

inline bool cpu_has_gfni512() {
  const cpu_features& f = cpu();
  return f.avx512f && f.avx512bw && f.avx512vbmi && f.gfni && f.os_zmm;
}
inline bool cpu_has_avx2() { return cpu().avx2 && cpu().os_ymm; }

// The conversion kernels, all kept measurable (README lists their numbers).
enum class variant { matrix, table5, table5_avx2, gfni };
inline std::string_view to_string(variant v) {
  switch (v) {
    case variant::matrix: return "matrix";
    case variant::table5: return "table5";
    case variant::table5_avx2: return "table5_avx2";
    case variant::gfni: return "gfni";
  }
  return "?";
}
inline bool available(variant v) {
  if (v == variant::table5_avx2) return cpu_has_avx2();
  if (v == variant::gfni) return cpu_has_gfni512();
  return true;
}
// The fastest this CPU runs (chosen once).
inline variant fastest_variant() {
  static const variant v = available(variant::gfni) ? variant::gfni
                           : available(variant::table5_avx2) ? variant::table5_avx2
                                                             : variant::table5;
  return v;
}

// n elements of 4 limbs, in -> out (no partial overlap), with an explicit variant.
inline void convert(variant v, direction d, const u64* in, u64* out, std::size_t n) {
  if (!available(v)) throw error("ff::iso: variant '" + std::string(to_string(v)) + "' needs CPU features this CPU lacks");
  switch (v) {
    case variant::matrix:
      for (std::size_t i = 0; i < n; ++i) {
        vec256 x;
        std::memcpy(x.data(), in + 4 * i, 32);
        const vec256 y = apply_matrix(matrix_of(d), x);
        std::memcpy(out + 4 * i, y.data(), 32);
      }
      return;
    case variant::table5: return table_batch<5>(table5(d), in, out, n);
#if defined(__x86_64__)
    case variant::table5_avx2: return table_batch_avx2<5>(table5(d), in, out, n);
    case variant::gfni: return gfni_batch(gfni_tables(d), in, out, n);
#else
    default: break;
#endif
  }
  throw error("ff::iso: variant '" + std::string(to_string(v)) + "' is not built for this architecture");
}

}  // namespace ff::iso

namespace ff::detail {
template <class From, class To>
void iso_convert_checked(const char* what, ff::iso::variant v, ff::iso::direction d, std::span<const element<From>> in,
                         std::span<element<To>> out) {
  if (in.size() != out.size())
    throw error(std::string(what) + ": spans differ in length (in " + std::to_string(in.size()) + ", out " +
                std::to_string(out.size()) + ")");
  const void* ib = in.data();
  const void* ie = in.data() + in.size();
  const void* ob = out.data();
  const void* oe = out.data() + out.size();
  if (!in.empty() && ib != ob && ib < oe && ob < ie)
    throw error(std::string(what) + ": out partially overlaps in (only out == in is allowed)");
  if (in.empty()) return;
  // out == in is fine: every kernel reads a whole element (or block of 8) before writing it.
  ff::iso::convert(v, d, in.data()->limb.data(), out.data()->limb.data(), in.size());
}
}  // namespace ff::detail

export namespace ff {

// phi: b256 -> ghash2 (x -> iso::root) and its inverse, one element (5-bit tables).
inline element<ghash2> to_ghash2(const element<b256>& a) {
  return {iso::detail::table_convert<5>(iso::table5(iso::direction::to_ghash2), a.limb.data())};
}
inline element<b256> to_b256(const element<ghash2>& a) {
  return {iso::detail::table_convert<5>(iso::table5(iso::direction::to_b256), a.limb.data())};
}

// Batches, with the fastest variant this CPU runs (chosen once per call) or an explicit one.
inline void to_ghash2(std::span<const element<b256>> in, std::span<element<ghash2>> out,
                      iso::variant v = iso::fastest_variant()) {
  detail::iso_convert_checked<b256, ghash2>("ff::to_ghash2", v, iso::direction::to_ghash2, in, out);
}
inline void to_b256(std::span<const element<ghash2>> in, std::span<element<b256>> out,
                    iso::variant v = iso::fastest_variant()) {
  detail::iso_convert_checked<ghash2, b256>("ff::to_b256", v, iso::direction::to_b256, in, out);
}

}  // namespace ff
