#!/bin/bash
# Mutation check: each mutant of ifma_mont.hpp (built in mut/, the real header is untouched)
# must make ./test fail.  usage: ./mutate.sh
set -u
cd "$(dirname "$0")"
CXX=${CXX:-clang++-19}
mkdir -p mut
declare -a NAMES PATS
NAMES+=("drop final conditional subtraction");  PATS+=('s/X\[j\] = _mm512_mask_blend_epi64(keep, d\[j\], v\[j\]);/X[j] = v[j];/')
NAMES+=("word-step carry without the round-up (T>>52 instead of (T+2^52-1)>>52)"); PATS+=('s/_mm512_srli_epi64(_mm512_add_epi64(T\[i\], bc(C::mask52)), 52)/_mm512_srli_epi64(T[i], 52)/')
NAMES+=("drop the word-step carry for i == 1");  PATS+=('s/T\[i + 1\] = _mm512_add_epi64(T\[i + 1\], _mm512_srli_epi64/if (i != 1) T[i + 1] = _mm512_add_epi64(T[i + 1], _mm512_srli_epi64/')
NAMES+=("last step: no mask of m to r bits");   PATS+=('s/if constexpr (r < 52) m = _mm512_and_si512(m, bc(C::maskr));//')
NAMES+=("borrow chain: logical instead of arithmetic shift"); PATS+=('s/bw = _mm512_srai_epi64(x, 52)/bw = _mm512_srli_epi64(x, 52)/')
NAMES+=("normalisation: lose the carry into the top digit"); PATS+=('s/else v\[j\] = x;/else v[j] = Y[j];/')
NAMES+=("square: do not double the cross terms of the top column"); PATS+=('s/k + 1 < 2 \* K; ++k) T\[k\] = _mm512_add_epi64/k + 2 < 2 * K; ++k) T[k] = _mm512_add_epi64/')
NAMES+=("tail: one word too many in the load/store masks"); PATS+=('s/size_t words = cnt \* N, lo_w = 8 \* q;/size_t words = cnt * N + 1, lo_w = 8 * q;/')
NAMES+=("tail: store mask one element too long (load mask intact)"); PATS+=('s/_mm512_mask_storeu_epi64(dst + 8 \* q, word_mask(cnt, q), Z\[q\])/_mm512_mask_storeu_epi64(dst + 8 * q, word_mask(cnt + 1, q), Z[q])/')
NAMES+=("split: funnel shift off by one bit"); PATS+=('s/_mm512_slli_epi64(L\[w + 1\], unsigned(64 - s))/_mm512_slli_epi64(L[w + 1], unsigned(63 - s))/')
NAMES+=("output: left-shifted pieces off by one bit"); PATS+=('s/_mm512_slli_epi64(X\[l\], unsigned(52 \* l - q))/_mm512_slli_epi64(X[l], unsigned(52 * l - q + 1))/')
NAMES+=("N=4 load transpose: unpacklo instead of unpackhi for limb 3"); PATS+=('s/L\[3\] = _mm512_unpackhi_epi64(S1, S3);/L[3] = _mm512_unpacklo_epi64(S1, S3);/')
NAMES+=("N=6 store transpose: one wrong chunk selector"); PATS+=('s/Z\[3 \* h + 2\] = _mm512_shuffle_i64x2(A3, A2, 1 | 3 << 2 | 1 << 4 | 3 << 6);/Z[3 * h + 2] = _mm512_shuffle_i64x2(A3, A2, 1 | 3 << 2 | 1 << 4 | 2 << 6);/')
NAMES+=("generic transpose plan (N=2, N=8): one wrong source lane"); PATS+=('s/int e = 4 \* h + (l \& 3), j = 2 \* m + (l >> 2);/int e = 4 * h + ((l + 1) \& 3), j = 2 * m + (l >> 2);/')
NAMES+=("constant: k0 = 1 - p^-1 instead of -p^-1"); PATS+=('s/static constexpr uint64_t k0 = (0 - inv64()) \& mask52;/static constexpr uint64_t k0 = (1 - inv64()) \& mask52;/')
status=0
for i in "${!NAMES[@]}"; do
  sed -e "${PATS[$i]}" ifma_mont.hpp > mut/ifma_mont.hpp
  cp test.cpp mut/test.cpp
  if cmp -s ifma_mont.hpp mut/ifma_mont.hpp; then echo "MUTANT $i (${NAMES[$i]}): pattern did not apply"; status=1; continue; fi
  nice -n 5 $CXX -std=c++20 -O2 mut/test.cpp -o mut/test -lgmp || { echo "MUTANT $i: build failed"; status=1; continue; }
  out=$(timeout 300 ./mut/test 2>&1); rc=$?
  if [ $rc -ne 0 ]; then
    echo "MUTANT $i (${NAMES[$i]}): killed (rc=$rc) $(echo "$out" | grep -E '^[0-9]+ failures'); first: $(echo "$out" | grep -m1 -E 'FAIL')"
  else
    echo "MUTANT $i (${NAMES[$i]}): SURVIVED"; status=1
  fi
done
exit $status
