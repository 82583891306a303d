// The privoco CLI as a user runs it: outputs, JSON fields, and one line on stderr with a non-zero exit for errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <map>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <cmath>
#include <string>
#include <sys/wait.h>

#include "oracle/cli_support.hpp"

namespace {

using privoco::testing::CliRun;
int lines(const std::string& s) { return privoco::testing::count_lines(s); }
CliRun run(const std::string& args) { return privoco::testing::run_cli(args); }

void expect_one_line_error(const std::string& args, const std::string& needle) {
  CliRun r = run(args);
  EXPECT_NE(r.code, 0) << args;
  EXPECT_EQ(lines(r.err), 1) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\n" << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

}  // namespace

TEST(Cli, ListShowsEveryId) {
  CliRun r = run("list --json");
  ASSERT_EQ(r.code, 0);
  auto j = privoco::testing::json_lines(r.out);  // one entry per line, then the summary with the count
  ASSERT_GE(j.size(), 5u);
  bool found = false;
  for (auto& e : j) found |= e.value("id", "") == "VDH.pred.conj" && e["parameters"].size() == 4;
  EXPECT_TRUE(found);
  EXPECT_EQ(j.back()["summary"]["ids"], j.size() - 1);
}

TEST(Cli, EvalReferenceJson) {
  CliRun r = run("eval VDH.pred.conj L=100 V=9 b=1 G=1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["id"], "VDH.pred.conj");
  EXPECT_EQ(j["impl"], "reference");
  EXPECT_EQ(j["status"], "ok");
  EXPECT_EQ(j["value"], "1.6239236082559064e6");
  EXPECT_GE(j["digits"].get<int>(), 17);
  EXPECT_EQ(j["params"]["G"], "1");
  EXPECT_TRUE(j.contains("lo") && j.contains("hi"));
}

TEST(Cli, EvalFastOverflowJson) {
  CliRun r = run("eval VDH.pred.conj L=1e5 V=1e6 b=0.001 G=0.001 --impl fast --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "overflow");
  EXPECT_EQ(j["sign"], 1);
  EXPECT_EQ(j["log_abs"].get<std::string>().substr(0, 9), "2486.6426");
}

TEST(Cli, EvalDigits) {
  CliRun r = run("eval VDH.pot.conj L=0.2 V=0 b=1 G=1 --digits 40 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_GE(j["digits"].get<int>(), 40);
}

// Values whose exponent is beyond MPFR's range are still decimal results (they once printed "inf"):
// F = e^{2e29}-sized at L = 1e30; the enclosure's bounds carry the same exponent, lo < value < hi by digits, and
// the fast part's ln|F| agrees with the decimal exponent.
TEST(Cli, EvalHugeExponent) {
  CliRun r = run("eval VDH.pot.conj L=1e30 V=1 b=1 G=1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  const std::string v = j["value"], lo = j["lo"], hi = j["hi"], ex = "e86858896380650365530225783753";
  ASSERT_GE(v.size(), ex.size());
  EXPECT_EQ(v.substr(v.size() - ex.size()), ex) << v;
  EXPECT_EQ(lo.substr(lo.size() - ex.size()), ex) << lo;
  EXPECT_EQ(hi.substr(hi.size() - ex.size()), ex) << hi;
  EXPECT_EQ(v.substr(0, 16), "4.89748029933801");
  EXPECT_LT(lo.substr(0, lo.size() - ex.size()), hi.substr(0, hi.size() - ex.size()));  // same length: by digits
  CliRun f = run("eval VDH.pot.conj L=1e30 V=1 b=1 G=1 --impl fast --json");
  ASSERT_EQ(f.code, 0) << f.err;
  auto jf = nlohmann::json::parse(f.out);
  EXPECT_EQ(jf["status"], "overflow");
  const double ln10 = 2.302585092994045684;  // ln F = (exponent + log10 4.897...) ln 10
  EXPECT_NEAR(std::stod(jf["log_abs"].get<std::string>()), (86858896380650365530225783753.0 + 0.6899) * ln10, 1e14);
}

TEST(Cli, ErrorsAreOneLineAndNonZero) {
  expect_one_line_error("eval VDH.pred.nope L=1 V=0 b=1 G=1", "unknown ID");
  expect_one_line_error("eval VDH.pred.conj L=1 V=0 b=1", "'G': missing");
  expect_one_line_error("eval VDH.pred.conj L=1 V=0 b=1 G=1 X=2", "'X': unknown parameter");
  expect_one_line_error("eval VDH.pred.conj L=1 V=0 b=1 G=1 L=2", "given twice");
  expect_one_line_error("eval VDH.pred.conj L=1.2.3 V=0 b=1 G=1", "not a number");
  expect_one_line_error("eval VDH.pred.conj L=nan V=0 b=1 G=1", "nan");
  expect_one_line_error("eval VDH.pred.conj L=1 V=-1 b=1 G=1", "V = -1 is outside its domain [0, inf)");
  expect_one_line_error("eval VDH.pred.conj L=1 V=0 b=0 G=1 --impl fast", "b = 0 is outside its domain (0, inf)");
  expect_one_line_error("eval VDH.pred.conj L=1 V=0 b=1e-400 G=1 --impl fast", "outside the double range");
  expect_one_line_error("eval VDH.pred.conj_printed L=1 V=0 b=1 G=1 --impl fast", "no fast implementation");
  expect_one_line_error("eval VDH.pred.conj L=3000 V=2 b=1 G=1 --digits 500 --max-prec 128", "precision ceiling");
  // an enclosure that keeps containing 0 is said so (not as Arb's "relative accuracy" of -2^63 bits)
  expect_one_line_error("eval DP.laplace.delta eps=0.1 mu=0.1 --max-prec 512", "the enclosure still contains 0");
  expect_one_line_error("eval VDH.pred.conj L=1 V=0 b=1 G=1 --impl slow", "impl");
  expect_one_line_error("frobnicate", "unknown command 'frobnicate'");
  expect_one_line_error("", "subcommand");
}

// Per-coordinate parameters (VDH.bound.thm2): comma-separated lists, d their common length; the value is the sum
// of Theorem 1 per coordinate (VDH.bound.thm1 at each (u_j, V_j, b_j, G)).
TEST(Cli, EvalPerCoordinateParameters) {
  CliRun r = run("eval VDH.bound.thm2 u=1,2,-3 V=3,4,5 b=1,1,2 G=1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["params"]["d"], "3");
  EXPECT_EQ(j["params"]["u"], nlohmann::json::array({"1", "2", "-3"}));
  EXPECT_EQ(j["params"]["G"], "1");
  double sum = 0;
  for (const char* a : {"u=1 V=3 b=1", "u=2 V=4 b=1", "u=-3 V=5 b=2"}) {
    CliRun t = run(std::string("eval VDH.bound.thm1 ") + a + " G=1 --json");
    ASSERT_EQ(t.code, 0) << t.err;
    sum += std::stod(nlohmann::json::parse(t.out)["value"].get<std::string>());
  }
  EXPECT_NEAR(std::stod(j["value"].get<std::string>()), sum, 1e-13 * sum);
  CliRun f = run("eval VDH.bound.thm2 d=3 u=1,2,-3 V=3,4,5 b=1,1,2 G=1 --impl fast --json");
  ASSERT_EQ(f.code, 0) << f.err;
  EXPECT_NEAR(std::stod(nlohmann::json::parse(f.out)["value"].get<std::string>()), sum, 1e-13 * sum);
  expect_one_line_error("eval VDH.bound.thm2 u=1,2 V=3 b=1,1 G=1", "'V': 1 values, but u has 2");
  expect_one_line_error("eval VDH.bound.thm2 u=1,2 V=3,-1 b=1,1 G=1", "V_2 = -1 is outside its domain [0, inf)");
  expect_one_line_error("eval VDH.bound.thm2 u=1,2 V=3,1 b=1,0 G=1 --impl fast", "b_2 = 0 is outside its domain");
  expect_one_line_error("eval VDH.bound.thm2 u=1,2 V=3,1 b=1,1 G=1 d=3", "'d': '3' but the lists have 2 values");
  expect_one_line_error("eval VDH.bound.thm2 u=1,,2 V=3,1,1 b=1,1,1 G=1", "'u_2'");
  expect_one_line_error("eval VDH.bound.thm2 u=1,2 V=3,1 b=1,1", "'G': missing");
  const auto s = run("sample VDH.bound.thm2 --n 4");  // files of them: one field per list (check_test)
  EXPECT_EQ(s.code, 0) << s.err;
  EXPECT_NE(s.out.find("VDH.bound.thm2,"), std::string::npos);
}

TEST(Cli, ReportPrintsSeedAndErrata) {
  CliRun r = run("report --n 50 --seed 7");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("master seed 7"), std::string::npos);
  EXPECT_NE(r.out.find("VDH.pred.conj"), std::string::npos);
  EXPECT_NE(r.out.find("E1"), std::string::npos);
  CliRun j = run("report --n 20 --seed 7 --json");
  ASSERT_EQ(j.code, 0) << j.err;
  // JSON Lines: a record per ID, learner, erratum and claim, then the summary with the counts
  const auto js = privoco::testing::json_lines(j.out);
  ASSERT_FALSE(js.empty());
  const auto& sum = js.back()["summary"];
  EXPECT_EQ(sum["command"], "report");
  EXPECT_EQ(sum["seed"], 7);
  std::map<std::string, std::size_t> kinds;
  for (std::size_t i = 0; i + 1 < js.size(); ++i) ++kinds[js[i]["record"].get<std::string>()];
  EXPECT_EQ(kinds["accuracy"], sum["ids"].get<std::size_t>());
  EXPECT_GE(kinds["accuracy"], 3u);
  EXPECT_EQ(kinds["erratum"], sum["errata"].get<std::size_t>());
  EXPECT_EQ(kinds["claim"], sum["claims"].get<std::size_t>());
  // the learners and samplers have their rows: both parts, every one measured, within bounds far above what they
  // reach (the samplers transform the same uniforms: a few ulp; the learners end to end: hundreds at most)
  // VDH's six; JKT's PIGD (three loss families, both shapes), PGIGA, POCP, PQFTL; MIP's Alg 1 and Alg 2 (two each);
  // BANCO's Alg 1 (two noise levels)
  ASSERT_EQ(kinds["part_accuracy"], 18u);
  for (const auto& p : js) {
    if (p.value("record", "") != "part_accuracy") continue;
    EXPECT_GE(p["values"].get<int>(), 20) << p["id"];
    const bool samples = p["id"] == "VDH.alg.local_laplace" || p["id"] == "VDH.alg.l2_mech";
    const bool jkt = p["id"] == "JKT.alg.igd_update" || p["id"] == "JKT.alg.giga_update" ||
                     p["id"] == "JKT.alg.pocp";  // ulp of the radius
    const bool mip = p["id"] == "MIP.alg.full_info" || p["id"] == "MIP.alg.bandit" ||
                     p["id"] == "BANCO.alg.banco";  // ulp of the rounding scale
    const double bound = samples ? 16 : (jkt || mip) ? 8 : 1e4;
    EXPECT_LE(p["max"].get<double>(), bound) << p["id"];
  }
}

// report --id of a learner: its seeded runs against the replay only (no accuracy record for it; PIGD has three, one
// per loss family and shape of C); an algorithm without one in the report is refused by name (exit 2).
TEST(Cli, ReportOfALearnerById) {
  CliRun r = run("report --id JKT.alg.igd_update --n 20 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  std::map<std::string, int> kinds;
  for (const auto& j : privoco::testing::json_lines(r.out)) {
    ++kinds[j.value("record", "summary")];
    if (j.value("record", "") == "part_accuracy") EXPECT_EQ(j["id"], "JKT.alg.igd_update");
  }
  EXPECT_EQ(kinds["part_accuracy"], 3);
  EXPECT_EQ(kinds["accuracy"], 0);
  r = run("report --id JKT.alg.private_sum --n 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no seeded run in the report for this algorithm"), std::string::npos) << r.err;
}

TEST(Cli, ProveVerdictsThresholdAndErrors) {
  CliRun r = run("prove VDH.lemma.lncosh y=1.42 --json");
  EXPECT_EQ(r.code, 1);  // refuted
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["id"], "VDH.lemma.lncosh");
  EXPECT_EQ(j["verdict"], "refuted");
  EXPECT_TRUE(j["counterexample"].contains("x"));
  CliRun t = run("prove VDH.lemma.lncosh --threshold --json");
  EXPECT_EQ(t.code, 0) << t.err;
  auto jt = nlohmann::json::parse(t.out);
  EXPECT_EQ(jt["verdict"], "certified");
  EXPECT_EQ(jt["threshold"]["param"], "y");
  EXPECT_EQ(jt["threshold"]["printed"], "1.4");
  EXPECT_LE(std::stod(jt["threshold"]["lo"].get<std::string>()), std::sqrt(2.0));
  EXPECT_GE(std::stod(jt["threshold"]["hi"].get<std::string>()), std::sqrt(2.0));
  CliRun all = run("prove --all");
  EXPECT_EQ(all.code, 1);  // some claims of the papers are refuted (--fail-on: prove_all_exit, exit_codes_test)
  // JSON Lines as check writes them: one object per claim, then {"summary": {...}} with the counts and the exit code
  CliRun allj = run("prove --all --json --fail-on none");
  EXPECT_EQ(allj.code, 0);
  std::vector<nlohmann::json> lines_j;
  for (std::size_t b = 0, e; (e = allj.out.find('\n', b)) != std::string::npos; b = e + 1)
    lines_j.push_back(nlohmann::json::parse(allj.out.substr(b, e - b)));
  ASSERT_GE(lines_j.size(), 2u);
  const auto& sj = lines_j.back()["summary"];
  EXPECT_EQ(sj["claims"].get<std::size_t>(), lines_j.size() - 1);
  EXPECT_EQ(sj["certified"].get<int>() + sj["refuted"].get<int>() + sj["undecided"].get<int>(), sj["claims"].get<int>());
  EXPECT_EQ(sj["exit"], 0);
  EXPECT_EQ(lines_j.front()["id"], "VDH.lemma.symmexp");
  EXPECT_NE(all.out.find("VDH.lemma.symmexp"), std::string::npos);
  EXPECT_NE(all.out.find("not the best"), std::string::npos);
  expect_one_line_error("prove VDH.lemma.lncosh q=1", "not a constant");
  expect_one_line_error("prove VDH.pred.conj", "no machine check");
  expect_one_line_error("prove", "--all");
}
