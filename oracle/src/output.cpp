#include "output.hpp"

#include "progress.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <signal.h>

#include <cerrno>
#include <csignal>
#include <cmath>
#include <cstring>
#include <iostream>

namespace privoco::oracle {

namespace {
// The temporaries an interrupt removes: fixed storage, so the handler only reads memory and calls unlink().
constexpr int kMaxTemporaries = 32;
char g_temporaries[kMaxTemporaries][4096];
volatile std::sig_atomic_t g_in_use[kMaxTemporaries];

extern "C" void remove_temporaries_and_reraise(int sig) {
  erase_progress_line_on_signal();
  for (int i = 0; i < kMaxTemporaries; ++i)
    if (g_in_use[i]) ::unlink(g_temporaries[i]);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

int register_temporary(const std::string& path) {
  if (path.size() >= sizeof g_temporaries[0]) return -1;
  for (int i = 0; i < kMaxTemporaries; ++i)
    if (!g_in_use[i]) {
      std::memcpy(g_temporaries[i], path.c_str(), path.size() + 1);
      g_in_use[i] = 1;
      return i;
    }
  return -1;
}

void unregister_temporary(int slot) {
  if (slot >= 0) g_in_use[slot] = 0;
}
}  // namespace

void remove_temporaries_on_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = remove_temporaries_and_reraise;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

json values_json(const Entry& e, const ParamTexts& g) {
  json j = json::object();
  for (std::size_t i = 0; i < g.size(); ++i)
    if (e.params[i].per_coordinate) j[g[i].first] = g[i].second;
    else j[g[i].first] = g[i].second.empty() ? "" : g[i].second[0];
  return j;
}

json params_json(const Entry& e, const std::vector<double>& p) { return values_json(e, param_texts(e, p)); }

json num_or_inf(double x) {
  if (std::isfinite(x)) return x;
  return std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf");
}

json record(const char* type) { return json{{"record", type}}; }

void JsonLine::key(const char* k) {
  if (text_.size() > 1) text_ += ',';
  string(k);
  text_ += ':';
}

void JsonLine::string(const std::string& v) {
  bool plain = true;  // printable ASCII without quote or backslash: written as it is
  for (unsigned char c : v) plain &= c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  if (plain) text_.append(1, '"').append(v).append(1, '"');
  else text_ += json_text(json(v));
}

JsonLine& JsonLine::str(const char* k, const std::string& v) {
  key(k);
  string(v);
  return *this;
}

JsonLine& JsonLine::num(const char* k, double x) {
  key(k);
  if (!std::isfinite(x)) {
    string(std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
    return *this;
  }
  char buf[64];  // nlohmann's own shortest round-trip form (what dump() writes for a double)
  char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, x);
  text_.append(buf, end);
  return *this;
}

JsonLine& JsonLine::count(const char* k, std::size_t v) {
  key(k);
  text_ += std::to_string(v);
  return *this;
}

JsonLine& JsonLine::integer(const char* k, long long v) {
  key(k);
  text_ += std::to_string(v);
  return *this;
}

JsonLine& JsonLine::boolean(const char* k, bool v) {
  key(k);
  text_ += v ? "true" : "false";
  return *this;
}

JsonLine& JsonLine::object(const char* k, const std::vector<std::pair<std::string, std::string>>& strings) {
  key(k);
  text_ += '{';
  for (std::size_t i = 0; i < strings.size(); ++i) {
    if (i) text_ += ',';
    string(strings[i].first);
    text_ += ':';
    string(strings[i].second);
  }
  text_ += '}';
  return *this;
}

json summary_line(const char* command, json fields, int exit_code) {
  json s{{"command", command}};
  for (auto& [k, v] : fields.items()) s[k] = v;
  s["exit"] = exit_code;
  return json{{"summary", s}};
}

void print_line(const json& j) { std::printf("%s\n", json_text(j).c_str()); }

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  // a regular file (or a new one) goes through a temporary beside it; anything else (a device such as /dev/full or
  // /dev/stdout, a pipe) is written in place, and checked on commit
  struct stat st;
  const bool special = ::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
  if (!special) {
    tmp_ = path_ + ".tmp-" + std::to_string(::getpid());
    slot_ = register_temporary(tmp_);  // before the file exists: an interrupt in between unlinks nothing
    f_ = std::fopen(tmp_.c_str(), "w");
    if (!f_) tmp_.clear(), unregister_temporary(slot_), slot_ = -1;
  }
  if (!f_) f_ = std::fopen(path_.c_str(), "w");
  if (!f_) throw WriteError("cannot write '" + path_ + "': " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (f_) {
    std::fclose(f_);
    if (!tmp_.empty()) std::remove(tmp_.c_str());
  }
  unregister_temporary(slot_);
}

void AtomicFile::commit() {
  std::FILE* f = f_;
  f_ = nullptr;
  const bool flushed = std::fflush(f) == 0 && !std::ferror(f);
  int err = errno;
  const bool closed = std::fclose(f) == 0;
  if (flushed && !closed) err = errno;
  if (!flushed || !closed) {
    if (!tmp_.empty()) std::remove(tmp_.c_str());
    throw WriteError("cannot write '" + path_ + "': " + std::strerror(err));
  }
  if (!tmp_.empty() && std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    err = errno;
    std::remove(tmp_.c_str());
    unregister_temporary(slot_), slot_ = -1;
    throw WriteError("cannot write '" + path_ + "' (renaming the finished file): " + std::strerror(err));
  }
  unregister_temporary(slot_), slot_ = -1;
}

void write_text_file(const std::string& path, const std::string& text) {
  AtomicFile f(path);
  std::fwrite(text.data(), 1, text.size(), f.get());
  f.commit();
}

void check_stdout() {
  std::cout.flush();
  const bool ok = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (!ok) throw WriteError(std::string("cannot write standard output: ") + std::strerror(errno ? errno : EIO));
}

}  // namespace privoco::oracle
