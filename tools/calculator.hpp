// ffcalc's requests apart from its command line and stdin: one request (FIELD OP ARG...) in,
// one answer or one error out. tools/ffcalc.cpp reads them from argv and stdin; the fuzz target
// fuzz/ffcalc_line.cpp feeds answer_line arbitrary lines.
#pragma once
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ffcalc {

// Exit codes: 0 answered; 1 a well-posed question without an answer (inverse of zero,
// z^2 + z = C with Tr(C) = 1, the square root of a non-square); 2 the request itself is
// wrong (unknown field or op, wrong arity, malformed or out-of-range operand, op undefined
// for the field, bad FF_BACKEND).
enum exit_code : int { exit_ok = 0, exit_math = 1, exit_usage = 2 };

struct failure : std::runtime_error {
  int code;
  failure(int c, const std::string& message) : std::runtime_error(message), code(c) {}
};

// A field's or a curve's calculator: OP and its operands -> the answer line (no newline);
// failure when the request is refused. hex: answers of prime fields in 0x-hex.
using calculator = std::string (*)(std::string_view op, std::span<const std::string_view> args, bool hex);

// The calculator of a field or curve name; failure (exit_usage) naming every known one.
calculator find_field(std::string_view name);

// The answer to one stdin-mode line (OP ARG... when fixed_field is given, else FIELD OP ARG...):
// nothing for a blank line or a # comment; else one line of text, `error: <message>` with its
// exit code when the request fails.
struct reply {
  std::string text;
  int code = exit_ok;
};
std::optional<reply> answer_line(std::string_view line, calculator fixed_field, bool hex);

// --help: the fields, curves and ops, how values are written, the exit codes.
void print_help();

}  // namespace ffcalc
