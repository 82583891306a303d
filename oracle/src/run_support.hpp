// Pieces every paper's `privoco run` and `check --stream` commands share: input and output files, gradient columns,
// numbers read with their line and column, exact state files (hex floats).
#pragma once
#include "output.hpp"
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "privoco/decimal.hpp"
#include "rows.hpp"

namespace privoco::oracle {

// The mean of runs' results and its standard error (0 for one run), as the presets report them.
void mean_stderr(const std::vector<double>& x, double* mean, double* se);
// A comma-separated list of numbers in (0, inf), each parsed as an exact decimal (DomainError naming id and name).
std::vector<double> positive_list(const char* id, const char* name, const std::string& text);

// A file to read, or standard input for "-".
struct Input {
  std::ifstream file;
  std::istream* in = &std::cin;
  std::string source;  // the name errors use: the path, or <stdin>
  explicit Input(const std::string& path);
};

// A file to write, or standard output for "-"; `info` is where a summary goes (stderr when the data is on stdout).
// Where a run writes its rows: standard output (the summary then goes to stderr), or a file written through an
// AtomicFile (the summary to stdout) that appears under its name only when commit() succeeds.
struct Output {
  std::unique_ptr<AtomicFile> owned;
  std::FILE* out = stdout;
  std::FILE* info = stderr;
  explicit Output(const std::string& path);
  void commit() {
    if (owned) owned->commit();
  }
};

// The gradient (and, for streams, prediction) columns of a row: g (and w) when `scalar`, else g1..gd (w1..wd).
struct Columns {
  std::vector<std::string> g, w;
};
Columns columns_of(const Row& row, bool scalar, bool want_w, const std::string& source);

// The number in column `name` of a row (FileError naming line and column unless a finite decimal).
double number(const Row& row, const std::string& name, const std::string& source, Decimal* dec = nullptr);

// A comma-separated list of numbers of an option (ParamError naming `what`).
std::vector<double> parse_number_list(const std::string& what, const std::string& text);

// Exact state files: every double as a C99 hex float.
std::string hex(double x);
double unhex(const nlohmann::json& j, const char* key);
// A state's array of exact values (hex floats as strings): ParamError naming the field and entry where one is not a
// number (strtod's silent 0 for "zz" let a re-signed file through)
std::vector<double> unhex_array(const nlohmann::json& a, const std::string& field);

// A state file: {"format": "privoco state", "version": 2, "alg": ID, "params": {...}, "state": {...},
// "checksum": "fnv1a64:<16 hex digits>"}, FNV-1a 64 over the compact JSON of the fields before it. Reading
// refuses, with the path and one line, a file that is not JSON, of another format or a later version, of another
// algorithm, of other parameters than the run's (a state continues only the run it came from), or whose checksum
// does not match (a changed digit); it returns "state". The algorithm checks the state's own invariants.
void write_state_file(const std::string& path, const std::string& alg, const nlohmann::ordered_json& params,
                      const nlohmann::ordered_json& state);
nlohmann::ordered_json read_state_file(const std::string& path, const std::string& alg,
                                       const nlohmann::ordered_json& params);
// The checksum read_state_file expects of a file with these fields (its version's hash); empty when "version",
// "alg", "params" or "state" is missing or of the wrong type. For tools that edit a state on purpose (the fuzz target
// re-signs what it mutates, so that the state's own checks are reached).
std::string state_checksum(const nlohmann::ordered_json& file);

}  // namespace privoco::oracle
