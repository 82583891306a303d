#include "rows.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace privoco::oracle {

namespace {

// The byte offset (0-based) of the first byte that breaks UTF-8 in s, or npos (overlong forms and surrogates refused).
std::size_t bad_utf8(const std::string& s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const unsigned char c = s[i];
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!len || (len == 2 && c < 0xC2) || (len == 4 && c > 0xF4) || i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return i;
    const unsigned char d = len > 1 ? s[i + 1] : 0;
    if ((len == 3 && c == 0xE0 && d < 0xA0) || (len == 3 && c == 0xED && d >= 0xA0) ||
        (len == 4 && c == 0xF0 && d < 0x90) || (len == 4 && c == 0xF4 && d >= 0x90))
      return i;
    i += len;
  }
  return std::string::npos;
}

// JSON has no literal for infinity or NaN; Python's json.dumps writes Infinity, -Infinity and NaN. Outside strings
// those three tokens become the strings "inf", "-inf", "nan" (a claimed value may be non-finite; parameters refuse
// them by name later).
std::string quote_non_finite(const std::string& line) {
  std::string out;
  out.reserve(line.size() + 8);
  bool in_string = false;
  for (std::size_t i = 0; i < line.size();) {
    const char c = line[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < line.size()) out += line[++i];
      else if (c == '"') in_string = false;
      ++i;
      continue;
    }
    if (c == '"') {
      in_string = true;
      out += c, ++i;
      continue;
    }
    bool replaced = false;
    for (const auto& [tok, rep] : {std::pair<const char*, const char*>{"-Infinity", "\"-inf\""}, {"Infinity", "\"inf\""},
                                   {"NaN", "\"nan\""}}) {
      const std::size_t k = std::char_traits<char>::length(tok);
      if (line.compare(i, k, tok) == 0) {
        out += rep, i += k, replaced = true;
        break;
      }
    }
    if (!replaced) out += c, ++i;
  }
  return out;
}

// nlohmann's parse message in privoco's words: "[json.exception.parse_error.101] parse error at line 1, column 5:
// syntax error while parsing value - invalid literal; last read: 'x'" -> "malformed JSON: invalid literal; last read: 'x'"
std::string json_error_words(const std::string& what) {
  std::string m = what;
  const std::size_t colon = m.find(": ", m.find("column"));
  if (colon != std::string::npos) m = m.substr(colon + 2);
  const std::size_t dash = m.find(" - ");
  if (dash != std::string::npos) m = m.substr(dash + 3);
  return "malformed JSON: " + m;
}

bool blank_or_comment(const std::string& s) {
  for (char c : s) {
    if (c == '#') return true;
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// Splits one CSV line (RFC 4180 quotes, "" escapes); returns false with err/err_col on a bad quote.
// The fields' strings of `out` are reused from row to row (no allocation per field once they have grown).
bool split_csv(const std::string& line, std::vector<std::pair<std::string, std::size_t>>* out, std::string* err,
               std::size_t* err_col) {
  std::size_t m = 0;  // fields so far
  std::size_t i = 0, n = line.size();
  if (n && line[n - 1] == '\r') --n;
  for (;;) {
    while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t col = i + 1;
    if (m == out->size()) out->emplace_back();
    std::string& f = (*out)[m].first;
    (*out)[m++].second = col;
    f.clear();
    if (i < n && line[i] == '"') {
      ++i;
      for (;;) {
        if (i >= n) {
          *err = "unterminated quoted field";
          *err_col = col;
          out->resize(m);
          return false;
        }
        if (line[i] == '"') {
          if (i + 1 < n && line[i + 1] == '"') f += '"', i += 2;
          else {
            ++i;
            break;
          }
        } else {
          f += line[i++];
        }
      }
      while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i < n && line[i] != ',') {
        *err = "unexpected character after a quoted field";
        *err_col = i + 1;
        out->resize(m);
        return false;
      }
    } else {
      std::size_t start = i;
      while (i < n && line[i] != ',') ++i;
      std::size_t end = i;
      while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
      f.assign(line, start, end - start);
    }
    if (i >= n) break;
    ++i;  // the comma
  }
  out->resize(m);
  return true;
}

using json = nlohmann::json;

// SAX handler keeping every value's raw text (numbers verbatim, so 0.1 stays the decimal 0.1).
struct FlatSax : nlohmann::json_sax<json> {
  std::vector<std::pair<std::string, std::string>> kv;
  std::string key_, error;
  std::size_t error_pos = 0;
  int depth = 0;
  bool value(std::string text) {
    if (depth == 0) return fail("a row is a JSON object {\"id\": ..., ...}, not a single value");
    if (depth != 1) return fail("nested arrays and objects are not allowed");
    kv.emplace_back(key_, std::move(text));
    return true;
  }
  bool fail(const char* why) {
    if (error.empty()) error = why;
    return false;
  }
  bool null() override { return value(""); }
  bool boolean(bool) override { return fail("true/false is not a number"); }
  bool number_integer(number_integer_t v) override { return value(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return value(std::to_string(v)); }
  bool number_float(number_float_t, const string_t& s) override { return value(s); }
  bool string(string_t& s) override { return value(s); }
  bool binary(binary_t&) override { return fail("binary values are not allowed"); }
  bool start_object(std::size_t) override {
    if (++depth > 1) return fail("nested objects are not allowed");
    return true;
  }
  bool key(string_t& k) override {
    for (const auto& [seen, v] : kv)
      if (seen == k) return fail("a key appears twice in the object");
    key_ = k;
    return true;
  }
  bool end_object() override {
    --depth;
    return true;
  }
  bool start_array(std::size_t) override {
    return fail(depth == 0 ? "a row is a JSON object {\"id\": ..., ...}, not an array" : "arrays are not allowed");
  }
  bool end_array() override { return true; }
  bool parse_error(std::size_t pos, const std::string&, const nlohmann::detail::exception& ex) override {
    error_pos = pos;
    if (error.empty()) error = json_error_words(ex.what());
    return false;
  }
};

}  // namespace

RowReader::RowReader(std::istream& in, std::string source, std::string format, std::string required_column)
    : in_(in), source_(std::move(source)), format_(std::move(format)) {
  std::string first;
  if (!next_line(&first)) throw FileError(source_ + ": empty file (expected a CSV header or JSON Lines)");
  if (format_ == "auto") {
    std::size_t k = first.find_first_not_of(" \t");
    format_ = (k != std::string::npos && first[k] == '{') ? "jsonl" : "csv";
  }
  if (format_ == "jsonl") {
    pending_ = first;
    has_pending_ = true;
    return;
  }
  if (format_ != "csv") throw FileError("unknown format '" + format_ + "' (csv, jsonl, auto)");
  std::vector<std::pair<std::string, std::size_t>> cols;
  std::string err;
  std::size_t err_col = 0;
  if (!split_csv(first, &cols, &err, &err_col))
    throw FileError(source_ + ":" + std::to_string(line_no_) + ":" + std::to_string(err_col) + ": header: " + err);
  for (auto& c : cols) {
    if (c.first.empty())
      throw FileError(source_ + ":" + std::to_string(line_no_) + ":" + std::to_string(c.second) +
                      ": header: empty column name");
    for (const auto& h : header_)
      if (h == c.first)
        throw FileError(source_ + ":" + std::to_string(line_no_) + ":" + std::to_string(c.second) +
                        ": header: column '" + c.first + "' appears twice");
    header_.push_back(c.first);
  }
  // required_column may list alternatives, "w|w1"
  bool has_id = false;
  std::string names;
  for (std::size_t b = 0; b <= required_column.size();) {
    const std::size_t e = std::min(required_column.find('|', b), required_column.size());
    const std::string name = required_column.substr(b, e - b);
    names += (names.empty() ? "'" : " or '") + name + "'";
    for (const auto& h : header_) has_id |= h == name;
    b = e + 1;
  }
  if (!has_id)
    throw FileError(source_ + ":" + std::to_string(line_no_) + ":1: no header with the column " + names + " (got '" +
                    first + "')");
}

bool RowReader::next_line(std::string* line) {
  while (std::getline(in_, *line)) {
    ++line_no_;
    // a UTF-8 byte order mark, as spreadsheet programs write at the start of a CSV: not part of the text
    if (line_no_ == 1 && line->compare(0, 3, "\xEF\xBB\xBF") == 0) line->erase(0, 3);
    if (!blank_or_comment(*line)) return true;
  }
  if (in_.bad()) throw FileError(source_ + ": read error after line " + std::to_string(line_no_));
  return false;
}

bool RowReader::next(Row* row) {
  std::string text;
  std::size_t line = 0;
  if (!next_text(&text, &line)) return false;
  parse(text, line, row);
  return true;
}

bool RowReader::next_text(std::string* text, std::size_t* line) {
  if (has_pending_) {
    *text = std::move(pending_);
    has_pending_ = false;
  } else if (!next_line(text)) {
    return false;
  }
  *line = line_no_;
  return true;
}

void RowReader::parse(const std::string& line, std::size_t line_no, Row* row) const {
  row->line = line_no;
  row->error.clear();
  row->error_column = 0;
  const std::size_t bad = bad_utf8(line);
  if (bad != std::string::npos) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(line[bad]));
    row->error = std::string("invalid UTF-8 (byte ") + hex + " at byte offset " + std::to_string(bad) + ")";
    row->error_column = bad + 1;
    row->fields.clear();
    return;
  }
  if (format_ == "csv") parse_csv(line, row);
  else parse_jsonl(line, row);
}

void RowReader::parse_csv(const std::string& line, Row* row) const {
  thread_local std::vector<std::pair<std::string, std::size_t>> cols;  // reused: no allocation per row
  if (!split_csv(line, &cols, &row->error, &row->error_column)) return row->fields.clear();
  if (cols.size() != header_.size()) {
    row->fields.clear();
    row->error = "expected " + std::to_string(header_.size()) + " fields (as in the header), found " +
                 std::to_string(cols.size());
    row->error_column = cols.size() > header_.size() ? cols[header_.size()].second : line.size() + 1;
    return;
  }
  row->fields.resize(cols.size());  // assigned in place: the row's strings keep their storage
  for (std::size_t i = 0; i < cols.size(); ++i) {
    Field& f = row->fields[i];
    f.name.assign(header_[i]), f.text.assign(cols[i].first), f.column = cols[i].second;
  }
}

void RowReader::parse_jsonl(const std::string& line, Row* row) const {
  row->fields.clear();
  FlatSax sax;
  // strict: text after the object is an error, not ignored
  const bool ok = json::sax_parse(quote_non_finite(line), &sax, json::input_format_t::json, true);
  if (!ok || !sax.error.empty()) {
    row->error = sax.error.empty() ? "malformed JSON" : sax.error;
    row->error_column = sax.error_pos ? sax.error_pos : 1;
    return;
  }
  for (auto& [k, v] : sax.kv) {
    // column of the value: after the first occurrence of "key":
    std::size_t col = 1;
    std::size_t p = line.find("\"" + k + "\"");
    if (p != std::string::npos) {
      p = line.find(':', p + k.size() + 2);
      if (p != std::string::npos) p = line.find_first_not_of(" \t", p + 1);
      if (p != std::string::npos) col = p + 1 + (line[p] == '"' ? 1 : 0);
    }
    row->fields.push_back({k, v, col});
  }
}

}  // namespace privoco::oracle
