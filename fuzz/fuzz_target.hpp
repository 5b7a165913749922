// What the fuzz targets share: the libFuzzer entry point's signature, the input as text, and
// a property check that stops the run (libFuzzer and the corpus replay report the input).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

// A failed property: the message, then abort (a crash to libFuzzer, a failure to the replay).
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz property failed: %s\n", what.c_str());
  std::abort();
}
inline void require(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

// run()'s value, or nothing where it refuses the input by throwing Refusal (the library's
// ff::error); any other exception escapes (a crash to the fuzzer).
template <class Refusal, class Run>
auto accepted(Run&& run) -> std::optional<decltype(run())> {
  try {
    return run();
  } catch (const Refusal&) {
    return std::nullopt;
  }
}
// The entry point and the reference must agree on whether the input is valid.
inline void require_verdict(bool accepted, bool valid, const std::string& where) {
  if (accepted != valid) fail(where + (valid ? ": refused a valid input" : ": accepted an invalid input"));
}

inline std::string_view text(std::span<const std::uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// The first input byte picks one type of the list (a field, a curve: ff::type_list<T...>,
// ff::type_list<T...>), and check.template operator()<T>(rest) gets the rest of the input;
// inputs longer than max_size are skipped. Returns LLVMFuzzerTestOneInput's 0.
template <template <class...> class List, class... T, class Check>
int run_picked(List<T...>, const std::uint8_t* data, std::size_t size, std::size_t max_size, Check&& check) {
  if (size == 0 || size > max_size) return 0;
  const std::size_t pick = data[0] % sizeof...(T);
  const std::span<const std::uint8_t> rest(data + 1, size - 1);
  std::size_t i = 0;
  ((i++ == pick ? check.template operator()<T>(rest) : void()), ...);
  return 0;
}

// Printable form of fuzzer text for messages (non-printing bytes as \xNN).
inline std::string show(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c >= 0x20 && c < 0x7f) out += c;
    else {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(std::uint8_t(c)));
      out += buf;
    }
  }
  return out;
}

}  // namespace fuzz
