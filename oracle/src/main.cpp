// privoco: the command-line oracle. One line on stderr and a non-zero exit for every error.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "privoco/errors.hpp"

int main(int argc, char** argv) {
  using namespace privoco::oracle;
  CLI::App app{"privoco: verified numerical reference for private online convex optimisation"};
  app.require_subcommand(1);

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
  eval->add_flag("--json", ev.json, "JSON output");

  ReportArgs rep;
  auto* report = app.add_subcommand("report", "accuracy of fast against the certified reference, and the errata");
  report->add_option("--n", rep.n, "random points per ID (plus the corners of the sampling box)");
  report->add_option("--seed", rep.seed, "master seed (printed in the report)");
  report->add_option("--id", rep.ids, "restrict to these IDs");
  report->add_flag("--json", rep.json, "JSON output");

  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const auto* sub : app.get_subcommands({})) known |= sub->get_name() == argv[1];
    if (!known) {
      std::fprintf(stderr, "privoco: error: unknown command '%s' (commands: list, eval, report; privoco --help)\n",
                   argv[1]);
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "privoco: error: %s (privoco --help)\n", e.what());
    return 2;
  }
  try {
    if (*list) return cmd_list(list_json);
    if (*eval) return cmd_eval(ev);
    if (*report) return cmd_report(rep);
  } catch (const privoco::Error& e) {
    std::fprintf(stderr, "privoco: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "privoco: internal error: %s\n", e.what());
    return 3;
  }
  return 0;
}
