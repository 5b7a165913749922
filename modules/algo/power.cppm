// ff.power: fixed-base powers g^e for 128-bit exponents from a window table.
//
// For a window width w the exponent (held directly as an unsigned __int128, no multi-limb
// extraction) is split into ceil(128 / w) windows; window j stores all 2^w contributions
// g^(d * 2^(w j)), d = 0 .. 2^w - 1 (entry 0 is one, so every window multiplies exactly one
// entry and the loop has no branch on the digit). A power is the product of one entry per
// window.
//
// The batch loop is field-generic and monomorphized per backend policy (like ff.batch): the
// field's product and reducer inline into it. The powers of a batch are independent, which
// the loop exploits in three ways (the fastest combination measured is the default shape):
// SIMD lanes (vpclmul512: 8 powers per zmm in SoA form, the 8 selected entries gathered per
// window), several independent accumulator chains per power combined as a balanced tree,
// and software prefetch of the entries of upcoming powers.
module;
#include <sys/mman.h>
#include <unistd.h>
#include <array>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include "../core/targets.h"
#if defined(__x86_64__)
#include <immintrin.h>
#endif
export module ff.power;
export import ff.kernel;

export namespace ff {

// ---- Tuned window widths: the one place they live -------------------------------------------
// Measured on an AMD EPYC (Zen 5: family 26 model 2, 1 MiB L2 per core; a 2-vCPU VM shared with
// compile jobs) on 2026-11-30 with `./ff sweep --samples 5` (windows 8..17 and 10..17, batches
// 2^20..2^22, vpclmul512): the fastest at 2^22 powers in both sweeps. Tables of about 0.4-0.8 MiB
// (they stay in L2) beat the seed's 2.5-6.8 MiB tables here. Empirical: retune with `./ff sweep`
// on another CPU; `--window-bits` overrides them per run.
struct tuned_window {
  std::string_view field;
  unsigned bits;
};
inline constexpr std::array<tuned_window, 7> tuned_windows = {{
    {"b127", 11},
    {"ghash128", 11},
    {"b163", 11},
    {"b191", 11},
    {"sect193", 10},
    {"b256", 11},
    {"ghash2", 11},
}};

inline constexpr unsigned min_window_bits = 1, max_window_bits = 20;
inline constexpr unsigned exponent_bits = 128;

template <binary_field F>
constexpr unsigned default_window_bits() {
  for (const tuned_window& t : tuned_windows)
    if (t.field == F::name) return t.bits;
  return 12;  // a field nobody tuned: a middle-sized table
}

constexpr unsigned window_count(unsigned window_bits) { return (exponent_bits + window_bits - 1) / window_bits; }

// ceil(128 / w) * 2^w * element size, computed before anything is allocated.
constexpr std::size_t table_bytes(unsigned window_bits, std::size_t element_bytes) {
  return std::size_t(window_count(window_bits)) * (std::size_t{1} << window_bits) * element_bytes;
}

// MemAvailable from /proc/meminfo (what the kernel could give without swapping), else the
// free pages sysconf reports.
inline std::size_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);)
    if (line.rfind("MemAvailable:", 0) == 0) return std::size_t(std::strtoull(line.c_str() + 13, nullptr, 10)) * 1024;
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : ~std::size_t{0};
}

// Throws ff::error when w is outside 1..20 or the table would not fit in `available` bytes.
// (The available figure is a parameter so tests need not depend on this machine.)
inline void check_window_bits(std::string_view field, unsigned window_bits, std::size_t element_bytes,
                              std::size_t available) {
  const std::string who = "fixed_base_table<" + std::string(field) + ">";
  if (window_bits < min_window_bits || window_bits > max_window_bits)
    throw error(who + ": window width " + std::to_string(window_bits) + " is outside " +
                std::to_string(min_window_bits) + ".." + std::to_string(max_window_bits));
  const std::size_t bytes = table_bytes(window_bits, element_bytes);
  if (bytes > available) {
    char text[256];
    std::snprintf(text, sizeof text,
                  ": window width %u needs a table of %u windows x 2^%u entries x %zu bytes = %.1f MiB, but only "
                  "%.1f MiB of memory is available; choose a smaller window",
                  window_bits, window_count(window_bits), window_bits, element_bytes, double(bytes) / (1 << 20),
                  double(available) / (1 << 20));
    throw error(who + text);
  }
}

}  // namespace ff

// ---- The power loop ---------------------------------------------------------------------------
export namespace ff::detail {

// How the loop computes a block of powers (compile-time, so each shape is its own loop):
//   groups    independent blocks of A::lanes powers interleaved window by window;
//   chains    accumulators per power (window j goes to chain j % chains), combined at the end
//             as a balanced tree: the dependent chain is ceil(windows / chains) + log2(chains)
//             products long instead of windows - 1;
//   prefetch  blocks ahead whose table entries are prefetched (0: none);
//   gather    how SIMD lanes collect their entries (scalar backends load one entry).
enum class gather_kind : unsigned char { hardware, insert, staging };
struct power_shape {
  unsigned groups = 1, chains = 1, prefetch = 0;
  gather_kind gather = gather_kind::hardware;
};

template <class A>
FF_INLINE u64 lane_of(const limbs_t<A>& v, std::size_t l) {
  if constexpr (A::lanes == 1) return v;
  else return v[l];
}
template <class A>
FF_INLINE void set_lane(limbs_t<A>& v, std::size_t l, u64 x) {
  if constexpr (A::lanes == 1) v = x;
  else v[l] = x;
}

// The hardware gathers of the SIMD policies: limb k of lane l = qword qword_index[l] + k of base.
template <class A>
struct table_gather;
#if defined(__x86_64__)
template <>
struct table_gather<arith::vpclmul512> {
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL512)]] static inline void load(const u64* base, const v8u64& qword_index,
                                                               std::array<v8u64, N>& out) {
    for (std::size_t k = 0; k < N; ++k)  // (no lambda here: it would lack the target)
      out[k] = v8u64(_mm512_i64gather_epi64(__m512i(qword_index), (const void*)(base + k), 8));
  }
};
template <>
struct table_gather<arith::vpclmul256> {
  template <std::size_t N>
  [[gnu::target(FF_TARGET_VPCLMUL256)]] static inline void load(const u64* base, const v4u64& qword_index,
                                                               std::array<v4u64, N>& out) {
    for (std::size_t k = 0; k < N; ++k)
      out[k] = v4u64(_mm256_i64gather_epi64((const long long*)(base + k), __m256i(qword_index), 8));
  }
};
#endif

// The entries of one window selected by each lane's digit, as limb values of policy A.
template <class F, class A, gather_kind G>
FF_INLINE void load_entries(const element<F>* window, const limbs_t<A>& digit, std::array<limbs_t<A>, F::limbs>& out) {
  constexpr std::size_t N = F::limbs, L = A::lanes;
  if constexpr (L == 1) {
    A::template load<N>(window[digit].limb.data(), out);
  } else if constexpr (G == gather_kind::hardware) {
    table_gather<A>::template load<N>(window->limb.data(), digit * N, out);
  } else if constexpr (G == gather_kind::insert) {
    for (std::size_t l = 0; l < L; ++l) {
      const element<F>& e = window[digit[l]];
      for (std::size_t k = 0; k < N; ++k) out[k][l] = e.limb[k];
    }
  } else {
    std::array<element<F>, L> stage;
    for (std::size_t l = 0; l < L; ++l) stage[l] = window[digit[l]];
    A::template load<N>(stage[0].limb.data(), out);
  }
}

template <class F, std::size_t Count>
FF_INLINE void prefetch_entries(const element<F>* table, unsigned w, unsigned windows, const u128* e) {
  const u64 mask = (u64{1} << w) - 1;
  for (std::size_t p = 0; p < Count; ++p) {
    u128 x = e[p];
    for (unsigned j = 0; j < windows; ++j, x >>= w)
      __builtin_prefetch(table + (std::size_t(j) << w) + std::size_t(u64(x) & mask));
  }
}

// S.groups * A::lanes powers: e[0 ..] -> out[0 ..].
template <class F, class A, power_shape S>
FF_INLINE void power_block(const element<F>* table, unsigned w, unsigned windows, const u128* e, element<F>* out) {
  constexpr std::size_t N = F::limbs, L = A::lanes, G = S.groups, C = S.chains;
  static_assert(C >= 1 && C <= 7, "every width 1..20 has at least 7 windows");
  using value = std::array<limbs_t<A>, N>;
  const u64 mask = (u64{1} << w) - 1;
  limbs_t<A> lo[G], hi[G];  // the exponents still to consume, one lane per power
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t l = 0; l < L; ++l) {
      set_lane<A>(lo[g], l, u64(e[g * L + l]));
      set_lane<A>(hi[g], l, u64(e[g * L + l] >> 64));
    }
  value acc[G][C];
  // Window j's entries for every group into `into`; then consume w bits of each exponent.
  auto next_window = [&](unsigned j, auto&& into) FF_LAMBDA_INLINE {
    const element<F>* window = table + (std::size_t(j) << w);
    for (std::size_t g = 0; g < G; ++g) {
      value entry;
      load_entries<F, A, S.gather>(window, lo[g] & mask, entry);
      lo[g] = (lo[g] >> w) | (hi[g] << (64 - w));
      hi[g] = hi[g] >> w;
      into(g, entry);
    }
  };
  // (Every lambda here must be always_inline: an outlined one would lose the loop's target.)
  auto each_chain = [&](auto&& fn) FF_LAMBDA_INLINE {
    [&]<std::size_t... c>(std::index_sequence<c...>) FF_LAMBDA_INLINE {
      (fn(std::integral_constant<std::size_t, c>{}), ...);
    }(std::make_index_sequence<C>{});
  };
  unsigned j = 0;
  each_chain([&](auto c) FF_LAMBDA_INLINE {
    next_window(j++, [&](std::size_t g, const value& v) FF_LAMBDA_INLINE { acc[g][c] = v; });
  });
  for (unsigned round = 0, rounds = (windows - C) / C; round < rounds; ++round)
    each_chain([&](auto c) FF_LAMBDA_INLINE {
      next_window(j++, [&](std::size_t g, const value& v) FF_LAMBDA_INLINE { acc[g][c] = F::template mul<A>(acc[g][c], v); });
    });
  each_chain([&](auto c) FF_LAMBDA_INLINE {
    if (j < windows)
      next_window(j++, [&](std::size_t g, const value& v) FF_LAMBDA_INLINE { acc[g][c] = F::template mul<A>(acc[g][c], v); });
  });
  // Balanced tree over the chains (constant trip counts: fully unrolled).
  for (std::size_t step = 1; step < C; step *= 2)
    for (std::size_t c = 0; c + step < C; c += 2 * step)
      for (std::size_t g = 0; g < G; ++g) acc[g][c] = F::template mul<A>(acc[g][c], acc[g][c + step]);
  for (std::size_t g = 0; g < G; ++g) A::template store<N>(out[g * L].limb.data(), acc[g][0]);
}

template <class F, class A, power_shape S>
FF_INLINE void power_loop(const element<F>* table, unsigned w, const u128* e, element<F>* out, std::size_t n) {
  constexpr std::size_t B = S.groups * A::lanes;
  const unsigned windows = window_count(w);
  std::size_t i = 0;
  for (; i + B <= n; i += B) {
    if constexpr (S.prefetch > 0)
      if (i + (S.prefetch + 1) * B <= n) prefetch_entries<F, B>(table, w, windows, e + i + S.prefetch * B);
    power_block<F, A, S>(table, w, windows, e + i, out + i);
  }
  if (i < n) {  // the tail as one zero-padded block
    std::array<u128, B> pad_e{};
    std::array<element<F>, B> pad_out;
    std::memcpy(pad_e.data(), e + i, (n - i) * sizeof(u128));
    power_block<F, A, S>(table, w, windows, pad_e.data(), pad_out.data());
    std::memcpy(out + i, pad_out.data(), (n - i) * sizeof(element<F>));
  }
}

// One loop per backend, carrying its target so the kernel inlines.
template <class F, power_shape S>
void power_batch_portable(const element<F>* t, unsigned w, const u128* e, element<F>* out, std::size_t n) {
  power_loop<F, arith::portable, S>(t, w, e, out, n);
}
#if defined(__x86_64__)
template <class F, power_shape S>
[[gnu::target(FF_TARGET_PCLMUL)]] void power_batch_pclmul(const element<F>* t, unsigned w, const u128* e,
                                                          element<F>* out, std::size_t n) {
  power_loop<F, arith::pclmul, S>(t, w, e, out, n);
}
template <class F, power_shape S>
[[gnu::target(FF_TARGET_VPCLMUL256)]] void power_batch_vpclmul256(const element<F>* t, unsigned w, const u128* e,
                                                                  element<F>* out, std::size_t n) {
  power_loop<F, arith::vpclmul256, S>(t, w, e, out, n);
}
template <class F, power_shape S>
[[gnu::target(FF_TARGET_VPCLMUL512)]] void power_batch_vpclmul512(const element<F>* t, unsigned w, const u128* e,
                                                                  element<F>* out, std::size_t n) {
  power_loop<F, arith::vpclmul512, S>(t, w, e, out, n);
}
#endif
#if defined(__aarch64__)
template <class F, power_shape S>
[[gnu::target(FF_TARGET_PMULL)]] void power_batch_pmull(const element<F>* t, unsigned w, const u128* e,
                                                        element<F>* out, std::size_t n) {
  power_loop<F, arith::pmull, S>(t, w, e, out, n);
}
#endif

// The shapes that measured fastest (README "Fixed-base powers"); the benchmark times others.
// Four chains combined as a tree won on both families (ghash128 and b256, 2^20 powers, thread
// CPU time, three runs): vpclmul512 18.9-21.0 / 43.8 ns vs 21.0-23.6 / 48.9 for one chain;
// pclmul 74-78 / 203 ns vs 92-113 / 252. Gathering by hardware, by lane inserts or through a
// staging buffer differed by less than the run-to-run noise (+-10%); prefetching and
// interleaved groups gave no consistent gain.
inline constexpr power_shape scalar_power_shape{.groups = 1, .chains = 4, .prefetch = 0};
inline constexpr power_shape simd_power_shape{.groups = 1, .chains = 4, .prefetch = 0, .gather = gather_kind::hardware};

// Picks the loop once per batch. Shapes are per family: scalar (1 lane) and SIMD.
template <class F, power_shape Scalar = scalar_power_shape, power_shape Simd = simd_power_shape>
void power_dispatch(backend be, const element<F>* t, unsigned w, const u128* e, element<F>* out, std::size_t n) {
  switch (be) {
#if defined(__x86_64__)
    case backend::pclmul: return power_batch_pclmul<F, Scalar>(t, w, e, out, n);
    case backend::vpclmul256: return power_batch_vpclmul256<F, Simd>(t, w, e, out, n);
    case backend::vpclmul512: return power_batch_vpclmul512<F, Simd>(t, w, e, out, n);
#endif
#if defined(__aarch64__)
    case backend::pmull: return power_batch_pmull<F, Scalar>(t, w, e, out, n);
#endif
    default: return power_batch_portable<F, Scalar>(t, w, e, out, n);
  }
}

}  // namespace ff::detail

export namespace ff {

// g^e for any 128-bit e from a table built once (construction is not part of any timing).
template <binary_field F>
class fixed_base_table {
 public:
  // Refuses (ff::error) a width outside 1..20 or a table larger than the available memory,
  // before allocating.
  inline explicit fixed_base_table(unsigned window_bits = default_window_bits<F>(),
                                   const element<F>& base = F::generator())
      : fixed_base_table(base, window_bits) {}
  inline fixed_base_table(const element<F>& base, unsigned window_bits) : base_(base), bits_(window_bits) {
    check_window_bits(F::name, window_bits, sizeof(element<F>), available_memory_bytes());
    windows_ = window_count(window_bits);
    allocate();
    const backend be = scalar_backend();
    const std::size_t per_window = std::size_t{1} << bits_;
    element<F> window_base = base;  // g^(2^(w j))
    for (unsigned j = 0; j < windows_; ++j) {
      element<F>* window = entries_.get() + j * per_window;
      window[0] = F::one();
      for (std::size_t d = 1; d < per_window; ++d) window[d] = mul_with(be, window[d - 1], window_base);
      window_base = mul_with(be, window[per_window - 1], window_base);
    }
  }

  inline unsigned window_bits() const { return bits_; }
  inline unsigned windows() const { return windows_; }
  inline std::size_t bytes() const { return table_bytes(bits_, sizeof(element<F>)); }
  inline const element<F>& base() const { return base_; }
  // g^(digit * 2^(w window)).
  inline const element<F>& entry(unsigned window, std::size_t digit) const {
    return entries_.get()[(std::size_t(window) << bits_) + digit];
  }
  inline const element<F>* data() const { return entries_.get(); }

  // One power with the scalar backend.
  inline element<F> power(u128 e) const {
    element<F> r;
    detail::power_dispatch<F>(scalar_backend(), data(), bits_, &e, &r, 1);
    return r;
  }
  // out[i] = g^exponents[i] with an explicit backend (refused when this CPU lacks it).
  inline void power(backend be, std::span<const u128> exponents, std::span<element<F>> out) const {
    check(exponents, out);
    if (!cpu_has(be)) throw error("ff::fixed_base_table::power: " + missing_backend_message(be));
    detail::power_dispatch<F>(be, data(), bits_, exponents.data(), out.data(), out.size());
  }
  // The same with the backend ff.cpu chose once (FF_BACKEND or the fastest).
  inline void power(std::span<const u128> exponents, std::span<element<F>> out) const {
    power(batch_backend(), exponents, out);
  }

 private:
  struct free_deleter {
    inline void operator()(element<F>* p) const { std::free(p); }
  };
  element<F> base_;
  unsigned bits_ = 0, windows_ = 0;
  std::unique_ptr<element<F>[], free_deleter> entries_;

  // Cache-line aligned; tables of 2 MiB or more on 2 MiB boundaries with transparent huge
  // pages requested: random lookups over megabytes otherwise miss the TLB on most windows.
  inline void allocate() {
    const std::size_t bytes = table_bytes(bits_, sizeof(element<F>));
    constexpr std::size_t huge = std::size_t{2} << 20;
    const std::size_t align = bytes >= huge ? huge : 64;
    void* p = std::aligned_alloc(align, (bytes + align - 1) / align * align);
    if (!p) throw error("fixed_base_table<" + std::string(F::name) + ">: cannot allocate " + std::to_string(bytes) + " bytes");
#if defined(MADV_HUGEPAGE)
    if (align == huge) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    entries_.reset(static_cast<element<F>*>(p));
    std::uninitialized_value_construct_n(entries_.get(), (std::size_t(windows_) << bits_));
  }
  static inline void check(std::span<const u128> exponents, std::span<element<F>> out) {
    if (exponents.size() != out.size())
      throw error("ff::fixed_base_table::power: " + std::to_string(exponents.size()) + " exponents but " +
                  std::to_string(out.size()) + " outputs");
  }
};

}  // namespace ff
