#include "progress.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <utility>

namespace privoco::oracle {

namespace {
constexpr long long kIntervalNs = 500000000;  // half a second between lines
volatile std::sig_atomic_t g_line_shown = 0;  // an interrupt erases a shown line (progress_on_interrupt)

std::chrono::nanoseconds since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0);
}
}  // namespace

bool progress_wanted(bool quiet_stdout) {
  return ::isatty(STDERR_FILENO) && (quiet_stdout || !::isatty(STDOUT_FILENO));
}

void erase_progress_line_on_signal() {
  if (g_line_shown) {
    const char erase[] = "\r\033[K";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, erase, sizeof erase - 1);
  }
}

Progress::Progress(std::string what, std::size_t total, std::string unit, bool show)
    : what_(std::move(what)), unit_(std::move(unit)), total_(total), show_(show), t0_(std::chrono::steady_clock::now()) {
  next_ns_ = kIntervalNs;
}

Progress::~Progress() { clear(); }

void Progress::add(std::size_t n) {
  const std::size_t done = done_ += n;
  if (!show_) return;
  const long long now = since(t0_).count();
  long long next = next_ns_.load(std::memory_order_relaxed);
  if (now < next || !next_ns_.compare_exchange_strong(next, now + kIntervalNs)) return;  // one thread prints
  std::lock_guard<std::mutex> lock(mu_);
  print_locked(done);
}

void Progress::clear() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!printed_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  printed_ = false;
  g_line_shown = 0;
}

void Progress::print_locked(std::size_t done) {
  const double secs = since(t0_).count() * 1e-9;
  if (total_ > 0)
    std::fprintf(stderr, "\r\033[K%s: %zu of %zu %s (%.0f s)", what_.c_str(), done, total_, unit_.c_str(), secs);
  else
    std::fprintf(stderr, "\r\033[K%s: %zu %s (%.0f s)", what_.c_str(), done, unit_.c_str(), secs);
  std::fflush(stderr);
  printed_ = true;
  g_line_shown = 1;
}

}  // namespace privoco::oracle
