// --threads N: independent evaluations (check's rows, report's and compare's points, prove --all's claims) on N
// threads. Every result lands in its own slot and is printed in input order afterwards, so the output is the same
// bytes for any N.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace privoco::oracle {

// The --threads default: every core the process may use.
unsigned default_threads();
// --threads as given (0: the default).
inline unsigned resolve_threads(unsigned requested) { return requested ? requested : default_threads(); }

// Worker threads that live as long as the pool. submit() starts a job of n indices and returns at once (the caller
// meanwhile reads or writes the previous block); wait() returns when every index is done and rethrows the exception
// fn threw at the lowest index (no index above it is then started). Scheduling is dynamic: the next free worker takes the
// next `chunk` indices (task times vary by orders of magnitude where the reference escalates; chunks of a few cheap
// tasks keep the workers off one shared counter).
class WorkerPool {
 public:
  explicit WorkerPool(unsigned workers);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  unsigned workers() const { return static_cast<unsigned>(threads_.size()); }
  void submit(std::size_t n, std::function<void(std::size_t)> fn, std::size_t chunk = 1);
  void wait();
  void run(std::size_t n, std::function<void(std::size_t)> fn, std::size_t chunk = 1) {
    submit(n, std::move(fn), chunk);
    wait();
  }

 private:
  void worker_loop();
  void work();  // a worker's share of the current job

  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable start_, done_;
  std::function<void(std::size_t)> fn_;
  std::size_t n_ = 0, chunk_ = 1;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> failed_{false};
  unsigned running_ = 0;          // workers still on the current job
  unsigned long generation_ = 0;  // jobs submitted
  bool stop_ = false;
  std::exception_ptr error_;
  std::size_t error_index_ = 0;
};

// fn(i) for i in [0, n) on `threads` threads (a pool for one call; 1: in the calling thread, in order).
void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& fn);

// Certified evaluations of many points (check's rows, report's and compare's points) go in runs of this many, each
// run from empty Arb caches (reference::reset_caches): a point's enclosure then depends on its run, not on the
// thread that evaluated it or on what that thread did before, so the output is the same on any number of threads.
constexpr std::size_t kPointsPerRun = 64;
// fn(i) for i in [0, n), in runs of kPointsPerRun (in order within a run), the runs on `threads` threads.
void for_each_in_runs(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& fn);

}  // namespace privoco::oracle
