// JSON of the commands' outputs: one way to write a point's parameters and a number that may not be finite.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "privoco/errors.hpp"

#include "privoco/catalogue.hpp"
#include "privoco/format.hpp"

namespace privoco::oracle {

using json = nlohmann::ordered_json;

// {"L": "1", "u": ["1", "2"], ...}: per-coordinate parameters as arrays of strings, others as strings.
json values_json(const Entry& e, const ParamTexts& p);
json params_json(const Entry& e, const std::vector<double>& point);  // values_json of the doubles' text17
json num_or_inf(double x);  // the number, or "inf", "-inf", "nan"

// The JSON Lines every command writes with --json (schema: oracle/privoco.schema.json): each line one object, a
// record {"record": TYPE, ...} or, last, the summary {"summary": {"command": NAME, ..., "exit": CODE}}.
json record(const char* type);
json summary_line(const char* command, json fields, int exit_code);
void print_line(const json& j);  // compact, one line on standard output
// An output that could not be written (exit 74): the path and the system's error.
struct WriteError : Error {
  using Error::Error;
};

// Ctrl-C (SIGINT) or SIGTERM: the temporary files of AtomicFiles not yet committed are removed, then the signal
// takes its default course (the shell sees 130 or 143). An interrupted command leaves no half-written file behind.
void remove_temporaries_on_interrupt();

// A file written under a temporary name beside PATH and renamed to PATH by commit(), so that a failed write (full
// disk, I/O error) or an interrupt leaves no half-written file under the final name; removed if never committed.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();
  std::FILE* get() const { return f_; }
  void commit();  // flush, close, rename; WriteError on any failure
 private:
  std::string path_, tmp_;
  std::FILE* f_ = nullptr;
  int slot_ = -1;  // its place among the temporaries an interrupt removes
};
// The whole of `text` to PATH through an AtomicFile.
void write_text_file(const std::string& path, const std::string& text);
// Standard output flushed and checked at the end of a command (WriteError if a write failed).
void check_stdout();

// One compact JSON object built straight into its text, with the bytes json_text gives for the same object (keys in
// the order added; strings escaped, bytes that are not UTF-8 as U+FFFD; numbers as nlohmann writes them, "inf",
// "-inf" or "nan" for the rest, as num_or_inf). For records written once per row, where a json document per row
// costs more than the row's certified evaluation.
class JsonLine {
 public:
  JsonLine() { text_ = "{"; }
  explicit JsonLine(const char* record_type) : JsonLine() { str("record", record_type); }
  JsonLine& str(const char* key, const std::string& v);
  JsonLine& num(const char* key, double x);
  JsonLine& count(const char* key, std::size_t v);
  JsonLine& integer(const char* key, long long v);
  JsonLine& boolean(const char* key, bool v);
  JsonLine& object(const char* key, const std::vector<std::pair<std::string, std::string>>& strings);
  std::string done() && { return std::move(text_) + "}"; }

 private:
  void key(const char* k);
  void string(const std::string& v);
  std::string text_;
};

// The text of a JSON value as every command prints it (compact, or indented by `indent`); bytes of the user's input
// that are not UTF-8 are written as U+FFFD rather than failing the output.
template <class J>
std::string json_text(const J& j, int indent = -1) {
  return j.dump(indent, ' ', false, J::error_handler_t::replace);
}

}  // namespace privoco::oracle
