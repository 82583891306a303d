// JKT Sec 5.1's synthetic online linear regression (Fig 2 (a)), the set-up every reproduction of it shares: d = 10,
// alpha = 1 as printed; unstated and fixed here (printed with every run): g_t ~ N(0, I/d), x* = (1, ..., 1)/sqrt(d),
// y_t = g_t.x* + N(0, s^2) (s = 0.01 under noise_scale_reading = std, 0.1 under variance: J26), delta = 1e-6, R from
// the data (J8 data_max), the trees' arguments (R^2, R) as Alg 4 prints them, log_base mixed. Used by
// `privoco prove JKT.const.experiments` and the preset `privoco run olr`.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace privoco::proofs::jkt {

struct OlrRun {
  double average_regret = 0;  // (sum_t f_t(x^_t) - min_x sum_t f_t(x)) / T, the charged loss of quad_loss (J14)
  long wild = 0;              // rounds whose x^ is more than 10 ||x*|| from the origin
};

class OlrExperiment {
 public:
  // T >= 2 rounds; noise_scale_reading std | variance; quad_loss eq19 | alg4 | sec51 (ParamError otherwise)
  OlrExperiment(long T, const std::string& noise_scale_reading, const std::string& quad_loss, std::uint64_t seed);
  ~OlrExperiment();
  double R() const;
  double noise_sd() const;
  // eps > 0: PQFTL (Alg 4, two streaming Alg 5 trees at eps/2, delta/2); eps <= 0: FTL on the exact sums
  OlrRun run(double eps) const;

 private:
  struct Data;
  std::unique_ptr<Data> data_;
};

}  // namespace privoco::proofs::jkt
