// The certificate: one record per claim (PASS/FAIL, what was computed, by which
// implementation(s), the data), rendered as plain text for the terminal and as Markdown.
#pragma once
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace ffp {

struct claim {
  std::string id;         // e.g. irreducible.b163.rabin-project
  bool pass = false;
  std::string statement;  // what was computed and what it established
  std::string by;         // implementation(s)
  std::vector<std::string> data;  // factor lists, hex values, Rabin conditions
};

struct certificate {
  std::string title;
  std::vector<std::string> notes;
  std::vector<claim> claims;

  claim& add(claim c) {
    claims.push_back(std::move(c));
    return claims.back();
  }
  std::size_t failures() const {
    std::size_t n = 0;
    for (const auto& c : claims) n += !c.pass;
    return n;
  }

  std::string text() const {
    std::ostringstream out;
    out << title << "\n\n";
    for (const auto& c : claims) {
      out << (c.pass ? "PASS " : "FAIL ") << c.id << ": " << c.statement << " [by " << c.by << "]\n";
      for (const auto& d : c.data) out << "       " << d << "\n";
    }
    for (const auto& n : notes) out << "NOTE " << n << "\n";
    out << "\n" << summary() << "\n";
    return out.str();
  }

  std::string markdown() const {
    std::ostringstream out;
    out << "# " << title << "\n\n";
    for (const auto& c : claims) {
      out << "- **" << (c.pass ? "PASS" : "FAIL") << "** `" << c.id << "`: " << c.statement << " *(by "
          << c.by << ")*\n";
      for (const auto& d : c.data) out << "  - `" << d << "`\n";
    }
    for (const auto& n : notes) out << "- NOTE: " << n << "\n";
    out << "\n**" << summary() << "**\n";
    return out.str();
  }

  std::string summary() const {
    return std::to_string(claims.size()) + " claims: " + std::to_string(claims.size() - failures()) + " PASS, " +
           std::to_string(failures()) + " FAIL";
  }
};

// A certificate file that cannot be written: the user's path, not an internal fault.
struct output_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes to a temporary file next to `path` and renames it over `path`, so a reader never
// sees a half-written certificate.
inline void write_atomically(const std::filesystem::path& path, const std::string& contents) {
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << contents;
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw output_error("cannot write " + tmp.string());
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw output_error("cannot rename " + tmp.string() + " to " + path.string() + ": " + ec.message());
  }
}

}  // namespace ffp
