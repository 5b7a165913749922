// Streaming shapes (ffbench --stream-shapes): the large-array loop of ff::mul and ff::square in
// every shape it can take (one or two blocks per step; ordinary or non-temporal stores) next to
// the memory floor, interleaved sample by sample on the same buffers. ff::detail::streaming_shape
// fixes one shape per field and operation from measurements on Zen 5; this report is how to
// check that choice on another CPU (each row names the fastest shape of the run).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include "core/targets.h"
#include "measure.hpp"
#include "report.hpp"
import ff;

namespace ffb {
namespace {

#if defined(__x86_64__)
using ff::detail::stream_shape;
constexpr unsigned period = ff::detail::ordinary_store_period;
constexpr std::array<stream_shape, 6> all_shapes = {
    {{1, false}, {1, true, 0}, {1, true, period}, {2, false}, {2, true, 0}, {2, true, period}}};

// "+o16": one block in 16 stored ordinarily.
std::string shape_name(stream_shape s) {
  return std::to_string(s.blocks) + (s.blocks == 1 ? "-block-" : "-blocks-") + (s.nt_stores ? "nt" : "ordinary") +
         (s.ordinary_period ? "+o" + std::to_string(s.ordinary_period) : "");
}

// One entry point per backend and shape: the target attribute must sit on the function the
// loop inlines into. Stream = true forces the streaming loop at any size.
template <class F, stream_shape S>
[[gnu::target(FF_TARGET_VPCLMUL512)]] void mul_zmm(const ff::element<F>* a, const ff::element<F>* b, ff::element<F>* o,
                                                   std::size_t n) {
  ff::detail::mul_loop<F, ff::arith::vpclmul512, true, S>(a, b, o, n);
}
template <class F, stream_shape S>
[[gnu::target(FF_TARGET_VPCLMUL512)]] void sqr_zmm(const ff::element<F>* a, ff::element<F>* o, std::size_t n) {
  ff::detail::sqr_loop<F, ff::arith::vpclmul512, true, S>(a, o, n);
}
template <class F, stream_shape S>
[[gnu::target(FF_TARGET_VPCLMUL256)]] void mul_ymm(const ff::element<F>* a, const ff::element<F>* b, ff::element<F>* o,
                                                   std::size_t n) {
  ff::detail::mul_loop<F, ff::arith::vpclmul256, true, S>(a, b, o, n);
}
template <class F, stream_shape S>
[[gnu::target(FF_TARGET_VPCLMUL256)]] void sqr_ymm(const ff::element<F>* a, ff::element<F>* o, std::size_t n) {
  ff::detail::sqr_loop<F, ff::arith::vpclmul256, true, S>(a, o, n);
}

template <class A>
constexpr bool has_nt_stores = requires { A::stream_fence(); };

// The shapes policy A can run (NT stores only where it has them) and the ones ff uses.
template <class F, class A>
struct shapes_of {
  static constexpr bool zmm = std::is_same_v<A, ff::arith::vpclmul512>;
  static constexpr stream_shape mul_default =
      ff::detail::streaming_shape<F, A, true, ff::detail::mul_blocks_per_iteration<F, A>()>();
  static constexpr stream_shape sqr_default =
      ff::detail::streaming_shape<F, A, false, ff::detail::sqr_blocks_per_iteration<A>()>();
  // Calls f(shape, mul_fn, sqr_fn) for every shape A supports.
  template <class Visit>
  static void each(Visit&& f) {
    [&]<std::size_t... k>(std::index_sequence<k...>) {
      (
          [&] {
            constexpr stream_shape s = all_shapes[k];
            if constexpr (!s.nt_stores || has_nt_stores<A>) {
              if constexpr (zmm) f(s, &mul_zmm<F, s>, &sqr_zmm<F, s>);
              else f(s, &mul_ymm<F, s>, &sqr_ymm<F, s>);
            }
          }(),
          ...);
    }(std::make_index_sequence<all_shapes.size()>{});
  }
};

bool same_shape(stream_shape x, stream_shape y) {
  return x.blocks == y.blocks && x.nt_stores == y.nt_stores && x.ordinary_period == y.ordinary_period;
}

template <class F, class A>
void measure_field(const options& o, results& r, ff::backend be) {
  using E = ff::element<F>;
  using shapes = shapes_of<F, A>;
  const std::string name(F::name), bname(ff::to_string(be));
  std::mt19937_64 rng(7);
  for (int lg : batch_logs(o)) {
    const std::size_t n = std::size_t(1) << lg, bytes = n * sizeof(E);
    // std::vector, like a caller's arrays: the output's alignment decides whether NT stores apply.
    std::vector<E> a(n), b(n), out(n), want(n);
    for (auto& e : a) e = F::random(rng);
    for (auto& e : b) e = F::random(rng);
    // The streaming loop stores non-temporally after a head that aligns the output, or with the
    // realigned stores (32-byte elements at 16 mod 64, where malloc puts large arrays); where
    // neither applies, the NT shapes would time ordinary stores again.
    const std::size_t lead = ff::detail::head_to_residue<F, A>(out.data(), n, ff::detail::realigned_residue);
    const bool nt_alignable = ff::detail::head_to_residue<F, A>(out.data(), n, 0) < A::lanes ||
                              (ff::detail::realigns_streams<F, A> && lead < A::lanes && lead + A::lanes <= n);
    for (const bool square : {false, true}) {
      const char* op = square ? "sqr" : "mul";
      progress("stream shapes: " + name + " " + op + " " + bname + " 2^" + std::to_string(lg));
      std::vector<stream_shape> kinds;
      std::vector<std::function<void()>> runs;
      // Floors: the operation's traffic with nothing else (a square reads one array).
      for (const bool nt : {false, true})
        runs.push_back([&, nt, square] {
          memory_pass(a.data(), square ? a.data() : b.data(), out.data(), bytes, nt);
          keep(out[n / 2]);
        });
      shapes::each([&](stream_shape s, auto mul_fn, auto sqr_fn) {
        if (s.nt_stores && !nt_alignable) return;
        kinds.push_back(s);
        runs.push_back([&, mul_fn, sqr_fn, square] {
          if (square) sqr_fn(a.data(), out.data(), n);
          else mul_fn(a.data(), b.data(), out.data(), n);
          keep(out[n / 2]);
        });
      });
      const std::vector<timing> t = time_interleaved(o.samples, double(n), runs, bytes < ff::detail::stream_min_bytes);
      // The shape ff runs here: its choice, with ordinary stores where the output never aligns.
      stream_shape chosen = square ? shapes::sqr_default : shapes::mul_default;
      if (!nt_alignable) chosen = {chosen.blocks, false};
      const double floor = std::min(t[0].ns_per_op, t[1].ns_per_op);
      for (int k = 0; k < 2; ++k)
        r.add({.bench = "floor_stream", .field = name, .impl = "floor", .backend = bname,
               .variant = std::string(op) + (k ? ":stream" : ":regular_stores"), .log2_n = lg,
               .elem_bytes = int(sizeof(E)), .samples = o.samples, .ns_per_op = t[k].ns_per_op,
               .ns_median = t[k].ns_median});
      std::printf("%-9s %-4s %6d %8.3f %8.3f", name.c_str(), op, lg, t[0].ns_per_op, t[1].ns_per_op);
      std::size_t best = 0;
      for (std::size_t k = 0; k < kinds.size(); ++k) {
        const timing& x = t[2 + k];
        if (x.ns_per_op < t[2 + best].ns_per_op) best = k;
        r.add({.bench = std::string(op) + "_stream_shape", .field = name, .backend = bname,
               .variant = shape_name(kinds[k]) + (same_shape(kinds[k], chosen) ? ":default" : ""), .log2_n = lg,
               .samples = o.samples, .ns_per_op = x.ns_per_op, .ns_median = x.ns_median});
      }
      // One column per shape of the header; "-" where the shape was not run.
      for (stream_shape s : all_shapes) {
        if (!shapes::zmm && s.nt_stores) continue;
        const auto k = std::find_if(kinds.begin(), kinds.end(), [&](stream_shape x) { return same_shape(x, s); });
        if (k == kinds.end()) {
          std::printf("  %15s", "-");
          continue;
        }
        const timing& x = t[2 + std::size_t(k - kinds.begin())];
        std::printf("  %7.3f %5.2fx%s", x.ns_per_op, x.ns_per_op / floor, same_shape(s, chosen) ? "*" : " ");
      }
      std::printf("  %s%s\n", shape_name(kinds[best]).c_str(), nt_alignable ? "" : " (output never aligns: no NT)");
      // Every shape must compute what ff::mul / ff::square do (they run the tested default).
      if (square) ff::square<F>(be, a, want);
      else ff::mul<F>(be, a, b, want);
      for (std::size_t k = 0; k < kinds.size(); ++k) {
        std::fill(out.begin(), out.end(), E{});
        runs[2 + k]();
        if (out != want)
          throw ff::error("stream shapes: " + shape_name(kinds[k]) + " disagrees with ff::" + (square ? "square" : "mul") +
                          " for " + name + " on " + bname);
      }
    }
  }
}
#endif

}  // namespace

void run_stream_shapes(const options& o, results& r) {
#if defined(__x86_64__)
  std::vector<ff::backend> backends;
  for (ff::backend be : {ff::backend::vpclmul512, ff::backend::vpclmul256})
    if (ff::cpu_has(be) && (!o.backend || *o.backend == ff::to_string(be))) backends.push_back(be);
  if (backends.empty()) {
    std::printf("\nStreaming shapes: only the SIMD batch backends (vpclmul512, vpclmul256) stream, and none is selected "
                "or available here.\n");
    return;
  }
  for (ff::backend be : backends) {
    const bool zmm = be == ff::backend::vpclmul512;
    std::printf("\nStreaming shapes on %s: ns/op of the large-array loop in each shape, and its ratio to the floor\n"
                "(the faster of c = a ^ b with ordinary and with non-temporal stores, same buffers; squares: c = a).\n"
                "+o%u = one block in %u stored ordinarily; * = the shape ff uses (ff::detail::streaming_shape);\n"
                "last column: the fastest in this run.\n",
                std::string(ff::to_string(be)).c_str(), period, period);
    std::printf("%-9s %-4s %6s %8s %8s", "field", "op", "log2 N", "xor", "xor-nt");
    for (stream_shape s : all_shapes)
      if (zmm || !s.nt_stores) std::printf("  %15s", shape_name(s).c_str());
    std::printf("  fastest\n");
    for (const std::string& f : o.fields)
      ff::visit_field(f, [&]<class F>() {
        if (zmm) measure_field<F, ff::arith::vpclmul512>(o, r, be);
        else measure_field<F, ff::arith::vpclmul256>(o, r, be);
      });
  }
#else
  (void)r;
  (void)o;
  std::printf("\nStreaming shapes: only the x86-64 SIMD batch backends stream; nothing to measure here.\n");
#endif
}

}  // namespace ffb
