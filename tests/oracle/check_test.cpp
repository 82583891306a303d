// privoco check / sample / compare: verdicts on files with known good, bad and malformed rows; line and column
// of every invalid row; exit codes; standard input; the sample-fill-check round trip; a 10^6-row file in
// bounded memory; the SVG plot.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/cli_support.hpp"
#include "oracle/src/output.hpp"
#include "privoco/format.hpp"
#include "support/points.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/reference/evaluate.hpp"

using privoco::testing::run_cli;
using privoco::testing::spit;
using json = nlohmann::ordered_json;

namespace {

std::string tmp(const std::string& name) { return privoco::testing::test_dir() + name; }

using privoco::testing::json_lines;

struct Expect {
  int line;
  const char* verdict;
  int column;  // invalid rows only
  bool wrong_sign;
};

}  // namespace

TEST(Check, CsvVerdictsLinesAndColumns) {
  const std::string f = tmp("verdicts.csv");
  spit(f,
       "# a comment line\n"
       "id,L,V,b,G,value\n"
       "VDH.pred.conj,100,9,1,1,1623923.6082559064\n"          // 3 pass
       "VDH.pred.conj,100,9,1,1,1623923.6082560000\n"          // 4 fail: ~6e-14 relative
       "VDH.pred.conj,100,9,1,1,-1623923.6082559064\n"         // 5 fail, wrong sign
       "VDH.pred.conj,100,9,1,1,nan\n"                         // 6 fail
       "VDH.pred.conj,100,9,1,1,inf\n"                         // 7 fail: true value is finite
       "VDH.pred.conj,1e5,1e6,0.001,0.001,inf\n"               // 8 pass: both beyond double range
       "VDH.pred.conj,1e5,1e6,0.001,0.001,-inf\n"              // 9 fail, wrong sign
       "VDH.pred.nope,1,0,1,1,1\n"                             // 10 invalid at column 1
       "VDH.pred.conj,1.2.3,0,1,1,1\n"                         // 11 invalid at column 18
       "VDH.pred.conj,1,-1,1,1,1\n"                            // 12 invalid at column 17 (V)
       "VDH.pred.conj,1,0,1,1\n"                               // 13 invalid: field count
       "VDH.pot.Z,,,1,1,0.39473006185274176\n"                 // 14 pass: sqrt(pi) erf(1/5)
       "VDH.pred.conj,0,1,1,1,0\n"                             // 15 pass: exactly 0
       "VDH.pred.conj,0,1,1,1,1e-300\n"                        // 16 fail
       "VDH.pred.conj,1,0,1,1,abc\n"                           // 17 invalid at column 23
       "VDH.pot.Z,5,,1,1,0.1\n");                              // 18 invalid: L is not a parameter of pot.Z
  const Expect want[] = {{3, "pass", 0, false},     {4, "fail", 0, false},     {5, "fail", 0, true},
                         {6, "fail", 0, false},     {7, "fail", 0, false},     {8, "pass", 0, false},
                         {9, "fail", 0, true},      {10, "invalid", 1, false}, {11, "invalid", 18, false},
                         {12, "invalid", 17, false}, {13, "invalid", 0, false}, {14, "pass", 0, false},
                         {15, "pass", 0, false},    {16, "fail", 0, false},    {17, "invalid", 23, false},
                         {18, "invalid", 11, false}};
  auto r = run_cli("check " + f + " --json");
  EXPECT_EQ(r.code, 1) << r.err;
  auto rows = json_lines(r.out);
  ASSERT_EQ(rows.size(), std::size(want) + 1) << r.out;
  for (std::size_t i = 0; i < std::size(want); ++i) {
    const auto& j = rows[i];
    EXPECT_EQ(j["line"], want[i].line) << j.dump();
    EXPECT_EQ(j["verdict"], want[i].verdict) << j.dump();
    if (want[i].column) {
      EXPECT_EQ(j["column"], want[i].column) << j.dump();
    }
    if (std::string(want[i].verdict) != "invalid") {
      EXPECT_EQ(j["wrong_sign"], want[i].wrong_sign) << j.dump();
    }
    if (std::string(want[i].verdict) == "fail") {
      EXPECT_TRUE(j.contains("certified") && j.contains("digits") && j.contains("rel_err") && j.contains("ulps"));
    }
  }
  const auto& s = rows.back()["summary"];
  EXPECT_EQ(s["rows"], 16);
  EXPECT_EQ(s["passed"], 4);
  EXPECT_EQ(s["failed"], 6);
  EXPECT_EQ(s["invalid"], 6);
  EXPECT_EQ(s["worst"]["verdict"], "fail");
  // text mode: failing and invalid rows, one summary line; the tolerance is stated
  auto t = run_cli("check " + f);
  EXPECT_EQ(t.code, 1);
  EXPECT_NE(t.out.find("tolerance 16 ulp of double"), std::string::npos);
  EXPECT_NE(t.out.find(f + ":11:18: invalid"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("summary: 16 rows, 4 passed, 6 failed, 6 invalid"), std::string::npos) << t.out;
}

TEST(Check, ToleranceOptions) {
  const std::string f = tmp("tol.csv");
  spit(f, "id,L,V,b,G,value\nVDH.pred.conj,100,9,1,1,1623923.6082560000\n");
  EXPECT_EQ(run_cli("check " + f + " --rel 1e-12").code, 0);
  EXPECT_EQ(run_cli("check " + f + " --rel 1e-14").code, 1);
  EXPECT_EQ(run_cli("check " + f + " --ulps 1e6").code, 0);
  EXPECT_EQ(run_cli("check " + f + " --ulps 10").code, 1);
  auto both = run_cli("check " + f + " --ulps 1 --rel 1");
  EXPECT_EQ(both.code, 2);
  EXPECT_EQ(privoco::testing::count_lines(both.err), 1);
}

TEST(Check, JsonLinesInputKeepsDecimalsExact) {
  const std::string f = tmp("rows.jsonl");
  spit(f,
       "{\"id\": \"VDH.pred.conj\", \"L\": 100, \"V\": 9, \"b\": 1, \"G\": 1, \"value\": 1623923.6082559064}\n"
       "{\"id\": \"VDH.pred.conj\", \"L\": \"100\", \"V\": \"9\", \"b\": \"1\", \"G\": \"1\", \"value\": \"-1.6e6\"}\n"
       "{\"id\": \"VDH.pred.conj\", \"L\": 100, \"V\": 9, \"b\": 1 \"G\": 1}\n"
       "{\"id\": \"VDH.pot.Z\", \"b\": 1, \"G\": 0.2, \"value\": 1.4936482656248540}\n");
  auto r = run_cli("check " + f + " --json --inputs exact");
  auto rows = json_lines(r.out);
  ASSERT_EQ(rows.size(), 5u) << r.out << r.err;
  EXPECT_EQ(rows[0]["verdict"], "pass");
  EXPECT_EQ(rows[1]["verdict"], "fail");
  EXPECT_EQ(rows[1]["wrong_sign"], true);
  EXPECT_EQ(rows[2]["verdict"], "invalid");
  EXPECT_EQ(rows[2]["line"], 3);
  EXPECT_GT(rows[2]["column"].get<int>(), 40);
  // G = 0.2 exactly gives C = 1: Z = sqrt(pi) erf(1) = 1.4936482656248540...
  EXPECT_EQ(rows[3]["verdict"], "pass") << rows[3].dump();
}

// What spreadsheet programs and other writers put in files: a UTF-8 byte order mark before the header (read past),
// and JSON Lines rows that are not objects (named as such).
TEST(Check, ByteOrderMarkAndRowsThatAreNotObjects) {
  const std::string row = "VDH.pred.conj,100,9,1,1,1623923.6082559064\n";
  const std::string csv = tmp("bom.csv"), jl = tmp("bom.jsonl"), mid = tmp("bom_mid.csv"), odd = tmp("odd.jsonl");
  spit(csv, "\xEF\xBB\xBFid,L,V,b,G,value\n" + row);
  auto r = run_cli("check " + csv + " --json");
  auto rows = json_lines(r.out);
  ASSERT_EQ(rows.size(), 2u) << r.out << r.err;
  EXPECT_EQ(rows[0]["verdict"], "pass");
  EXPECT_EQ(r.code, 0);
  spit(jl, "\xEF\xBB\xBF{\"id\": \"VDH.pred.conj\", \"L\": 100, \"V\": 9, \"b\": 1, \"G\": 1, \"value\": 1623923.6082559064}\n");
  r = run_cli("check " + jl + " --json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  // the sibling: a mark anywhere else is the text's own (here it makes the ID unknown)
  spit(mid, "id,L,V,b,G,value\n\xEF\xBB\xBF" + row);
  r = run_cli("check " + mid + " --json");
  rows = json_lines(r.out);
  ASSERT_FALSE(rows.empty()) << r.err;
  EXPECT_EQ(rows[0]["verdict"], "invalid");
  spit(odd, "\"a string\"\n[1, 2]\n");
  r = run_cli("check " + odd + " --format jsonl --json");
  rows = json_lines(r.out);
  ASSERT_EQ(rows.size(), 3u) << r.out << r.err;
  EXPECT_NE(rows[0]["reason"].get<std::string>().find("not a single value"), std::string::npos) << rows[0].dump();
  EXPECT_NE(rows[1]["reason"].get<std::string>().find("not an array"), std::string::npos) << rows[1].dump();
}

TEST(Check, ExitCodesAndStdin) {
  EXPECT_EQ(run_cli("check " + tmp("does-not-exist.csv")).code, 2);
  spit(tmp("empty.csv"), "");
  auto e = run_cli("check " + tmp("empty.csv"));
  EXPECT_EQ(e.code, 2);
  EXPECT_EQ(privoco::testing::count_lines(e.err), 1);
  spit(tmp("noheader.csv"), "1,2,3\n");
  auto h = run_cli("check " + tmp("noheader.csv"));
  EXPECT_EQ(h.code, 2);
  EXPECT_NE(h.err.find("noheader.csv:1:1"), std::string::npos) << h.err;
  spit(tmp("good.csv"), "id,b,G,value\nVDH.pot.Z,1,1,0.39473006185274176\n");
  EXPECT_EQ(run_cli("check " + tmp("good.csv")).code, 0);
  auto in = run_cli("check -", "cat " + tmp("good.csv") + " | ");
  EXPECT_EQ(in.code, 0) << in.err;
  EXPECT_NE(in.out.find("<stdin>"), std::string::npos);
}

// The documented workflow: sample, fill in values (here: the certified reference itself), check.
TEST(Check, SampleFillCheckRoundTrip) {
  auto s = run_cli("sample VDH.pot.conj --n 60 --seed 9");
  ASSERT_EQ(s.code, 0) << s.err;
  const auto& e = privoco::entry("VDH.pot.conj");
  spit(tmp("sampled.csv"), s.out);
  std::string filled = "id,L,V,b,G,value\n";
  int rows = 0;
  for (const auto& p : privoco::testing::read_points(tmp("sampled.csv"), e)) {  // the oracle's own reader
    auto c = privoco::reference::evaluate(e, p.data());
    filled += e.id;
    for (double x : p) filled += "," + privoco::text17(x);
    filled += "," + c.value + "\n";
    ++rows;
  }
  EXPECT_EQ(rows, 60);
  spit(tmp("filled.csv"), filled);
  auto r = run_cli("check " + tmp("filled.csv"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("60 rows, 60 passed"), std::string::npos) << r.out;
}

// 10^6 rows stream through in bounded memory (the file is ~37 MB; the process must stay far below).
TEST(Check, MillionRowsInBoundedMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "a bound on resident memory does not hold under AddressSanitizer (shadow memory, quarantine)";
#endif
  const std::string f = tmp("million.csv");
  {
    std::ofstream out(f);
    out << "id,b,G,value\n";
    for (int i = 0; i < 1000000; ++i) out << "VDH.pot.Z,1,1,0.39473006185274176\n";
  }
  struct rusage before;
  getrusage(RUSAGE_CHILDREN, &before);
  auto r = run_cli("check " + f);
  struct rusage after;
  getrusage(RUSAGE_CHILDREN, &after);
  EXPECT_EQ(r.code, 0) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("1000000 rows, 1000000 passed"), std::string::npos);
  // ru_maxrss of children is the largest child so far (KiB): privoco alone stays under 64 MiB
  EXPECT_LT(after.ru_maxrss, 64 * 1024) << "peak RSS " << after.ru_maxrss << " KiB";
  std::remove(f.c_str());
}

namespace {
// Minimal well-formedness check: every start tag closed in order, self-closing tags allowed.
bool well_formed_xml(const std::string& s) {
  std::vector<std::string> stack;
  std::size_t i = 0;
  while ((i = s.find('<', i)) != std::string::npos) {
    std::size_t j = s.find('>', i);
    if (j == std::string::npos) return false;
    std::string tag = s.substr(i + 1, j - i - 1);
    i = j + 1;
    if (tag.empty() || tag[0] == '?' || tag[0] == '!') continue;
    if (tag[0] == '/') {
      std::string name = tag.substr(1);
      if (stack.empty() || stack.back() != name) return false;
      stack.pop_back();
      continue;
    }
    if (tag.back() == '/') continue;
    stack.push_back(tag.substr(0, tag.find_first_of(" \t\n")));
  }
  return stack.empty();
}
}  // namespace

TEST(Compare, DistributionAndPlot) {
  const std::string svg = tmp("plot.svg");
  std::remove(svg.c_str());
  auto r = run_cli("compare VDH.pred.conj --n 200 --seed 3 --json --plot " + svg);
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = json::parse(r.out);
  EXPECT_EQ(j["seed"], 3);
  EXPECT_LE(j["ulp"]["median"].get<double>(), j["ulp"]["max"].get<double>());
  EXPECT_EQ(j["worst"].size(), 5u);
  std::string s = privoco::testing::slurp(svg);
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.rfind("<?xml", 0), 0u);
  EXPECT_TRUE(well_formed_xml(s));
  EXPECT_NE(s.find("<circle"), std::string::npos);
  // a checked file's failing rows are marked
  spit(tmp("claims.csv"), "id,L,V,b,G,value\nVDH.pred.conj,100,9,1,1,-1623923.6082559064\n"
                          "VDH.pred.conj,1,0,1,1,0.013244255644099024\n");
  auto c = run_cli("compare VDH.pred.conj --points " + tmp("claims.csv") + " --json --plot " + svg);
  ASSERT_EQ(c.code, 0) << c.err;
  const auto jc = json::parse(c.out);
  EXPECT_EQ(jc["file_failing_rows"], 1);
  // the statistics and the plot are the file's own: one wrong sign, one value within tolerance
  EXPECT_EQ(jc["file_errors"]["wrong_sign"], 1);
  EXPECT_EQ(jc["file_errors"]["finite"], 1);
  EXPECT_LE(jc["file_errors"]["ulp"]["max"].get<double>(), 16.0);
  s = privoco::testing::slurp(svg);
  EXPECT_TRUE(well_formed_xml(s));
  EXPECT_NE(s.find("wrong sign"), std::string::npos);  // its own marker, in the legend
  EXPECT_NE(s.find("error of claims.csv, ulp"), std::string::npos);
  EXPECT_NE(s.find("privoco fast on the same inputs"), std::string::npos);
  // sibling: a broken document is rejected by the checker
  EXPECT_FALSE(well_formed_xml("<svg><g></svg>"));
}

// Bounds: --claim upper judges each value as an upper bound of the certified value (a privacy accountant's delta),
// sound or UNSOUND by certified comparison, exit 1 on any unsound row; a column `claim` overrides per row; the
// sibling: the same values under --claim lower reverse the verdicts.
TEST(Check, ClaimsAsBounds) {
  // DP.gauss.delta(eps = 1, mu = 1) = 0.12693673750664394580...
  const std::string f = tmp("bounds.csv");
  spit(f, "id,eps,mu,value,claim\n"
          "DP.gauss.delta,1,1,0.1269367375066440,\n"      // above the true value: a sound upper bound
          "DP.gauss.delta,1,1,0.1269367375066439,\n"      // below (the double nearest rounds down): UNSOUND
          "DP.gauss.delta,1,1,0,\n"                       // an accountant's underflow to 0: UNSOUND
          "DP.gauss.delta,1,1,0.1269367375066439,lower\n"  // the same value as a lower bound: sound
          "DP.gauss.delta,1,1,0.5,sideways\n");           // not a claim: invalid
  auto r = run_cli("check " + f + " --claim upper --json --all");
  EXPECT_EQ(r.code, 1) << r.out;
  std::vector<json> v = json_lines(r.out);
  ASSERT_EQ(v.size(), 6u) << r.out;
  EXPECT_EQ(v[0]["verdict"], "sound");
  EXPECT_GE(v[0]["slack"].get<double>(), 1.0);
  EXPECT_EQ(v[1]["verdict"], "UNSOUND");
  EXPECT_EQ(v[1]["reason"], "below the true value");
  EXPECT_EQ(v[2]["verdict"], "UNSOUND");
  EXPECT_EQ(v[3]["verdict"], "sound");
  EXPECT_EQ(v[3]["claim"], "lower");
  EXPECT_EQ(v[4]["verdict"], "invalid");
  EXPECT_EQ(v[5]["summary"]["claim"], "upper");
  EXPECT_EQ(v[5]["summary"]["failed"], 2);
  // the sibling: as lower bounds the first row is UNSOUND and the second sound
  auto l = run_cli("check " + f + " --claim lower --json --all");
  std::vector<json> w = json_lines(l.out);
  EXPECT_EQ(w[0]["verdict"], "UNSOUND");
  EXPECT_EQ(w[1]["verdict"], "sound");
  // only sound rows: exit 0; a bad --claim is a usage error
  spit(tmp("sound.csv"), "id,eps,mu,value\nDP.gauss.delta,1,1,0.13\nDP.laplace.delta,1,1,0\n");
  EXPECT_EQ(run_cli("check " + tmp("sound.csv") + " --claim upper").code, 0);
  EXPECT_EQ(run_cli("check " + tmp("sound.csv") + " --claim sideways").code, 2);
}

// Per-coordinate parameters in files: sample writes each list as one field (quoted in CSV), check reads it by
// privoco eval's rules; lists of different lengths and a coordinate outside its domain are invalid rows naming them.
TEST(Check, PerCoordinateRows) {
  auto s = run_cli("sample VDH.bound.thm2 --n 12 --seed 4");
  ASSERT_EQ(s.code, 0) << s.err;
  EXPECT_NE(s.out.find("id,d,u,V,b,G,value"), std::string::npos);
  const std::string f = tmp("thm2.csv");
  spit(f, "id,u,V,b,G,value\n"
          "VDH.bound.thm2,\"1,2,-3\",\"3,4,5\",\"1,1,2\",1,1e300\n"  // a wrong value: fail
          "VDH.bound.thm2,\"1,2\",\"3,4,5\",\"1,1,2\",1,1\n"           // u has 2 values, V 3: invalid
          "VDH.bound.thm2,\"1,2,-3\",\"3,-4,5\",\"1,1,2\",1,1\n");     // V_2 < 0: invalid, named
  auto r = run_cli("check " + f + " --json --all");
  std::vector<json> v = json_lines(r.out);
  ASSERT_EQ(v.size(), 4u) << r.out;
  EXPECT_EQ(v[0]["verdict"], "fail");
  EXPECT_EQ(v[1]["verdict"], "invalid");
  EXPECT_NE(v[1]["reason"].get<std::string>().find("values, but"), std::string::npos) << v[1];
  EXPECT_EQ(v[2]["verdict"], "invalid");
  EXPECT_NE(v[2]["reason"].get<std::string>().find("V_2"), std::string::npos) << v[2];
}

// check's per-row records are written by JsonLine, not through a json document: the same bytes for any double
// (every bit pattern: subnormals, integers, non-finite) and any string (quotes, controls, bytes that are not UTF-8).
namespace {
double any_double() {
  const auto bits = *rc::gen::arbitrary<std::uint64_t>();
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}
std::string record_by_document(const std::string& s, double x, std::size_t n) {
  json j = privoco::oracle::record("verdict");
  j["s"] = s, j["x"] = privoco::oracle::num_or_inf(x), j["n"] = n;
  j["o"] = json{{s, s}};
  return privoco::oracle::json_text(j);
}
}  // namespace

RC_GTEST_PROP(JsonLine, SameBytesAsTheJsonDocument, ()) {
  const std::string s = *rc::gen::oneOf(rc::gen::arbitrary<std::string>(), rc::gen::container<std::string>(
                                                                              rc::gen::inRange<char>(' ', '~')));
  const double x = *rc::gen::oneOf(rc::gen::exec(any_double), rc::gen::arbitrary<double>());
  const auto n = *rc::gen::arbitrary<std::size_t>();
  privoco::oracle::JsonLine line("verdict");
  line.str("s", s).num("x", x).count("n", n).object("o", {{s, s}});
  RC_ASSERT(std::move(line).done() == record_by_document(s, x, n));
}

// The sibling: %.17g, the obvious way to print a double, is not the bytes the document writes (0.1, 1.0, 1e300).
TEST(JsonLine, SeventeenDigitsWouldDiffer) {
  for (double x : {0.1, 1.0, 1e300}) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    EXPECT_NE(privoco::oracle::json_text(json(x)), buf) << x;
  }
}
