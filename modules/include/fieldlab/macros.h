// Macros shared by the module units (a header, not a module: macros do not cross module
// boundaries). Included in the global module fragment of the units that need them.
#pragma once

// Kernels are always inlined into the function that dispatch runs under a backend's target
// (ff.core.dispatch), so they compile with that target and pass no vectors across calls.
#define FF_INLINE [[gnu::always_inline]] inline
// Lambdas passed into always-inlined code must inline too (an outlined lambda loses the target).
#define FF_LAMBDA_INLINE __attribute__((always_inline))

// The instruction sets each ISA target enables (ff::isa). ff.core.dispatch compiles callers'
// kernels with them; ff.core.simd's wrappers carry the subset their instruction needs.
#if defined(__x86_64__)
#define FF_TARGET_PCLMUL "pclmul,sse4.1"
#define FF_TARGET_VPCLMUL256 "pclmul,sse4.1,avx2,vpclmulqdq"
// VBMI2 (vpshldq, the funnel shift of ff::sparse_reduction) comes with VPCLMULQDQ on every
// AVX-512 CPU that has both (Ice Lake and later, Zen 4 and later).
#define FF_TARGET_VPCLMUL512 "pclmul,sse4.1,avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vbmi2,vpclmulqdq"
#define FF_TARGET_ADX "bmi2,adx"
#define FF_TARGET_IFMA "avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512ifma,bmi2,adx"
#define FF_TARGET_AVX2 "avx2"
#define FF_TARGET_GFNI512 "avx2,avx512f,avx512bw,avx512vbmi,gfni"
#elif defined(__aarch64__)
#define FF_TARGET_PMULL "aes"
#endif
