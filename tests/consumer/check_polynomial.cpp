// Is a binary polynomial irreducible? Rabin's test and NTL's, which must agree.
#include <cstdio>
#include <vector>
import ff.reference;

int main() {
  struct question { std::vector<unsigned> exponents; bool expected; };
  const question questions[] = {{{233, 74, 0}, true},    // NIST B-233: x^233 + x^74 + 1
                                {{233, 75, 0}, false}};  // x^233 + x^75 + 1
  int wrong = 0;
  for (const question& q : questions) {
    const auto f = ff::ref::polynomial_from_exponents(q.exponents);
    const auto rabin = ff::ref::rabin_test(f);       // with its witness
    const bool ntl = ff::ref::ntl_irreducible(f);
    std::printf("x^%u + x^%u + 1: %s (%s)\n", q.exponents[0], q.exponents[1],
                rabin.irreducible ? "irreducible" : "reducible", rabin.witness.c_str());
    wrong += rabin.irreducible != ntl || rabin.irreducible != q.expected;
  }
  return wrong;
}
