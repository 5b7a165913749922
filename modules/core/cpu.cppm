// ff.core.cpu: the backends of each field family, what this CPU runs, and FF_BACKEND.
// Detected once; nothing here runs inside a kernel.
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
export module ff.core.cpu;
import ff.core.element;

export namespace ff {

// The field families. A backend serves one family, or (portable) every family.
enum class family : std::uint8_t { binary, prime };
inline constexpr std::array<family, 2> all_families = {family::binary, family::prime};

constexpr std::string_view to_string(family f) { return f == family::binary ? "binary" : "prime"; }

// Instruction-set targets: what a function must be compiled for to run a backend's kernels
// (ff.core.dispatch compiles them so) or another accelerated routine (ISO conversions).
enum class isa : std::uint8_t { baseline, pclmul, vpclmul256, vpclmul512, pmull, adx, ifma, avx2, gfni512 };

enum class backend : std::uint8_t { portable, pclmul, vpclmul256, vpclmul512, pmull, adx, ifma };

struct backend_info {
  backend id;
  std::string_view name;
  isa target;
  std::optional<family> only;  // the family it serves; nullopt: every family (portable)
  backend scalar;              // the backend single-element operations use (itself unless batch-only)
};

// Every backend, in the order of the enum (info(b) is a lookup, not a search).
inline constexpr std::array<backend_info, 7> backend_table = {{
    {backend::portable, "portable", isa::baseline, std::nullopt, backend::portable},
    {backend::pclmul, "pclmul", isa::pclmul, family::binary, backend::pclmul},
    {backend::vpclmul256, "vpclmul256", isa::vpclmul256, family::binary, backend::pclmul},
    {backend::vpclmul512, "vpclmul512", isa::vpclmul512, family::binary, backend::pclmul},
    {backend::pmull, "pmull", isa::pmull, family::binary, backend::pmull},
    {backend::adx, "adx", isa::adx, family::prime, backend::adx},
    {backend::ifma, "ifma", isa::ifma, family::prime, backend::adx},
}};
// The order in which the families prefer the backends they have: fastest first.
inline constexpr std::array<backend, 7> preference = {backend::vpclmul512, backend::vpclmul256, backend::pclmul,
                                                      backend::pmull,      backend::ifma,       backend::adx,
                                                      backend::portable};

constexpr const backend_info& info(backend b) { return backend_table[std::size_t(b)]; }
constexpr std::string_view to_string(backend b) { return info(b).name; }
constexpr isa target_of(backend b) { return info(b).target; }
constexpr bool serves(backend b, family f) { return !info(b).only || *info(b).only == f; }
// Batch-only backends process several elements per instruction and have no one-element kernel.
constexpr bool is_batch_only(backend b) { return info(b).scalar != b; }
constexpr backend scalar_sibling(backend b) { return info(b).scalar; }

std::optional<backend> parse_backend(std::string_view name) {
  for (const backend_info& i : backend_table)
    if (i.name == name) return i.id;
  return std::nullopt;
}

// The backends of a family, in its order of preference.
std::vector<backend> backends_of(family f) {
  std::vector<backend> r;
  for (backend b : preference)
    if (serves(b, f)) r.push_back(b);
  return r;
}

struct cpu_features {
  bool pclmul = false, sse41 = false, avx2 = false, bmi2 = false, adx = false, avx512f = false, avx512vl = false,
       avx512bw = false, avx512dq = false, avx512ifma = false, avx512vbmi = false, avx512vbmi2 = false,
       vpclmulqdq = false, gfni = false, pmull = false;
  bool os_ymm = false, os_zmm = false;  // the OS saves the wide registers
};

#if defined(__x86_64__)
// Where CPUID reports each feature: leaf (subleaf 0), register, bit.
struct cpuid_bit {
  bool cpu_features::*flag;
  unsigned leaf;
  char reg;
  unsigned bit;
};
inline constexpr cpuid_bit cpuid_bits[] = {
    {&cpu_features::pclmul, 1, 'c', 1},        {&cpu_features::sse41, 1, 'c', 19},
    {&cpu_features::avx2, 7, 'b', 5},          {&cpu_features::bmi2, 7, 'b', 8},
    {&cpu_features::avx512f, 7, 'b', 16},      {&cpu_features::avx512dq, 7, 'b', 17},
    {&cpu_features::adx, 7, 'b', 19},          {&cpu_features::avx512ifma, 7, 'b', 21},
    {&cpu_features::avx512bw, 7, 'b', 30},     {&cpu_features::avx512vl, 7, 'b', 31},
    {&cpu_features::avx512vbmi, 7, 'c', 1},    {&cpu_features::avx512vbmi2, 7, 'c', 6},
    {&cpu_features::gfni, 7, 'c', 8},          {&cpu_features::vpclmulqdq, 7, 'c', 10},
};
#endif

// Detected once. On an architecture, the other architecture's features stay false.
const cpu_features& cpu() {
  static const cpu_features detected = [] {
    cpu_features f;
#if defined(__x86_64__)
    for (unsigned leaf : {1u, 7u}) {
      unsigned r[4];  // eax ebx ecx edx
      if (!__get_cpuid_count(leaf, 0, &r[0], &r[1], &r[2], &r[3])) continue;
      for (const cpuid_bit& c : cpuid_bits)
        if (c.leaf == leaf) f.*c.flag = (r[c.reg - 'a'] >> c.bit) & 1;
      if (leaf == 1 && (r[2] >> 27 & 1)) {  // OSXSAVE: ask the OS which register states it saves
        unsigned lo, hi;
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        f.os_ymm = (lo & 0x6) == 0x6;
        f.os_zmm = f.os_ymm && (lo & 0xe0) == 0xe0;
      }
    }
#elif defined(__aarch64__)
    f.pmull = getauxval(AT_HWCAP) & HWCAP_PMULL;
#endif
    return f;
  }();
  return detected;
}

static_assert([] {
  for (std::size_t i = 0; i < backend_table.size(); ++i)
    if (std::size_t(backend_table[i].id) != i) return false;
  return true;
}(), "backend_table follows the order of the enum");

struct isa_requirement {
  isa id;
  std::string_view needs;  // for messages
  bool (*present)(const cpu_features&);
};

// What each target needs, and whether this CPU has it (on another architecture its features
// are all false, so are these).
inline constexpr std::array<isa_requirement, 9> isa_table = {{
    {isa::baseline, "nothing", [](const cpu_features&) { return true; }},
    {isa::pclmul, "PCLMULQDQ and SSE4.1 (x86-64)", [](const cpu_features& f) { return f.pclmul && f.sse41; }},
    {isa::vpclmul256, "AVX2 and VPCLMULQDQ (x86-64)",
     [](const cpu_features& f) { return f.pclmul && f.sse41 && f.avx2 && f.vpclmulqdq && f.os_ymm; }},
    {isa::vpclmul512, "AVX512F/VL/BW/DQ/VBMI2 and VPCLMULQDQ (x86-64)",
     [](const cpu_features& f) {
       return f.pclmul && f.sse41 && f.avx2 && f.avx512f && f.avx512vl && f.avx512bw && f.avx512dq && f.avx512vbmi2 &&
              f.vpclmulqdq && f.os_zmm;
     }},
    {isa::pmull, "PMULL (AArch64 crypto extension)", [](const cpu_features& f) { return f.pmull; }},
    {isa::adx, "BMI2 (MULX) and ADX (ADCX/ADOX) (x86-64)", [](const cpu_features& f) { return f.bmi2 && f.adx; }},
    // With BMI2 and ADX: the scalar products between its batches are the adx ones.
    {isa::ifma, "AVX512F/VL/BW/DQ, AVX512-IFMA, BMI2 and ADX (x86-64)",
     [](const cpu_features& f) {
       return f.avx2 && f.avx512f && f.avx512vl && f.avx512bw && f.avx512dq && f.avx512ifma && f.bmi2 && f.adx && f.os_zmm;
     }},
    {isa::avx2, "AVX2 (x86-64)", [](const cpu_features& f) { return f.avx2 && f.os_ymm; }},
    {isa::gfni512, "AVX512F/BW/VBMI and GFNI (x86-64)",
     [](const cpu_features& f) { return f.avx2 && f.avx512f && f.avx512bw && f.avx512vbmi && f.gfni && f.os_zmm; }},
}};

static_assert([] {
  for (std::size_t i = 0; i < isa_table.size(); ++i)
    if (std::size_t(isa_table[i].id) != i) return false;
  return true;
}(), "isa_table follows the order of the enum");

constexpr const isa_requirement& requirement(isa i) { return isa_table[std::size_t(i)]; }

// Compiled into this binary (the architecture's kernels) and runnable on this CPU. Inline
// with the answers cached: dispatch asks on every call.
inline bool cpu_has(isa i) {
  static const unsigned present = [] {
    unsigned mask = 0;
    for (const isa_requirement& r : isa_table)
      if (r.present(cpu())) mask |= 1u << unsigned(r.id);
    return mask;
  }();
  return (present >> unsigned(i)) & 1;
}
inline bool cpu_has(backend b) { return cpu_has(target_of(b)); }

// The backends of a family this CPU runs, in its order of preference.
std::vector<backend> available_backends(family f) {
  std::vector<backend> r;
  for (backend b : backends_of(f))
    if (cpu_has(b)) r.push_back(b);
  return r;
}

std::string missing_backend_message(backend b) {
  return "backend '" + std::string(to_string(b)) + "' needs " + std::string(requirement(target_of(b)).needs) +
         ", which this CPU or binary lacks";
}

// FF_BACKEND (or any such list): comma-separated backend names, at most one per family. A name
// serves its family; `portable` serves every family no other name covers, so `portable`
// alone makes everything portable and `pclmul,portable` pairs pclmul with portable prime
// arithmetic. Throws ff::error (prefixed by `what`) for an unknown or empty name, two
// backends for one family, or a backend this CPU lacks.
std::array<std::optional<backend>, all_families.size()> parse_backend_choice(std::string_view list,
                                                                            std::string_view what) {
  const std::string prefix = std::string(what) + "=" + std::string(list) + ": ";
  std::array<std::optional<backend>, all_families.size()> chosen;
  bool portable = false;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view name = list.substr(start, comma - start);
    start = comma + 1;
    const auto b = parse_backend(name);
    if (!b) {
      std::string known;
      for (const backend_info& i : backend_table) known += (known.empty() ? "" : ", ") + std::string(i.name);
      throw error(prefix + (name.empty() ? "an empty backend name" : "unknown backend '" + std::string(name) + "'") +
                  " (choose from " + known + ", at most one per family, comma-separated)");
    }
    if (!cpu_has(*b)) throw error(prefix + missing_backend_message(*b));
    if (*b == backend::portable) {
      portable = true;
      continue;
    }
    std::optional<backend>& slot = chosen[std::size_t(*info(*b).only)];
    if (slot && *slot != *b)
      throw error(prefix + "names two " + std::string(to_string(*info(*b).only)) + " backends ('" +
                  std::string(to_string(*slot)) + "' and '" + std::string(name) + "'); name at most one per family");
    slot = *b;
  }
  if (portable)
    for (auto& slot : chosen)
      if (!slot) slot = backend::portable;
  return chosen;
}

// FF_BACKEND's choice for a family, read once: nullopt when unset or when it names no backend of
// the family. A malformed FF_BACKEND throws ff::error at every call, so the first use reports it.
std::optional<backend> forced_backend(family f) {
  struct choice {
    std::array<std::optional<backend>, all_families.size()> per_family;
    std::string error;
  };
  static const choice c = []() -> choice {
    const char* env = std::getenv("FF_BACKEND");
    if (!env || !*env) return {};
    try {
      return {parse_backend_choice(env, "FF_BACKEND"), {}};
    } catch (const error& e) {
      return {{}, e.what()};
    }
  }();
  if (!c.error.empty()) throw error(c.error);
  return c.per_family[std::size_t(f)];
}

// The backend batch calls of family f use: FF_BACKEND's, else the fastest this CPU has
// (portable is always there). Chosen once; inline because every a * b asks.
inline backend batch_backend(family f) {
  static const auto chosen = [] {
    std::array<backend, all_families.size()> r;
    for (family g : all_families) r[std::size_t(g)] = forced_backend(g).value_or(available_backends(g).front());
    return r;
  }();
  return chosen[std::size_t(f)];
}

// The backend single-element calls use: the scalar sibling of batch_backend(f).
inline backend scalar_backend(family f) { return scalar_sibling(batch_backend(f)); }

}  // namespace ff
