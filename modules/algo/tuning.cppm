// ff.algo.tuning: the tuning constants of the field-generic loops, in one place. Each was
// chosen by measurement; docs/performance/decisions.md ("Tuning") gives the measurement and
// the command to repeat it. Per-field constants are each field's ff::field_tuning.
module;
#include <cstddef>
export module ff.algo.tuning;

export namespace ff::tuning {

// Batch outputs at least this large (well past L2) take the streaming loop: inputs prefetched
// ahead, outputs written with non-temporal stores where the backend has them.
inline constexpr std::size_t stream_min_bytes = std::size_t(8) << 20;

// The streaming loop prefetches every input cache line this far ahead.
inline constexpr std::size_t prefetch_bytes = 4096;

// Streaming loops with non-temporal stores store one block in this many ordinarily.
inline constexpr unsigned ordinary_store_period = 16;

// Fixed-base powers: independent accumulator chains per power, combined as a balanced tree.
inline constexpr unsigned power_chains = 4;

}  // namespace ff::tuning
