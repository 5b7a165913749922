// ff.lab.twins: the special-form primes again, as generic Montgomery fields (the "_mont" twins):
// the same p with the Montgomery template instead of the prime's own reduction, so that ffbench
// measures what each special form gains (ffbench --primes) and the tests cover the IFMA kernels
// at 7, 8 and 9 limbs, which no installed Montgomery field has. Each twin's generator is the
// smallest quadratic non-residue (whether it generates the whole group is not checked).
module;
#include <algorithm>
#include <array>
#include <string_view>
export module ff.lab.twins;
export import ff.p25519;
export import ff.mers256;
export import ff.mers384;
export import ff.p389;
export import ff.goldilocks;
export import ff.ridinghood;
export import ff.mers512;
export import ff.p521;
export import ff.registry;

export namespace ff::lab {

// The twin of a special-form field: its p, name + "_mont", and generator.
template <class Special>
struct montgomery_twin : montgomery_field<montgomery_twin<Special>, Special::modulus_string> {
  static constexpr auto name_chars = [] {
    constexpr std::string_view suffix = "_mont";
    std::array<char, Special::name.size() + suffix.size()> s{};
    std::ranges::copy(Special::name, s.begin());
    std::ranges::copy(suffix, s.begin() + Special::name.size());
    return s;
  }();
  static constexpr std::string_view name{name_chars.data(), name_chars.size()};
  static constexpr u64 generator_value = Special::generator_value;
  static constexpr field_tuning tuning{.mul_blocks_per_step = 2, .power_window_bits = 8};
};
using p25519_mont = montgomery_twin<p25519>;
using mers256_mont = montgomery_twin<mers256>;
using mers384_mont = montgomery_twin<mers384>;
using p389_mont = montgomery_twin<p389>;
using goldilocks_mont = montgomery_twin<goldilocks>;
using ridinghood_mont = montgomery_twin<ridinghood>;
using mers512_mont = montgomery_twin<mers512>;
using p521_mont = montgomery_twin<p521>;

// Every twin, and each special-form field beside its twin.
using twins = ff::type_list<p25519_mont, mers256_mont, mers384_mont, p389_mont, goldilocks_mont, ridinghood_mont,
                            mers512_mont, p521_mont>;
template <class... T>
consteval bool generators_are_non_residues(ff::type_list<T...>) {
  return ((prime_field<T> && T::non_residue == T::generator_value) && ...);
}
static_assert(generators_are_non_residues(twins{}));
template <class Special>
struct twin_pair {
  using special = Special;
  using twin = montgomery_twin<Special>;
};
using twin_pairs = ff::type_list<twin_pair<p25519>, twin_pair<mers256>, twin_pair<mers384>, twin_pair<p389>,
                                 twin_pair<goldilocks>, twin_pair<ridinghood>, twin_pair<mers512>, twin_pair<p521>>;

// The registry's fields with the twins: what ffbench's prime reports walk.
using fields = decltype(concat(ff::fields{}, twins{}));
using prime_fields = decltype(concat(ff::prime_fields{}, twins{}));

}  // namespace ff::lab
