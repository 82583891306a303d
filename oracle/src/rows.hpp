// Streaming readers of other programs' result files: CSV with a header, or JSON Lines. One row at a time, so
// a file of any length is read in constant memory. Errors name the line and the column (both 1-based).
#pragma once
#include <istream>
#include <string>
#include <vector>

#include "privoco/errors.hpp"

namespace privoco::oracle {

struct Field {
  std::string name;
  std::string text;    // the raw text of the value (numbers verbatim, strings unquoted)
  std::size_t column;  // 1-based column of the value's first character
};

struct Row {
  std::size_t line = 0;
  std::vector<Field> fields;
  std::string error;          // non-empty: the row is malformed
  std::size_t error_column = 0;
  const Field* find(const std::string& name) const {
    for (const auto& f : fields)
      if (f.name == name) return &f;
    return nullptr;
  }
};

// An unusable file (missing, unreadable, no header): exit status 2.
struct FileError : Error {
  using Error::Error;
};

class RowReader {
 public:
  // format: "auto" (JSON Lines if the first non-blank line starts with '{', else CSV), "csv" or "jsonl".
  // A CSV header must contain required_column (check's rows: id; gradient files: g or g1), or one of several
  // given as "a|b".
  RowReader(std::istream& in, std::string source, std::string format = "auto", std::string required_column = "id");
  bool next(Row* row);  // false at the end of the input
  // The same in two steps, so rows can be parsed on other threads: next_text reads the next row's text (false at
  // the end), parse makes the row of it (const: safe on several threads at once).
  bool next_text(std::string* text, std::size_t* line);
  void parse(const std::string& text, std::size_t line, Row* row) const;
  const std::string& format() const { return format_; }
  const std::vector<std::string>& header() const { return header_; }

 private:
  bool next_line(std::string* line);
  void parse_csv(const std::string& line, Row* row) const;
  void parse_jsonl(const std::string& line, Row* row) const;

  std::istream& in_;
  std::string source_, format_;
  std::vector<std::string> header_;
  std::size_t line_no_ = 0;
  std::string pending_;
  bool has_pending_ = false;
};

}  // namespace privoco::oracle
