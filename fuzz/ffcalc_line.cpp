// Fuzz target: ffcalc's requests (tools/calculator.hpp: answer_line, what `ffcalc` answers for
// each stdin line) on arbitrary text, cut into lines at '\n' (at most 8). The first byte's low
// bit is --hex. Properties:
//   - every line is answered by one line (no newline inside), or skipped when blank or a #
//     comment; a failing request is `error: <message>` with exit code 1 or 2, an answered one
//     has code 0; nothing else escapes (an exception other than ffcalc's failure crashes);
//   - a prime field's add, sub, mul, neg, sqr on operands that GMP reads below p is answered,
//     with GMP's value printed as ffcalc prints (decimal, or 0x-hex with --hex).
#include <array>
#include <optional>
#include <string>
#include <vector>
#include "calculator.hpp"
#include "fuzz_target.hpp"
#include "gmp.hpp"
import ff;

namespace {

using fuzz::mpz;

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while ((i = line.find_first_not_of(" \t\r\n", i)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(" \t\r\n", i), line.size());
    words.push_back(line.substr(i, end - i));
    i = end;
  }
  return words;
}

// GMP's answer to FIELD OP A [B] for the prime fields' ring ops, or nothing where that is not
// such a request (another field or op, or an operand GMP does not read below p).
template <class F>
std::optional<std::string> reference(std::string_view op, std::span<const std::string_view> args, bool hex) {
  const std::size_t arity = (op == "neg" || op == "sqr") ? 1 : (op == "add" || op == "sub" || op == "mul") ? 2 : 0;
  if (arity == 0 || args.size() != arity) return std::nullopt;
  mpz p, x[2], r;
  fuzz::from_limbs(p, F::p);
  for (std::size_t i = 0; i < arity; ++i) {
    std::string_view s = args[i];
    const bool is_hex = s.starts_with("0x") || s.starts_with("0X");
    if (is_hex) s.remove_prefix(2);
    if (s.empty() || s.find_first_not_of(is_hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string_view::npos)
      return std::nullopt;
    mpz_set_str(x[i].v, std::string(s).c_str(), is_hex ? 16 : 10);
    if (mpz_cmp(x[i].v, p.v) >= 0) return std::nullopt;
  }
  if (op == "add") mpz_add(r.v, x[0].v, x[1].v);
  else if (op == "sub") mpz_sub(r.v, x[0].v, x[1].v);
  else if (op == "mul") mpz_mul(r.v, x[0].v, x[1].v);
  else if (op == "neg") mpz_neg(r.v, x[0].v);
  else mpz_mul(r.v, x[0].v, x[0].v);
  mpz_mod(r.v, r.v, p.v);
  std::vector<char> digits(mpz_sizeinbase(r.v, hex ? 16 : 10) + 2);
  mpz_get_str(digits.data(), hex ? 16 : 10, r.v);
  return (hex ? "0x" : "") + std::string(digits.data());
}

void check_line(std::string_view line, bool hex) {
  const std::string where = "'" + fuzz::show(line) + "'" + (hex ? " --hex" : "");
  const std::optional<ffcalc::reply> got = ffcalc::answer_line(line, nullptr, hex);
  const std::vector<std::string_view> words = words_of(line);
  const bool skipped = words.empty() || words[0].starts_with("#");
  fuzz::require(got.has_value() != skipped, where + (skipped ? ": a blank or comment line was answered" : ": not answered"));
  if (!got) return;
  fuzz::require(got->text.find('\n') == std::string::npos, where + ": the answer is more than one line");
  const bool error = got->text.starts_with("error: ");
  fuzz::require(error ? (got->code == 1 || got->code == 2) : got->code == 0,
                where + ": exit code " + std::to_string(got->code) + " for '" + fuzz::show(got->text) + "'");
  if (words.size() < 2) return;
  std::optional<std::string> expected;
  ff::for_each_type<ff::fields_of<ff::family::prime, ff::fields>>([&]<class F>() {
    if (words[0] == F::name) expected = reference<F>(words[1], std::span(words).subspan(2), hex);
  });
  if (expected) fuzz::require(got->text == *expected, where + ": answered '" + fuzz::show(got->text) + "', GMP says '" + *expected + "'");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  const bool hex = data[0] & 1;
  std::string_view text = fuzz::text({data + 1, size - 1});
  for (int lines = 0; lines < 8 && !text.empty(); ++lines) {
    const std::size_t nl = text.find('\n');
    check_line(text.substr(0, nl), hex);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  }
  return 0;
}
