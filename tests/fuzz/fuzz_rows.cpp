// Fuzz target: the CSV and JSON Lines row readers (check, compare --points, run --gradients, check --stream). The
// first line names the format (auto, csv, jsonl) and the required column ("csv id", "auto g|g1"); without such a
// line the first byte picks them and the file starts after it; every row is either fields with names and
// 1-based columns, or a malformed row with its column, or a FileError; each field's text then goes through the
// decimal parser as check does. Never a crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "oracle/src/rows.hpp"
#include "privoco/decimal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const formats[] = {"auto", "csv", "jsonl"};
  static const char* const required[] = {"id", "g|g1"};
  std::string head, rest;
  privoco::fuzz::first_line(data, size, &head, &rest);
  const char* format = nullptr;
  const char* column = nullptr;
  for (const char* f : formats)
    for (const char* c : required)
      if (head == std::string(f) + " " + c) format = f, column = c;
  if (!format) {
    format = formats[data[0] % 3], column = required[(data[0] / 3) % 2];
    rest.assign(reinterpret_cast<const char*>(data + 1), size - 1);
  }
  std::istringstream in(rest);
  try {
    privoco::oracle::RowReader reader(in, "fuzz", format, column);
    privoco::oracle::Row row;
    std::size_t last_line = 0;
    while (reader.next(&row)) {
      PRIVOCO_FUZZ_REQUIRE(row.line > last_line, "row lines not increasing");
      last_line = row.line;
      if (!row.error.empty()) continue;
      for (const auto& f : row.fields) {
        PRIVOCO_FUZZ_REQUIRE(f.column >= 1, "a field at column 0");
        privoco::Decimal d;
        std::size_t pos = 0;
        std::string why;
        if (!privoco::parse_decimal(f.text, &d, &pos, &why))
          PRIVOCO_FUZZ_REQUIRE(pos <= f.text.size(), "a refusal's position past the field");
      }
    }
  } catch (const privoco::Error&) {
    PRIVOCO_FUZZ_REFUSED();
  }
  return 0;
}
