#include "parallel.hpp"

#include <flint/flint.h>

#include <algorithm>

#include "privoco/reference/evaluate.hpp"
#include <sched.h>

namespace privoco::oracle {

unsigned default_threads() {
  cpu_set_t set;  // the cores this process may run on (a container's or taskset's limit), else the machine's
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
  const unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

WorkerPool::WorkerPool(unsigned workers) {
  for (unsigned k = 0; k < workers; ++k) threads_.emplace_back([this] { worker_loop(); });
}

WorkerPool::~WorkerPool() {
  {
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [&] { return running_ == 0; });  // a job submitted and not waited for
    stop_ = true;
  }
  start_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::submit(std::size_t n, std::function<void(std::size_t)> fn, std::size_t chunk) {
  std::unique_lock<std::mutex> lock(mu_);
  done_.wait(lock, [&] { return running_ == 0; });
  fn_ = std::move(fn), n_ = n, chunk_ = std::max<std::size_t>(chunk, 1);
  next_ = 0, failed_ = false, error_ = nullptr;
  running_ = workers();
  ++generation_;
  lock.unlock();
  start_.notify_all();
}

void WorkerPool::wait() {
  std::unique_lock<std::mutex> lock(mu_);
  done_.wait(lock, [&] { return running_ == 0; });
  if (error_) {
    std::exception_ptr e = error_;
    error_ = nullptr;
    std::rethrow_exception(e);
  }
}

void WorkerPool::work() {
  auto one = [&](std::size_t i) {
    try {
      fn_(i);
    } catch (...) {
      // the error of the lowest index, as a run on one thread meets it first (indices are handed out in increasing
      // order, so every lower one is already running and finishes)
      std::lock_guard<std::mutex> lock(mu_);
      if (!error_ || i < error_index_) error_ = std::current_exception(), error_index_ = i;
      failed_ = true;
    }
  };
  for (std::size_t c; !failed_ && (c = next_.fetch_add(chunk_)) < n_;)
    for (std::size_t i = c; i < std::min(c + chunk_, n_) && !failed_; ++i) one(i);
}

void WorkerPool::worker_loop() {
  unsigned long seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) break;
      seen = generation_;
    }
    work();
    bool last;
    {
      std::lock_guard<std::mutex> lock(mu_);
      last = --running_ == 0;
    }
    if (last) done_.notify_all();
  }
  flint_cleanup();  // this thread's Arb/FLINT caches
}

void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& fn) {
  if (threads <= 1 || n <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  WorkerPool pool(static_cast<unsigned>(std::min<std::size_t>(threads, n)));
  pool.run(n, fn);
}

void for_each_in_runs(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& fn) {
  const std::size_t runs = (n + kPointsPerRun - 1) / kPointsPerRun;
  parallel_for(runs, threads, [&](std::size_t r) {
    reference::reset_caches();
    for (std::size_t i = r * kPointsPerRun; i < std::min(n, (r + 1) * kPointsPerRun); ++i) fn(i);
  });
}

}  // namespace privoco::oracle
