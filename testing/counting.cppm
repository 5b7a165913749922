// ff.testing.counting: an arithmetic that counts the field operations of the code written over
// it (ff::testing::counting<A>, any ff::arithmetic A), and the operation counts of the binary
// curves' scalar multiplications, run with their own code over it: for the share of the time
// spent in M and S (ffbench --curves) and the tests of the operation-count formulas. Counting
// your own formulas works the same way: write them over an arithmetic and run them over
// counting<...>.
module;
#include <cstdint>
export module ff.testing.counting;
export import ff;

export namespace ff::testing {

// Products, squarings, additions and subtractions (of two values), inversions (an inversion's
// own products and squarings not included).
struct op_counts {
  std::uint64_t mul = 0, sqr = 0, add = 0, inv = 0;
  friend bool operator==(const op_counts&, const op_counts&) = default;
};

// A's operations, each counted (per thread) in counting<A>::counts.
template <class A>
struct counting : A {
  static_assert(arithmetic<A>);
  using value = typename A::value;
  static inline thread_local op_counts counts;
  static value mul(const value& a, const value& b) {
    ++counts.mul;
    return A::mul(a, b);
  }
  static value square(const value& a) {
    ++counts.sqr;
    return A::square(a);
  }
  static value add(const value& a, const value& b) {
    ++counts.add;
    return A::add(a, b);
  }
  static value sub(const value& a, const value& b) {
    ++counts.add;
    return A::sub(a, b);
  }
  static value inverse(const value& a) {
    ++counts.inv;
    return A::inverse(a);
  }
  // The counts of what run() does over this arithmetic.
  template <class Fn>
  static op_counts count(Fn&& run) {
    counts = {};
    run();
    return counts;
  }
};

// The operations of one ECDH (ladder and affine x), one mul_base and (Koblitz curves) one
// mul_var on the binary curve C, over the portable policy (the results are the library's).
template <class C>
using counted_binary = counting<binary::arithmetic<typename C::field, binary::portable>>;
template <class C>
op_counts ecdh_counts(const typename C::scalar_type& k, const typename C::point& q) {
  return counted_binary<C>::count([&] {
    typename C::ladder_result r;
    element<typename C::field> out;
    C::template ladders_with<counted_binary<C>>(&k, &q.x, 1, &r);
    C::template affine_x_with<counted_binary<C>>(&r, 1, &out);
  });
}
template <class C>
op_counts mul_base_counts(const typename C::scalar_type& k) {
  return counted_binary<C>::count([&] { curve::fixed_base_sum<C, counted_binary<C>>(k, C::base_table().data()); });
}
template <class C>
op_counts mul_var_counts(const typename C::scalar_type& k, const typename C::point& p)
  requires(C::b == C::field::one())
{
  return counted_binary<C>::count([&] { curve::tau_adic_mul_var<C, C::tnaf_width, counted_binary<C>>(k, p); });
}

}  // namespace ff::testing
