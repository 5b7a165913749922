// ffproofs: checks every mathematical claim fieldlab relies on and prints a certificate, or
// answers a researcher's question about one polynomial (irreducible / primitive) or one
// integer (prime).
//
// Exit status: 0 all claims PASS (or: IRREDUCIBLE / PRIMITIVE / PRIME), 1 some claim FAILs
// (or: REDUCIBLE / NOT PRIMITIVE / COMPOSITE / NOT PRIME), 2 malformed command line or input,
// 3 primitivity undecidable with the factorizations the tool knows, 4 internal error (or FLINT
// and GMP disagree on a primality).
#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "certificate.hpp"
#include "exponent_list.hpp"
#include "proofs.hpp"
import ff;

namespace {

int run_certificate(const std::string& markdown_path, const ffp::corruption& corrupt) {
  ffp::certificate cert;
  cert.title = "fieldlab " + std::string(ff::version()) + " proof certificate (ffproofs)";
  if (corrupt.any())
    cert.notes.push_back("DELIBERATELY CORRUPTED for testing (--corrupt-for-testing): this certificate must FAIL");
  ffp::field_claims(cert, corrupt);
  ffp::isomorphism_claims(cert, corrupt);
  ffp::prime_claims(cert, corrupt, ffp::prime_fields());
  ffp::curve_claims(cert, corrupt);
  std::cout << cert.text();
  if (!markdown_path.empty()) ffp::write_atomically(markdown_path, cert.markdown());
  return cert.failures() == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ffproofs: machine-checked certificates for fieldlab's field claims.\n"
               "Without a subcommand: verify every claim and print the certificate."};
  app.name("ffproofs");
  std::string markdown_path;
  auto* markdown = app.add_option("--markdown", markdown_path, "also write the certificate as Markdown to FILE (atomically)")
      ->type_name("FILE");
  std::string corrupt_name;
  // Hidden (empty group): flips one claim's data so the tests can see the certificate FAIL.
  app.add_option("--corrupt-for-testing", corrupt_name)
      ->group("")
      ->check(CLI::IsMember({"factorization", "modulus", "iso-root", "montgomery", "prime-modulus", "curve-order"}));

  std::string irreducible_input, primitive_input, prime_input;
  auto* irreducible = app.add_subcommand("irreducible", "is this binary polynomial irreducible? (Rabin + NTL, with a witness)");
  irreducible->add_option("exponents", irreducible_input, "exponent list, highest first, ending in 0, e.g. 191,9,0")
      ->required();
  auto* primitive = app.add_subcommand(
      "primitive", "is this binary polynomial primitive? (needs the factorization of 2^n - 1)");
  primitive->add_option("exponents", primitive_input, "exponent list, highest first, ending in 0, e.g. 256,10,5,2,0")
      ->required();
  auto* prime = app.add_subcommand("prime", "is this integer prime? (proved by FLINT, confirmed by GMP; a witness if not)");
  prime->add_option("number", prime_input, "a non-negative integer, decimal or 0x-hex, e.g. 127 or 0x7f")->required();
  app.require_subcommand(0, 1);
  for (auto* research : {irreducible, primitive, prime}) research->excludes(markdown);
  app.footer("Exit status: 0 all claims PASS / IRREDUCIBLE / PRIMITIVE / PRIME; 1 a claim FAILs / REDUCIBLE /\n"
             "NOT PRIMITIVE / COMPOSITE / NOT PRIME; 2 malformed input; 3 primitivity undecided (factorization of\n"
             "2^n - 1 unknown); 4 internal error or FLINT and GMP disagree.");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "ffproofs: error: " << e.what() << " (see ffproofs --help)\n";
    return 2;
  }

  try {
    if (*irreducible) return ffp::research_irreducible(ffp::parse_exponent_list(irreducible_input));
    if (*primitive) return ffp::research_primitive(ffp::parse_exponent_list(primitive_input));
    if (*prime) return ffp::research_prime(prime_input);
    ffp::corruption corrupt;
    corrupt.factorization = corrupt_name == "factorization";
    corrupt.modulus = corrupt_name == "modulus";
    corrupt.iso_root = corrupt_name == "iso-root";
    corrupt.montgomery = corrupt_name == "montgomery";
    corrupt.prime_modulus = corrupt_name == "prime-modulus";
    corrupt.curve_order = corrupt_name == "curve-order";
    return run_certificate(markdown_path, corrupt);
  } catch (const ffp::output_error& e) {
    std::cerr << "ffproofs: error: " << e.what() << "\n";
    return 2;
  } catch (const ffp::input_error& e) {
    std::cerr << "ffproofs: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ffproofs: internal error: " << e.what() << "\n";
    return 4;
  }
}
