// ffcalc: a command-line calculator over the library's fields (ff::fields) and X25519 / X448, for
// researchers and scripts.
//
//   ffcalc FIELD OP ARG...   one answer on stdout
//   ffcalc FIELD             reads `OP ARG...` lines from stdin, answers one line each
//   ffcalc                   reads `FIELD OP ARG...` lines from stdin, answers one line each
//   --hex anywhere: answers of prime fields in 0x-hex instead of decimal
//
// This file is the command line and the stdin loop; the requests themselves are
// calculator.cpp's (one line in, one answer out), which the fuzz target ffcalc_line also runs.
// The grammar is purely positional (field, op, operands), so argv is parsed by hand: CLI11
// would add nothing but a dependency for the aarch64 build.
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "calculator.hpp"
import ff;

namespace {

using namespace ffcalc;

// Request lines from stdin, read in large blocks. stdout is flushed just before a read that
// may block, so a script driving ffcalc as a coprocess (one question, wait for the answer)
// never waits on an unflushed answer, while a piped file costs one write per block, not per line.
class line_reader {
 public:
  bool next(std::string& line) {
    while (true) {
      if (const std::size_t nl = pending_.find('\n', start_); nl != std::string::npos) {
        line.assign(pending_, start_, nl - start_);
        start_ = nl + 1;
        return true;
      }
      if (at_end_) {
        if (start_ == pending_.size()) return false;
        line.assign(pending_, start_);  // a last line without '\n'
        start_ = pending_.size();
        return true;
      }
      pending_.erase(0, start_);
      start_ = 0;
      std::fflush(stdout);
      char block[1 << 16];
      const ssize_t n = ::read(STDIN_FILENO, block, sizeof block);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) at_end_ = true;
      else pending_.append(block, std::size_t(n));
    }
  }

 private:
  std::string pending_;
  std::size_t start_ = 0;
  bool at_end_ = false;
};

// Stdin mode: one answer line per request line (blank and # lines are skipped); every line
// is answered, and the exit code is the worst one seen.
int serve(calculator fixed_field, bool hex) {
  static char out_buffer[1 << 16];
  std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  int worst = exit_ok;
  line_reader input;
  std::string line;
  while (input.next(line)) {
    std::optional<reply> answer = answer_line(line, fixed_field, hex);
    if (!answer) continue;
    worst = std::max(worst, answer->code);
    answer->text += '\n';
    std::fwrite(answer->text.data(), 1, answer->text.size(), stdout);
  }
  std::fflush(stdout);
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  if (std::ranges::any_of(args, [](std::string_view a) { return a == "--help" || a == "-h"; })) {
    print_help();
    return exit_ok;
  }
  const bool hex = std::erase(args, "--hex") > 0;
  try {
    // A bad FF_BACKEND is reported up front, not on the first product.
    for (ff::family f : ff::all_families) (void)ff::batch_backend(f);
    const calculator fixed_field = args.empty() ? nullptr : find_field(args[0]);
    if (args.size() <= 1) {
      if (::isatty(STDIN_FILENO))
        std::fprintf(stderr, "ffcalc: reading '%sOP ARG...' lines from stdin (ffcalc --help for usage)\n",
                     fixed_field ? "" : "FIELD ");
      return serve(fixed_field, hex);
    }
    const std::string answer = fixed_field(args[1], std::span(args).subspan(2), hex);
    std::printf("%s\n", answer.c_str());
    return exit_ok;
  } catch (const failure& f) {
    std::fprintf(stderr, "ffcalc: %s\n", f.what());
    return f.code;
  } catch (const ff::error& e) {  // FF_BACKEND
    std::fprintf(stderr, "ffcalc: %s\n", e.what());
    return exit_usage;
  }
}
