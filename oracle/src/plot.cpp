#include "plot.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "output.hpp"

namespace privoco::oracle {

double text_width(const std::string& text, double size) {
  double em = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) == 0x80) continue;                   // UTF-8 continuation byte
    if (c >= 0x80) em += 0.85;                          // a non-ASCII character (§, ±, ...)
    else if (std::strchr("mwMW@%", c)) em += 1.0;
    else if (std::strchr(" ijlrtf.,:;'|!()[]{}/\\-", c)) em += 0.42;
    else if (c >= 'A' && c <= 'Z') em += 0.78;
    else em += 0.64;                                    // lower case, digits, other signs
  }
  return em * size;
}

namespace {

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}

// `s` shortened with "..." in the middle until it fits `width` pixels (a file path keeps its name at the end).
std::string fit(const std::string& s, double size, double width) {
  if (text_width(s, size) <= width) return s;
  std::string head = s.substr(0, s.size() / 2), tail = s.substr(s.size() / 2);
  while (!head.empty() && text_width(head + "..." + tail, size) > width) {
    if (head.size() >= tail.size()) head.pop_back();
    else tail.erase(0, 1);
  }
  while (!head.empty() && (static_cast<unsigned char>(head.back()) & 0xC0) == 0x80) head.pop_back();  // whole chars
  while (!tail.empty() && (static_cast<unsigned char>(tail.front()) & 0xC0) == 0x80) tail.erase(0, 1);
  return head + "..." + tail;
}

// x as %g without the exponent's plus sign and leading zeros: 1e6, 2.5e-7, 16.
std::string short_num(double x) {
  std::string s = fmt::format("{:g}", x);
  const std::size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string mant = s.substr(0, e), ex = s.substr(e + 1);
  const bool minus = ex[0] == '-';
  ex.erase(0, ex.find_first_not_of("+-0"));
  return mant + "e" + (minus ? "-" : "") + ex;
}

// 10^d as a tick label: 1e-8, 0.01, 0.1, 1, 10, 100, 1e3.
std::string decade_label(double d) {
  if (d >= -2 && d <= 4) return fmt::format("{:g}", std::pow(10.0, d));
  return fmt::format("1e{:g}", d);
}

// Ticks at 1, 2 or 5 x 10^k covering [lo, hi] with at most `max_ticks` intervals; lo and hi widened to ticks.
std::vector<double> nice_ticks(double* lo, double* hi, int max_ticks) {
  const double raw = (*hi - *lo) / max_ticks;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * p;
  for (double m : {1.0, 2.0, 5.0})
    if (m * p >= raw) {
      step = m * p;
      break;
    }
  *lo = std::floor(*lo / step + 1e-9) * step;
  *hi = std::ceil(*hi / step - 1e-9) * step;
  std::vector<double> t;
  for (double v = *lo; v <= *hi + step * 1e-6; v += step) t.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
  return t;
}

struct Canvas {
  std::ostringstream f;
  double W, H;
  Canvas(double w, double h) : W(w), H(h) {
    f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    f << fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                     "font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n", W, H);
    f << fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"white\"/>\n", W, H);
  }
  void text(double x, double y, const std::string& s, const char* anchor = "start", double size = 12,
            const char* fill = "black") {
    f << fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\" font-size=\"{}\" fill=\"{}\">{}</text>\n", x, y,
                     anchor, size, fill, esc(s));
  }
  void line(double x1, double y1, double x2, double y2, const char* stroke, const char* extra = "") {
    f << fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" {}/>\n", x1, y1, x2, y2,
                     stroke, extra);
  }
  void write(const std::string& path) {
    f << "</svg>\n";
    if (!f) throw WriteError("cannot write plot file '" + path + "'");
    write_text_file(path, f.str());
  }
};

// A legend entry: a marker drawn by `draw(x, y)` and its label.
struct LegendEntry {
  std::string label;
  std::string (*draw)(double x, double y, const char* colour);
  const char* colour;
};

std::string dot(double x, double y, const char* c) { return fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.2\" fill=\"{}\"/>", x, y, c); }
std::string small_dot(double x, double y, const char* c) { return fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"1.6\" fill=\"{}\"/>", x, y, c); }
std::string triangle(double x, double y, const char* c) {
  return fmt::format("<path d=\"M{:.1f} {:.1f}l4 7h-8z\" fill=\"{}\"/>", x, y - 4.5, c);
}
std::string diamond(double x, double y, const char* c) {
  return fmt::format("<path d=\"M{:.1f} {:.1f}l4 4l-4 4l-4 -4z\" fill=\"{}\"/>", x, y - 4, c);
}
std::string cross(double x, double y, const char* c) {
  return fmt::format("<path d=\"M{:.1f} {:.1f}l7 7m0 -7l-7 7\" stroke=\"{}\" stroke-width=\"1.6\"/>", x - 3.5, y - 3.5, c);
}
std::string ring(double x, double y, const char* c) {
  return fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.2\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.4\"/>", x, y, c);
}
std::string dash(double x, double y, const char* c) {
  return fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-dasharray=\"6 4\" "
                     "stroke-width=\"1.5\"/>", x - 10, y, x + 10, y, c);
}
std::string bar(double x, double y, const char* c) {
  return fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"{3}\" stroke-width=\"2\"/>"
                     "<circle cx=\"{4:.1f}\" cy=\"{1:.1f}\" r=\"3\" fill=\"{3}\"/>", x - 10, y, x + 10, c, x);
}

// Lays the entries out in rows under the title from y = y0 across [x0, x1]; returns the y below the last row.
double legend(Canvas& cv, const std::vector<LegendEntry>& entries, double x0, double x1, double y0) {
  double x = x0, y = y0;
  for (const auto& e : entries) {
    const double w = 26 + text_width(e.label, 12) + 18;
    if (x > x0 && x + w > x1) x = x0, y += 18;
    cv.f << e.draw(x + 10, y - 4, e.colour) << "\n";
    cv.text(x + 26, y, fit(e.label, 12, x1 - x0 - 26));
    x += w;
  }
  return y + 10;
}

struct MarkStyle {
  const char* label;
  std::string (*draw)(double, double, const char*);
  const char* colour;
};
MarkStyle style(Mark m) {
  switch (m) {
    case Mark::within: return {"within tolerance", dot, "#259"};
    case Mark::outside: return {"outside tolerance", dot, "#d40"};
    case Mark::inf: return {"infinite", triangle, "#c00"};
    case Mark::nan: return {"NaN", diamond, "#80c"};
    case Mark::wrong_sign: return {"wrong sign", cross, "#c00"};
    case Mark::zero: return {"zero (true value is not)", ring, "#000"};
  }
  return {"", dot, "#000"};
}

bool finite_mark(Mark m) { return m == Mark::within || m == Mark::outside; }

}  // namespace

void write_error_svg(const std::string& path, const ErrorPlot& p) {
  const double W = 900, H = 540, right = 20, bottom = 58;
  Canvas cv(W, H);
  // y range in decades: from 1e-3 (smaller errors drawn there) to past the largest finite error and the tolerance
  double ymax = 1;
  bool special = false, neg = false, zero_x = false;
  double min_abs = INFINITY, max_abs = 0;
  for (const auto* v : {&p.points, &p.background})
    for (const auto& q : *v) {
      if (finite_mark(q.mark) && std::isfinite(q.ulp)) ymax = std::max(ymax, q.ulp);
      special |= !finite_mark(q.mark);
      if (q.x != 0 && std::isfinite(q.x)) min_abs = std::min(min_abs, std::fabs(q.x)), max_abs = std::max(max_abs, std::fabs(q.x));
      neg |= q.x < 0;
      zero_x |= q.x == 0;
    }
  const double y0 = -3;
  const double y1 = std::max({1.0, std::ceil(std::log10(ymax) + 1e-9), std::floor(std::log10(std::max(p.tol_ulps, 1e-3))) + 1});
  const int ystep = std::max(1, static_cast<int>(std::ceil((y1 - y0) / 10)));
  std::vector<std::string> ylabels;
  double left = 0;
  for (double l = y0; l <= y1; l += ystep) left = std::max(left, text_width(decade_label(l), 12));
  left = std::max(left + 14, text_width("other", 12) + 14) + 24;  // tick labels, the rotated axis title
  // title and legend
  cv.text(left, 22, fit(p.title, 15, W - left - right), "start", 15);
  std::vector<LegendEntry> entries;
  bool seen[6] = {};
  for (const auto& q : p.points) seen[static_cast<int>(q.mark)] = true;
  for (int m = 0; m < 6; ++m)
    if (seen[m]) {
      const MarkStyle s = style(static_cast<Mark>(m));
      const std::string who = fit(p.label, 12, 220);  // a long file name shortened in the middle
      const std::string l = m <= 1 ? who + ", " + s.label : who + ": " + s.label;
      entries.push_back({l, s.draw, s.colour});
    }
  if (!p.background.empty()) entries.push_back({p.background_label, small_dot, "#aaa"});
  entries.push_back({"tolerance " + short_num(p.tol_ulps) + " ulp", dash, "#c80"});
  const double top_band = legend(cv, entries, left, W - right, 42) + 4;
  // the band of claims without a finite error: a row per kind present
  int band_row[6] = {-1, -1, -1, -1, -1, -1}, rows = 0;
  for (int m = 2; m < 6; ++m)
    if (seen[m]) band_row[m] = rows++;
  const double band = special ? 14.0 * rows + 8 : 0;
  const double top = top_band + band, pad = 8;  // data kept `pad` inside the frame
  auto fy = [&](double ulp) {
    const double l = std::clamp(std::log10(std::max(ulp, 1e-3)), y0, y1);
    return top + pad + (1 - (l - y0) / (y1 - y0)) * (H - top - bottom - 2 * pad);
  };
  // x: symmetric log over decades d0..d1, the zero band at the centre (or the left edge when no x < 0)
  if (!(min_abs < INFINITY)) min_abs = 1, max_abs = 10;
  double d0 = std::floor(std::log10(min_abs)), d1 = std::ceil(std::log10(max_abs));
  if (d1 - d0 < 2) d0 -= 1, d1 += 1;  // a single x (or one decade) in the middle of the axis, not at its edge
  const double span = d1 - d0 + 1;  // decades plus one for the zero band
  auto fx = [&](double x) {
    double u = x == 0 ? 0 : (std::log10(std::fabs(x)) - d0 + 1) / span;
    u = std::clamp(u, 0.0, 1.0);
    const double t = neg ? 0.5 + (x < 0 ? -u : u) / 2 : u;
    return left + 12 + t * (W - left - right - 24);
  };
  // grid and y labels
  for (double l = y0; l <= y1 + 1e-9; l += ystep) {
    const double y = fy(std::pow(10, l));
    cv.line(left, y, W - right, y, "#e4e4e4");
    cv.text(left - 6, y + 4, (l == y0 ? "\xe2\x89\xa4" : "") + decade_label(l), "end");  // <= 1e-3
  }
  // x labels: from the largest magnitude inward, every k decades so that labels keep apart
  const double per_decade = (W - left - right) / (neg ? 2 * span : span);
  const double label_w = text_width("-1e-300", 12) + 10;
  const int k = std::max(1, static_cast<int>(std::ceil(label_w / per_decade)));
  const double xc = fx(0);
  std::vector<double> xs;
  if (neg || zero_x) {
    cv.line(xc, top, xc, H - bottom, "#eee");
    cv.text(xc, H - bottom + 16, "0", "middle");
  }
  for (double d = d1; d >= d0; d -= k)
    for (int s : {1, -1}) {
      if (s < 0 && !neg) continue;
      const double x = fx(s * std::pow(10, d));
      if ((neg || zero_x) && std::fabs(x - xc) < label_w) continue;  // keep clear of the "0" label
      cv.line(x, top, x, H - bottom, "#eee");
      cv.text(x, H - bottom + 16, (s < 0 ? "-" : "") + decade_label(d), "middle");
    }
  // the frame, the special band, the tolerance line (always inside: y1 is above it)
  cv.f << fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"none\" stroke=\"black\"/>\n",
                      left, top, W - left - right, H - top - bottom);
  if (special) {
    cv.f << fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"#fbf3f3\" stroke=\"black\"/>\n",
                        left, top_band, W - left - right, band);
    cv.text(left - 6, top_band + band / 2 + 4, "other", "end");
  }
  const double ty = fy(p.tol_ulps);
  cv.line(left, ty, W - right, ty, "#c80", "stroke-dasharray=\"6 4\" stroke-width=\"1.5\"");
  cv.text((W + left - right) / 2, H - 16, fit(p.xname + " (symmetric log scale)", 12, W - left - right), "middle");
  cv.f << fmt::format("<text transform=\"translate(16 {:.1f}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
                      (H + top - bottom) / 2, esc(fit(p.yname, 12, H - top - bottom)));
  for (const auto& q : p.background) cv.f << small_dot(fx(q.x), fy(q.ulp), "#aaa") << "\n";
  for (const auto& q : p.points) {
    const MarkStyle s = style(q.mark);
    const double y = finite_mark(q.mark) ? fy(q.ulp) : top_band + 11 + 14.0 * band_row[static_cast<int>(q.mark)];
    cv.f << s.draw(fx(q.x), y, s.colour) << "\n";
  }
  cv.write(path);
}

void write_lines_svg(const std::string& path, const std::string& title, const std::string& xname,
                     const std::string& yname, const std::vector<Series>& series, bool log_y) {
  const double W = 900, H = 540, right = 24, bottom = 58;
  Canvas cv(W, H);
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  std::size_t left_out = 0;
  auto ty = [&](double y) { return log_y ? std::log10(y) : y; };
  for (const auto& s : series)
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (log_y && !(s.y[i] > 0)) {
        ++left_out;
        continue;
      }
      x0 = std::min(x0, std::log10(s.x[i])), x1 = std::max(x1, std::log10(s.x[i]));
      const double lo = log_y && s.y[i] - s.err[i] <= 0 ? s.y[i] : s.y[i] - s.err[i];
      y0 = std::min(y0, ty(lo)), y1 = std::max(y1, ty(s.y[i] + s.err[i]));
    }
  if (!(x1 >= x0)) x0 = 0, x1 = 1;
  if (x1 - x0 < 1) x0 = std::floor(x0), x1 = std::max(x0 + 1, std::ceil(x1));
  if (!(y1 >= y0)) y0 = 0, y1 = 1;
  std::vector<double> yt;
  if (log_y) {
    y0 = std::floor(y0), y1 = std::max(y0 + 1, std::ceil(y1));
    const int k = std::max(1, static_cast<int>(std::ceil((y1 - y0) / 8)));
    for (double d = y0; d <= y1 + 1e-9; d += k) yt.push_back(d);
  } else {
    if (y0 >= 0) y0 = 0;  // regret curves start from 0 unless a bar goes below it
    if (y1 <= y0) y1 = y0 + 1;
    yt = nice_ticks(&y0, &y1, 8);
  }
  auto label = [&](double v) { return log_y ? decade_label(v) : fmt::format("{:g}", v); };
  double left = 0;
  for (double v : yt) left = std::max(left, text_width(label(v), 12));
  left += 14 + 24;
  cv.text(left, 22, fit(title, 15, W - left - right), "start", 15);
  std::vector<LegendEntry> entries;
  for (const auto& s : series) entries.push_back({s.name, bar, s.colour.c_str()});
  bool bars = false;  // the key to error bars only where a series has them (a computed curve has none)
  for (const auto& s : series)
    for (double e : s.err) bars |= e > 0;
  if (bars)
    entries.push_back({"error bars: \xc2\xb1 1 standard error", [](double x, double y, const char* c) {
                         return fmt::format("<path d=\"M{0:.1f} {1:.1f}v12m-4 -12h8m-8 12h8\" stroke=\"{2}\"/>", x, y - 6, c);
                       }, "#555"});
  if (left_out) entries.push_back({fmt::format("{} values <= 0 not shown (log scale)", left_out), small_dot, "#fff"});
  const double top = legend(cv, entries, left, W - right, 42) + 6;
  const double px = 16;  // data kept inside the frame
  auto fx = [&](double x) { return left + px + (std::log10(x) - x0) / (x1 - x0) * (W - left - right - 2 * px); };
  auto fy = [&](double y) { return top + (1 - (ty(y) - y0) / (y1 - y0)) * (H - top - bottom); };
  for (double v : yt) {
    const double y = top + (1 - (v - y0) / (y1 - y0)) * (H - top - bottom);
    cv.line(left, y, W - right, y, v == 0 && !log_y ? "#888" : "#e4e4e4");
    cv.text(left - 6, y + 4, label(v), "end");
  }
  const double per_decade = (W - left - right) / (x1 - x0);
  const int k = std::max(1, static_cast<int>(std::ceil((text_width("1e10", 12) + 12) / per_decade)));
  for (double d = std::ceil(x0 - 1e-9); d <= x1 + 1e-9; d += k) {
    const double x = fx(std::pow(10, d));
    cv.line(x, top, x, H - bottom, "#eee");
    cv.text(x, H - bottom + 16, decade_label(d), "middle");
  }
  cv.f << fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"none\" stroke=\"black\"/>\n",
                      left, top, W - left - right, H - top - bottom);
  cv.text((W + left - right) / 2, H - 16, fit(xname + " (log scale)", 12, W - left - right), "middle");
  cv.f << fmt::format("<text transform=\"translate(16 {:.1f}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
                      (H + top - bottom) / 2, esc(fit(yname + (log_y ? " (log scale)" : ""), 12, H - top - bottom)));
  for (const auto& s : series) {
    std::string pts;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (log_y && !(s.y[i] > 0)) continue;
      const double x = fx(s.x[i]);
      pts += fmt::format("{:.1f},{:.1f} ", x, fy(s.y[i]));
      if (s.err[i] > 0) {  // the bar with its caps
        const double lo = fy(log_y && s.y[i] - s.err[i] <= 0 ? s.y[i] : s.y[i] - s.err[i]), hi = fy(s.y[i] + s.err[i]);
        cv.f << fmt::format("<path d=\"M{0:.1f} {1:.1f}V{2:.1f}M{3:.1f} {1:.1f}h8M{3:.1f} {2:.1f}h8\" stroke=\"{4}\" "
                            "stroke-width=\"1.5\"/>\n", x, lo, hi, x - 4, s.colour);
      }
      cv.f << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>\n", x, fy(s.y[i]), s.colour);
    }
    cv.f << fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n", pts, s.colour);
  }
  cv.write(path);
}

}  // namespace privoco::oracle
