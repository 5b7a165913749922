// ff.iso: the isomorphism between the two 32-byte representations of GF(2^256),
// b256 = GF(2)[x]/(x^256 + x^10 + x^5 + x^2 + 1) and ghash2 = K[v]/(v^2 + v + x^121).
//
// phi: b256 -> ghash2 sends x to `iso::root`, a root of b256's modulus in ghash2, so
// phi(sum a_i x^i) = sum a_i root^i: a GF(2)-linear map whose matrix has column i = root^i.
// Its inverse is computed by binary Gaussian elimination. Conversions run on tables built
// from the matrices once: a 5-bit window table for single elements and as fallback, and for
// batches on AVX-512 + GFNI one GF2P8AFFINEQB per 8x8 bit block (docs/isomorphism.md).
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
#include "fieldlab/macros.h"
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
    power = element<ghash2>{ghash2::mul<binary::portable>(power.limb, r.limb)};
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
// The input is two 128-bit streams (the two ghash128 halves); each is cut into ceil(128 / W)
// windows of W bits (the last one shorter), and entry e of a window is the XOR of the matrix
// columns of the bits set in e. Converting = one lookup and one 256-bit XOR per window.
// W = 5: 2 x 26 windows x 32 entries x 32 bytes = 52 KiB per direction.
struct window_table {
  static constexpr unsigned bits = 5;
  static constexpr unsigned windows_per_stream = (128 + bits - 1) / bits;
  static constexpr unsigned windows = 2 * windows_per_stream;
  static constexpr unsigned entries = 1u << bits;
  std::unique_ptr<v4u64[]> entry;  // [window * entries + e]

  explicit window_table(const bit_matrix& m) : entry(new v4u64[windows * entries]) {
    for (unsigned w = 0; w < windows; ++w) {
      const unsigned first_bit = 128 * (w / windows_per_stream) + bits * (w % windows_per_stream);
      v4u64* t = &entry[std::size_t(w) * entries];
      t[0] = v4u64{0, 0, 0, 0};
      for (unsigned e = 1; e < entries; ++e) {
        const unsigned low = unsigned(__builtin_ctz(e));
        const unsigned bit = first_bit + low;
        v4u64 col{0, 0, 0, 0};
        if (bit < 128 * (w / windows_per_stream + 1) && bit < 256)
          col = v4u64{m.column[bit][0], m.column[bit][1], m.column[bit][2], m.column[bit][3]};
        t[e] = t[e & (e - 1)] ^ col;
      }
    }
  }
  std::size_t bytes() const { return std::size_t(windows) * entries * sizeof(v4u64); }
};

}  // namespace ff::iso
namespace ff::iso::detail {

template <std::size_t... J>
FF_INLINE void table_windows(const v4u64* t, u128 lo, u128 hi, v4u64 (&acc)[4], std::index_sequence<J...>) {
  constexpr unsigned W = window_table::bits, E = window_table::entries, S = window_table::windows_per_stream;
  // Two streams, two accumulators each: four independent XOR chains hide lookup latency.
  ((acc[J % 2] ^= t[J * E + unsigned(lo >> (W * J)) % E],
    acc[2 + J % 2] ^= t[(S + J) * E + unsigned(hi >> (W * J)) % E]),
   ...);
}

// One element through a window table (every shift a constant: the extraction of each
// window, including the one that straddles two limbs, is specialized by the compiler).
FF_INLINE vec256 table_convert(const window_table& table, const u64* in) {
  const u128 lo = u128(in[0]) | (u128(in[1]) << 64), hi = u128(in[2]) | (u128(in[3]) << 64);
  v4u64 acc[4] = {};
  table_windows(table.entry.get(), lo, hi, acc, std::make_index_sequence<window_table::windows_per_stream>{});
  const v4u64 r = (acc[0] ^ acc[1]) ^ (acc[2] ^ acc[3]);
  return {r[0], r[1], r[2], r[3]};
}

FF_INLINE void table_loop(const window_table& table, const u64* in, u64* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const vec256 r = table_convert(table, in + 4 * i);
    std::memcpy(out + 4 * i, r.data(), 32);
  }
}

}  // namespace ff::iso::detail
export namespace ff::iso {

inline const window_table& table5(direction d) {
  static const window_table forward(to_ghash2_matrix()), backward(to_b256_matrix());
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
  // [g][k][l]; each [g][k] is one zmm operand: 64-byte aligned, or every load splits a line
  // (measured: 9.2 instead of 6.9 ns per conversion).
  alignas(64) std::array<std::array<std::array<u64, 8>, 32>, 4> block{};
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

}  // namespace ff::iso
namespace ff::iso::detail {

// Byte-permutation indices (computed once; see gfni::convert_block).
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

FF_INLINE void load_v8(const void* p, v8u64& v) { std::memcpy(&v, p, sizeof v); }

}  // namespace ff::iso::detail
export namespace ff::iso {

#if defined(__x86_64__)
// The GFNI conversion of 8 elements: transpose bytes in (VPERMI2B + blend), 128 affine
// products accumulated by XOR, transpose bytes out.
struct gfni {
  FF_INLINE static void convert_block(const gfni_table& table, const detail::gfni_permutations& perm, const u64* in,
                                      u64* out) {
    v8u64 r0, r1, r2, r3, idx, low, high, both;
    detail::load_v8(in, r0);
    detail::load_v8(in + 8, r1);
    detail::load_v8(in + 16, r2);
    detail::load_v8(in + 24, r3);
    alignas(64) u64 x[32];
    for (unsigned t = 0; t < 4; ++t) {
      detail::load_v8(perm.in[t].data(), idx);
      simd::permute_bytes(r0, idx, r1, low);   // elements 0..3
      simd::permute_bytes(r2, idx, r3, high);  // elements 4..7
      simd::blend_bytes(0xf0f0f0f0f0f0f0f0ULL, low, high, both);
      std::memcpy(x + 8 * t, &both, sizeof both);
    }
    v8u64 acc[4] = {};
    for (unsigned k = 0; k < 32; ++k) {
      const v8u64 xk = v8u64{} + x[k];  // broadcast
      for (unsigned g = 0; g < 4; ++g) {
        v8u64 m, product;
        detail::load_v8(table.block[g][k].data(), m);
        simd::gf2_affine(xk, m, product);
        acc[g] ^= product;
      }
    }
    for (unsigned t = 0; t < 4; ++t) {
      detail::load_v8(perm.out[t].data(), idx);
      simd::permute_bytes(acc[0], idx, acc[1], low);   // output bytes 0..15
      simd::permute_bytes(acc[2], idx, acc[3], high);  // output bytes 16..31
      simd::blend_bytes(0xffff0000ffff0000ULL, low, high, both);
      std::memcpy(out + 8 * t, &both, sizeof both);
    }
  }
};

}  // namespace ff::iso
namespace ff::iso::detail {
FF_INLINE void gfni_loop(const gfni_table& table, const u64* in, u64* out, std::size_t n) {
  const gfni_permutations& perm = permutations();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) gfni::convert_block(table, perm, in + 4 * i, out + 4 * i);
  if (i < n) {  // tail: one zero-padded block
    alignas(64) u64 tin[32] = {}, tout[32];
    std::memcpy(tin, in + 4 * i, (n - i) * 32);
    gfni::convert_block(table, perm, tin, tout);
    std::memcpy(out + 4 * i, tout, (n - i) * 32);
  }
}
}  // namespace ff::iso::detail
export namespace ff::iso {
#endif

// The conversion kernels, one policy each (docs/isomorphism.md has their numbers), keyed by
// iso::kernel and dispatched by ff::dispatch like a family's backends; the public functions
// below take the fastest this CPU runs.
enum class kernel { matrix, table5, table5_avx2, gfni };
inline std::string_view to_string(kernel k) {
  constexpr std::array<std::string_view, 4> names = {"matrix", "table5", "table5_avx2", "gfni"};
  return names[std::size_t(k)];
}
// The instruction set each kernel runs under.
constexpr isa target_of(kernel k) {
  return k == kernel::table5_avx2 ? isa::avx2 : k == kernel::gfni ? isa::gfni512 : isa::baseline;
}

// Bit by bit, by the matrix (the definition).
struct matrix_kernel {
  static constexpr kernel id = kernel::matrix;
  static void convert(direction d, const u64* in, u64* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      vec256 x;
      std::memcpy(x.data(), in + 4 * i, 32);
      const vec256 y = apply_matrix(matrix_of(d), x);
      std::memcpy(out + 4 * i, y.data(), 32);
    }
  }
};
// The 5-bit window tables, in general registers or (Avx2) ymm.
template <kernel Id>
struct table5_kernel {
  static constexpr kernel id = Id;
  FF_INLINE static void convert(direction d, const u64* in, u64* out, std::size_t n) {
    detail::table_loop(table5(d), in, out, n);
  }
};
#if defined(__x86_64__)
struct gfni_kernel {
  static constexpr kernel id = kernel::gfni;
  FF_INLINE static void convert(direction d, const u64* in, u64* out, std::size_t n) {
    detail::gfni_loop(gfni_tables(d), in, out, n);
  }
};
using kernels = policy_list<matrix_kernel, table5_kernel<kernel::table5>, table5_kernel<kernel::table5_avx2>, gfni_kernel>;
#else
using kernels = policy_list<matrix_kernel, table5_kernel<kernel::table5>>;
#endif

// The fastest this CPU runs (chosen once).
inline kernel fastest_kernel() {
  static const kernel k = cpu_has(target_of(kernel::gfni))          ? kernel::gfni
                          : cpu_has(target_of(kernel::table5_avx2)) ? kernel::table5_avx2
                                                                    : kernel::table5;
  return k;
}

// n elements of 4 limbs, in -> out (no partial overlap), with the kernel k (refused when this
// CPU lacks it).
inline void convert(kernel k, direction d, const u64* in, u64* out, std::size_t n) {
  dispatch<kernels>(k, [&]<class K>() FF_LAMBDA_INLINE { K::convert(d, in, out, n); });
}

// The same for spans of elements (out == in allowed, other overlaps refused), checked; what
// names the caller in the messages.
template <class From, class To>
void convert(kernel k, direction d, std::span<const element<From>> in, std::span<element<To>> out, const char* what) {
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
  convert(k, d, in.data()->limb.data(), out.data()->limb.data(), in.size());
}

}  // namespace ff::iso

export namespace ff {

// phi: b256 -> ghash2 (x -> iso::root) and its inverse, one element (5-bit tables).
inline element<ghash2> to_ghash2(const element<b256>& a) {
  return {iso::detail::table_convert(iso::table5(iso::direction::to_ghash2), a.limb.data())};
}
inline element<b256> to_b256(const element<ghash2>& a) {
  return {iso::detail::table_convert(iso::table5(iso::direction::to_b256), a.limb.data())};
}

// Batches, with the fastest kernel this CPU runs (chosen once per call).
inline void to_ghash2(std::span<const element<b256>> in, std::span<element<ghash2>> out) {
  iso::convert<b256, ghash2>(iso::fastest_kernel(), iso::direction::to_ghash2, in, out, "ff::to_ghash2");
}
inline void to_b256(std::span<const element<ghash2>> in, std::span<element<b256>> out) {
  iso::convert<ghash2, b256>(iso::fastest_kernel(), iso::direction::to_b256, in, out, "ff::to_b256");
}

}  // namespace ff
