// ff.tower.constant: what a tower level needs of its base (ff::tower::extensible), and
// compile-time constants of a tower, written by their coordinates down to small integers, e.g.
// xi = 9 + u in Fp2 is quadratic_constant{9, 1} and v in Fp6 is cubic_constant{0, 1, 0}; a
// plain integer k means k times one at any level. Multiplying by one (mul_constant) compiles
// to what its coordinates allow: a zero coordinate drops its terms, 1 is free, -1 is a
// negation, another integer one product by a base-field constant; never a generic product of
// two tower elements. And what every level shares (level, extension).
module;
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.tower.constant;
import ff.core.arithmetic;

export namespace ff::tower {
// A base a tower level can be built on: an ff::arithmetic with compile-time constants
// (constant<K>(), evaluated with portable_twin, the same arithmetic over the portable policy,
// whose operations are constexpr), the Frobenius map a -> a^p and its constants, and uniform
// random values (tests and benchmarks). A prime field's arithmetic and every tower level are.
template <class A>
concept extensible = arithmetic<A> && requires(const typename A::value& a, std::mt19937_64& rng) {
  typename A::portable_twin;
  { A::template constant<1>() } -> std::same_as<typename A::value>;
  { A::frobenius(a) } -> std::same_as<typename A::value>;
  { A::random(rng) } -> std::same_as<typename A::value>;
  { A::template divides_p_minus_1<2>() } -> std::convertible_to<bool>;
};

// A base's wide type where it has one (a lazy base), else a placeholder nothing uses.
struct no_wide {};
template <class A>
struct wide_of {
  using type = no_wide;
};
template <class A>
  requires(A::lazy)
struct wide_of<A> {
  using type = typename A::wide;
};

// What every level shares: its base, the base's values and masks, the declared traits (a level
// reduces lazily when its base does, its wide values being its base's, coordinate by
// coordinate; it puts its products in functions of their own where its base does, so the
// levels above call them instead of inlining them), and the characteristic's constants.
template <extensible A>
struct level {
  using base = A;
  using base_value = typename A::value;
  using base_wide = typename wide_of<A>::type;
  using mask = typename A::mask;
  static constexpr bool lazy = A::lazy, outline_products = A::outline_products, wide_products_exact = false;
  // Op{}(args...) as a function of its own compiled for the base's instructions (the prime
  // field's policy: A::outlined), or inline where the base does not outline. Inlined all the
  // way down, one Fp12 product was 100 KB of code; a lazy one 43 KB with its Fp6 products.
  template <class Op, class... Args>
  FF_INLINE static auto outlined(const Args&... args)
    requires(A::outline_products)
  {
    return A::template outlined<Op>(args...);
  }
  template <class Op, class... Args>
  FF_INLINE static constexpr auto call(const Args&... args) {
    if constexpr (A::outline_products) {
      if (!std::is_constant_evaluated()) return A::template outlined<Op>(args...);
    }
    return Op{}(args...);
  }
  // (p - 1) / D and whether D divides p - 1 (p: the characteristic), from the prime field.
  template <unsigned D>
  static constexpr auto p_minus_1_over() { return A::template p_minus_1_over<D>(); }
  template <unsigned D>
  static constexpr bool divides_p_minus_1() { return A::template divides_p_minus_1<D>(); }
};

// A with its lazy trait off: the level built on it reduces each of A's products, while A's own
// products stay lazy inside. A per-level choice, measured (BN254: Fp6 lazy, Fp12 per product).
template <extensible A>
struct reduced_products : A {
  static constexpr bool lazy = false;
  using portable_twin = reduced_products<typename A::portable_twin>;
};
// The level itself, under reduced_products or not.
template <class A>
struct underlying {
  using type = A;
};
template <class A>
struct underlying<reduced_products<A>> {
  using type = A;
};

// How a level's formulas combine its base's values, so that each formula is written once for
// both towers: reduced_ops multiplies with A's products and combines with A's field
// operations; wide_ops multiplies with A's unreduced products (mul_wide) and combines mod p R,
// the caller reducing each coordinate once at the end. product and square take A's values or
// sum / difference of two values (which may be unreduced: what A's products accept).
template <class A>
struct reduced_ops {
  using input = typename A::value;
  using type = typename A::value;
  FF_INLINE static constexpr type product(const input& a, const input& b) { return A::mul(a, b); }
  FF_INLINE static constexpr type square(const input& a) { return A::square(a); }
  FF_INLINE static constexpr input sum(const input& a, const input& b) { return A::add(a, b); }
  FF_INLINE static constexpr input difference(const input& a, const input& b) { return A::sub(a, b); }
  FF_INLINE static constexpr type add(const type& x, const type& y) { return A::add(x, y); }
  FF_INLINE static constexpr type sub(const type& x, const type& y) { return A::sub(x, y); }
  // x - y where y is one of the products summed into x.
  FF_INLINE static constexpr type sub_part(const type& x, const type& y) { return A::sub(x, y); }
  template <auto K>
  FF_INLINE static constexpr type times(const type& x) { return A::template mul_constant<K>(x); }
};
template <class A>
struct wide_ops {
  using input = typename A::value;
  using type = typename A::wide;
  FF_INLINE static constexpr type product(const input& a, const input& b) { return A::mul_wide(a, b); }
  FF_INLINE static constexpr type square(const input& a) { return A::square_wide(a); }
  FF_INLINE static constexpr input sum(const input& a, const input& b) { return A::add_unreduced(a, b); }
  FF_INLINE static constexpr input difference(const input& a, const input& b) { return A::sub_unreduced(a, b); }
  FF_INLINE static constexpr type add(const type& x, const type& y) { return A::add_wide(x, y); }
  FF_INLINE static constexpr type sub(const type& x, const type& y) { return A::sub_wide(x, y); }
  FF_INLINE static constexpr type sub_part(const type& x, const type& y) {
    if constexpr (A::wide_products_exact) return A::sub_wide_exact(x, y);
    else return A::sub_wide(x, y);
  }
  template <auto K>
  FF_INLINE static constexpr type times(const type& x) { return A::template mul_constant_wide<K>(x); }
};

template <class C>
struct quadratic_constant {
  C c0, c1;
};
template <class C>
struct cubic_constant {
  C c0, c1, c2;
};

// The integer v (a constant of any level can be a plain integer).
template <class C>
constexpr bool is_integer(const C& k, long long v) {
  if constexpr (std::integral<C>) return static_cast<long long>(k) == v;
  else return false;
}
constexpr bool is_zero(std::integral auto k) { return k == 0; }
template <class C>
constexpr bool is_zero(const quadratic_constant<C>& k) {
  return is_zero(k.c0) && is_zero(k.c1);
}
template <class C>
constexpr bool is_zero(const cubic_constant<C>& k) {
  return is_zero(k.c0) && is_zero(k.c1) && is_zero(k.c2);
}

// acc + K x on the values of ops O, K a constant of O's base: nothing, an addition, a
// subtraction, or a product by K.
template <class O, auto K>
FF_INLINE constexpr typename O::type add_times(const typename O::type& acc, const typename O::type& x) {
  if constexpr (is_zero(K)) return acc;
  else if constexpr (is_integer(K, 1)) return O::add(acc, x);
  else if constexpr (is_integer(K, -1)) return O::sub(acc, x);
  else return O::add(acc, O::template times<K>(x));
}

// What a level derives from its formulas and its coordinates, written once for quadratic and
// cubic (Self, by CRTP). Self provides product<O>, square_of<O> and times_constant<O, K> over
// ops O (reduced_ops or wide_ops) and lazy_square; Value<B> is its coordinates over B, with
// map(f, values...) applying f coordinate by coordinate. A lazy level reduces each coordinate
// once, after its base's wide products (at compile time each product: fewer constant-
// evaluation steps for the Frobenius constants); mul, square and their wide forms run out of
// line where the base outlines (level::call).
template <class Self, extensible A, template <class> class Value>
struct extension : level<A> {
  using typename level<A>::base_value;
  using typename level<A>::mask;
  using value = Value<base_value>;
  using wide = Value<typename level<A>::base_wide>;
  using reduced = reduced_ops<A>;
  using unreduced = wide_ops<A>;
  // The level's formulas, once over ops O: its values' coordinates are O's.
  template <class O>
  using over = Value<typename O::type>;

  FF_INLINE static constexpr value add(const value& a, const value& b) {
    return value::map([](const base_value& x, const base_value& y) FF_LAMBDA_INLINE { return A::add(x, y); }, a, b);
  }
  FF_INLINE static constexpr value sub(const value& a, const value& b) {
    return value::map([](const base_value& x, const base_value& y) FF_LAMBDA_INLINE { return A::sub(x, y); }, a, b);
  }
  FF_INLINE static constexpr value neg(const value& a) {
    return value::map([](const base_value& x) FF_LAMBDA_INLINE { return A::neg(x); }, a);
  }
  FF_INLINE static constexpr value select(const mask& m, const value& a, const value& b) {
    return value::map([&m](const base_value& x, const base_value& y) FF_LAMBDA_INLINE { return A::select(m, x, y); }, a, b);
  }

  struct mul_op {
    FF_INLINE constexpr value operator()(const value& a, const value& b) const {
      if constexpr (level<A>::lazy) {
        if (!std::is_constant_evaluated()) return reduce(Self::template product<unreduced>(a, b));
      }
      return Self::template product<reduced>(a, b);
    }
  };
  struct square_op {
    FF_INLINE constexpr value operator()(const value& a) const {
      if constexpr (Self::lazy_square) {
        if (!std::is_constant_evaluated()) return reduce(Self::template square_of<unreduced>(a));
      }
      return Self::template square_of<reduced>(a);
    }
  };
  struct mul_wide_op {
    FF_INLINE constexpr wide operator()(const value& a, const value& b) const {
      return Self::template product<unreduced>(a, b);
    }
  };
  struct square_wide_op {
    FF_INLINE constexpr wide operator()(const value& a) const { return Self::template square_of<unreduced>(a); }
  };
  FF_INLINE static constexpr value mul(const value& a, const value& b) { return level<A>::template call<mul_op>(a, b); }
  FF_INLINE static constexpr value square(const value& a) { return level<A>::template call<square_op>(a); }
  template <auto K>
  FF_INLINE static constexpr value mul_constant(const value& a) {
    return Self::template times_constant<reduced, K>(a);
  }

  // Lazy reduction (ff::lazy_arithmetic), where the base has it: coordinate by coordinate.
  FF_INLINE static constexpr wide mul_wide(const value& a, const value& b)
    requires(level<A>::lazy)
  {
    return level<A>::template call<mul_wide_op>(a, b);
  }
  FF_INLINE static constexpr wide square_wide(const value& a)
    requires(level<A>::lazy)
  {
    return level<A>::template call<square_wide_op>(a);
  }
  FF_INLINE static constexpr value add_unreduced(const value& a, const value& b) { return add(a, b); }
  FF_INLINE static constexpr value sub_unreduced(const value& a, const value& b) { return sub(a, b); }
  FF_INLINE static constexpr wide add_wide(const wide& x, const wide& y)
    requires(level<A>::lazy)
  {
    return wide::map([](const auto& u, const auto& v) FF_LAMBDA_INLINE { return A::add_wide(u, v); }, x, y);
  }
  FF_INLINE static constexpr wide sub_wide(const wide& x, const wide& y)
    requires(level<A>::lazy)
  {
    return wide::map([](const auto& u, const auto& v) FF_LAMBDA_INLINE { return A::sub_wide(u, v); }, x, y);
  }
  FF_INLINE static constexpr wide sub_wide_exact(const wide& x, const wide& y)
    requires(level<A>::lazy)
  {
    return wide::map([](const auto& u, const auto& v) FF_LAMBDA_INLINE { return A::sub_wide_exact(u, v); }, x, y);
  }
  template <auto K>
  FF_INLINE static constexpr wide mul_constant_wide(const wide& x)
    requires(level<A>::lazy)
  {
    return Self::template times_constant<unreduced, K>(x);
  }
  FF_INLINE static constexpr value reduce(const wide& w)
    requires(level<A>::lazy)
  {
    return wide::map([](const auto& u) FF_LAMBDA_INLINE { return A::reduce(u); }, w);
  }
};

// base^e for a little-endian exponent, square and multiply on level T: for compile-time
// constants (T a level over the portable policy, whose operations are constexpr).
template <class T, std::size_t N>
constexpr typename T::value power(const typename T::value& base, const std::array<std::uint64_t, N>& e) {
  typename T::value r = T::one();
  for (std::size_t i = 64 * N; i-- > 0;) {
    r = T::square(r);
    if ((e[i / 64] >> (i % 64)) & 1) r = T::mul(r, base);
  }
  return r;
}
}  // namespace ff::tower
