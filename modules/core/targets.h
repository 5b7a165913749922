// Target-attribute strings and the inlining macro shared by the kernel modules.
// (A header, not a module: macros do not cross module boundaries.)
#pragma once

// The generic product/reducer templates are always inlined into the target-attributed
// batch loop, so they compile with that loop's ISA and pass no vectors across calls.
#define FF_INLINE [[gnu::always_inline]] inline

#if defined(__x86_64__)
#define FF_TARGET_PCLMUL "pclmul,sse4.1"
#define FF_TARGET_VPCLMUL256 "pclmul,sse4.1,avx2,vpclmulqdq"
// VBMI2 (vpshldq, the funnel shift the one-pass sparse reducer compiles to) comes with
// VPCLMULQDQ on every AVX-512 CPU that has both (Ice Lake and later, Zen 4 and later).
#define FF_TARGET_VPCLMUL512 "pclmul,sse4.1,avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vbmi2,vpclmulqdq"
#elif defined(__aarch64__)
#define FF_TARGET_PMULL "aes"
#endif

// Lambdas passed into the always-inlined loops must inline too.
#define FF_LAMBDA_INLINE __attribute__((always_inline))
