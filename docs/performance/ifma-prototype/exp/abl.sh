#!/bin/bash
# ablation timings: variants of the header with pieces removed (results wrong, timing only)
cd "$(dirname "$0")"
run() { # name sed-expr
  mkdir -p abl; sed -e "$2" ../ifma_mont.hpp > abl/ifma_mont.hpp; cp ../bench.cpp abl/bench.cpp
  sed -i 's/if (out != ref) { printf/if (0) { printf/' abl/bench.cpp
  nice -n 5 clang++-19 -std=c++20 -O3 abl/bench.cpp -o abl/bench && echo "== $1" && ./abl/bench 100 20 | grep -E '^b|SOS  x1|SOS  x2' | grep -v 'fr'
}
run baseline 's/XXXX//'
run "no conditional subtraction (no D chain, no blend)" 's/X\[j\] = _mm512_mask_blend_epi64(keep, d\[j\], v\[j\]);/X[j] = v[j];/'
run "no transposes (generic path only, identity)" "s/if constexpr (N == 4) {/if constexpr (false) {/; s/} else if constexpr (N == 6) {/} else if constexpr (false) {/; s/((Hh\\[O\\] = gather<xpose<N>::template in1<O>>(Z)), ...);/((Hh[O] = Z[O]), ...);/; s/((L\\[O\\] = gather<xpose<N>::template in2<O>>(Hh)), ...);/((L[O] = Hh[O]), ...);/; s/((Hh\\[O\\] = gather<xpose<N>::template out1<O>>(L)), ...);/((Hh[O] = L[O]), ...);/; s/((Z\\[O\\] = gather<xpose<N>::template out2<O>>(Hh)), ...);/((Z[O] = Hh[O]), ...);/"
