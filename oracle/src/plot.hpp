// Plots written as SVG directly (no plotting dependency): errors in ulps over one parameter, and lines with error
// bars. Every text is measured against the canvas (titles shortened, legends wrapped, axis labels thinned so that
// they do not run together); tests/oracle/plot_test.py renders each plot and checks that nothing leaves the canvas.
#pragma once
#include <string>
#include <vector>

namespace privoco::oracle {

// How a point is drawn: a finite error (within or outside the tolerance), or a claim that has no finite error.
enum class Mark { within, outside, inf, nan, wrong_sign, zero };

struct PlotPoint {
  double x = 0;      // the parameter's value
  double ulp = 0;    // error in ulps against the certified value (within, outside)
  Mark mark = Mark::within;
};

struct ErrorPlot {
  std::string title, xname, yname;   // yname: whose error, e.g. "error of fast, ulp"
  std::string label;                 // the points' legend label, e.g. "fast"
  std::vector<PlotPoint> points;
  std::string background_label;      // optional grey points drawn behind, e.g. fast's errors for scale
  std::vector<PlotPoint> background;
  double tol_ulps = 16;
};

// x axis: sign(x) log10|x| folded at the smallest |x| (symmetric log), y axis: log10 ulp (errors below 1e-3 drawn
// at 1e-3); points without a finite error in a band above the frame, one marker per kind, all in the legend; the
// tolerance line always inside the frame. Throws WriteError when the file cannot be written.
void write_error_svg(const std::string& path, const ErrorPlot& plot);

// Lines with error bars over a log10 x axis; y linear (ticks at 1, 2, 5 x 10^k, from 0 when every bar is >= 0) or
// log10 (log_y: values <= 0 are left out, and the plot says how many).
struct Series {
  std::string name, colour;
  std::vector<double> x, y, err;  // err: half-width of the bar (0 for none)
};
void write_lines_svg(const std::string& path, const std::string& title, const std::string& xname,
                     const std::string& yname, const std::vector<Series>& series, bool log_y = false);

// The width in pixels of `text` at font size `size` in the plots' sans-serif font, from above (DejaVu Sans' widest
// glyphs of each class), so that a layout made with it never overflows.
double text_width(const std::string& text, double size);

}  // namespace privoco::oracle
