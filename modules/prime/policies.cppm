// ff.prime.policies: the prime family's backend policies and their contract. A policy multiplies
// and squares the internal representation for any modulus description M (M::limbs limbs, M::p,
// M::reduction):
//   - reduction::montgomery: Montgomery form, M::p_inv_neg = -p^-1 mod 2^64, M::spare_bit
//     (p's top limb < 2^63 - 1: the no-carry CIOS);
//   - reduction::fold: canonical integers, p = 2^k - c with a small c (ff.prime.fold, M::form).
// Written once over the limb count; the fields instantiate them.
//   portable: C++ with unsigned __int128 (what AArch64 compiles too);
//   adx:      MULX with two carry chains (ADCX/ADOX), ff.prime.adx;
//   ifma:     eight elements per AVX-512 IFMA instruction in radix 2^52, ff.prime.ifma.
//
// Beyond its storage (ff::lane_policy, ff.core.lanes) a prime policy declares (prime_policy):
//   mul<M>, square<M>                 the product on A::lanes elements held as limb values;
//   mul_product<M>, square_product<M>, reduce_product<M>
//                                     the same in the batch loop's two stages (ff.algo.batch):
//                                     where product and reduction are one fused kernel (the
//                                     scalar policies) the first stage does it all and the
//                                     second is the identity;
//   outline_products                  whether code above calls its larger operations out of
//                                     line (outlined<Op>(args...)), see ff::arithmetic;
// and, on one lane, the pieces of lazy reduction: mul_wide<M>, square_wide<M>, reduce<M>.
module;
#include <array>
#include <cstddef>
#include "fieldlab/macros.h"
export module ff.prime.policies;
import ff.core.element;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.secret;
import ff.core.integer;
import ff.core.lanes;
import ff.prime.fold;
export namespace ff::prime {
enum class reduction { montgomery, fold };

// What a modulus description provides (the field templates build it from p).
template <class M>
concept modulus_description = requires {
  { M::limbs } -> std::convertible_to<std::size_t>;
  { M::p } -> std::convertible_to<ff::limbs<M::limbs>>;
  { M::reduction } -> std::convertible_to<reduction>;
};

// r = t - p if t >= p (t < 2p, with an optional carry limb hi), in constant time.
template <class M>
FF_INLINE constexpr ff::limbs<M::limbs> reduce_once(const ff::limbs<M::limbs>& t, u64 hi = 0) {
  return integer::subtract_if_at_least(t, M::p, hi);
}

// Montgomery reduction of a double-width T < p R: T R^-1 mod p, one row per limb.
template <class M>
FF_INLINE constexpr ff::limbs<M::limbs> redc(const ff::limbs<2 * M::limbs>& wide) {
  constexpr std::size_t n = M::limbs;
  ff::limbs<2 * n> t = wide;
  u64 top = 0;  // carry out of row i into limb i + n + 1 (and out of the top limb at the end)
  for (std::size_t i = 0; i < n; ++i) {
    const u64 m = t[i] * M::p_inv_neg;
    u64 carry = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const u128 s = u128(m) * M::p[j] + t[i + j] + carry;
      t[i + j] = u64(s);
      carry = u64(s >> 64);
    }
    const u128 s = u128(t[i + n]) + carry + top;
    t[i + n] = u64(s);
    top = u64(s >> 64);
  }
  ff::limbs<n> hi{};
  for (std::size_t j = 0; j < n; ++j) hi[j] = t[n + j];
  return reduce_once<M>(hi, top);
}

// The batch loop's two stages of a policy P whose product and reduction are one kernel.
template <class P>
struct fused_stages {
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> mul_product(const ff::limbs<M::limbs>& a, const ff::limbs<M::limbs>& b) {
    return P::template mul<M>(a, b);
  }
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> square_product(const ff::limbs<M::limbs>& a) {
    return P::template square<M>(a);
  }
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> reduce_product(const ff::limbs<M::limbs>& reduced) {
    return reduced;
  }
};

struct portable : scalar_lanes, fused_stages<portable> {
  static constexpr backend id = backend::portable;
  using scalar_policy = portable;
  // Op{}(args...) as a function of its own: the towers' Fp2 products. Inlined, they made
  // each Fp12 operation a function of 60 to 100 KB, which ran from L2 rather than the
  // instruction caches (decisions.md, "Small products, out-of-line Fp2").
  static constexpr bool outline_products = true;
  template <class Op, class... Args>
  [[gnu::noinline]] static auto outlined(const Args&... args) {
    return Op{}(args...);
  }

  // a b in the internal representation: the product folded (special forms), or CIOS.
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> mul(const ff::limbs<M::limbs>& a, const ff::limbs<M::limbs>& b) {
    if constexpr (M::reduction == reduction::fold) return fold_reduce<M>(wide_product(a, b));
    else return montgomery_mul<M>(a, b);
  }

  // a b R^-1 mod p by coarsely integrated operand scanning (CIOS). With a spare bit the
  // running sum never needs a limb above n (the "no-carry" variant: one carry chain fewer).
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> montgomery_mul(const ff::limbs<M::limbs>& a, const ff::limbs<M::limbs>& b) {
    constexpr std::size_t n = M::limbs;
    ff::limbs<n> t{};
    if constexpr (M::spare_bit) {
      for (std::size_t i = 0; i < n; ++i) {
        u128 s = u128(a[0]) * b[i] + t[0];
        u64 A = u64(s >> 64);
        const u64 t0 = u64(s);
        const u64 m = t0 * M::p_inv_neg;
        u64 C = u64((u128(m) * M::p[0] + t0) >> 64);
        for (std::size_t j = 1; j < n; ++j) {
          s = u128(a[j]) * b[i] + t[j] + A;
          A = u64(s >> 64);
          s = u128(m) * M::p[j] + u64(s) + C;
          C = u64(s >> 64);
          t[j - 1] = u64(s);
        }
        t[n - 1] = C + A;
      }
      return reduce_once<M>(t);
    } else {
      u64 t_n = 0;
      for (std::size_t i = 0; i < n; ++i) {
        u64 C = 0;
        for (std::size_t j = 0; j < n; ++j) {
          const u128 s = u128(a[j]) * b[i] + t[j] + C;
          t[j] = u64(s);
          C = u64(s >> 64);
        }
        const u128 top = u128(t_n) + C;
        const u64 t_n1 = u64(top >> 64);
        t_n = u64(top);
        const u64 m = t[0] * M::p_inv_neg;
        C = u64((u128(m) * M::p[0] + t[0]) >> 64);
        for (std::size_t j = 1; j < n; ++j) {
          const u128 s = u128(m) * M::p[j] + t[j] + C;
          t[j - 1] = u64(s);
          C = u64(s >> 64);
        }
        const u128 s = u128(t_n) + C;
        t[n - 1] = u64(s);
        t_n = t_n1 + u64(s >> 64);
      }
      return reduce_once<M>(t, t_n);
    }
  }

  // Lazy reduction (ff::prime::arithmetic): the double-width product a b and square, and the
  // reduction of a double-width value below p R (Montgomery) or below 2^(128 n) (folds).
  template <class M>
  FF_INLINE static constexpr ff::limbs<2 * M::limbs> mul_wide(const ff::limbs<M::limbs>& a, const ff::limbs<M::limbs>& b) {
    return wide_product(a, b);
  }
  template <class M>
  FF_INLINE static constexpr ff::limbs<2 * M::limbs> square_wide(const ff::limbs<M::limbs>& a) {
    return wide_square(a);
  }
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> reduce(const ff::limbs<2 * M::limbs>& w) {
    if constexpr (M::reduction == reduction::fold) return fold_reduce<M>(w);
    else return redc<M>(w);
  }

  // The full square (each cross product once, doubled), then the reduction.
  template <class M>
  FF_INLINE static constexpr ff::limbs<M::limbs> square(const ff::limbs<M::limbs>& a) {
    const ff::limbs<2 * M::limbs> w = wide_square(a);
    if constexpr (M::reduction == reduction::fold) return fold_reduce<M>(w);
    else return redc<M>(w);
  }

  // a b and a^2 as double-width integers (schoolbook; the square with each cross product once).
  template <std::size_t n>
  FF_INLINE static constexpr ff::limbs<2 * n> wide_product(const ff::limbs<n>& a, const ff::limbs<n>& b) {
    ff::limbs<2 * n> w{};
    for (std::size_t i = 0; i < n; ++i) {
      u64 carry = 0;
      for (std::size_t j = 0; j < n; ++j) {
        const u128 s = u128(a[i]) * b[j] + w[i + j] + carry;
        w[i + j] = u64(s);
        carry = u64(s >> 64);
      }
      w[i + n] = carry;
    }
    return w;
  }
  template <std::size_t n>
  FF_INLINE static constexpr ff::limbs<2 * n> wide_square(const ff::limbs<n>& a) {
    ff::limbs<2 * n> w{};
    for (std::size_t i = 0; i < n; ++i) {  // cross products a_i a_j, i < j
      u64 carry = 0;
      for (std::size_t j = i + 1; j < n; ++j) {
        const u128 s = u128(a[i]) * a[j] + w[i + j] + carry;
        w[i + j] = u64(s);
        carry = u64(s >> 64);
      }
      w[i + n] = carry;
    }
    u64 shifted_out = 0;  // double them
    for (auto& x : w) {
      const u64 next = x >> 63;
      x = (x << 1) | shifted_out;
      shifted_out = next;
    }
    u64 carry = 0;  // add the squares a_i^2
    for (std::size_t i = 0; i < n; ++i) {
      const u128 sq = u128(a[i]) * a[i];
      w[2 * i] = integer::add_carry(w[2 * i], u64(sq), carry);
      w[2 * i + 1] = integer::add_carry(w[2 * i + 1], u64(sq >> 64), carry);
    }
    return w;
  }
};

// The contract of a prime backend policy P for the modulus description M (the header above).
template <class P, class M>
concept prime_policy =
    lane_policy<P> && modulus_description<M> && lane_policy<typename P::scalar_policy> &&
    (P::scalar_policy::lanes == 1) &&
    requires(const std::array<limb_t<P>, M::limbs>& x) {
      { P::template mul<M>(x, x) } -> std::same_as<std::array<limb_t<P>, M::limbs>>;
      { P::template square<M>(x) } -> std::same_as<std::array<limb_t<P>, M::limbs>>;
      { P::template reduce_product<M>(P::template mul_product<M>(x, x)) } -> std::same_as<std::array<limb_t<P>, M::limbs>>;
      { P::template reduce_product<M>(P::template square_product<M>(x)) } -> std::same_as<std::array<limb_t<P>, M::limbs>>;
      { P::outline_products } -> std::convertible_to<bool>;
    } &&
    (P::lanes > 1 || requires(const ff::limbs<M::limbs>& x, const ff::limbs<2 * M::limbs>& w) {
      { P::template mul_wide<M>(x, x) } -> std::same_as<ff::limbs<2 * M::limbs>>;
      { P::template square_wide<M>(x) } -> std::same_as<ff::limbs<2 * M::limbs>>;
      { P::template reduce<M>(w) } -> std::same_as<ff::limbs<M::limbs>>;
    });

namespace detail {
// A modulus description to check the policies' declarations against (BN254's p; nothing is
// computed with it).
struct example_modulus {
  static constexpr std::size_t limbs = 4;
  static constexpr ff::limbs<4> p = {0x3c208c16d87cfd47, 0x97816a916871ca8d, 0xb85045b68181585d, 0x30644e72e131a029};
  static constexpr prime::reduction reduction = prime::reduction::montgomery;
  static constexpr u64 p_inv_neg = integer::neg_inverse_mod_2_64(p[0]);
  static constexpr bool spare_bit = true;
};
}  // namespace detail
static_assert(prime_policy<portable, detail::example_modulus>);
}  // namespace ff::prime
