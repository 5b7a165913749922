// ff.core.dispatch: the one place where a backend becomes a policy type and a target.
//
// A family lists its backend policies (policy_list<...>); each policy names its key (A::id: a
// backend, or another choice of kernels with its own ff::isa, such as the isomorphism's
// conversion kernels). dispatch<Policies>(k, fn) finds the policy P of key k and calls
// fn.template operator()<P>() inside a function compiled for P's instruction set
// (target_of(k)), so the caller's kernel, written once over the policy, inlines there with that
// ISA. Call it once per top-level operation (a batch, a power, a single product), never per
// element.
//
// fn must be an always-inline generic lambda (FF_LAMBDA_INLINE) that calls always-inline code:
// what is not inlined is compiled without the target. Pass the kernel its operands by value
// (a lambda's captured references look like memory the loop's stores may change).
module;
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include "fieldlab/macros.h"
export module ff.core.dispatch;
import ff.core.element;
import ff.core.cpu;

export namespace ff {

template <class... P>
struct policy_list {};

// A key names a choice of kernels: to_string(k) and target_of(k) (its ff::isa), found by
// argument-dependent lookup (ff::backend's are in ff.core.cpu).
template <class A>
concept policy = requires {
  A::id;
  { target_of(A::id) } -> std::convertible_to<isa>;
  { to_string(A::id) } -> std::convertible_to<std::string_view>;
};

}  // namespace ff
namespace ff::detail {

// One trampoline per target: the same body, compiled with the target's instruction sets.
template <class Fn>
FF_INLINE decltype(auto) call(Fn& fn) {
  return fn();
}
#define FF_TRAMPOLINE(NAME, ...)                                   \
  template <class Fn>                                              \
  __VA_ARGS__ decltype(auto) under_##NAME(Fn& fn) { return call(fn); }
FF_TRAMPOLINE(baseline)
#if defined(__x86_64__)
FF_TRAMPOLINE(pclmul, [[gnu::target(FF_TARGET_PCLMUL)]])
FF_TRAMPOLINE(vpclmul256, [[gnu::target(FF_TARGET_VPCLMUL256)]])
FF_TRAMPOLINE(vpclmul512, [[gnu::target(FF_TARGET_VPCLMUL512)]])
FF_TRAMPOLINE(adx, [[gnu::target(FF_TARGET_ADX)]])
FF_TRAMPOLINE(ifma, [[gnu::target(FF_TARGET_IFMA)]])
FF_TRAMPOLINE(avx2, [[gnu::target(FF_TARGET_AVX2)]])
FF_TRAMPOLINE(gfni512, [[gnu::target(FF_TARGET_GFNI512)]])
#elif defined(__aarch64__)
FF_TRAMPOLINE(pmull, [[gnu::target(FF_TARGET_PMULL)]])
#endif
#undef FF_TRAMPOLINE

template <class P, class Fn>
struct with_policy {
  Fn& fn;
  FF_INLINE decltype(auto) operator()() { return fn.template operator()<P>(); }
};

}  // namespace ff::detail
export namespace ff {

// fn() compiled for target I. The caller checks cpu_has(I) first; a target this architecture
// does not have is a compile error.
template <isa I, class Fn>
decltype(auto) run_with(Fn&& fn) {
  if constexpr (I == isa::baseline) return detail::under_baseline(fn);
#if defined(__x86_64__)
  else if constexpr (I == isa::pclmul) return detail::under_pclmul(fn);
  else if constexpr (I == isa::vpclmul256) return detail::under_vpclmul256(fn);
  else if constexpr (I == isa::vpclmul512) return detail::under_vpclmul512(fn);
  else if constexpr (I == isa::adx) return detail::under_adx(fn);
  else if constexpr (I == isa::ifma) return detail::under_ifma(fn);
  else if constexpr (I == isa::avx2) return detail::under_avx2(fn);
  else if constexpr (I == isa::gfni512) return detail::under_gfni512(fn);
#elif defined(__aarch64__)
  else if constexpr (I == isa::pmull) return detail::under_pmull(fn);
#endif
  else static_assert(I == isa::baseline, "this target does not exist on this architecture");
}

}  // namespace ff
namespace ff::detail {
template <class Key, class... P>
[[noreturn]] void no_kernels(Key b, policy_list<P...>) {
  std::string have;
  ((have += (have.empty() ? "" : ", ") + std::string(to_string(P::id))), ...);
  throw error("backend '" + std::string(to_string(b)) + "' has no kernels for this operation (it runs on " + have + ")");
}
// What a key this CPU cannot run needs.
inline std::string missing_message(backend b) { return missing_backend_message(b); }
template <class Key>
std::string missing_message(Key k) {
  return "'" + std::string(to_string(k)) + "' needs " + std::string(requirement(target_of(k)).needs) +
         ", which this CPU or binary lacks";
}
template <class Fn, class All, class Key, class P0, class... P>
FF_INLINE decltype(auto) dispatch_among(Key b, Fn& fn, All all, policy_list<P0, P...>) {
  static_assert(policy<P0>);
  if constexpr (sizeof...(P) == 0) {
    if (b != P0::id) no_kernels(b, all);
    return run_with<target_of(P0::id)>(with_policy<P0, Fn>{fn});
  } else {
    if (b == P0::id) return run_with<target_of(P0::id)>(with_policy<P0, Fn>{fn});
    return dispatch_among(b, fn, all, policy_list<P...>{});
  }
}
}  // namespace ff::detail
export namespace ff {

// fn.template operator()<P>() under the target of P, the policy of key b (a backend) in
// Policies. Refuses (ff::error) a key this CPU lacks or that Policies does not list.
template <class Policies, class Key, class Fn>
decltype(auto) dispatch(Key b, Fn&& fn) {
  if (!cpu_has(target_of(b))) throw error(detail::missing_message(b));
  return detail::dispatch_among(b, fn, Policies{}, Policies{});
}

// Whether Policies has a policy for backend b.
template <class... P>
constexpr bool lists(policy_list<P...>, backend b) {
  return ((P::id == b) || ...);
}

// The same for a batch: b's policy where Policies lists it, else its scalar sibling's (a field
// whose kernels do not cover a batch-only backend runs the batch one element at a time: the
// special-form primes under ifma).
template <class Policies, class Fn>
decltype(auto) dispatch_batch(backend b, Fn&& fn) {
  if (!cpu_has(b)) throw error(missing_backend_message(b));
  const bool sibling = !lists(Policies{}, b) && lists(Policies{}, scalar_sibling(b));
  return detail::dispatch_among(sibling ? scalar_sibling(b) : b, fn, Policies{}, Policies{});
}

}  // namespace ff
