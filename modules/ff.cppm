// The umbrella module: `import ff;` brings every field and all generic machinery, plus the
// list of fields by name for tools that take a field on the command line.
module;
#include <array>
#include <string>
#include <string_view>
#include <tuple>
export module ff;
export import ff.core;
export import ff.cpu;
export import ff.clmul;
export import ff.polynomial;
export import ff.kernel;
export import ff.ops;
export import ff.batch;
export import ff.power;
export import ff.b127;
export import ff.ghash128;
export import ff.b163;
export import ff.b191;
export import ff.sect193;
export import ff.b256;
export import ff.ghash2;
export import ff.iso;

export namespace ff {

// Every field of the library, in the seed's order.
using all_fields = std::tuple<b127, ghash128, b163, b191, sect193, b256, ghash2>;

inline constexpr std::array<std::string_view, std::tuple_size_v<all_fields>> field_names = {
    b127::name, ghash128::name, b163::name, b191::name, sect193::name, b256::name, ghash2::name};

// fn.template operator()<F>() for the field called `name` (monomorphized once per field;
// results go out through captures); an unknown name is an ff::error listing the known ones.
template <class Fn>
void visit_field(std::string_view name, Fn&& fn) {
  const bool found = [&]<class... F>(std::tuple<F...>*) {
    return ((name == F::name ? (fn.template operator()<F>(), true) : false) || ...);
  }(static_cast<all_fields*>(nullptr));
  if (!found) {
    std::string known;
    for (std::string_view n : field_names) known += (known.empty() ? "" : ", ") + std::string(n);
    throw error("unknown field '" + std::string(name) + "' (choose " + known + ")");
  }
}

}  // namespace ff
