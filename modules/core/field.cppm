// ff.core.field: what every field offers (the ff::field concept), what it declares about its
// measured tuning, and lists of fields that tools walk or look up by name.
module;
#include <concepts>
#include <initializer_list>
#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
export module ff.core.field;
import ff.core.element;
import ff.core.cpu;

export namespace ff {

// Per-field constants chosen by measurement (docs/performance/decisions.md, "Tuning"). Every
// field states both; zero is not a value, so a field that leaves one out does not satisfy
// ff::field.
struct field_tuning {
  std::size_t mul_blocks_per_step;  // batch multiplication: vector blocks per loop step (SIMD backends)
  unsigned power_window_bits;       // ff::fixed_base_table's default window width
};

// A field: a zero-sized marker type F with element type ff::element<F>. The arithmetic is found
// by argument-dependent lookup in namespace ff, where each family defines it.
template <class F>
concept field = requires(const element<F>& a, const element<F>& b, std::mt19937_64& rng, std::string_view text) {
  { F::name } -> std::convertible_to<std::string_view>;
  { F::limbs } -> std::convertible_to<std::size_t>;
  { F::family } -> std::convertible_to<ff::family>;
  { F::tuning } -> std::convertible_to<field_tuning>;
  { F::zero() } -> std::same_as<element<F>>;
  { F::one() } -> std::same_as<element<F>>;
  { F::generator() } -> std::same_as<element<F>>;
  { F::random(rng) } -> std::same_as<element<F>>;
  { F::parse(text) } -> std::same_as<element<F>>;
  { to_string(a) } -> std::convertible_to<std::string>;
  { a + b } -> std::same_as<element<F>>;
  { a - b } -> std::same_as<element<F>>;
  { -a } -> std::same_as<element<F>>;
  { a * b } -> std::same_as<element<F>>;
  { a == b } -> std::convertible_to<bool>;
  { square(a) } -> std::same_as<element<F>>;
  { inverse(a) } -> std::same_as<element<F>>;
  { pow(a, 5u) } -> std::same_as<element<F>>;
} && (F::tuning.mul_blocks_per_step >= 1) && (F::tuning.power_window_bits >= 1);

// A list of field types (the registry is one).
template <class... F>
struct field_list {
  static constexpr std::size_t size = sizeof...(F);
};

template <class... A, class... B>
constexpr field_list<A..., B...> concat(field_list<A...>, field_list<B...>) {
  return {};
}
template <class... A, class... B>
constexpr field_list<A..., B...> operator+(field_list<A...>, field_list<B...>) {
  return {};
}
namespace detail {
template <ff::family Family, class... F>
constexpr auto of_family(field_list<F...>) {
  return (field_list<>{} + ... + std::conditional_t<F::family == Family, field_list<F>, field_list<>>{});
}
}  // namespace detail
// The fields of List that belong to Family, in order.
template <ff::family Family, class List>
using fields_of = decltype(detail::of_family<Family>(List{}));

// fn.template operator()<F>() for every field of the list, in order.
template <class List, class Fn>
void for_each_field(Fn&& fn) {
  [&]<class... F>(field_list<F...>) { (fn.template operator()<F>(), ...); }(List{});
}

// fn.template operator()<F>() for the field of the list called `name` (monomorphized once per
// field; results go out through captures); an unknown name is an ff::error listing the known.
template <class List, class Fn>
void visit_field(std::string_view name, Fn&& fn) {
  const bool found = [&]<class... F>(field_list<F...>) {
    return ((name == F::name ? (fn.template operator()<F>(), true) : false) || ...);
  }(List{});
  if (!found) {
    std::string known;
    for_each_field<List>([&]<class F>() { known += (known.empty() ? "" : ", ") + std::string(F::name); });
    throw error("unknown field '" + std::string(name) + "' (choose " + known + ")");
  }
}

namespace detail {
// The batch calls' operands (both families): equal lengths; out may be exactly an input (in
// place), never a shifted view of one.
template <class F>
void check_batch(const char* what, std::size_t na, std::size_t nb, std::size_t nout, const element<F>* a,
                 const element<F>* b, const element<F>* out) {
  if (na != nout || nb != nout)
    throw error(std::string(what) + ": spans differ in length (" + std::to_string(na) + ", " + std::to_string(nb) +
                ", out " + std::to_string(nout) + ")");
  for (const element<F>* in : {a, b}) {
    if (!in || in == out || nout == 0) continue;
    if (in < out + nout && out < in + nout)
      throw error(std::string(what) + ": out partially overlaps an input (only out == input is allowed)");
  }
}
}  // namespace detail
}  // namespace ff
