// ff.core.element: what every field shares and nothing that computes: the limb type, the
// error type, the version, and element storage (one strong type per field).
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
export module ff.core.element;

export namespace ff {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

// Keep in step with project(VERSION) in CMakeLists.txt (a test checks it).
constexpr std::string_view version() { return "0.2.0"; }

// Every error fieldlab reports on bad input: one readable sentence.
class error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// An element of field F: F::limbs little-endian 64-bit limbs. What the limbs mean is the
// family's business (binary: bit i = coefficient of x^i); arithmetic lives in the families.
template <class F>
struct element {
  std::array<u64, F::limbs> limb{};

  friend constexpr bool operator==(const element&, const element&) = default;
  // An OR of every limb, without the early exit of ==, so it takes the same time on every value.
  constexpr bool is_zero() const {
    u64 any = 0;
    for (u64 l : limb) any |= l;
    return any == 0;
  }
};

}  // namespace ff
