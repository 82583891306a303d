// privoco: the command-line oracle. One line on stderr and a non-zero exit for every error.
#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cerrno>
#include <iostream>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "shard.hpp"
#include "output.hpp"
#include "registry.hpp"
#include "run.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/simd.hpp"

namespace {
// Validators that say what they want: a tolerance is a finite number >= 0 (NaN and inf refused), a seed is an
// integer in [0, 2^64 - 1] written in digits (no sign: -1 would wrap), a count is an integer in [lo, hi].
const CLI::Validator kTolerance(
    [](std::string& s) -> std::string {
      char* end = nullptr;
      const double v = std::strtod(s.c_str(), &end);
      if (s.empty() || *end != '\0' || !std::isfinite(v) || v < 0) return "must be a finite number >= 0, not '" + s + "'";
      return {};
    },
    "FINITE >= 0");
const CLI::Validator kSeed(
    [](std::string& s) -> std::string {
      if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos ||
          (s.size() == 20 && s > "18446744073709551615"))
        return "must be an integer between 0 and 18446744073709551615 written in digits, not '" + s + "'";
      return {};
    },
    "0..2^64-1");
const char* const kShardHelp =
    "i/n: this part of the work (shards 0/n .. n-1/n), as JSON Lines that privoco merge combines into the one run's "
    "--json output";
const char* const kThreadsHelp = "threads (default: every core this process may use); the output does not depend on it";
CLI::Validator count_between(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const std::string range = "must be an integer between " + std::to_string(lo) + " and " + std::to_string(hi);
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 13) return range + ", not '" + s + "'";
        const long long v = std::stoll(s);
        if (v < lo || v > hi) return range + ", not " + s;
        return {};
      },
      std::to_string(lo) + ".." + std::to_string(hi));
}
}  // namespace

int main(int argc, char** argv) {
  using namespace privoco::oracle;
  remove_temporaries_on_interrupt();
  CLI::App app{"privoco: verified numerical reference for private online convex optimisation"};
  app.footer(std::string(exit_codes_text()) + "\n");
  app.option_defaults()->always_capture_default();  // --help shows every default
  app.require_subcommand(1);
  // --version: the release, the compiler, and which variant of the vectorised kernels runs
  app.set_version_flag("--version", [] {
    std::string can;
    for (const std::string& v : privoco::fast::kernel_variants()) can += (can.empty() ? "" : ", ") + v;
    return std::string("privoco ") + PRIVOCO_VERSION + " (GCC " + __VERSION__ + ")\nvectorised kernels: " +
           privoco::fast::kernel_variant() + " (floating point: " + privoco::fast::float_kernel_target() +
           "; integer: " + privoco::fast::integer_kernel_target() + "); this CPU runs " + can +
           " (PRIVOCO_SIMD=VARIANT forces one)";
  });
  std::string run_names, stream_names;  // what the papers registered (oracle/PAPER/register.cpp)
  for (const RunCommand& c : registry().runs) {
    run_names += (run_names.empty() ? "" : ", ") + c.names[0];
    if (c.check_stream) stream_names += (stream_names.empty() ? "" : ", ") + c.names[0];
  }

  bool list_json = false;
  auto* list = app.add_subcommand("list", "every catalogue ID with its parameters, domains and citation");
  list->add_flag("--json", list_json, "JSON output");

  EvalArgs ev;
  auto* eval = app.add_subcommand("eval", "one evaluation: privoco eval ID name=value ...");
  eval->add_option("id", ev.id, "catalogue ID, e.g. VDH.pred.conj")->required();
  eval->add_option("params", ev.assignments, "parameters as name=value (exact decimals)");
  eval->add_option("--impl", ev.impl, "reference (certified) or fast (double)")
      ->check(CLI::IsMember({"reference", "fast"}));
  eval->add_option("--digits", ev.digits, "certified significant digits wanted (reference)")
      ->check(CLI::Range(1, 100000));
  eval->add_option("--max-prec", ev.max_prec, "precision ceiling in bits (reference)")
      ->check(CLI::Range(64L, 1L << 26));
  eval->add_option("--max-time", ev.max_seconds,
                   "time limit per certified evaluation in seconds (reference): the precision is not raised again "
                   "when the next level would end past it; 0 for none")
      ->check(kTolerance);
  eval->add_flag("--json", ev.json, "JSON output (JSON Lines with --points)");
  eval->add_option("--points", ev.points,
                   "evaluate every row of this CSV / JSON Lines file (the sample format; - for stdin), streamed: the "
                   "parameters, then value, lo, hi, digits (reference) or value, status, log_abs, sign (fast)");

  ReportArgs rep;
  auto* report = app.add_subcommand("report", "accuracy of fast against the certified reference, and the errata");
  report->add_option("--n", rep.n, "random points per ID (plus the corners of the sampling box)")
      ->check(count_between(0, 1000000000000LL))->capture_default_str();
  report->add_option("--seed", rep.seed, "master seed (printed in the report)")->check(kSeed)->capture_default_str();
  report->add_option("--id", rep.ids, "restrict to these IDs");
  report->add_flag("--json", rep.json, "JSON output");
  report->add_option("--threads", rep.threads, kThreadsHelp)->check(count_between(1, 4096))->default_str("all cores");
  report->add_option("--shard", rep.shard, kShardHelp);
  report->add_option("--junit", rep.junit,
                     "also write JUnit XML: a test case per ID, learner, erratum and claim (for CI test reporters)");

  CheckArgs ck;
  auto* check = app.add_subcommand("check", "verdicts on another program's results (CSV or JSON Lines; - for stdin)");
  check->add_option("file", ck.file, "results file: id, the parameters by name, value")->required();
  check->add_option("--ulps", ck.ulps, "tolerance in ulps of double (default 16)")->check(kTolerance)->default_str("16");
  check->add_option("--rel", ck.rel, "tolerance as relative error instead (default: --ulps)")
      ->check(kTolerance)
      ->default_str("");
  check->add_option("--digits", ck.digits, "certified digits of the reference (escalated when undecided)")
      ->check(CLI::Range(1, 10000));
  check->add_option("--format", ck.format, "auto, csv or jsonl")->check(CLI::IsMember({"auto", "csv", "jsonl"}));
  check->add_option("--inputs", ck.inputs,
                    "double: parameters rounded to the nearest double, as a double program reads them (default); "
                    "exact: the decimals themselves")
      ->check(CLI::IsMember({"double", "exact"}));
  check->add_option("--claim", ck.claim,
                    "equal (within the tolerance, default), upper or lower: the values are bounds (a privacy "
                    "accountant's delta is an upper bound), judged sound or UNSOUND by certified comparison; a column "
                    "'claim' overrides per row")
      ->check(CLI::IsMember({"equal", "upper", "lower"}));
  check->add_flag("--all", ck.all, "print passing rows too");
  check->add_option("--expect-rows", ck.expect_rows,
                    "the file must have exactly this many data rows (a truncated file fails; without it, at least one)")
      ->check(CLI::Range(0LL, 1000000000000LL))
      ->default_str("");
  check->add_flag("--json", ck.json, "JSON Lines: one object per row, then a summary object");
  check->add_option("--junit", ck.junit, "also write JUnit XML: a test case per row (for CI test reporters)");
  check->add_option("--threads", ck.threads, kThreadsHelp)->check(count_between(1, 4096))->default_str("all cores");
  check->add_option("--shard", ck.shard, kShardHelp);
  std::string stream_alg, stream_prior = "conjugate";
  std::vector<std::string> stream_params;
  check->add_option("params", stream_params, "with --stream: the learner's b=... G=...");
  check->add_option("--stream", stream_alg,
                    "FILE is a run of this algorithm (" + stream_names + "): columns g, w (or g1..gd, w1..wd); each "
                    "prediction is checked against the certified replay and the first step that disagrees is named");
  std::string stream_sums = "exact";
  check->add_option("--sums", stream_sums,
                    "with --stream alg1|alg3: exact (L and V as exact sums, the definition) or double (as a plain "
                    "double loop sums them: judges the prediction alone)")
      ->check(CLI::IsMember({"exact", "double"}));
  check->add_option("--prior", stream_prior, "with --stream: conjugate, uniform or improper")
      ->check(CLI::IsMember({"conjugate", "uniform", "improper"}));

  RunArgs ra;
  auto* run = app.add_subcommand("run", "a paper's learner over a gradient file (predictions, realised regret), its samplers or presets");
  run->add_option("alg", ra.alg, "a learner, sampler or preset (or its catalogue ID): " + run_names)
      ->required();
  run->add_option("params", ra.assignments, "b=... (alg3: one or d comma-separated) G=...; local_laplace: tau=t1,..,td (inf allowed); l2_mech: eps=.. d=..; exact decimals");
  run->add_option("--gradients", ra.gradients, "CSV/JSON Lines with column g (alg1) or g1..gd; - for stdin");
  run->add_option("--T", ra.T_list, "scenarios: horizons, comma-separated (default 100,1000,10000); local_laplace, l2_mech: the number of draws (default 10)");
  run->add_option("--seeds", ra.seeds, "scenarios: runs per horizon (default 10)")->check(CLI::Range(2L, 1000000L));
  run->add_option("--seed", ra.seed, "scenarios and randomisers: master seed (printed)")->check(kSeed);
  run->add_option("--plot", ra.plot, "scenarios: write an SVG of mean regret against T (log T; error bars +- 1 s.e.)");
  run->add_flag("--log-log", ra.log_log, "scenarios: the plot's regret axis in log scale too");
  run->add_option("--prior", ra.prior, "conjugate (default), uniform or improper")->check(CLI::IsMember({"conjugate", "uniform", "improper"}));
  run->add_option("--impl", ra.impl, "fast (double) or reference (certified values; every alg)")
      ->check(CLI::IsMember({"fast", "reference"}));
  run->add_option("--digits", ra.digits, "certified digits (reference)")->check(CLI::Range(1, 10000));
  run->add_option("--out", ra.out, "predictions CSV (default: standard output; the summary then goes to stderr)");
  run->add_option("--u", ra.u, "comparators of the realised regret, comma-separated (default 0,1,-1,10,-10)");
  run->add_option("--state-in", ra.state_in, "start from this saved state (fast alg1, alg2, alg3)");
  run->add_option("--state-out", ra.state_out, "save the final state exactly (hex floats)");
  run->add_flag("--json", ra.json, "summary as JSON");

  SampleArgs sa;
  auto* sample = app.add_subcommand("sample", "inputs covering an ID's domain, in the format check reads");
  sample->add_option("id", sa.id, "catalogue ID")->required();
  sample->add_option("--n", sa.n, "rows: random points, and up to a quarter of them (at most one per corner) corners of the sampling box, written last")
      ->check(count_between(1, 1000000000000LL))->capture_default_str();
  sample->add_option("--seed", sa.seed, "seed")->check(kSeed)->capture_default_str();
  sample->add_option("--out", sa.out, "output file (default: standard output)");
  sample->add_option("--format", sa.format, "csv or jsonl")->check(CLI::IsMember({"csv", "jsonl"}));

  CompareArgs cp;
  auto* compare = app.add_subcommand("compare", "fast against reference: error distribution, worst inputs, plot");
  compare->add_option("id", cp.id, "catalogue ID")->required();
  compare->add_option("--n", cp.n, "random points (plus the corners of the sampling box)")
      ->check(count_between(0, 1000000000000LL))->capture_default_str();
  compare->add_option("--seed", cp.seed, "seed")->check(kSeed)->capture_default_str();
  compare->add_option("--points", cp.points, "use the rows of this file (check format) instead of a sample");
  compare->add_option("--plot", cp.plot, "write an SVG plot of the errors");
  compare->add_option("--x", cp.x, "parameter on the plot's x axis (default: the first)");
  compare->add_option("--ulps", cp.ulps, "tolerance drawn on the plot and applied to the file's values")
      ->check(kTolerance)->capture_default_str();
  compare->add_flag("--json", cp.json, "JSON output");
  compare->add_option("--threads", cp.threads, kThreadsHelp)->check(count_between(1, 4096))->default_str("all cores");
  compare->add_option("--shard", cp.shard, kShardHelp);

  ProveArgs pv;
  auto* prove = app.add_subcommand("prove", "certify or refute a claim of the papers (exit 0 certified, 1 refuted, 3 undecided)");
  prove->add_option("--fail-on", pv.fail_on,
                    "with --all: the verdicts that make the exit non-zero: undecided (refuted or undecided; the "
                    "default), refuted, or none")
      ->check(CLI::IsMember({"undecided", "refuted", "none"}))
      ->capture_default_str();
  prove->add_option("id", pv.id, "claim ID, e.g. VDH.lemma.lncosh");
  prove->add_option("constants", pv.assignments, "override the claim's constants: name=value");
  prove->add_flag("--threshold", pv.threshold, "search the best value of each constant (certified interval)");
  prove->add_flag("--all", pv.all, "every claim with its thresholds, as a table");
  prove->add_flag("--json", pv.json, "JSON output");
  prove->add_option("--junit", pv.junit, "also write JUnit XML: a test case per claim (for CI test reporters)");
  prove->add_option("--threads", pv.threads, std::string("with --all: ") + kThreadsHelp)
      ->check(count_between(1, 4096))
      ->default_str("all cores");
  prove->add_option("--shard", pv.shard, std::string("with --all: ") + kShardHelp);

  MergeArgs mg;
  auto* merge = app.add_subcommand("merge", "combine the --shard outputs of one check, compare, report or prove --all "
                                            "into exactly the --json output of one run (and its exit code)");
  merge->add_option("files", mg.files, "every shard's output, in any order")->required()->check(CLI::ExistingFile);

  prove->add_option("--seed", pv.seed, "seed of the adversarial searches (printed)")->check(kSeed)->capture_default_str();

  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const auto* sub : app.get_subcommands({})) known |= sub->get_name() == argv[1];
    if (!known) {
      std::fprintf(stderr, "privoco: error: unknown command '%s' (commands: list, eval, report, check, sample, compare, prove, run, merge; privoco --help)\n",
                   argv[1]);
      return kBadInput;
    }
  }
  try {
    privoco::fast::use_kernel_variant_from_env();
  } catch (const privoco::Error& e) {
    std::fprintf(stderr, "privoco: error: %s\n", e.what());
    return kBadInput;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    std::printf("%s\n", e.what());
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return 0;
    std::fprintf(stderr, "privoco: error: cannot write standard output: %s\n", std::strerror(errno));
    return kWriteFailed;
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "privoco: error: %s (privoco --help)\n", e.what());
    return kBadInput;
  }
  auto dispatch = [&]() -> int {
    if (*list) return cmd_list(list_json);
    if (*eval) return cmd_eval(ev);
    if (*report) return cmd_report(rep);
    if (*check) {
      if (!stream_alg.empty()) {
        if (check->count("--expect-rows"))
          throw privoco::ParamError("check", "--expect-rows", "applies to result files, not to --stream runs");
        if (check->count("--shard") || check->count("--threads"))
          throw privoco::ParamError("check", check->count("--shard") ? "--shard" : "--threads",
                                    "applies to result files, not to --stream runs (a replay is one sequence)");
        StreamCheckArgs sc;
        sc.file = ck.file, sc.alg = stream_alg, sc.prior = stream_prior, sc.format = ck.format;
        sc.assignments = stream_params, sc.ulps = ck.ulps, sc.rel = ck.rel, sc.digits = ck.digits;
        sc.json = ck.json, sc.all = ck.all, sc.sums = stream_sums, sc.junit = ck.junit;
        return cmd_check_stream(sc);
      }
      if (!stream_params.empty())
        throw privoco::ParamError("check", stream_params[0], "name=value parameters need --stream ALG");
      if (check->count("--sums")) throw privoco::ParamError("check", "--sums", "applies to --stream runs only");
      return cmd_check(ck);
    }
    if (*run) {
      for (const CLI::Option* o : run->get_options())
        if (o->count() && !o->get_lnames().empty() && o->get_name() != "--help")
          ra.given.push_back("--" + o->get_lnames()[0]);
      ra.T_given = run->count("--T") > 0;
      return cmd_run(ra);
    }
    if (*sample) return cmd_sample(sa);
    if (*merge) return cmd_merge(mg);
    if (*compare) return cmd_compare(cp);
    if (*prove) {
      if (!pv.all && pv.id.empty()) throw privoco::ParamError("prove", "id", "give a claim ID or --all");
      if (pv.all && pv.id.find('=') != std::string::npos)
        throw privoco::ParamError("prove", pv.id, "--all proves every claim at its defaults; constants need one claim ID");
      if (pv.all && !pv.id.empty())
        throw privoco::ParamError("prove", "id", "'" + pv.id + "' with --all (give a claim ID or --all, not both)");
      if (!pv.all && prove->count("--fail-on"))
        throw privoco::ParamError("prove", "--fail-on", "applies to --all only (one claim's exit is its verdict)");
      if (!pv.all && prove->count("--threads"))
        throw privoco::ParamError("prove", "--threads", "applies to --all only (one claim runs on one thread)");
      if (!pv.all && prove->count("--shard"))
        throw privoco::ParamError("prove", "--shard", "applies to --all only");
      if (pv.all && !pv.assignments.empty())
        throw privoco::ParamError("prove", pv.assignments[0],
                                  "--all proves every claim at its defaults; constants need one claim ID");
      return cmd_prove(pv);
    }
    return kOk;
  };
  try {
    const int code = dispatch();
    check_stdout();
    return code;
  } catch (const WriteError& e) {
    std::fprintf(stderr, "privoco: error: %s\n", e.what());
    return kWriteFailed;
  } catch (const privoco::Error& e) {
    std::fprintf(stderr, "privoco: error: %s\n", e.what());
    return kBadInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "privoco: internal error (please report it with the command line): %s\n", e.what());
    return kInternal;
  }
}
