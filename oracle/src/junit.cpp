#include "junit.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>

#include "output.hpp"

namespace privoco::oracle {

namespace {

// The length of the valid UTF-8 sequence at s[i] (1..4), or 0 if the bytes there are not one.
std::size_t utf8_length(const std::string& s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = b(i);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (n == 2 && c < 0xC2) return 0;                                         // overlong
  if (n == 3 && c == 0xE0 && b(i + 1) < 0xA0) return 0;                     // overlong
  if (n == 3 && c == 0xED && b(i + 1) >= 0xA0) return 0;                    // surrogates
  if (n == 3 && c == 0xEF && b(i + 1) == 0xBF && b(i + 2) >= 0xBE) return 0;  // U+FFFE, U+FFFF
  if (n == 4 && (c > 0xF4 || (c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) >= 0x90))) return 0;
  return n;
}

std::string outcome_element(const JUnitCase& c) {
  const char* tag = c.outcome == JUnitCase::Outcome::failure ? "failure"
                    : c.outcome == JUnitCase::Outcome::error ? "error"
                                                             : "skipped";
  return fmt::format("      <{} message=\"{}\">{}</{}>\n", tag, xml_escape(c.message), xml_escape(c.detail), tag);
}

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD", ++i;  // U+FFFD for a byte that is not UTF-8
      continue;
    }
    if (n == 1) {
      const char c = s[i];
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\n': out += "&#10;"; break;  // kept through attribute normalisation
        case '\t': out += "&#9;"; break;
        case '\r': out += "&#13;"; break;
        default: out += static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? std::string("\xEF\xBF\xBD") : std::string(1, c);
      }
    } else {
      out.append(s, i, n);
    }
    i += n;
  }
  return out;
}

struct JUnitWriter::Suite {
  std::string name;
  std::FILE* body = nullptr;  // the cases, in order
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
  ~Suite() {
    if (body) std::fclose(body);
  }
};

JUnitWriter::JUnitWriter(std::string path) : path_(std::move(path)) {}
JUnitWriter::~JUnitWriter() = default;

void JUnitWriter::add(const std::string& suite, const JUnitCase& c) {
  if (!active()) return;
  Suite* s = nullptr;
  for (auto& x : suites_)
    if (x->name == suite) s = x.get();
  if (!s) {
    suites_.push_back(std::make_unique<Suite>());
    s = suites_.back().get();
    s->name = suite;
    s->body = std::tmpfile();
    if (!s->body) throw WriteError("cannot write '" + path_ + "' (a temporary file): " + std::strerror(errno));
  }
  ++s->tests, s->seconds += c.seconds;
  s->failures += c.outcome == JUnitCase::Outcome::failure;
  s->errors += c.outcome == JUnitCase::Outcome::error;
  s->skipped += c.outcome == JUnitCase::Outcome::skipped;
  std::string x = fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6f}\">\n", xml_escape(c.classname),
                              xml_escape(c.name), c.seconds);
  if (!c.properties.empty()) {
    x += "      <properties>\n";
    for (const auto& [k, v] : c.properties)
      x += fmt::format("        <property name=\"{}\" value=\"{}\"/>\n", xml_escape(k), xml_escape(v));
    x += "      </properties>\n";
  }
  if (c.outcome != JUnitCase::Outcome::pass) x += outcome_element(c);
  else if (!c.detail.empty()) x += fmt::format("      <system-out>{}</system-out>\n", xml_escape(c.detail));
  x += "    </testcase>\n";
  if (std::fwrite(x.data(), 1, x.size(), s->body) != x.size())
    throw WriteError("cannot write '" + path_ + "' (a temporary file): " + std::strerror(errno));
}

void JUnitWriter::write() {
  if (!active()) return;
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
  for (const auto& s : suites_)
    tests += s->tests, failures += s->failures, errors += s->errors, skipped += s->skipped, seconds += s->seconds;
  AtomicFile f(path_);
  fmt::print(f.get(), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fmt::print(f.get(), "<testsuites name=\"privoco\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.6f}\">\n",
             tests, failures, errors, skipped, seconds);
  char buf[1 << 16];
  for (const auto& s : suites_) {
    fmt::print(f.get(), "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.6f}\">\n",
               xml_escape(s->name), s->tests, s->failures, s->errors, s->skipped, s->seconds);
    std::rewind(s->body);
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, s->body)) > 0;) std::fwrite(buf, 1, n, f.get());
    if (std::ferror(s->body)) throw WriteError("cannot write '" + path_ + "' (reading a temporary file back)");
    fmt::print(f.get(), "  </testsuite>\n");
  }
  fmt::print(f.get(), "</testsuites>\n");
  f.commit();
}

}  // namespace privoco::oracle
