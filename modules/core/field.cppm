// ff.core.field: what every field offers (the ff::field concept), what it declares about its
// measured tuning, and type lists (of fields, of curves) that tools walk or look up by name.
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

// How the extension towers over a field reduce their products: each product reduced (the
// default), or lazily, products kept double-width and each output coordinate reduced once
// (prime fields in Montgomery form with p < R / 4; ff::lazy_arithmetic).
enum class extension_reduction { per_product, lazy };

// Per-field constants chosen by measurement (docs/performance/decisions.md, "Tuning"). Every
// field states the first two; zero is not a value, so a field that leaves one out does not
// satisfy ff::field.
struct field_tuning {
  std::size_t mul_blocks_per_step;  // batch multiplication: vector blocks per loop step (SIMD backends)
  unsigned power_window_bits;       // ff::fixed_base_table's default window width
  extension_reduction extensions = extension_reduction::per_product;  // towers over the field
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

// The structural part of every field that generic code dispatches on: its family, its limb
// count, and its backend policies, one-element (scalar_policies) and batch (batch_policies).
// Its kernels are member templates over a policy A: F::mul<A>, F::square<A>, and in two stages
// for the batch loop F::mul_product<A>, F::square_product<A>, F::reduce_product<A>.
template <class F>
concept field_kernels = requires {
  { F::family } -> std::convertible_to<ff::family>;
  { F::limbs } -> std::convertible_to<std::size_t>;
  typename F::scalar_policies;
  typename F::batch_policies;
};

// A list of types: the registry's fields, the curves. Every type in a list has a name (T::name).
template <class... T>
struct type_list {
  static constexpr std::size_t size = sizeof...(T);
};

template <class... A, class... B>
constexpr type_list<A..., B...> concat(type_list<A...>, type_list<B...>) {
  return {};
}
template <class... A, class... B>
constexpr type_list<A..., B...> operator+(type_list<A...>, type_list<B...>) {
  return {};
}
}  // namespace ff
namespace ff::detail {
template <ff::family Family, class... F>
constexpr auto of_family(type_list<F...>) {
  return (type_list<>{} + ... + std::conditional_t<F::family == Family, type_list<F>, type_list<>>{});
}
}  // namespace ff::detail
export namespace ff {
// The fields of List that belong to Family, in order.
template <ff::family Family, class List>
using fields_of = decltype(detail::of_family<Family>(List{}));

// fn.template operator()<T>() for every type of the list, in order.
template <class List, class Fn>
void for_each_type(Fn&& fn) {
  [&]<class... T>(type_list<T...>) { (fn.template operator()<T>(), ...); }(List{});
}

// fn.template operator()<T>() for the type of the list called `name` (monomorphized once per
// type; results go out through captures); an unknown name is an ff::error listing the known
// ones ("unknown <noun> 'name' (choose ...)").
template <class List, class Fn>
void visit_by_name(std::string_view name, Fn&& fn, std::string_view noun = "field") {
  const bool found = [&]<class... T>(type_list<T...>) {
    return ((name == T::name ? (fn.template operator()<T>(), true) : false) || ...);
  }(List{});
  if (!found) {
    std::string known;
    for_each_type<List>([&]<class T>() { known += (known.empty() ? "" : ", ") + std::string(T::name); });
    throw error("unknown " + std::string(noun) + " '" + std::string(name) + "' (choose " + known + ")");
  }
}

}  // namespace ff
