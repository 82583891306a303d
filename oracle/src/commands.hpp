// The privoco CLI's commands. Each returns the process exit status; errors are thrown as privoco::Error.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace privoco::oracle {

int cmd_list(bool json);

struct EvalArgs {
  std::string id;
  std::vector<std::string> assignments;  // name=value
  std::string impl = "reference";
  int digits = 17;
  long max_prec = 1L << 17;
  bool json = false;
};
int cmd_eval(const EvalArgs& a);

struct ReportArgs {
  std::size_t n = 2000;
  std::uint64_t seed = 1;
  bool json = false;
  std::vector<std::string> ids;  // empty: every ID implemented by both parts
};
int cmd_report(const ReportArgs& a);

}  // namespace privoco::oracle
