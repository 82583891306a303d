// A scatter plot of errors in ulps over one parameter, written as SVG directly (no plotting dependency).
#pragma once
#include <string>
#include <vector>

namespace privoco::oracle {

struct PlotPoint {
  double x = 0;             // the parameter's value
  double ulp = 0;           // error of the fast implementation against the certified value
  bool claim_fails = false; // a checked file's claimed value fails here (drawn as a red cross)
};

// x axis: sign(x) log10|x| folded at the smallest |x| (symmetric log), y axis: log10 ulp (errors below 1e-3
// drawn at 1e-3). Throws FileError when the file cannot be written.
void write_svg(const std::string& path, const std::string& title, const std::string& xname,
               const std::vector<PlotPoint>& pts, double tol_ulps);

// Lines with error bars over a log10 x axis and a linear y axis (e.g. mean regret against T).
struct Series {
  std::string name, colour;
  std::vector<double> x, y, err;  // err: half-width of the bar (0 for none)
};
void write_lines_svg(const std::string& path, const std::string& title, const std::string& xname,
                     const std::string& yname, const std::vector<Series>& series);

}  // namespace privoco::oracle
