// A progress line for long commands (report, compare, prove --all, check): on standard error, only when standard
// error is a terminal and standard output is not (output going to a terminal already shows the work as it ends; a
// line rewritten in between would garble it), never in files or pipes. Rewritten at most twice a second from any
// thread, erased when the command's work ends or is interrupted.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace privoco::oracle {

// whether a command whose output goes to standard output shows progress: standard error a terminal, standard
// output not one, or (quiet) the command writes next to nothing to standard output while it works
bool progress_wanted(bool quiet_stdout = false);

// writes "erase the line" to standard error if a progress line is shown (async-signal-safe: for the interrupt handler)
void erase_progress_line_on_signal();

class Progress {
 public:
  // `what` names the work ("report: VDH.pred.conj (3 of 40)"), `total` its units (0: unknown), `unit` their name
  Progress(std::string what, std::size_t total, std::string unit, bool show);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  // n more units done (thread-safe; prints when half a second has passed since the last line)
  void add(std::size_t n = 1);
  // erases a shown line (before other text goes to the same terminal); the next add() past the interval shows it again
  void clear();

 private:
  void print_locked(std::size_t done);
  std::string what_, unit_;
  std::size_t total_;
  bool show_;
  std::atomic<std::size_t> done_{0};
  std::atomic<long long> next_ns_{0};
  std::chrono::steady_clock::time_point t0_;
  std::mutex mu_;
  bool printed_ = false;
};

}  // namespace privoco::oracle
