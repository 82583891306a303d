// The exit codes of every privoco command, one table (README "Exit codes"; `privoco --help`).
#pragma once

namespace privoco::oracle {

enum Exit : int {
  kOk = 0,          // all good: rows pass, claims certified, the command did what was asked
  kAgainst = 1,     // a verdict against: failed or unsound rows, a refuted claim, a stream step that disagrees
  kBadInput = 2,    // bad input: options, parameters, files (one line on stderr names it)
  kUndecided = 3,   // a claim neither certified nor refuted (prove), within its budget
  kInternal = 70,   // privoco itself failed (a defect: please report it with the command line)
  kWriteFailed = 74,  // an output could not be written (the path and the system's error on stderr)
};

// One line for --help.
inline const char* exit_codes_text() {
  return "exit codes: 0 all good; 1 a verdict against (failed rows, refuted claims); 2 bad input; 3 undecided; "
         "70 privoco itself failed; 74 an output could not be written";
}

}  // namespace privoco::oracle
