// Writes tests/data/prime_vectors.txt: answers of NTL's ZZ_p (on GMP) for every prime field and
// operation, on edge cases and seeded random values, so that builds without NTL (the aarch64
// cross build under qemu) can check the library against NTL's answers (prime_replay.cpp).
// Every number is printed by NTL. A ctest regenerates the file and compares it with the
// committed one.
//
// Line format (decimal integers): <field> <op> <operands...> = <answer>
//   mul a b, add a b, sub a b, sqr a, neg a, inv a (a != 0), pow a e, legendre a, is_square a
#include <NTL/ZZ.h>
#include <NTL/ZZ_p.h>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>
import ff.reference;
import ff.testing;
import ff.lab;

namespace {

std::string text(const NTL::ZZ& z) {
  std::ostringstream s;
  s << z;
  return s.str();
}

template <class F>
void write_field(std::ostream& out) {
  using E = ff::element<F>;
  std::mt19937_64 rng(20261201);
  std::vector<E> values = ff::testing::edge_cases<F>();
  for (int i = 0; i < 12; ++i) values.push_back(F::random(rng));
  const std::string name(F::name);
  auto z = [](const E& a) { return text(ff::ref::to_zz(a)); };
  const NTL::ZZ& p = ff::ref::prime_modulus<F>();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const E& a = values[i];
    const E& b = values[(i * 7 + 3) % values.size()];
    const NTL::ZZ A = ff::ref::to_zz(a), B = ff::ref::to_zz(b);
    out << name << " mul " << z(a) << " " << z(b) << " = " << text(NTL::MulMod(A, B, p)) << "\n";
    out << name << " add " << z(a) << " " << z(b) << " = " << text(NTL::AddMod(A, B, p)) << "\n";
    out << name << " sub " << z(a) << " " << z(b) << " = " << text(NTL::SubMod(A, B, p)) << "\n";
    out << name << " sqr " << z(a) << " = " << text(NTL::SqrMod(A, p)) << "\n";
    out << name << " neg " << z(a) << " = " << text(NTL::NegateMod(A, p)) << "\n";
    if (!NTL::IsZero(A)) out << name << " inv " << z(a) << " = " << text(NTL::InvMod(A, p)) << "\n";
    const NTL::ZZ e = NTL::RandomBits_ZZ(long(F::bits)) + NTL::conv<NTL::ZZ>(long(i));
    out << name << " pow " << z(a) << " " << text(e) << " = " << text(NTL::PowerMod(A, e, p)) << "\n";
    const long symbol = NTL::Jacobi(A, p);
    out << name << " legendre " << z(a) << " = " << symbol << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: prime_vectors OUTPUT\n");
    return 2;
  }
  NTL::SetSeed(NTL::conv<NTL::ZZ>(20261201L));
  std::ostringstream out;
  out << "# NTL ZZ_p answers for the prime fields (tests/prime_vectors.cpp writes this file; do not edit)\n";
  ff::for_each_type<ff::lab::prime_fields>([&]<class F>() { write_field<F>(out); });
  std::ofstream(argv[1]) << out.str();
  return 0;
}
