// Explicit instantiations, only to inspect the generated code (objdump / loopcount.py).
#include "ifma_mont.hpp"
namespace ifma {
#define I(M) \
template void ifma_mul<M, 1>(const uint64_t*, const uint64_t*, uint64_t*, size_t); \
template void ifma_mul<M, 2>(const uint64_t*, const uint64_t*, uint64_t*, size_t); \
template void ifma_mul<M, 1, order::cios>(const uint64_t*, const uint64_t*, uint64_t*, size_t); \
template void ifma_square<M, 1>(const uint64_t*, uint64_t*, size_t); \
template void ifma_square<M, 2>(const uint64_t*, uint64_t*, size_t);
I(bn254_fp) I(bls12_381_fp)
}
