// ff.power: fixed-base powers g^e for 128-bit exponents from a window table, for any field
// (docs/fixed-base-powers.md).
//
// For a window width w the exponent is split into ceil(128 / w) windows; window j stores all
// 2^w contributions g^(d * 2^(w j)), d = 0 .. 2^w - 1 (entry 0 is one, so every window
// multiplies exactly one entry and the loop has no branch on the digit). A power is the
// product of one entry per window, accumulated in tuning::power_chains independent chains
// combined as a balanced tree. Batches run under one backend, chosen once per call; on vector
// backends each lane computes its own power and gathers its own entries.
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
#include "fieldlab/macros.h"
export module ff.power;
import ff.core.element;
import ff.core.cpu;
import ff.core.lanes;
import ff.core.dispatch;
import ff.core.field;
import ff.algo.tuning;

export namespace ff {

inline constexpr unsigned min_window_bits = 1, max_window_bits = 20;
inline constexpr unsigned exponent_bits = 128;

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

namespace ff::detail {

template <class A>
FF_INLINE void set_lane(limb_t<A>& v, std::size_t l, u64 x) {
  if constexpr (A::lanes == 1) v = x;
  else v[l] = x;
}

// The entries of one window selected by each lane's digit, as limb values of policy A.
template <class F, class A>
FF_INLINE void load_entries(const element<F>* window, const limb_t<A>& digit, std::array<limb_t<A>, F::limbs>& out) {
  constexpr std::size_t N = F::limbs;
  if constexpr (A::lanes == 1) A::template load<N>(window[digit].limb.data(), out);
  else A::template gather<N>(window->limb.data(), digit * N, out);
}

// A::lanes powers: e[0 ..] -> out[0 ..].
template <class F, class A>
FF_INLINE void power_block(const element<F>* table, unsigned w, unsigned windows, const u128* e, element<F>* out) {
  constexpr std::size_t N = F::limbs, L = A::lanes, C = tuning::power_chains;
  static_assert(C >= 1 && C <= 7, "every width 1..20 has at least 7 windows");
  using value = std::array<limb_t<A>, N>;
  const u64 mask = (u64{1} << w) - 1;
  limb_t<A> lo, hi;  // the exponents still to consume, one lane per power
  for (std::size_t l = 0; l < L; ++l) {
    set_lane<A>(lo, l, u64(e[l]));
    set_lane<A>(hi, l, u64(e[l] >> 64));
  }
  value acc[C];
  // Window j's entries into `into`, then consume w bits of each exponent. (An out-parameter:
  // vectors returned by value from code without the vector ISA would change the ABI.)
  auto next_window = [&](unsigned j, value& into) FF_LAMBDA_INLINE {
    load_entries<F, A>(table + (std::size_t(j) << w), lo & mask, into);
    lo = (lo >> w) | (hi << (64 - w));
    hi = hi >> w;
  };
  // (Every lambda here must be always_inline: an outlined one would lose the loop's target.)
  auto each_chain = [&](auto&& fn) FF_LAMBDA_INLINE {
    [&]<std::size_t... c>(std::index_sequence<c...>) FF_LAMBDA_INLINE {
      (fn(std::integral_constant<std::size_t, c>{}), ...);
    }(std::make_index_sequence<C>{});
  };
  unsigned j = 0;
  value entry;
  each_chain([&](auto c) FF_LAMBDA_INLINE { next_window(j++, acc[c]); });
  for (unsigned round = 0, rounds = (windows - C) / C; round < rounds; ++round)
    each_chain([&](auto c) FF_LAMBDA_INLINE {
      next_window(j++, entry);
      acc[c] = F::template mul<A>(acc[c], entry);
    });
  each_chain([&](auto c) FF_LAMBDA_INLINE {
    if (j < windows) {
      next_window(j++, entry);
      acc[c] = F::template mul<A>(acc[c], entry);
    }
  });
  // Balanced tree over the chains (constant trip counts: fully unrolled).
  for (std::size_t step = 1; step < C; step *= 2)
    for (std::size_t c = 0; c + step < C; c += 2 * step) acc[c] = F::template mul<A>(acc[c], acc[c + step]);
  A::template store<N>(out->limb.data(), acc[0]);
}

template <class F, class A>
FF_INLINE void power_loop(const element<F>* table, unsigned w, const u128* e, element<F>* out, std::size_t n) {
  static_assert(lane_policy<A>);
  constexpr std::size_t L = A::lanes;
  const unsigned windows = window_count(w);
  // The tail runs as one zero-padded block through the same call: power_block is inlined once
  // (a second call site would double the kernel's code, the largest of the library).
  std::array<u128, L> pad_e{};
  std::array<element<F>, L> pad_out;
  for (std::size_t i = 0; i < n; i += L) {
    const bool tail = L > 1 && n - i < L;
    if (tail) std::memcpy(pad_e.data(), e + i, (n - i) * sizeof(u128));
    power_block<F, A>(table, w, windows, tail ? pad_e.data() : e + i, tail ? pad_out.data() : out + i);
    if (tail) std::memcpy(out + i, pad_out.data(), (n - i) * sizeof(element<F>));
  }
}

// The power loop as ff::dispatch runs it (a named kernel, operands by value).
template <class F>
struct power_kernel {
  const element<F>* table;
  unsigned w;
  const u128* e;
  element<F>* out;
  std::size_t n;
  template <class A>
  FF_INLINE void operator()() const {
    power_loop<F, A>(table, w, e, out, n);
  }
};

}  // namespace ff::detail

export namespace ff {

// g^e for any 128-bit e from a table built once (construction is not part of any timing).
template <field F>
class fixed_base_table {
 public:
  // Refuses (ff::error) a width outside 1..20 or a table larger than the available memory,
  // before allocating. The default width is the field's measured one (F::tuning).
  inline explicit fixed_base_table(unsigned window_bits = F::tuning.power_window_bits,
                                   const element<F>& base = F::generator())
      : fixed_base_table(base, window_bits) {}
  inline fixed_base_table(const element<F>& base, unsigned window_bits) : base_(base), bits_(window_bits) {
    check_window_bits(F::name, window_bits, sizeof(element<F>), available_memory_bytes());
    windows_ = window_count(window_bits);
    allocate();
    const backend be = scalar_backend(F::family);
    const std::size_t per_window = std::size_t{1} << bits_;
    element<F> window_base = base;  // g^(2^(w j))
    for (unsigned j = 0; j < windows_; ++j) {
      element<F>* window = entries_.get() + j * per_window;
      window[0] = F::one();
      for (std::size_t d = 1; d < per_window; ++d) window[d] = mul(be, window[d - 1], window_base);
      window_base = mul(be, window[per_window - 1], window_base);
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

  // One power with the family's scalar backend.
  inline element<F> power(u128 e) const {
    element<F> r;
    run(scalar_backend(F::family), &e, &r, 1);
    return r;
  }
  // out[i] = g^exponents[i] with an explicit backend (refused when this CPU lacks it).
  inline void power(backend be, std::span<const u128> exponents, std::span<element<F>> out) const {
    if (exponents.size() != out.size())
      throw error("ff::fixed_base_table::power: " + std::to_string(exponents.size()) + " exponents but " +
                  std::to_string(out.size()) + " outputs");
    run(be, exponents.data(), out.data(), out.size());
  }
  // The same with the family's batch backend (FF_BACKEND or the fastest).
  inline void power(std::span<const u128> exponents, std::span<element<F>> out) const {
    power(batch_backend(F::family), exponents, out);
  }

 private:
  struct free_deleter {
    inline void operator()(element<F>* p) const { std::free(p); }
  };
  element<F> base_;
  unsigned bits_ = 0, windows_ = 0;
  std::unique_ptr<element<F>[], free_deleter> entries_;

  // Not `inline`: with FF_INSTANTIATE_FIELDS the field registry compiles each registry field's
  // table once, in the library (cmake/registry.cmake), and importers call it.
  void run(backend be, const u128* e, element<F>* out, std::size_t n) const {
    dispatch_batch<typename F::batch_policies>(be, detail::power_kernel<F>{data(), bits_, e, out, n});
  }

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
};

}  // namespace ff
