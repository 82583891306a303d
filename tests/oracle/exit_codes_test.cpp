// The exit-code table (0 good, 1 a verdict against, 2 bad input, 3 undecided, 70 privoco failed, 74 a write failed)
// driven through the CLI, and the inputs that were once accepted and then ignored or misread: each is refused by
// name now, and its well-formed sibling still works.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.hpp"
#include "privoco/format.hpp"
#include "oracle/cli_support.hpp"

namespace {

using privoco::testing::CliRun;
using privoco::testing::spit;
using privoco::testing::test_dir;
CliRun run(const std::string& args) { return privoco::testing::run_cli(args); }

void expect_refused(const std::string& args, const std::string& needle, int code = 2) {
  const CliRun r = run(args);
  EXPECT_EQ(r.code, code) << args << "\n" << r.err;
  EXPECT_EQ(privoco::testing::count_lines(r.err), 1) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\n" << r.err;
}

}  // namespace

TEST(ExitCodes, ProveAllExitFollowsFailOn) {
  using privoco::oracle::prove_all_exit;
  const std::vector<std::string> mixed = {"certified", "refuted", "undecided"}, open = {"certified", "undecided"},
                                 good = {"certified", "certified"};
  EXPECT_EQ(prove_all_exit(mixed, "undecided"), 1);
  EXPECT_EQ(prove_all_exit(open, "undecided"), 3);
  EXPECT_EQ(prove_all_exit(open, "refuted"), 0);
  EXPECT_EQ(prove_all_exit(mixed, "refuted"), 1);
  EXPECT_EQ(prove_all_exit(mixed, "none"), 0);
  EXPECT_EQ(prove_all_exit(good, "undecided"), 0);
}

TEST(ExitCodes, ProveRefusesWhatItWouldIgnore) {
  expect_refused("prove --all VDH.lemma.lncosh", "not both");
  expect_refused("prove --all y=1", "--all proves every claim");
  expect_refused("prove VDH.lemma.lncosh --fail-on none", "applies to --all only");
  expect_refused("prove --all --fail-on sometimes", "--fail-on");
  const CliRun ok = run("prove VDH.lemma.lncosh");
  EXPECT_EQ(ok.code, 0) << ok.err;
}

TEST(ExitCodes, OptionsSayWhatTheyWant) {
  const std::string f = test_dir() + "one_row.csv";
  spit(f, "id,L,V,b,G,value\nVDH.pred.conj,0,1,1,1,0\n");
  EXPECT_EQ(run("check " + f).code, 0);  // the sibling: a good file passes
  expect_refused("check " + f + " --ulps nan", "finite number >= 0");
  expect_refused("check " + f + " --rel inf", "finite number >= 0");
  expect_refused("check " + f + " --ulps -1", "finite number >= 0");
  expect_refused("compare VDH.pred.conj --n 10 --ulps -1", "finite number >= 0");
  expect_refused("sample VDH.pred.conj --seed -1", "between 0 and 18446744073709551615");
  expect_refused("sample VDH.pred.conj --seed 18446744073709551616", "between 0 and 18446744073709551615");
  expect_refused("report --n -1", "between 0 and");
  expect_refused("sample VDH.pred.conj --n 0", "between 1 and");
  expect_refused("eval VDH.pred.conj 'L= 1' V=1 b=1 G=1", "whitespace");
  expect_refused("eval VDH.pred.conj L=1e10000000 V=1 b=1 G=1", "limited to +-1000000");
  EXPECT_EQ(run("eval VDH.pred.conj L=1e-0000005 V=1 b=1 G=1").code, 0);  // leading zeros of an exponent are fine
  expect_refused("eval VDH.alg.alg1 b=1 G=1", "use privoco run");
  expect_refused("sample VDH.conj.lemma11_case1", "use privoco prove");
  expect_refused("check " + f + " --stream alg1 --expect-rows 3 b=1 G=1", "not to --stream");
  EXPECT_EQ(run("sample VDH.pred.conj --seed 18446744073709551615 --n 3").code, 0);
}

TEST(ExitCodes, CheckFailsEmptyAndTruncatedFiles) {
  const std::string h = test_dir() + "header_only.csv", two = test_dir() + "two_rows.csv";
  spit(h, "id,L,V,b,G,value\n");
  spit(two, "id,L,V,b,G,value\nVDH.pred.conj,0,1,1,1,0\nVDH.pred.conj,0,2,1,1,0\n");
  const CliRun e = run("check " + h);
  EXPECT_EQ(e.code, 1);
  EXPECT_NE(e.err.find("no data rows"), std::string::npos) << e.err;
  const CliRun t = run("check " + two + " --expect-rows 3 --json");
  EXPECT_EQ(t.code, 1);
  const auto last = nlohmann::json::parse(t.out.substr(t.out.rfind("{\"summary\"")));
  EXPECT_NE(last["summary"]["incomplete"].get<std::string>().find("2 data rows, expected 3"), std::string::npos);
  EXPECT_EQ(run("check " + two + " --expect-rows 2").code, 0);  // the sibling
}

TEST(ExitCodes, StrictJsonLines) {
  const std::string f = test_dir() + "strict.jsonl";
  const std::string row = R"({"id":"VDH.pred.conj","L":"0","V":"1","b":"1","G":"1",)";
  spit(f, row + "\"value\":\"5\",\"value\":\"0\"}\n" + row + "\"value\":\"0\"} junk\n" + row +
              "\"value\":Infinity}\n" + row + "\"value\":\"0\"}\n" + R"({"id":"VDH.pred.conj","L":"0","V":"1","b":")" +
              "\xff" + R"(","G":"1","value":"0"})" + "\n");
  const CliRun r = run("check " + f + " --json --all");
  EXPECT_EQ(r.code, 1) << r.err;  // a verdict against, never an internal error
  std::vector<nlohmann::json> rows;
  std::size_t b = 0;
  for (std::size_t e; (e = r.out.find('\n', b)) != std::string::npos; b = e + 1) rows.push_back(nlohmann::json::parse(r.out.substr(b, e - b)));
  ASSERT_EQ(rows.size(), 6u) << r.out;
  EXPECT_EQ(rows[0]["verdict"], "invalid");
  EXPECT_NE(rows[0]["reason"].get<std::string>().find("appears twice"), std::string::npos);
  EXPECT_EQ(rows[1]["verdict"], "invalid");
  EXPECT_NE(rows[1]["reason"].get<std::string>().find("malformed JSON"), std::string::npos);
  EXPECT_EQ(rows[1]["reason"].get<std::string>().find("json.exception"), std::string::npos);
  EXPECT_EQ(rows[2]["verdict"], "fail");  // Infinity is a claim (wrong here), not a parse error
  EXPECT_EQ(rows[3]["verdict"], "pass");  // the well-formed sibling
  EXPECT_EQ(rows[4]["verdict"], "invalid");
  EXPECT_NE(rows[4]["reason"].get<std::string>().find("invalid UTF-8"), std::string::npos);
}

TEST(ExitCodes, FailedWritesExit74AndLeaveNoFile) {
  expect_refused("sample VDH.pred.conj --n 3 --out /dev/full", "No space left on device", 74);
  const std::string g = test_dir() + "g.csv";
  spit(g, "g\n0.5\n-0.25\n");
  expect_refused("run alg1 b=1 G=1 --gradients " + g + " --out /dev/full", "No space left on device", 74);
  const std::string err = test_dir() + "err.txt";
  const int st = std::system((std::string(PRIVOCO_BIN) + " sample VDH.pred.conj --n 3 >/dev/full 2>" + err).c_str());
  EXPECT_EQ(WEXITSTATUS(st), 74);
  EXPECT_NE(privoco::testing::slurp(err).find("standard output"), std::string::npos);
  // a directory that cannot be written: refused, and nothing left behind
  const std::string missing = test_dir() + "no/such/dir/out.csv";
  expect_refused("sample VDH.pred.conj --n 3 --out " + missing, "cannot write", 74);
  EXPECT_FALSE(std::filesystem::exists(missing));
  const std::string ok = test_dir() + "ok.csv";
  EXPECT_EQ(run("sample VDH.pred.conj --n 3 --out " + ok).code, 0);  // the sibling
  EXPECT_EQ(privoco::testing::slurp(ok).rfind("id,L,V,b,G,value\n", 0), 0u);  // no comment line first
  for (const auto& p : std::filesystem::directory_iterator(test_dir()))
    EXPECT_EQ(p.path().string().find(".tmp-"), std::string::npos) << p.path();
}

// run refuses options and lists it would drop; the sibling forms run.
TEST(ExitCodes, RunRefusesWhatItWouldDrop) {
  const std::string g = test_dir() + "g1.csv";
  spit(g, "g\n0.5\n-0.25\n");
  expect_refused("run local_laplace tau=1,2 --T 100,1000,10000", "--T");
  expect_refused("run alg1 b=1,2 G=1 --gradients " + g, "one value");
  expect_refused("run alg1 b=1 G=1 --gradients " + g + " --seeds 5", "does not apply to alg1");
  expect_refused("run scenario1 --T 100,200 --seeds 2 --prior uniform", "does not apply to scenario1");
  EXPECT_EQ(run("run local_laplace tau=1,2 --T 3").code, 0);
  const CliRun ok = run("run alg1 b=1 G=1 --gradients " + g);
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(ok.out.rfind("t,g,w\n", 0), 0u) << ok.out;  // plain CSV: the readings go to stderr
  EXPECT_NE(ok.err.find("readings A1(a)"), std::string::npos) << ok.err;
}

// Files left in the output's directory whose names start with `name`.
int leftovers(const std::string& dir, const std::string& name) {
  const std::string list = dir + "leftovers.txt";
  std::system(("ls " + dir + " | grep -c '^" + name + "' > " + list + " 2>/dev/null").c_str());
  return std::atoi(privoco::testing::slurp(list).c_str());
}

// Ctrl-C during a long write: exit by the signal (130 in a shell) and nothing half-written left, neither the file
// nor its temporary. The sibling: SIGKILL, which no program can catch, leaves the temporary (the check sees it).
TEST(ExitCodes, InterruptLeavesNoHalfWrittenFile) {
  const std::string dir = test_dir();
  for (const char* sig : {"INT", "TERM", "KILL"}) {
    const std::string name = std::string("interrupted_") + sig + ".csv";
    std::system(("rm -f " + dir + name + "*").c_str());
    const std::string script = std::string(PRIVOCO_BIN) + " sample VDH.pred.conj --n 100000000 --out " + dir + name +
                               " 2>/dev/null & p=$!; sleep 1; kill -" + sig + " $p; wait $p; echo $? > " + dir +
                               name + ".code";
    std::system(("sh -c '" + script + "'").c_str());
    const int code = std::atoi(privoco::testing::slurp(dir + name + ".code").c_str());
    std::remove((dir + name + ".code").c_str());
    const int left = leftovers(dir, name);
    if (std::string(sig) == "KILL") {
      EXPECT_EQ(code, 137);
      EXPECT_EQ(left, 1) << "the temporary of a killed run";
      std::system(("rm -f " + dir + name + "*").c_str());
    } else {
      EXPECT_EQ(code, std::string(sig) == "INT" ? 130 : 143);
      EXPECT_EQ(left, 0) << sig;
    }
  }
}

// A state file signed again after an edit (as another tool could write one): its checksum is right, so what is
// refused below is refused by the state's own checks. FNV-1a 64 (offset basis 14695981039346656037, the standard
// one; version 1 files used 1469598103934665603) over the compact JSON before "checksum".
std::string resigned(nlohmann::ordered_json j) {
  j.erase("checksum");
  std::uint64_t h = j["version"] == 1 ? 1469598103934665603ULL : 14695981039346656037ULL;
  for (unsigned char c : j.dump()) h = (h ^ c) * 1099511628211ULL;
  char buf[40];
  std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  j["checksum"] = buf;
  return j.dump(1);
}

// State files: a changed digit, another run's parameters, a later version, a mistyped or impossible field, each
// refused as bad input (2) in one line naming what is wrong; the untouched file (and a re-signed copy) continue.
TEST(ExitCodes, StateFilesCannotBeSilentlyCorrupted) {
  const std::string g = test_dir() + "g2.csv", st = test_dir() + "st.json", bad = test_dir() + "st_bad.json";
  spit(g, "g\n0.5\n-0.25\n");
  ASSERT_EQ(run("run alg1 b=1 G=1 --gradients " + g + " --state-out " + st).code, 0);
  const std::string text = privoco::testing::slurp(st);
  const auto j = nlohmann::ordered_json::parse(text);
  const std::string resume = "run alg1 b=1 G=1 --gradients " + g + " --state-in ";
  EXPECT_EQ(run(resume + st).code, 0);  // the siblings: as written, and re-signed unchanged
  spit(bad, resigned(j));
  EXPECT_EQ(run(resume + bad).code, 0);
  // the checksum is the standard FNV-1a 64 of the text before it (what any FNV tool computes); a version 1 file,
  // signed from the earlier offset basis, still continues, and the same state signed from the earlier basis as
  // version 2 is refused
  EXPECT_EQ(j["checksum"], nlohmann::ordered_json::parse(resigned(j))["checksum"]);
  auto v1 = j;
  v1["version"] = 1;
  spit(bad, resigned(v1));
  EXPECT_EQ(run(resume + bad).code, 0);
  auto forged = nlohmann::ordered_json::parse(resigned(v1));
  forged["version"] = 2;
  spit(bad, forged.dump(1));
  expect_refused(resume + bad, "checksum does not match");
  std::string flipped = text;  // the round count changed
  ASSERT_NE(flipped.find("\"t\": 2"), std::string::npos) << text;
  flipped.replace(flipped.find("\"t\": 2"), 6, "\"t\": 3");
  spit(bad, flipped);
  expect_refused(resume + bad, "checksum does not match");
  expect_refused("run alg1 b=2 G=1 --gradients " + g + " --state-in " + st, "a state continues only its own run");
  expect_refused("run alg1 b=1 G=1 --prior uniform --gradients " + g + " --state-in " + st, "prior");
  // each edit re-signed, so that the state's own checks are what refuses it
  const std::vector<std::pair<std::function<void(nlohmann::ordered_json&)>, const char*>> edits = {
      {[](auto& k) { k["version"] = 3; }, "newer than this privoco reads"},
      {[](auto& k) { k["version"] = 0; }, "versions start at 1"},
      {[](auto& k) { k["state"]["coordinates"][0]["t"] = "five"; }, "'t' is not a count"},
      {[](auto& k) { k["state"]["coordinates"][0]["t"] = -5; }, "'t' is not a count"},
      {[](auto& k) { k["state"]["coordinates"][0]["L_lo"] = "0x1p+10"; }, "half an ulp"},
      {[](auto& k) { k["alg"] = "VDH.alg.alg3"; }, "this run is VDH.alg.alg1"},
  };
  for (const auto& [edit, needle] : edits) {
    auto k = j;
    edit(k);
    spit(bad, resigned(k));
    expect_refused(resume + bad, needle);
  }
  spit(bad, "{\"coordinates\": []}");
  expect_refused(resume + bad, "not a privoco state file");
  // found by fuzz_state: "format" of another JSON type was a JSON library error (exit 70), and a register that is
  // not a number was read as 0
  auto k = j;
  k["format"] = 2;
  spit(bad, resigned(k));
  expect_refused(resume + bad, "not a privoco state file");
  const std::string w = test_dir() + "w2.csv", ps = test_dir() + "ps.json";
  spit(w, "w1,w2\n1,-1\n2,0\n");
  const std::string sum = "run private_sum R=4 eps=1 delta=1e-6 T=16 --out /dev/null --gradients " + w;
  ASSERT_EQ(run(sum + " --state-out " + ps).code, 0);
  auto p = nlohmann::ordered_json::parse(privoco::testing::slurp(ps));
  spit(bad, resigned(p));
  EXPECT_EQ(run(sum + " --state-in " + bad).code, 0);  // the sibling
  p["state"]["a"][0] = "zz";
  spit(bad, resigned(p));
  expect_refused(sum + " --state-in " + bad, "'a' entry 1 is not a number");
}

// compare --points on rows without values says so instead of "0 rows fail"; a zero claimed for a nonzero value is
// named as such, not as a wrong sign (the sibling: a negative claim is a wrong sign); passing rows carry the
// certified value.
TEST(ExitCodes, WordingOfCompareAndZeroClaims) {
  const std::string nov = test_dir() + "nov.csv";
  spit(nov, "id,L,V,b,G,value\nVDH.pred.conj,1,1,1,1,\nVDH.pot.conj,1,1,1,1,\n");
  const CliRun c = run("compare VDH.pred.conj --points " + nov);
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("carry no values"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("1 rows skipped"), std::string::npos) << c.out;
  const std::string z = test_dir() + "z.csv";
  spit(z, "id,L,V,b,G,value\nVDH.pred.conj,1,1,1,1,-0.0\nVDH.pred.conj,1,1,1,1,-0.0129\nVDH.pred.conj,1,1,1,1,0.01293207413769241\n");
  const CliRun r = run("check " + z + " --json --all");
  EXPECT_EQ(r.code, 1);
  std::vector<nlohmann::json> rows;
  std::size_t b = 0;
  for (std::size_t e; (e = r.out.find('\n', b)) != std::string::npos; b = e + 1) rows.push_back(nlohmann::json::parse(r.out.substr(b, e - b)));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["reason"], "zero claimed, the true value is not zero");
  EXPECT_FALSE(rows[0]["wrong_sign"].get<bool>());
  EXPECT_EQ(rows[1]["reason"], "wrong sign");
  EXPECT_EQ(rows[2]["verdict"], "pass");
  EXPECT_EQ(rows[2]["certified"].get<std::string>().substr(0, 12), "1.2932074137");
  EXPECT_EQ(rows[2]["params"]["L"], "1");  // an object, as in eval and compare
}

// "did you mean" for a near miss of an ID or a parameter name.
TEST(ExitCodes, DidYouMean) {
  expect_refused("eval VDH.pred.conjj L=1 V=1 b=1 G=1", "did you mean VDH.pred.conj?");
  expect_refused("eval VDH.pred.conj l=1 V=1 b=1 G=1", "did you mean L?");
  const CliRun far = run("eval QQQ");
  EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
}

// sample streams: 10^6 rows in bounded memory (the points are drawn as they are written; 77.5 MB when they were held).
// The sample process's own peak (wait4), not the largest of all this test's children: 9.5 MB here, against 12 MB;
// 13.9 MB while the fast kernels' workspaces sat in every thread's static TLS (4.4 MB), which this bound now catches.
TEST(ExitCodes, SampleStreamsInBoundedMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "a bound on resident memory does not hold under AddressSanitizer (shadow memory, quarantine)";
#endif
  const std::string out = test_dir() + "big.csv";
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::freopen("/dev/null", "w", stderr);
    execl(PRIVOCO_BIN, PRIVOCO_BIN, "sample", "VDH.pred.conj", "--n", "1000000", "--out", out.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  int st = 0;
  struct rusage ru;
  ASSERT_EQ(wait4(pid, &st, 0, &ru), pid);
  ASSERT_TRUE(WIFEXITED(st));
  ASSERT_EQ(WEXITSTATUS(st), 0);
  EXPECT_LT(ru.ru_maxrss, 12 * 1024) << "max RSS of the sample process, KB";
  std::filesystem::remove(out);
}

// Certified values in bulk: eval --points writes every row's certified value with its enclosure (or the fast value
// with its status), row by row; a row it cannot evaluate stops it with line and column (exit 2).
TEST(ExitCodes, EvalPointsInBulk) {
  const std::string pts = test_dir() + "pts.csv", bad = test_dir() + "pts_bad.csv";
  spit(pts, "id,L,V,b,G,value\nVDH.pred.conj,1,1,1,1,\nVDH.pred.conj,0,2,1,1,\n");
  const CliRun r = run("eval VDH.pred.conj --points " + pts);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "line,L,V,b,G,value,lo,hi,digits");
  EXPECT_NE(r.out.find("\n2,1,1,1,1,1.2932074137692408e-2,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n3,0,2,1,1,0,"), std::string::npos) << r.out;  // the exact zero at L = 0
  const CliRun f = run("eval VDH.pred.conj --points " + pts + " --impl fast --json");
  ASSERT_EQ(f.code, 0) << f.err;
  const auto j = nlohmann::json::parse(f.out.substr(0, f.out.find('\n')));
  EXPECT_EQ(j["line"], 2);
  EXPECT_EQ(j["status"], "ok");
  EXPECT_EQ(j["params"]["L"], "1");
  spit(bad, "id,L,V,b,G,value\nVDH.pred.conj,1,1,1,1,\nVDH.pred.conj,1,-1,1,1,\n");
  expect_refused("eval VDH.pred.conj --points " + bad, ":3:");
  expect_refused("eval VDH.pot.conj --points " + pts, "in a file evaluated as VDH.pot.conj");
  expect_refused("eval VDH.pred.conj L=1 --points " + pts, "not the command line");
}

// check --stream explains itself: a run whose L and V were summed in plain double fails some steps against the
// exact sums; each failing step names the state the replay used and that double sums explain it; --sums double
// (judging the prediction alone) passes every step. The sibling: a wrong prediction is not explained away.
TEST(ExitCodes, StreamCheckExplainsSummation) {
  std::vector<double> gs;
  const double pattern[4] = {0.1, 0.2, 0.3, -0.7};
  for (int t = 0; t < 200; ++t) gs.push_back(pattern[(t * 7 + t / 3) % 4]);
  std::string pts = "L,V,b,G\n";
  double L = 0, V = 0;
  for (double g : gs) {
    pts += privoco::text17(L) + "," + privoco::text17(V) + ",1,1\n";
    L -= g, V += g * g;
  }
  spit(test_dir() + "pts_d.csv", pts);
  const CliRun w = run("eval VDH.pred.conj --points " + test_dir() + "pts_d.csv --impl fast");
  ASSERT_EQ(w.code, 0) << w.err;
  std::string run_csv = "t,g,w\n";
  std::size_t b = w.out.find('\n') + 1;
  for (std::size_t t = 0; t < gs.size(); ++t) {
    const std::size_t e = w.out.find('\n', b);
    const std::string line = w.out.substr(b, e - b);  // line,L,V,b,G,value,status,...
    std::size_t c = 0;
    for (int k = 0; k < 5; ++k) c = line.find(',', c) + 1;
    run_csv += std::to_string(t + 1) + "," + privoco::text17(gs[t]) + "," + line.substr(c, line.find(',', c) - c) + "\n";
    b = e + 1;
  }
  const std::string f = test_dir() + "w_double.csv";
  spit(f, run_csv);
  const CliRun exact = run("check " + f + " --stream alg1 b=1 G=1");
  EXPECT_EQ(exact.code, 1);
  EXPECT_NE(exact.out.find("explained by summing L and V in double"), std::string::npos) << exact.out;
  EXPECT_NE(exact.out.find("(exact sums)"), std::string::npos) << exact.out;
  EXPECT_EQ(run("check " + f + " --stream alg1 b=1 G=1 --sums double").code, 0);
  // the sibling: one prediction wrong by 1e-9 relative is a failure under both sums, not explained by them
  std::string bad = run_csv;
  const std::size_t at = bad.find("\n100,");
  const std::size_t wpos = bad.rfind(',', bad.find('\n', at + 1)) + 1;
  bad.replace(wpos, bad.find('\n', at + 1) - wpos, privoco::text17(std::stod(bad.substr(wpos, bad.find('\n', at + 1) - wpos)) * (1 + 1e-9)));
  spit(f, bad);
  const CliRun wrong = run("check " + f + " --stream alg1 b=1 G=1 --sums double");
  EXPECT_EQ(wrong.code, 1);
  EXPECT_NE(wrong.out.find("step 100:"), std::string::npos) << wrong.out;
  expect_refused("check " + f + " --sums double", "--stream runs only");
  // the summary has check's shape: {"summary": {...}}
  const CliRun js = run("check " + f + " --stream alg1 b=1 G=1 --sums double --json");
  const auto last = nlohmann::json::parse(js.out.substr(js.out.rfind("{\"summary\"")));
  EXPECT_EQ(last["summary"]["steps"], 200);
  EXPECT_EQ(last["summary"]["sums"], "double");
}

// sample's files parse with standard readers: CSV from its header, JSON Lines with numbers as JSON numbers (the same
// doubles as the CSV's decimals), readings and lists as strings, the value to fill in as null; filled in by a JSON
// writer (numbers), check reads them.
TEST(ExitCodes, SampleFilesStandardReadersParse) {
  const CliRun c = run("sample VDH.pred.conj --n 6");
  const CliRun j = run("sample VDH.pred.conj --n 6 --format jsonl");
  ASSERT_EQ(c.code, 0);
  ASSERT_EQ(j.code, 0);
  EXPECT_EQ(c.out.rfind("id,L,V,b,G,value\n", 0), 0u);
  std::string filled;
  std::size_t bc = c.out.find('\n') + 1, bj = 0;
  for (int r = 0; r < 6; ++r) {
    const std::size_t ec = c.out.find('\n', bc), ej = j.out.find('\n', bj);
    const std::string cl = c.out.substr(bc, ec - bc);
    auto row = nlohmann::json::parse(j.out.substr(bj, ej - bj));
    EXPECT_TRUE(row["L"].is_number()) << row;
    EXPECT_TRUE(row["value"].is_null()) << row;
    const std::size_t a = cl.find(',') + 1;
    EXPECT_EQ(row["L"].get<double>(), std::stod(cl.substr(a, cl.find(',', a) - a))) << cl;
    row["value"] = 0.5;
    filled += row.dump() + "\n";
    bc = ec + 1, bj = ej + 1;
  }
  const std::string f = test_dir() + "filled.jsonl";
  spit(f, filled);
  const CliRun k = run("check " + f + " --json");
  EXPECT_NE(k.out.find("\"rows\":6"), std::string::npos) << k.out;
  EXPECT_NE(k.out.find("\"invalid\":0"), std::string::npos) << k.out;
  const CliRun t = run("sample JKT.const.tree_counts --n 2 --format jsonl");
  const auto tr = nlohmann::json::parse(t.out.substr(0, t.out.find('\n')));
  EXPECT_TRUE(tr["T"].is_number_integer()) << tr;
  EXPECT_TRUE(tr["leaf_label"].is_string()) << tr;
}

// Every command through each exit code it can give (README "Exit codes"): 0 all good, 1 a verdict against, 2 bad
// input, 3 undecided, 74 an output that cannot be written; 70 (privoco itself failed) from none of them. `report`'s
// 0 is in cli_test (it proves every claim: ~50 s).
TEST(ExitCodes, EveryCommandThroughEachCode) {
  const std::string dir = test_dir();
  const std::string good = dir + "every_good.csv", bad = dir + "every_bad.csv", grads = dir + "every_g.csv",
                    run_ok = dir + "every_w.csv", run_bad = dir + "every_w_bad.csv";
  spit(good, "id,L,V,b,G,value\nVDH.pred.conj,100,9,1,1,1623923.6082559064\n");
  spit(bad, "id,L,V,b,G,value\nVDH.pred.conj,100,9,1,1,1.6e6\n");
  spit(grads, "g\n0.5\n-0.25\n1\n");
  ASSERT_EQ(run("run alg1 b=1 G=1 --gradients " + grads + " --out " + run_ok).code, 0);
  std::string w = privoco::testing::slurp(run_ok);
  spit(run_bad, w.substr(0, w.rfind(',') + 1) + "0.5\n");  // the last prediction wrong
  const std::string shard0 = dir + "every_s0.jsonl", shard1 = dir + "every_s1.jsonl";
  spit(shard0, run("check " + bad + " --shard 0/2").out);
  spit(shard1, run("check " + bad + " --shard 1/2").out);
  const std::vector<std::pair<std::string, int>> cases = {
      {"list", 0},
      {"list --bogus", 2},
      {"eval VDH.pred.conj L=1 V=0 b=1 G=1", 0},
      {"eval VDH.pred.conj L=1 V=-1 b=1 G=1", 2},
      {"eval VDH.pred.conj L=1e10000 V=1 b=1 G=1 --max-time 0.05", 2},  // refused at the time limit, by name
      {"eval VDH.pred.conj --points " + good, 0},
      {"eval VDH.pred.conj --points " + dir + "missing.csv", 2},
      {"report --n -1", 2},
      {"report --id VDH.nope", 2},
      {"check " + good, 0},
      {"check " + bad, 1},
      {"check " + dir + "missing.csv", 2},
      {"check " + run_ok + " --stream alg1 b=1 G=1", 0},
      {"check " + run_bad + " --stream alg1 b=1 G=1", 1},
      {"check " + run_ok + " --stream alg1 b=1", 2},
      {"check " + good + " --junit /dev/full", 74},
      {"check " + good + " --threads 0", 2},
      {"check " + good + " --shard 2/2", 2},
      {"merge " + shard0 + " " + shard1, 1},  // the one run's exit: a failing row
      {"merge " + shard0, 2},                 // shard 1/2 missing
      {"merge " + good, 2},                   // not a shard's output
      {"sample VDH.pred.conj --n 3", 0},
      {"sample VDH.pred.conj --n 0", 2},
      {"sample VDH.pred.conj --n 3 --out /dev/full", 74},
      {"compare VDH.pred.conj --n 5", 0},
      {"compare VDH.pred.conj --n 5 --x Q --plot " + dir + "every.svg", 2},
      {"compare VDH.pred.conj --n 5 --x L", 2},  // --x without --plot would be ignored: refused
      {"compare VDH.pred.conj --n 5 --plot /dev/full", 74},
      {"prove VDH.lemma.lncosh", 0},
      {"prove VDH.lemma.lncosh y=1.42", 1},
      {"prove JKT.const.delta_typical", 3},
      {"prove VDH.pred.conj", 2},
      {"run alg1 b=1 G=1 --gradients " + grads, 0},
      {"run alg1 b=1 G=1 --gradients " + grads + " --out /dev/full", 74},
      {"run alg1 b=0 G=1 --gradients " + grads, 2},
      {"run local_laplace tau=1,2 --T 3", 0},
      {"run local_laplace tau=1,2 --T 3 --out /dev/full", 74},
  };
  for (const auto& [args, code] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, code) << "privoco " << args << "\n" << r.err;
    EXPECT_NE(r.code, 70) << "privoco " << args << "\n" << r.err;
    if (code == 2 || code == 74) {
      EXPECT_EQ(privoco::testing::count_lines(r.err), 1) << "privoco " << args << "\n" << r.err;
    }
  }
}

// A long command shows progress on standard error when that is a terminal and its output goes elsewhere (under
// `script`, which gives the command a terminal); not when the output goes to the same terminal (the sibling), and
// never into a pipe or file.
TEST(ExitCodes, ProgressOnlyOnATerminal) {
  if (std::system("command -v script > /dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1) here";
  const std::string log = test_dir() + "progress.log", cmd = std::string(PRIVOCO_BIN) +
                                                             " compare VDH.pred.cv --n 1500 --threads 1";
  auto on_terminal = [&](const std::string& redirect) {
    const std::string line = "script -qec '" + cmd + redirect + "' /dev/null > " + log + " 2>&1";
    EXPECT_EQ(std::system(line.c_str()), 0) << line;
    return privoco::testing::slurp(log);
  };
  const std::string shown = on_terminal(" > /dev/null");
  EXPECT_NE(shown.find("\033[Kcompare VDH.pred.cv: "), std::string::npos) << shown;
  EXPECT_NE(shown.find("\r\033[K"), std::string::npos) << "the line is erased at the end";
  const std::string same = on_terminal("");
  EXPECT_EQ(same.find("\033[Kcompare VDH.pred.cv: "), std::string::npos) << same;
  const CliRun piped = run("compare VDH.pred.cv --n 1500 --threads 1");
  EXPECT_EQ(piped.code, 0);
  EXPECT_EQ(piped.err.find("\033[Kcompare VDH.pred.cv: "), std::string::npos) << piped.err;
}

// PRIVOCO_SIMD: a name that is not a variant is bad input (one line naming the variable and what this machine
// runs); a forced variant changes no value (compare's accuracy record against the reference is the same in every
// variant).
TEST(ExitCodes, ForcedKernelVariantIsCheckedAndChangesNoValue) {
  const CliRun bad = privoco::testing::run_cli("--version", "PRIVOCO_SIMD=avx1024 ");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(privoco::testing::count_lines(bad.err), 1) << bad.err;
  EXPECT_NE(bad.err.find("PRIVOCO_SIMD"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("'avx1024' is not a variant"), std::string::npos) << bad.err;
  for (const char* id : {"VDH.pred.conj", "DP.gauss.delta"}) {
    const std::string args = std::string("compare ") + id + " --n 2000 --json";
    const CliRun best = run(args);
    ASSERT_EQ(best.code, 0) << best.err;
    for (const char* v : {"avx2", "baseline"}) {
      const CliRun r = privoco::testing::run_cli(args, std::string("PRIVOCO_SIMD=") + v + " ");
      if (r.code == 2 && r.err.find("cannot run here") != std::string::npos) continue;  // this CPU lacks it
      ASSERT_EQ(r.code, 0) << v << ": " << r.err;
      EXPECT_EQ(r.out, best.out) << id << " in variant " << v;
    }
  }
}

// --version: the release and which variant of the vectorised kernels runs (the widest this CPU supports, or the
// one PRIVOCO_SIMD forces); exit 0, and 74 with the system's error when standard output cannot be written.
TEST(ExitCodes, VersionNamesTheKernelVariant) {
  const CliRun r = run("--version");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("privoco ", 0), 0u) << r.out;
  const bool named = r.out.find("kernels: avx512 (") != std::string::npos ||
                     r.out.find("kernels: avx2 (") != std::string::npos ||
                     r.out.find("kernels: baseline (") != std::string::npos;
  EXPECT_TRUE(named) << r.out;
  const CliRun forced = privoco::testing::run_cli("--version", "PRIVOCO_SIMD=baseline ");
  EXPECT_EQ(forced.code, 0) << forced.err;
  EXPECT_NE(forced.out.find("kernels: baseline ("), std::string::npos) << forced.out;
  const std::string err = test_dir() + "version_err.txt";
  const int st = std::system((std::string(PRIVOCO_BIN) + " --version >/dev/full 2>" + err).c_str());
  EXPECT_EQ(WEXITSTATUS(st), 74);
  EXPECT_NE(privoco::testing::slurp(err).find("No space left on device"), std::string::npos);
}
