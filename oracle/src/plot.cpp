#include "plot.hpp"

#include "output.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "rows.hpp"

namespace privoco::oracle {

namespace {
std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else o += c;
  }
  return o;
}
}  // namespace

void write_svg(const std::string& path, const std::string& title, const std::string& xname,
               const std::vector<PlotPoint>& pts, double tol_ulps) {
  std::ostringstream f;  // written whole to `path` at the end (checked, never half-written)
  const double W = 900, H = 520, left = 70, right = 20, top = 40, bottom = 60;
  double min_abs = INFINITY, max_abs = 0, ymax = 1;
  bool neg = false;
  for (const auto& p : pts) {
    if (p.x != 0) min_abs = std::min(min_abs, std::fabs(p.x)), max_abs = std::max(max_abs, std::fabs(p.x));
    neg |= p.x < 0;
    if (std::isfinite(p.ulp)) ymax = std::max(ymax, p.ulp);
  }
  if (!(min_abs < INFINITY)) min_abs = 1, max_abs = 10;
  const double d0 = std::floor(std::log10(min_abs)), d1 = std::ceil(std::log10(max_abs));
  const double span = std::max(1.0, d1 - d0 + 1);  // decades plus one for the zero band
  auto fx = [&](double x) {  // symmetric log: 0 at the centre (or the left edge when x >= 0 only)
    double u = x == 0 ? 0 : (std::log10(std::fabs(x)) - d0 + 1) / span;
    u = std::clamp(u, 0.0, 1.0);
    double t = neg ? 0.5 + (x < 0 ? -u : u) / 2 : u;
    return left + t * (W - left - right);
  };
  const double y0 = -3, y1 = std::max(1.0, std::ceil(std::log10(ymax)));
  auto fy = [&](double ulp) {
    double l = std::isfinite(ulp) ? std::log10(std::max(ulp, 1e-3)) : y1;
    return top + (1 - (l - y0) / (y1 - y0)) * (H - top - bottom);
  };
  f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  f << fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
                   "font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H);
  f << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  f << fmt::format("<text x=\"{}\" y=\"22\" font-size=\"15\">{}</text>\n", left, esc(title));
  // axes and grid
  for (double l = y0; l <= y1; l += 1) {
    double y = fy(std::pow(10, l));
    f << fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n", left, y, W - right, y);
    f << fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">1e{:g}</text>\n", left - 6, y + 4, l);
  }
  const double ty = fy(tol_ulps);
  f << fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#c80\" stroke-dasharray=\"6 4\"/>\n",
                   left, ty, W - right, ty);
  f << fmt::format("<text x=\"{}\" y=\"{:.1f}\" fill=\"#c80\" text-anchor=\"end\">tolerance {:g} ulp</text>\n",
                   W - right - 4, ty - 4, tol_ulps);
  const int step = std::max(1, static_cast<int>(span / 8));
  for (double d = d0; d <= d1; d += step) {
    for (int s : {1, -1}) {
      if (s < 0 && !neg) continue;
      double x = fx(s * std::pow(10, d));
      f << fmt::format("<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#eee\"/>\n", x, top, x, H - bottom);
      f << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}1e{:g}</text>\n", x, H - bottom + 16,
                       s < 0 ? "-" : "", d);
    }
  }
  f << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\"/>\n", left, top,
                   W - left - right, H - top - bottom);
  f << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{} (symmetric log scale)</text>\n",
                   (W + left) / 2, H - 18, esc(xname));
  f << fmt::format("<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">error of fast, ulp</text>\n",
                   (H + top - bottom) / 2);
  for (const auto& p : pts) {
    const double x = fx(p.x), y = fy(p.ulp);
    if (p.claim_fails)
      f << fmt::format("<path d=\"M{0:.1f} {1:.1f}l6 6m0 -6l-6 6\" transform=\"translate(-3 -3)\" stroke=\"red\"/>\n",
                       x, y);
    else
      f << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"1.6\" fill=\"{}\"/>\n", x, y,
                       p.ulp > tol_ulps ? "#d40" : "#259");
  }
  f << "</svg>\n";
  if (!f) throw FileError("error writing plot file '" + path + "'");
  write_text_file(path, f.str());
}

void write_lines_svg(const std::string& path, const std::string& title, const std::string& xname,
                     const std::string& yname, const std::vector<Series>& series) {
  std::ostringstream f;  // written whole to `path` at the end (checked, never half-written)
  const double W = 900, H = 520, left = 90, right = 180, top = 40, bottom = 60;
  double x0 = INFINITY, x1 = -INFINITY, y0 = 0, y1 = 0;
  for (const auto& s : series)
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      x0 = std::min(x0, std::log10(s.x[i])), x1 = std::max(x1, std::log10(s.x[i]));
      y0 = std::min(y0, s.y[i] - s.err[i]), y1 = std::max(y1, s.y[i] + s.err[i]);
    }
  if (!(x1 > x0)) x1 = x0 + 1;
  if (!(y1 > y0)) y1 = y0 + 1;
  const double pad = 0.05 * (y1 - y0);
  y0 -= pad, y1 += pad;
  auto fx = [&](double x) { return left + (std::log10(x) - x0) / (x1 - x0) * (W - left - right); };
  auto fy = [&](double y) { return top + (1 - (y - y0) / (y1 - y0)) * (H - top - bottom); };
  f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  f << fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
                   "font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H);
  f << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  f << fmt::format("<text x=\"{}\" y=\"22\" font-size=\"15\">{}</text>\n", left, esc(title));
  for (int k = 0; k <= 6; ++k) {  // y grid
    const double y = y0 + k * (y1 - y0) / 6;
    f << fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n", left, fy(y), W - right,
                     fy(y));
    f << fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:.4g}</text>\n", left - 6, fy(y) + 4, y);
  }
  for (double d = std::ceil(x0); d <= x1 + 1e-9; d += 1) {  // x decades
    const double x = fx(std::pow(10, d));
    f << fmt::format("<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#eee\"/>\n", x, top, x, H - bottom);
    f << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">1e{:g}</text>\n", x, H - bottom + 16, d);
  }
  if (y0 < 0 && y1 > 0)
    f << fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#888\"/>\n", left, fy(0), W - right,
                     fy(0));
  f << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\"/>\n", left, top,
                   W - left - right, H - top - bottom);
  f << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{} (log scale)</text>\n", (W - right + left) / 2,
                   H - 18, esc(xname));
  f << fmt::format("<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
                   (H + top - bottom) / 2, esc(yname));
  double ly = top + 10;
  for (const auto& s : series) {
    std::string pts;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      pts += fmt::format("{:.1f},{:.1f} ", fx(s.x[i]), fy(s.y[i]));
      if (s.err[i] > 0)
        f << fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>\n",
                         fx(s.x[i]), fy(s.y[i] - s.err[i]), fy(s.y[i] + s.err[i]), s.colour);
      f << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>\n", fx(s.x[i]), fy(s.y[i]), s.colour);
    }
    f << fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n", pts, s.colour);
    f << fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"2\"/>\n",
                     W - right + 10, ly, W - right + 30, ly, s.colour);
    f << fmt::format("<text x=\"{}\" y=\"{:.1f}\">{}</text>\n", W - right + 36, ly + 4, esc(s.name));
    ly += 18;
  }
  f << "</svg>\n";
  if (!f) throw FileError("error writing plot file '" + path + "'");
  write_text_file(path, f.str());
}

}  // namespace privoco::oracle
