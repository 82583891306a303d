// JUnit XML (--junit FILE on check, prove and report): one test case per row, claim or ID, in the form CI test
// reporters read (Jenkins, GitLab, GitHub actions' reporters): <testsuites><testsuite><testcase> with <failure>,
// <error> or <skipped>. Cases stream to temporary files, so a check of 10^6 rows holds no case in memory.
#pragma once
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace privoco::oracle {

struct JUnitCase {
  std::string classname, name;
  enum class Outcome { pass, failure, error, skipped } outcome = Outcome::pass;
  std::string message;  // failure/error/skipped: one line
  std::string detail;   // the element's text (failure/error/skipped) or system-out (pass)
  double seconds = 0;
  std::vector<std::pair<std::string, std::string>> properties;
};

class JUnitWriter {
 public:
  explicit JUnitWriter(std::string path);  // an empty path: inactive (add and write do nothing)
  ~JUnitWriter();
  JUnitWriter(const JUnitWriter&) = delete;
  JUnitWriter& operator=(const JUnitWriter&) = delete;
  bool active() const { return !path_.empty(); }
  void add(const std::string& suite, const JUnitCase& c);  // suites appear in the order of their first case
  void write();  // the file, atomically (WriteError on failure)

 private:
  struct Suite;
  std::string path_;
  std::vector<std::unique_ptr<Suite>> suites_;
};

// Text made safe for XML 1.0 attribute values and character data: markup characters as entities, bytes that are
// not UTF-8 and control characters XML cannot carry as U+FFFD.
std::string xml_escape(const std::string& s);

}  // namespace privoco::oracle
