// ffcalc as scripts use it: the real binary run as a subprocess (popen), its answers checked
// with NTL products (never with output of ffcalc itself), and every kind of bad input refused
// with the documented exit code and a one-line message.
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <sstream>
#include <string_view>
#include "bls12_381_vectors.hpp"
#include "geth_vectors.hpp"
#include "harness.hpp"

using namespace ff;

namespace {

struct run_result {
  int exit_code = -1;
  std::vector<std::string> out, err;  // lines, without their '\n'
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string shell_quote(std::string_view s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `FF_BACKEND=backend ffcalc args...` with `input` on stdin. Without a backend the
// variable is inherited (ctest also runs this binary under FF_BACKEND=portable).
run_result run_ffcalc(const std::vector<std::string>& args, const std::string& input = "",
                      const std::optional<std::string>& backend = std::nullopt) {
  char in_path[] = "/tmp/ffcalc_test_in_XXXXXX", err_path[] = "/tmp/ffcalc_test_err_XXXXXX";
  const int in_fd = mkstemp(in_path), err_fd = mkstemp(err_path);
  if (in_fd < 0 || err_fd < 0) throw std::runtime_error("mkstemp failed");
  close(in_fd);
  close(err_fd);
  std::ofstream(in_path) << input;
  std::string command = backend ? "FF_BACKEND=" + shell_quote(*backend) + " " : "";
  command += shell_quote(FFCALC_PATH);
  for (const std::string& a : args) command += " " + shell_quote(a);
  command += std::string(" <") + in_path + " 2>" + err_path;

  run_result r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed: " + command);
  std::string out;
  char chunk[4096];
  for (std::size_t n; (n = fread(chunk, 1, sizeof chunk, pipe)) > 0;) out.append(chunk, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = lines_of(out);
  std::ifstream err_file(err_path);
  r.err = lines_of(std::string(std::istreambuf_iterator<char>(err_file), {}));
  std::remove(in_path);
  std::remove(err_path);
  return r;
}

// One-shot refusal: the documented exit code, nothing on stdout, one line on stderr.
void expect_refused(const run_result& r, int exit_code, const std::string& message_part) {
  EXPECT_EQ(r.exit_code, exit_code);
  EXPECT_TRUE(r.out.empty());
  ASSERT_EQ(r.err.size(), 1u);
  EXPECT_TRUE(r.err[0].starts_with("ffcalc: ")) << r.err[0];
  EXPECT_NE(r.err[0].find(message_part), std::string::npos) << r.err[0] << "\n  wanted: " << message_part;
}

void expect_error_line(const std::string& answer, const std::string& message_part) {
  EXPECT_TRUE(answer.starts_with("error: ")) << answer;
  EXPECT_NE(answer.find(message_part), std::string::npos) << answer << "\n  wanted: " << message_part;
}

// An answer must be exactly ceil(degree/4) hex digits; anything else is a failure.
template <class F>
std::optional<element<F>> answer_element(const std::string& answer) {
  if (answer.size() != (F::degree + 3) / 4 || answer.starts_with("0x")) {
    ADD_FAILURE() << F::name << ": not a fixed-width hex answer: '" << answer << "'";
    return std::nullopt;
  }
  try {
    return from_hex<F>(answer);
  } catch (const ff::error& e) {
    ADD_FAILURE() << e.what();
    return std::nullopt;
  }
}

// The trace by NTL: its own routine for polynomial fields, repeated NTL squaring otherwise.
template <class F>
unsigned reference_trace(const element<F>& a) {
  if constexpr (polynomial_field<F>) {
    return ref::trace<F>(a);
  } else {
    element<F> s = a, t = a;
    for (unsigned i = 1; i < F::degree; ++i) {
      s = ref::any_mul(s, s);
      t += s;
    }
    EXPECT_TRUE(t == F::zero() || t == F::one());
    return unsigned(t.limb[0] & 1);
  }
}

// Hex text as people write it: fixed width, 0x with leading zeros stripped, upper case.
template <class F>
std::string hex_text(const element<F>& a, std::mt19937_64& rng) {
  std::string h = to_hex(a);
  switch (rng() % 3) {
    case 0: return h;
    case 1: {
      const std::size_t first = h.find_first_not_of('0');
      return "0x" + (first == std::string::npos ? std::string("0") : h.substr(first));
    }
    default:
      for (char& c : h) c = char(std::toupper(static_cast<unsigned char>(c)));
      return h;
  }
}

// 0x-hex of little-endian limbs, lowercase, no leading zeros ("0x0" for none or zero).
std::string hex_of(std::span<const u64> limbs) {
  std::size_t top = limbs.size();
  while (top > 0 && limbs[top - 1] == 0) --top;
  std::ostringstream text;
  text << "0x" << std::hex << (top ? limbs[top - 1] : u64{0}) << std::setfill('0');
  for (std::size_t k = top ? top - 1 : 0; k-- > 0;) text << std::setw(16) << limbs[k];
  return text.str();
}

std::string decimal(const NTL::ZZ& z) {
  std::ostringstream text;
  text << z;  // NTL prints decimal
  return text.str();
}

// A random exponent of 0 .. max_limbs 64-bit limbs, as text (decimal or 0x-hex) and for NTL.
struct exponent_text {
  std::string text;
  NTL::ZZ value;
};
exponent_text random_exponent(std::mt19937_64& rng, std::size_t max_limbs) {
  std::vector<u64> limbs(rng() % (max_limbs + 1));
  for (u64& l : limbs) l = rng() >> (rng() % 64);
  const NTL::ZZ e = ref::to_zz(std::span<const u64>(limbs));
  return {rng() % 2 ? decimal(e) : hex_of(limbs), e};
}

// Elements to feed ffcalc: one in eight an edge case of ff.testing, the others uniform.
template <class F>
element<F> pick(std::mt19937_64& rng, const std::vector<element<F>>& edges) {
  return rng() % 8 == 0 ? edges[rng() % edges.size()] : F::random(rng);
}

// Many requests for one ffcalc process in stdin mode, each with the check of its answer line;
// blank and comment lines in between, which get no answer.
struct request_batch {
  std::string input;
  std::vector<std::string> requests;
  std::vector<std::function<void(const std::string&)>> checks;
  int expected_exit = 0;  // math errors (inverse of zero, no root) 1, usage errors 2

  void add(const std::string& line, std::function<void(const std::string&)> check, std::mt19937_64& rng) {
    input += line + "\n";
    requests.push_back(line);
    checks.push_back(std::move(check));
    if (rng() % 16 == 0) input += rng() % 2 ? "\n" : "# skipped\n";  // no answer expected
  }
  void expect_exit(int code) { expected_exit = std::max(expected_exit, code); }
  // One process, one answer line per request, each checked; nothing on stderr.
  void run_and_check(const std::vector<std::string>& args) const {
    const run_result r = run_ffcalc(args, input);
    ASSERT_EQ(r.out.size(), requests.size()) << "one answer line per request line";
    for (std::size_t k = 0; k < requests.size(); ++k) {
      SCOPED_TRACE(args.front() + " line '" + requests[k] + "' -> '" + r.out[k] + "'");
      checks[k](r.out[k]);
    }
    EXPECT_EQ(r.exit_code, expected_exit);
    EXPECT_TRUE(r.err.empty());
  }
};

// A few hundred random requests of every op through ONE ffcalc process in stdin mode.
template <class F>
void random_lines_agree_with_ntl() {
  using E = element<F>;
  std::mt19937_64 rng(std::hash<std::string_view>{}(F::name));
  const std::vector<E> edges = ff::testing::edge_cases<F>();
  request_batch batch;
  batch.input = "# random requests for " + std::string(F::name) + "\n";
  const auto request = [&](const std::string& line, std::function<void(const std::string&)> check) {
    batch.add(line, std::move(check), rng);
  };

  for (int i = 0; i < 440; ++i) {
    const E a = pick<F>(rng, edges), b = pick<F>(rng, edges);
    const std::string ta = hex_text(a, rng), tb = hex_text(b, rng);
    switch (i % 11) {
      case 0:
        request("add " + ta + " " + tb, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(*r, a + b);
        });
        break;
      case 1:
        request("mul " + ta + " " + tb, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(*r, ref::any_mul(a, b));
        });
        break;
      case 2:
        request("sqr " + ta, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(*r, ref::any_mul(a, a));
        });
        break;
      case 3:
        if (a.is_zero()) batch.expect_exit(1);
        request("inv " + ta, [=](const std::string& s) {
          if (a.is_zero()) return expect_error_line(s, "inverse of zero");
          if (auto r = answer_element<F>(s)) EXPECT_EQ(ref::any_mul(*r, a), F::one());
        });
        break;
      case 4: {
        // 0..4 limbs (up to 256 bits, beyond the group order), in decimal or 0x-hex.
        const auto [text, e] = random_exponent(rng, 4);
        request("pow " + ta + " " + text, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(*r, ref::any_power(a, e));
        });
        break;
      }
      case 5:
        request("sqrt " + ta, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(ref::any_mul(*r, *r), a);
        });
        break;
      case 6:
        request("trace " + ta, [=](const std::string& s) {
          EXPECT_EQ(s, std::to_string(reference_trace(a)));
        });
        break;
      case 7:
        if (F::degree % 2 == 0) batch.expect_exit(2);
        request("half-trace " + ta, [=](const std::string& s) {
          if constexpr (F::degree % 2 == 0) {
            expect_error_line(s, "odd degree");
          } else if (auto h = answer_element<F>(s)) {  // H(c)^2 + H(c) = c + Tr(c)
            EXPECT_EQ(ref::any_mul(*h, *h) + *h, a + (reference_trace(a) ? F::one() : F::zero()));
          }
        });
        break;
      case 8: {
        const bool unsolvable = reference_trace(a) == 1;
        if (unsolvable) batch.expect_exit(1);
        request("solve " + ta, [=](const std::string& s) {
          if (unsolvable) {
            EXPECT_EQ(s, "error: no solution: Tr(C) = 1");
          } else if (auto z = answer_element<F>(s)) {
            EXPECT_EQ(ref::any_mul(*z, *z) + *z, a);
          }
        });
        break;
      }
      case 9:  // characteristic 2: a - b = a + b (bitwise xor), -a = a
        request("sub " + ta + " " + tb, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(*r, a + b);
        });
        break;
      case 10:
        request("neg " + ta, [=](const std::string& s) {
          if (auto r = answer_element<F>(s)) EXPECT_EQ(*r, a);
        });
        break;
    }
  }

  batch.run_and_check({std::string(F::name)});
}

// One request on the command line, answer == NTL.
template <class F>
void one_shot_mul() {
  std::mt19937_64 rng(7);
  const element<F> a = F::random(rng), b = F::random(rng);
  const run_result r = run_ffcalc({std::string(F::name), "mul", "0x" + to_hex(a), to_hex(b)});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.err.empty());
  ASSERT_EQ(r.out.size(), 1u);
  if (auto p = answer_element<F>(r.out[0])) EXPECT_EQ(*p, ref::any_mul(a, b));
}

// The bad requests every field refuses alike, one process each.
template <class F>
void rejects_bad_requests_of_every_field() {
  const std::string f(F::name);
  expect_refused(run_ffcalc({f, "frobnicate", "1"}), 2, "unknown op 'frobnicate'");
  expect_refused(run_ffcalc({f, "add", "1"}), 2, "expects 2 arguments");
  expect_refused(run_ffcalc({f, "sqr", "1", "2"}), 2, "expects 1 argument");
  expect_refused(run_ffcalc({f, "inv", "0"}), 1, "inverse of zero");
  expect_refused(run_ffcalc({f, "pow", "2", "-3"}), 2, "exponent '-3'");
  expect_refused(run_ffcalc({f, "pow", "2", "12a"}), 2, "not a decimal digit");
  expect_refused(run_ffcalc({f, "pow", "2", "0x"}), 2, "is empty");
}

// Every kind of bad request, one process each.
template <class F>
void rejects_bad_input() {
  rejects_bad_requests_of_every_field<F>();
  const std::string f(F::name);
  // The smallest value with a bit at x^degree: 1 followed by degree/4 zeros when 4 | degree,
  // otherwise the digit 2^(degree % 4) in front of floor(degree/4) zeros.
  const std::string at_degree = "0x" + std::to_string(1u << (F::degree % 4)) + std::string(F::degree / 4, '0');
  const std::string below_degree = "0x" + to_hex(F::monomial(F::degree - 1));
  expect_refused(run_ffcalc({f, "mul", "1", "0x12g4"}), 2, "malformed hex");
  expect_refused(run_ffcalc({f, "mul", "1", "0x"}), 2, "empty hex");
  expect_refused(run_ffcalc({f, "sqr", at_degree}), 2, "at or above x^" + std::to_string(F::degree));
  EXPECT_EQ(run_ffcalc({f, "sqr", below_degree}).exit_code, 0);  // the boundary is exact
  if constexpr (F::degree % 2 == 0) expect_refused(run_ffcalc({f, "half-trace", "1"}), 2, "odd degree");
  // Tr(1) = degree mod 2: for odd degree, z^2 + z = 1 has no root.
  if constexpr (F::degree % 2 == 1) expect_refused(run_ffcalc({f, "solve", "1"}), 1, "no solution: Tr(C) = 1");
}

// ---- prime fields: values are integers 0 .. p - 1, answers decimal (0x-hex with --hex) ----

// A value as people write it: decimal, 0x-hex, 0X-hex in upper case, or hex with leading zeros.
template <class F>
std::string prime_text(const element<F>& a, std::mt19937_64& rng) {
  const auto limbs = F::to_integer(a);
  std::string h = hex_of(std::span<const u64>(limbs));
  switch (rng() % 4) {
    case 0: return decimal(ref::to_zz(a));
    case 1: return h;
    case 2:
      for (char& c : h) c = char(std::toupper(static_cast<unsigned char>(c)));
      return h;
    default: return "0x000" + h.substr(2);
  }
}

// An answer must be the canonical integer: decimal without leading zeros, or with --hex
// lowercase 0x-hex without leading zeros. Read here digit by digit into an NTL integer.
std::optional<NTL::ZZ> answer_integer(const std::string& answer, bool hex) {
  std::string_view digits = answer;
  if (hex && !digits.starts_with("0x")) digits = "";
  if (hex) digits.remove_prefix(2);
  const std::string_view allowed = hex ? "0123456789abcdef" : "0123456789";
  if (digits.empty() || digits.find_first_not_of(allowed) != std::string_view::npos ||
      (digits.size() > 1 && digits[0] == '0')) {
    ADD_FAILURE() << "not a canonical " << (hex ? "0x-hex" : "decimal") << " answer: '" << answer << "'";
    return std::nullopt;
  }
  NTL::ZZ z(0);
  for (const char c : digits) z = z * (hex ? 16 : 10) + long(allowed.find(c));
  return z;
}
template <class F>
void expect_answer(const std::string& answer, bool hex, const element<F>& expected) {
  if (auto z = answer_integer(answer, hex)) EXPECT_EQ(*z, ref::to_zz(expected));
}

// A few hundred random requests of every prime op through ONE ffcalc process, answers in
// decimal or (hex) in 0x-hex, each compared with NTL's ZZ_p.
template <class F>
void prime_random_lines_agree_with_ntl(bool hex) {
  using E = element<F>;
  std::mt19937_64 rng(std::hash<std::string_view>{}(F::name) + hex);
  const std::vector<E> edges = ff::testing::edge_cases<F>();
  request_batch batch;
  const auto request = [&](const std::string& line, std::function<void(const std::string&)> check) {
    batch.add(line, std::move(check), rng);
  };
  const auto answer_is = [hex](const E& expected) {
    return [hex, expected](const std::string& s) { expect_answer<F>(s, hex, expected); };
  };
  for (int i = 0; i < 450; ++i) {
    const E a = pick<F>(rng, edges), b = pick<F>(rng, edges);
    const std::string ta = prime_text(a, rng), tb = prime_text(b, rng);
    switch (i % 9) {
      case 0: request("add " + ta + " " + tb, answer_is(ref::add(a, b))); break;
      case 1: request("sub " + ta + " " + tb, answer_is(ref::sub(a, b))); break;
      case 2: request("neg " + ta, answer_is(ref::sub(F::zero(), a))); break;
      case 3: request("mul " + ta + " " + tb, answer_is(ref::mul(a, b))); break;
      case 4: request("sqr " + ta, answer_is(ref::mul(a, a))); break;
      case 5:
        if (ref::to_zz(a) == 0) {
          batch.expect_exit(1);
          request("inv " + ta, [](const std::string& s) { expect_error_line(s, "inverse of zero"); });
        } else {
          request("inv " + ta, answer_is(ref::inverse(a)));
        }
        break;
      case 6: {
        // 0..7 limbs: beyond p of every field (an exponent is not reduced).
        const auto [text, e] = random_exponent(rng, 7);
        request("pow " + ta + " " + text, answer_is(ref::power(a, e)));
        break;
      }
      case 7: {
        const int symbol = ref::legendre(a);
        if (symbol < 0) batch.expect_exit(1);
        request("sqrt " + ta, [=](const std::string& s) {
          if (symbol < 0) return expect_error_line(s, "is not a square");
          if (auto r = answer_integer(s, hex)) {
            EXPECT_LT(*r, ref::prime_modulus<F>());
            EXPECT_EQ(ref::mul(ref::from_zz<F>(*r), ref::from_zz<F>(*r)), a) << "root^2 != A";
          }
        });
        break;
      }
      case 8: {
        const int symbol = ref::legendre(a);
        request("legendre " + ta, [=](const std::string& s) { EXPECT_EQ(s, std::to_string(symbol)); });
        break;
      }
    }
  }
  std::vector<std::string> args = {std::string(F::name)};
  if (hex) args.push_back("--hex");
  batch.run_and_check(args);
}

// One request on the command line: decimal and hex operands, decimal and --hex answers.
template <class F>
void prime_one_shot() {
  std::mt19937_64 rng(7);
  const element<F> a = F::random(rng), b = F::random(rng), ab = ref::mul(a, b);
  const auto limbs = F::to_integer(a);
  const std::string ta = hex_of(std::span<const u64>(limbs)), tb = decimal(ref::to_zz(b));
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{std::string(F::name), "mul", ta, tb},
        std::vector<std::string>{"--hex", std::string(F::name), "mul", ta, tb},
        std::vector<std::string>{std::string(F::name), "mul", ta, tb, "--hex"}}) {
    const bool hex = args.front() == "--hex" || args.back() == "--hex";
    const run_result r = run_ffcalc(args);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(r.err.empty());
    ASSERT_EQ(r.out.size(), 1u);
    expect_answer<F>(r.out[0], hex, ab);
  }
}

// The smallest quadratic non-residue mod p, by NTL.
template <class F>
element<F> smallest_non_residue() {
  for (u64 k = 2;; ++k)
    if (ref::legendre(F::from_small(k)) == -1) return F::from_small(k);
}

// Every kind of bad prime request, one process each; p itself is the first value refused.
template <class F>
void prime_rejects_bad_input() {
  rejects_bad_requests_of_every_field<F>();
  const std::string f(F::name);
  const NTL::ZZ& p = ref::prime_modulus<F>();
  const std::array<u64, F::limbs> p_limbs = F::p;
  const std::string p_hex = hex_of(std::span<const u64>(p_limbs));
  expect_refused(run_ffcalc({f, "add", decimal(p), "1"}), 2, "is not below p");
  expect_refused(run_ffcalc({f, "add", "1", p_hex}), 2, "is not below p");
  expect_refused(run_ffcalc({f, "sqr", decimal(p * p)}), 2, "is not below p");
  const run_result below = run_ffcalc({f, "add", decimal(p - 1), "0"});  // the boundary is exact
  EXPECT_EQ(below.exit_code, 0);
  EXPECT_EQ(below.out, std::vector<std::string>{decimal(p - 1)});
  for (const char* bad : {"-1", "+1", "12a", "1.5", "0x1g", "1e3", "0b101", "١"})
    expect_refused(run_ffcalc({f, "neg", bad}), 2, "is not a non-negative integer");
  expect_refused(run_ffcalc({f, "neg", ""}), 2, "is empty");
  expect_refused(run_ffcalc({f, "neg", "0x"}), 2, "is empty");
  expect_refused(run_ffcalc({f, "trace", "1"}), 2, "unknown op 'trace' (ops: add sub neg mul sqr inv pow sqrt legendre)");
  const element<F> n = smallest_non_residue<F>();
  const std::string tn = decimal(ref::to_zz(n));
  expect_refused(run_ffcalc({f, "sqrt", tn}), 1, f + ": '" + tn + "' is not a square");
  expect_refused(run_ffcalc({"--hex", f, "sqrt", tn}), 1, "is not a square");
  // The same requests in stdin mode: answered in place, the worst exit code.
  const run_result r = run_ffcalc({f}, "sqrt " + tn + "\nlegendre " + tn + "\nneg -1\nsqr 0\n");
  ASSERT_EQ(r.out.size(), 4u);
  expect_error_line(r.out[0], "is not a square");
  EXPECT_EQ(r.out[1], "-1");
  expect_error_line(r.out[2], "is not a non-negative integer");
  EXPECT_EQ(r.out[3], "0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.err.empty());
}

// Stdin mode with a field: error lines in place, every other line still answered.
template <class F>
void stdin_errors_in_place() {
  using E = element<F>;
  std::mt19937_64 rng(3);
  const E a = F::random(rng), b = F::random(rng);
  const std::string input = "# comment\n\nmul " + to_hex(a) + " " + to_hex(b) +
                            "\ninv 0\nfrobnicate 1\nadd 1\n   \nmul 0xzz 1\npow 2 -1\nsqr " +
                            "0x" + std::to_string(1u << (F::degree % 4)) + std::string(F::degree / 4, '0') +
                            "\n\tadd   " + to_hex(a) + "  1  \n";
  const run_result r = run_ffcalc({std::string(F::name)}, input);
  ASSERT_EQ(r.out.size(), 8u);
  if (auto p = answer_element<F>(r.out[0])) EXPECT_EQ(*p, ref::any_mul(a, b));
  expect_error_line(r.out[1], "inverse of zero");
  expect_error_line(r.out[2], "unknown op 'frobnicate'");
  expect_error_line(r.out[3], "expects 2 arguments");
  expect_error_line(r.out[4], "malformed hex");
  expect_error_line(r.out[5], "exponent '-1'");
  expect_error_line(r.out[6], "at or above");
  if (auto p = answer_element<F>(r.out[7])) EXPECT_EQ(*p, a + F::one());
  EXPECT_EQ(r.exit_code, 2);  // the worst line: a usage error
  EXPECT_TRUE(r.err.empty());

  // Only a math error: exit 1.
  const run_result m = run_ffcalc({std::string(F::name)}, "inv 0\nadd 1 1\n");
  ASSERT_EQ(m.out.size(), 2u);
  expect_error_line(m.out[0], "inverse of zero");
  EXPECT_EQ(m.out[1], to_hex(F::zero()));
  EXPECT_EQ(m.exit_code, 1);

  // No error: exit 0.
  EXPECT_EQ(run_ffcalc({std::string(F::name)}, "add 1 1\n").exit_code, 0);
}

// phi(a) = sum a_i root^i, the powers of ff::iso::root by NTL's ghash2 model: independent of
// the matrices and 5-bit tables of ff.iso that ffcalc converts with.
element<ghash2> phi_by_ntl(const element<b256>& a) {
  static const std::vector<element<ghash2>> powers = [] {
    std::vector<element<ghash2>> p(256);
    p[0] = ghash2::one();
    for (std::size_t i = 1; i < 256; ++i) p[i] = ref::ghash2_mul(p[i - 1], iso::root);
    return p;
  }();
  element<ghash2> r{};
  for (unsigned i = 0; i < 256; ++i)
    if ((a.limb[i / 64] >> (i % 64)) & 1) r += powers[i];
  return r;
}

// to-ghash2 / to-b256 in stdin mode: 400 random lines in one process (each line names its
// field), checked against phi by NTL and the homomorphism with NTL products; then the
// answers of to-ghash2 go back through to-b256 in a second process (field given once).
void iso_random_lines() {
  std::mt19937_64 rng(11);
  const std::vector<element<b256>> edges = ff::testing::edge_cases<b256>();
  const auto pick = [&] { return rng() % 8 == 0 ? edges[rng() % edges.size()] : b256::random(rng); };
  constexpr std::size_t rounds = 100, lines_per_round = 4;
  std::vector<element<b256>> as, bs;
  std::string input;
  for (std::size_t i = 0; i < rounds; ++i) {
    const element<b256> a = pick(), b = pick(), ab = ref::any_mul(a, b);
    as.push_back(a);
    bs.push_back(b);
    input += "b256 to-ghash2 " + hex_text(a, rng) + "\nb256 to-ghash2 " + hex_text(b, rng) + "\nb256 to-ghash2 " +
             hex_text(ab, rng) + "\nghash2 to-b256 " + hex_text(phi_by_ntl(a), rng) + "\n";
  }
  const run_result r = run_ffcalc({}, input);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.err.empty());
  ASSERT_EQ(r.out.size(), rounds * lines_per_round);
  std::string round_trip_input;
  for (std::size_t i = 0; i < rounds; ++i) {
    const std::string* line = &r.out[lines_per_round * i];
    SCOPED_TRACE("round " + std::to_string(i) + ": a = " + to_hex(as[i]) + ", b = " + to_hex(bs[i]));
    const auto pa = answer_element<ghash2>(line[0]), pb = answer_element<ghash2>(line[1]),
               pab = answer_element<ghash2>(line[2]);
    const auto inverse_image = answer_element<b256>(line[3]);
    if (!pa || !pb || !pab || !inverse_image) continue;
    EXPECT_EQ(*pa, phi_by_ntl(as[i]));
    EXPECT_EQ(*pb, phi_by_ntl(bs[i]));
    EXPECT_EQ(*pab, ref::any_mul(*pa, *pb)) << "phi(a b) != phi(a) phi(b)";
    EXPECT_EQ(*inverse_image, as[i]) << "to-b256(phi(a)) != a";
    round_trip_input += "to-b256 " + line[0] + "\n";
  }
  const run_result round_trip = run_ffcalc({"ghash2"}, round_trip_input);
  EXPECT_EQ(round_trip.exit_code, 0);
  ASSERT_EQ(round_trip.out.size(), rounds);
  for (std::size_t i = 0; i < rounds; ++i)
    if (auto a = answer_element<b256>(round_trip.out[i])) EXPECT_EQ(*a, as[i]) << "round trip, round " << i;
}

void register_cli_tests() {
  fft::register_test("ffcalc.iso", "random_lines_agree_with_ntl_and_round_trip", iso_random_lines);
  // The conversions exist for their own field only.
  fft::register_test("ffcalc.iso", "other_fields_are_refused", [] {
    expect_refused(run_ffcalc({"b127", "to-ghash2", "1"}), 2, "b127 to-ghash2: converts b256 elements only");
    expect_refused(run_ffcalc({"ghash2", "to-ghash2", "1"}), 2, "converts b256 elements only");
    expect_refused(run_ffcalc({"b256", "to-b256", "1"}), 2, "b256 to-b256: converts ghash2 elements only");
    expect_refused(run_ffcalc({"b256", "to-ghash2", "1", "2"}), 2, "expects 1 argument");
    const run_result r = run_ffcalc({}, "b163 to-b256 1\nb256 to-ghash2 0\n");
    ASSERT_EQ(r.out.size(), 2u);
    expect_error_line(r.out[0], "converts ghash2 elements only");
    EXPECT_EQ(r.out[1], to_hex(ghash2::zero()));
    EXPECT_EQ(r.exit_code, 2);
  });

  fft::register_test("ffcalc", "help_lists_fields_ops_exit_codes", [] {
    const run_result r = run_ffcalc({"--help"});
    EXPECT_EQ(r.exit_code, 0);
    std::string text;
    for (const std::string& l : r.out) text += l + "\n";
    ff::for_each_type<ff::fields>([&]<class F>() { EXPECT_NE(text.find(F::name), std::string::npos) << F::name; });
    for (const char* op : {"add", "sub", "neg", "mul", "sqr", "inv", "pow", "sqrt", "trace", "half-trace", "solve",
                           "to-ghash2", "to-b256", "legendre"})
      EXPECT_NE(text.find(std::string("  ") + op + " "), std::string::npos) << op;
    for (const char* part : {"--hex", "exit codes", "not a square", ">= p"})
      EXPECT_NE(text.find(part), std::string::npos) << part;
  });

  fft::register_test("ffcalc", "unknown_field", [] {
    expect_refused(run_ffcalc({"b999", "add", "1", "1"}), 2, "unknown field 'b999'");
    expect_refused(run_ffcalc({"b999"}), 2, "unknown field 'b999'");
  });

  // No arguments: every line names its field.
  fft::register_test("ffcalc", "stdin_lines_name_their_field", [] {
    std::mt19937_64 rng(5);
    std::string input;
    std::vector<std::function<void(const std::string&)>> checks;
    ff::for_each_type<ff::binary_fields>([&]<class F>() {
      const element<F> a = F::random(rng), b = F::random(rng);
      input += std::string(F::name) + " mul " + to_hex(a) + " " + to_hex(b) + "\n";
      checks.push_back([=](const std::string& s) {
        if (auto p = answer_element<F>(s)) EXPECT_EQ(*p, ref::any_mul(a, b));
      });
    });
    ff::for_each_type<ff::prime_fields>([&]<class F>() {
      const element<F> a = F::random(rng), b = F::random(rng);
      input += std::string(F::name) + " mul " + prime_text(a, rng) + " " + prime_text(b, rng) + "\n";
      checks.push_back([=](const std::string& s) { expect_answer<F>(s, false, ref::mul(a, b)); });
    });
    input += "b999 add 1 1\nb127\n";
    checks.push_back([](const std::string& s) { expect_error_line(s, "unknown field 'b999'"); });
    checks.push_back([](const std::string& s) { expect_error_line(s, "missing OP"); });
    input += "ghash128 sqr 2\n";  // x^2, no reduction
    checks.push_back([](const std::string& s) { EXPECT_EQ(s, to_hex(ghash128::monomial(2))); });
    const run_result r = run_ffcalc({}, input);
    ASSERT_EQ(r.out.size(), checks.size());
    for (std::size_t k = 0; k < checks.size(); ++k) checks[k](r.out[k]);
    EXPECT_EQ(r.exit_code, 2);
  });

  // FF_BACKEND is checked before any work, in both modes, even for ops without a product.
  fft::register_test("ffcalc", "bogus_backend_is_refused", [] {
    expect_refused(run_ffcalc({"b127", "add", "1", "1"}, "", "bogus"), 2, "FF_BACKEND=bogus: unknown backend");
    expect_refused(run_ffcalc({"b127"}, "mul 1 1\n", "bogus"), 2, "FF_BACKEND=bogus: unknown backend");
  });
  fft::register_test("ffcalc", "backend_this_cpu_lacks_is_refused", [] {
    std::optional<backend> missing;
    for (const backend_info& i : backend_table)
      if (!cpu_has(i.id)) {
        missing = i.id;
        break;
      }
    if (!missing) GTEST_SKIP() << "this CPU has every backend";
    const std::string name(to_string(*missing));
    expect_refused(run_ffcalc({"b256", "mul", "1", "1"}, "", name), 2, "FF_BACKEND=" + name + ": backend '" + name + "' needs");
    expect_refused(run_ffcalc({}, "b256 mul 1 1\n", name), 2, "lacks");
  });
  // Every backend this CPU has gives the NTL product through the CLI.
  fft::register_test("ffcalc", "every_available_backend_agrees_with_ntl", [] {
    std::mt19937_64 rng(9);
    const element<b163> a = b163::random(rng), b = b163::random(rng);
    for (backend be : available_backends(family::binary)) {
      const run_result r = run_ffcalc({"b163", "mul", to_hex(a), to_hex(b)}, "", std::string(to_string(be)));
      EXPECT_EQ(r.exit_code, 0) << to_string(be);
      ASSERT_EQ(r.out.size(), 1u) << to_string(be);
      EXPECT_EQ(r.out[0], to_hex(ref::mul<b163>(a, b))) << to_string(be);
    }
  });
}

// The curves: every RFC 7748 vector of tests/data/rfc7748_vectors.txt through `CURVE ecdh` and
// `CURVE pubkey` in one stdin session, then the refusals (wrong lengths, not hex, an all-zero
// shared secret, unknown op).
void curves_answer_rfc7748_vectors() {
  std::ifstream file(FF_TEST_DATA_DIR "/rfc7748_vectors.txt");
  ASSERT_TRUE(file) << "cannot read rfc7748_vectors.txt";
  std::string input;
  std::vector<std::string> expected;
  for (std::string line; std::getline(file, line);) {
    std::istringstream in(line);
    std::string curve, kind;
    in >> curve >> kind;
    if (curve.empty() || curve[0] == '#') continue;
    if (kind == "scalarmult") {
      std::string k, u, out;
      in >> k >> u >> out;
      input += curve + " ecdh " + k + " " + u + "\n";
      expected.push_back(out);
    } else if (kind == "dh") {
      std::string a, a_pub, b, b_pub, shared;
      in >> a >> a_pub >> b >> b_pub >> shared;
      input += curve + " pubkey " + a + "\n" + curve + " pubkey " + b + "\n" + curve + " ecdh " + a + " " + b_pub + "\n";
      expected.insert(expected.end(), {a_pub, b_pub, shared});
    }
  }
  ASSERT_EQ(expected.size(), 10u);  // 2 x (2 scalarmult + 3 dh lines)
  const run_result r = run_ffcalc({}, input);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, expected);
  const std::string k32(64, '1'), k56(112, '1');
  expect_refused(run_ffcalc({"x25519", "pubkey", k32 + "00"}), 2, "has 66 hex digits, 64 expected");
  expect_refused(run_ffcalc({"x448", "ecdh", k56, k32}), 2, "has 64 hex digits, 112 expected");
  expect_refused(run_ffcalc({"x25519", "pubkey", "g" + k32.substr(1)}), 2, "is not hex");
  expect_refused(run_ffcalc({"x25519", "ecdh", k32, std::string(64, '0')}), 1, "all zero");
  expect_refused(run_ffcalc({"x448", "ecdh", k56}), 2, "expects 2 arguments");
  expect_refused(run_ffcalc({"x448", "sign", k56}), 2, "unknown op 'sign' for x448");
}

// The SEC 2 binary curves: every line of tests/data/binary_curves_ecdh.txt (OpenSSL's answers,
// rechecked by binary_curves_openssl) through `CURVE pubkey` and `CURVE ecdh` both ways; then
// the refusals.
void binary_curves_answer_openssl_vectors() {
  std::ifstream file(FF_TEST_DATA_DIR "/binary_curves_ecdh.txt");
  ASSERT_TRUE(file) << "cannot read binary_curves_ecdh.txt";
  std::string input;
  std::vector<std::string> expected;
  for (std::string line; std::getline(file, line);) {
    std::istringstream in(line);
    std::string curve, a, a_pub, b, b_pub, shared;
    in >> curve >> a >> a_pub >> b >> b_pub >> shared;
    if (curve.empty() || curve[0] == '#') continue;
    input += curve + " pubkey " + a + "\n" + curve + " pubkey " + b + "\n" + curve + " ecdh " + a + " " + b_pub + "\n" +
             curve + " ecdh " + b + " " + a_pub + "\n";
    expected.insert(expected.end(), {a_pub, b_pub, shared, shared});
  }
  ASSERT_EQ(expected.size(), 80u);  // 10 curves x 2 lines x 4 answers
  const run_result r = run_ffcalc({}, input);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, expected);
  expect_refused(run_ffcalc({"sect233k1", "pubkey", "0"}), 2, "is zero");
  expect_refused(run_ffcalc({"sect163r2", "pubkey", "040000000000000000000292FE77E70C12A4234C33"}), 2,
                 "is not below the group order");  // n
  expect_refused(run_ffcalc({"sect283k1", "pubkey", "12g"}), 2, "is not hex");
  expect_refused(run_ffcalc({"sect409r1", "ecdh", "5", "04" + std::string(4 * 52, '0')}), 2, "is not on the curve");
  expect_refused(run_ffcalc({"sect571k1", "ecdh", "5", "00"}), 2, "the point at infinity");
  expect_refused(run_ffcalc({"sect571r1", "ecdh", "5"}), 2, "expects 2 arguments (SCALAR POINT)");
  expect_refused(run_ffcalc({"sect163k1", "sign", "5"}), 2, "unknown op 'sign' for sect163k1");
}

// BN254's precompiles: every go-ethereum vector (tests/data/bn254/) through `bn254 g1-add`,
// `g1-mul` and `pairing-check` in one stdin session, then refusals.
void bn254_answers_precompile_vectors() {
  std::string input;
  std::vector<std::string> expected;
  for (const auto& [file, op] : {std::pair{"bn256Add.json", "g1-add"}, {"bn256ScalarMul.json", "g1-mul"}, {"bn256Pairing.json", "pairing-check"}})
    for (const geth::vector_case& c : geth::read_cases(FF_TEST_DATA_DIR "/bn254/" + std::string(file))) {
      input += "bn254 " + std::string(op) + " 0x" + c.input_hex + "\n";
      expected.push_back(c.expected_hex);
    }
  ASSERT_EQ(expected.size(), 49u);
  const run_result r = run_ffcalc({}, input);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, expected);
  const std::string p = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
  expect_refused(run_ffcalc({"bn254", "g1-add", p + std::string(64, '0')}), 2, "the first point's x (bytes 0 .. 31) is not below p");
  expect_refused(run_ffcalc({"bn254", "g1-mul", std::string(63, '0') + "1" + std::string(63, '0') + "1"}), 2, "is not on the curve");
  expect_refused(run_ffcalc({"bn254", "pairing-check", std::string(2 * 191, '0')}), 2, "not a multiple of 192");
  expect_refused(run_ffcalc({"bn254", "g1-add", "abc"}), 2, "odd number of digits");
  expect_refused(run_ffcalc({"bn254", "g2-add", "00"}), 2, "unknown op 'g2-add' for bn254");
}

// BLS12-381's G1 encodings: ethereum/bls12-381-tests' deserialization cases
// (tests/data/bls12_381/) through `bls12_381 g1-decompress` (valid ones compress back to the
// same bytes through `g1-compress`), then `g1-mul` on the generator against the group's
// relations: 1 G = G, (r - 1) G = -G (the same x, the other y: the sort flag set, as the
// published G has the smaller y), r G = infinity, (r - 2) G = -(2 G).
void bls12_381_answers_encodings() {
  const auto cases = bls_vectors::read_g1_deserialization(FF_TEST_DATA_DIR "/bls12_381/g1_deserialization.txt");
  EXPECT_EQ(cases.size(), 16u);
  for (const auto& c : cases) {
    const run_result r = run_ffcalc({"bls12_381", "g1-decompress", c.hex});
    if (!c.valid) {
      EXPECT_EQ(r.exit_code, 2) << c.name;
      continue;
    }
    ASSERT_EQ(r.exit_code, 0) << c.name;
    ASSERT_EQ(r.out.size(), 1u) << c.name;
    EXPECT_EQ(r.out[0].size(), 192u) << c.name;
    const run_result back = run_ffcalc({"bls12_381", "g1-compress", r.out[0]});
    EXPECT_EQ(back.out, std::vector<std::string>{c.hex}) << c.name;
  }
  const std::string g = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
  const std::string r = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
  const std::string r_minus_1 = r.substr(0, 63) + "0", r_minus_2 = r.substr(0, 55) + "effffffff";
  auto mul = [&](const std::string& k) {
    const run_result m = run_ffcalc({"bls12_381", "g1-mul", g, k});
    EXPECT_EQ(m.exit_code, 0) << k;
    return m.out.empty() ? std::string() : m.out[0];
  };
  EXPECT_EQ(mul(std::string(63, '0') + "1"), g);
  EXPECT_EQ(mul(r_minus_1), "b7" + g.substr(2));
  EXPECT_EQ(mul(r), "c0" + std::string(94, '0'));
  const std::string two_g = mul(std::string(63, '0') + "2"), minus_two_g = mul(r_minus_2);
  ASSERT_EQ(two_g.size(), 96u);
  ASSERT_EQ(minus_two_g.size(), 96u);
  EXPECT_EQ(two_g.substr(2), minus_two_g.substr(2));
  EXPECT_EQ(std::stoi(two_g.substr(0, 2), nullptr, 16) ^ std::stoi(minus_two_g.substr(0, 2), nullptr, 16), 0x20);
  expect_refused(run_ffcalc({"bls12_381", "g1-mul", g, r.substr(2)}), 2, "31 bytes, 32 expected");
  expect_refused(run_ffcalc({"bls12_381", "g1-decompress", "8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}),
                 2, "not in G1");
  expect_refused(run_ffcalc({"bls12_381", "g1-compress", g}), 2, "48 bytes, not 96");
  expect_refused(run_ffcalc({"bls12_381", "g2-mul", g}), 2, "unknown op 'g2-mul' for bls12_381");
  expect_refused(run_ffcalc({"bls12_381", "g1-mul", g}), 2, "expects 2 arguments");
}

}  // namespace

void register_tests() {
  register_cli_tests();
  fft::register_test("ffcalc.curves", "bn254_precompile_vectors_and_refusals", bn254_answers_precompile_vectors);
  fft::register_test("ffcalc.curves", "bls12_381_g1_encodings_and_refusals", bls12_381_answers_encodings);
  fft::register_test("ffcalc.curves", "rfc7748_vectors_and_refusals", curves_answer_rfc7748_vectors);
  fft::register_test("ffcalc.curves", "binary_curve_vectors_and_refusals", binary_curves_answer_openssl_vectors);
  ff::for_each_type<ff::binary_fields>([]<class F>() {
    const std::string suite = "ffcalc." + std::string(F::name);
    fft::register_test(suite, "stdin_random_lines_agree_with_ntl", random_lines_agree_with_ntl<F>);
    fft::register_test(suite, "one_shot_mul_agrees_with_ntl", one_shot_mul<F>);
    fft::register_test(suite, "rejects_bad_input", rejects_bad_input<F>);
    fft::register_test(suite, "stdin_errors_answered_in_place", stdin_errors_in_place<F>);
  });
  ff::for_each_type<ff::prime_fields>([]<class F>() {
    const std::string suite = "ffcalc." + std::string(F::name);
    fft::register_test(suite, "stdin_random_lines_agree_with_ntl", [] { prime_random_lines_agree_with_ntl<F>(false); });
    fft::register_test(suite, "stdin_random_lines_hex_agree_with_ntl", [] { prime_random_lines_agree_with_ntl<F>(true); });
    fft::register_test(suite, "one_shot_mul_agrees_with_ntl", prime_one_shot<F>);
    fft::register_test(suite, "rejects_bad_input", prime_rejects_bad_input<F>);
  });
}
