// ff.cpu: which carry-less-multiply backends this binary has and this CPU runs, detected
// once; the FF_BACKEND override. Nothing here is called inside a hot loop.
module;
#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif
export module ff.cpu;
import ff.core;

export namespace ff {

enum class backend : std::uint8_t { portable, pclmul, vpclmul256, vpclmul512, pmull };

inline constexpr std::array<backend, 5> all_backends = {backend::portable, backend::pclmul, backend::vpclmul256,
                                                        backend::vpclmul512, backend::pmull};

constexpr std::string_view to_string(backend b) {
  switch (b) {
    case backend::portable: return "portable";
    case backend::pclmul: return "pclmul";
    case backend::vpclmul256: return "vpclmul256";
    case backend::vpclmul512: return "vpclmul512";
    case backend::pmull: return "pmull";
  }
  return "?";
}

std::optional<backend> parse_backend(std::string_view name) {
  for (backend b : all_backends)
    if (to_string(b) == name) return b;
  return std::nullopt;
}

// Batch-only backends process several elements per instruction; they have no scalar kernel.
constexpr bool is_batch_only(backend b) { return b == backend::vpclmul256 || b == backend::vpclmul512; }

struct cpu_features {
  bool pclmul = false, sse41 = false, avx2 = false, avx512f = false, avx512vl = false, avx512bw = false,
       avx512dq = false, vpclmulqdq = false, gfni = false, avx512vbmi = false, avx512vbmi2 = false,
       pmull = false;
  bool os_ymm = false, os_zmm = false;  // the OS saves the wide registers
};

const cpu_features& cpu() {
  static const cpu_features detected = [] {
    cpu_features f;
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
      f.pclmul = c & (1u << 1);
      f.sse41 = c & (1u << 19);
      const bool osxsave = c & (1u << 27);
      if (osxsave) {
        unsigned lo, hi;
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        f.os_ymm = (lo & 0x6) == 0x6;
        f.os_zmm = f.os_ymm && (lo & 0xe0) == 0xe0;
      }
    }
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
      f.avx2 = b & (1u << 5);
      f.avx512f = b & (1u << 16);
      f.avx512dq = b & (1u << 17);
      f.avx512bw = b & (1u << 30);
      f.avx512vl = b & (1u << 31);
      f.avx512vbmi = c & (1u << 1);
      f.avx512vbmi2 = c & (1u << 6);
      f.gfni = c & (1u << 8);
      f.vpclmulqdq = c & (1u << 10);
    }
#elif defined(__aarch64__)
    f.pmull = getauxval(AT_HWCAP) & HWCAP_PMULL;
#endif
    return f;
  }();
  return detected;
}

// Compiled into this binary (the architecture's kernels) and runnable on this CPU.
bool cpu_has(backend b) {
  const cpu_features& f = cpu();
  switch (b) {
    case backend::portable: return true;
#if defined(__x86_64__)
    case backend::pclmul: return f.pclmul && f.sse41;
    case backend::vpclmul256: return f.pclmul && f.sse41 && f.avx2 && f.vpclmulqdq && f.os_ymm;
    case backend::vpclmul512:
      return f.pclmul && f.sse41 && f.avx512f && f.avx512vl && f.avx512bw && f.avx512dq && f.avx512vbmi2 &&
             f.vpclmulqdq && f.os_zmm;
#elif defined(__aarch64__)
    case backend::pmull: return f.pmull;
#endif
    default: return false;
  }
}

std::vector<backend> available_backends() {
  std::vector<backend> r;
  for (backend b : all_backends)
    if (cpu_has(b)) r.push_back(b);
  return r;
}

std::string missing_backend_message(backend b) {
  std::string why;
  switch (b) {
    case backend::pclmul: why = "PCLMULQDQ and SSE4.1 (x86-64)"; break;
    case backend::vpclmul256: why = "AVX2 and VPCLMULQDQ (x86-64)"; break;
    case backend::vpclmul512: why = "AVX512F/VL/BW/DQ/VBMI2 and VPCLMULQDQ (x86-64)"; break;
    case backend::pmull: why = "PMULL (AArch64 crypto extension)"; break;
    default: why = "?";
  }
  return "backend '" + std::string(to_string(b)) + "' needs " + why + ", which this CPU or binary lacks";
}

// FF_BACKEND, read once: nullopt when unset; throws ff::error when unknown or unavailable.
std::optional<backend> forced_backend() {
  struct choice {
    std::optional<backend> b;
    std::string error;
  };
  static const choice c = []() -> choice {
    const char* env = std::getenv("FF_BACKEND");
    if (!env || !*env) return {};
    auto b = parse_backend(env);
    if (!b)
      return {std::nullopt, std::string("FF_BACKEND=") + env +
                                ": unknown backend (choose portable, pclmul, vpclmul256, vpclmul512 or pmull)"};
    if (!cpu_has(*b)) return {std::nullopt, "FF_BACKEND=" + std::string(env) + ": " + missing_backend_message(*b)};
    return {b, {}};
  }();
  if (!c.error.empty()) throw error(c.error);
  return c.b;
}

// The backend batch calls use: FF_BACKEND if set, else the fastest this CPU has.
backend batch_backend() {
  static const backend chosen = [] {
    if (auto f = forced_backend()) return *f;
    for (backend b : {backend::vpclmul512, backend::vpclmul256, backend::pclmul, backend::pmull})
      if (cpu_has(b)) return b;
    return backend::portable;
  }();
  return chosen;
}

// The backend single-element calls (a * b) use: the scalar sibling of batch_backend().
backend scalar_backend() {
  static const backend chosen = [] {
    backend b = batch_backend();
    return is_batch_only(b) ? backend::pclmul : b;
  }();
  return chosen;
}

}  // namespace ff
