// The batch kernels of every registered field, instantiated through the public API so that
// codegen_check.py can read their compiled loops (a binary of its own: what it checks does
// not depend on which tools happen to call which kernels).
//   codegen_kernels                    runs every kernel once (so none is optimized away)
//   codegen_kernels --element-bytes F  prints sizeof(ff::element<F>)
#include <cstdio>
#include <span>
#include <string>
#include <vector>
import ff;

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--element-bytes") {
    try {
      ff::visit_by_name<ff::binary_fields>(argv[2], []<class F>() { std::printf("%zu\n", sizeof(ff::element<F>)); });
      return 0;
    } catch (const ff::error& e) {
      std::fprintf(stderr, "codegen_kernels: %s\n", e.what());
      return 2;
    }
  }
  int checksum = 0;
  ff::for_each_type<ff::binary_fields>([&]<class F>() {
    std::vector<ff::element<F>> a(40, F::one()), out(40);
    for (ff::backend be : ff::available_backends(F::family)) {
      ff::mul<F>(be, std::span<const ff::element<F>>(a), std::span<const ff::element<F>>(a), std::span<ff::element<F>>(out));
      ff::square<F>(be, std::span<const ff::element<F>>(a), std::span<ff::element<F>>(out));
      checksum += out[7] == F::one();
    }
  });
  std::printf("%d\n", checksum);
  return 0;
}
