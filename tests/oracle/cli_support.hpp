// Running the privoco binary from tests: exit status, stdout, stderr.
#pragma once
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

namespace privoco::testing {

struct CliRun {
  int code;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
}

// A directory of this test process's own under the test temp dir (two runs on one machine must not share files).
inline std::string test_dir() {
  static const std::string d = [] {
    const std::string p = ::testing::TempDir() + "privoco_" + std::to_string(::getpid()) + "/";
    std::filesystem::create_directories(p);
    return p;
  }();
  return d;
}

// Runs `privoco ARGS` through the shell (ARGS may hold redirections or pipes into it via `prefix`).
inline CliRun run_cli(const std::string& args, const std::string& prefix = "") {
  const std::string out = test_dir() + "cli_out.txt", err = test_dir() + "cli_err.txt";
  const std::string cmd = prefix + std::string(PRIVOCO_BIN) + " " + args + " >" + out + " 2>" + err;
  int st = std::system(cmd.c_str());
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, slurp(out), slurp(err)};
}

inline int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// The objects of a --json output (JSON Lines: one per line).
inline std::vector<nlohmann::ordered_json> json_lines(const std::string& out) {
  std::vector<nlohmann::ordered_json> v;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) v.push_back(nlohmann::ordered_json::parse(line));
  return v;
}

}  // namespace privoco::testing
