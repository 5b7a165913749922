// The fuzz targets' reference for the prime-field curves y^2 = x^3 + b (BN254's G1, BLS12-381's
// G1): affine points in GMP, the chord-and-tangent sum, double-and-add. Slow and obvious on
// purpose, and written apart from the library's projective formulas.
#pragma once
#include <gmp.h>
#include "gmp.hpp"

namespace fuzz {

struct gmp_point {
  mpz x, y;
  bool infinity = true;
};

class weierstrass {
 public:
  template <class Limbs>
  weierstrass(const Limbs& p, unsigned long b) : b_(b) {
    from_limbs(p_, p);
  }
  const mpz& p() const { return p_; }

  bool on_curve(const mpz& x, const mpz& y) const {
    mpz lhs, rhs;
    mpz_mul(lhs.v, y.v, y.v);
    mpz_powm_ui(rhs.v, x.v, 3, p_.v);
    mpz_add_ui(rhs.v, rhs.v, b_);
    mpz_sub(lhs.v, lhs.v, rhs.v);
    return mpz_divisible_p(lhs.v, p_.v) != 0;
  }

  static void assign(gmp_point& r, const gmp_point& a) {
    mpz_set(r.x.v, a.x.v);
    mpz_set(r.y.v, a.y.v);
    r.infinity = a.infinity;
  }

  // r = a + b (r may be a or b).
  void add(gmp_point& r, const gmp_point& a, const gmp_point& b) const {
    if (a.infinity || b.infinity) return assign(r, a.infinity ? b : a);
    mpz num, den, lambda, t, x3, y3;
    if (mpz_cmp(a.x.v, b.x.v) == 0) {
      mpz_add(t.v, a.y.v, b.y.v);
      if (mpz_divisible_p(t.v, p_.v)) {  // b = -a (also a = b of order 2)
        r.infinity = true;
        return;
      }
      mpz_mul(num.v, a.x.v, a.x.v);
      mpz_mul_ui(num.v, num.v, 3);
      mpz_mul_ui(den.v, a.y.v, 2);
    } else {
      mpz_sub(num.v, b.y.v, a.y.v);
      mpz_sub(den.v, b.x.v, a.x.v);
    }
    mpz_mod(den.v, den.v, p_.v);
    mpz_invert(den.v, den.v, p_.v);
    mpz_mul(lambda.v, num.v, den.v);
    mpz_mod(lambda.v, lambda.v, p_.v);
    mpz_mul(x3.v, lambda.v, lambda.v);
    mpz_sub(x3.v, x3.v, a.x.v);
    mpz_sub(x3.v, x3.v, b.x.v);
    mpz_mod(x3.v, x3.v, p_.v);
    mpz_sub(t.v, a.x.v, x3.v);
    mpz_mul(y3.v, lambda.v, t.v);
    mpz_sub(y3.v, y3.v, a.y.v);
    mpz_mod(y3.v, y3.v, p_.v);
    mpz_set(r.x.v, x3.v);
    mpz_set(r.y.v, y3.v);
    r.infinity = false;
  }

  // r = k a, k >= 0 (r is not a).
  void mul(gmp_point& r, const gmp_point& a, const mpz& k) const {
    r.infinity = true;
    for (long i = long(mpz_sizeinbase(k.v, 2)) - 1; i >= 0; --i) {
      add(r, r, r);
      if (mpz_tstbit(k.v, mp_bitcnt_t(i))) add(r, r, a);
    }
  }

 private:
  mpz p_;
  unsigned long b_;
};

}  // namespace fuzz
