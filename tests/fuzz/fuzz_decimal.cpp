// Fuzz target: the decimal parser (every number privoco reads from a command line or a file goes through it) and
// the domain check of a parameter. Input: "ID k" (an entry and its parameter k) on the first line, the text after
// it (without such a line, the first byte picks the entry and parameter and every byte after it is the text). Either
// a number whose nearest double and exact sign agree, or a refusal whose position lies inside the text and which
// says why; never a crash, hang or sanitizer report.
#include <cmath>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& cat = privoco::catalogue();
  std::string head, rest;
  privoco::fuzz::first_line(data, size, &head, &rest);
  const privoco::Entry* e = nullptr;
  std::size_t i = 0;
  for (const auto& c : cat)
    if (head.rfind(c.id + " ", 0) == 0 || head == c.id) e = &c, i = std::strtoul(head.c_str() + c.id.size(), nullptr, 10);
  std::string text = rest;
  if (!e) e = &cat[data[0] % cat.size()], i = data[0] / cat.size(), text.assign(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string_view s(text);
  privoco::Decimal d;
  std::size_t pos = 0;
  std::string why;
  if (privoco::parse_decimal(s, &d, &pos, &why)) {
    PRIVOCO_FUZZ_REQUIRE(!std::isnan(d.approx), "a parsed decimal is NaN");
    PRIVOCO_FUZZ_REQUIRE(d.sign >= -1 && d.sign <= 1, "sign outside -1..1");
    PRIVOCO_FUZZ_REQUIRE(d.approx == 0 || (d.approx > 0 ? 1 : -1) == d.sign, "nearest double and exact sign disagree");
    PRIVOCO_FUZZ_REQUIRE(d.sign != 0 || d.approx == 0, "a zero decimal with a nonzero double");
  } else {
    PRIVOCO_FUZZ_REQUIRE(pos <= s.size(), "a refusal's position past the end of the text");
    PRIVOCO_FUZZ_REQUIRE(!why.empty(), "a refusal without a reason");
  }
  if (e->params.empty()) return 0;
  i %= e->params.size();
  try {
    const privoco::Decimal x = privoco::parse_param(e->id, e->params[i], s);
    privoco::check_param(*e, i, x);
  } catch (const privoco::Error&) {
    PRIVOCO_FUZZ_REFUSED();
  }
  return 0;
}
