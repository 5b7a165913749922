// ff.core.secret: how a constant-time function reveals a fact that is public by design.
//
// Functions on secret data are constant time unless named `_var`, and the ct tests
// (tests/ct) check that under valgrind's memcheck with the secrets marked undefined: memcheck
// reports every branch and memory address that depends on them. A function that must branch
// on such a fact (inverse: the input was zero, which the exception reports anyway) passes it
// through declassify() first, so that the test flags every other dependence and not this one.
module;
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define FF_HAVE_MEMCHECK 1
#endif
#include <type_traits>
export module ff.core.secret;

export namespace ff {

// value, declared public. Under valgrind: marks its bytes defined (a client request, a few
// no-op instructions when not under valgrind). Without valgrind's header: nothing.
template <class T>
[[gnu::always_inline]] inline T declassify(T value) {
#if defined(FF_HAVE_MEMCHECK)
  (void)VALGRIND_MAKE_MEM_DEFINED(&value, sizeof value);
#endif
  return value;
}

// x, unknown to the optimizer: a mask built from secret data stays a mask (and-or), instead of
// becoming the branch clang would otherwise compile a select on an all-zeros/all-ones value into.
template <class T>
[[gnu::always_inline]] constexpr T value_barrier(T x) {
  if (!std::is_constant_evaluated()) asm("" : "+r"(x));
  return x;
}
}  // namespace ff
