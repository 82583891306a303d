#include "privoco/banco/learner.hpp"

#include <string>

#include "privoco/errors.hpp"
#include "privoco/format.hpp"

namespace privoco::banco {

namespace {
void check_pos(const char* name, double x) {
  if (!(x > 0) || !std::isfinite(x)) throw DomainError(kBancoId, name, text17(x), "(0, inf)");
}
void check_reading(const char* name, int v) {
  if (v != 0 && v != 1) throw DomainError(kBancoId, name, std::to_string(v), "a reading's index, 0 or 1");
}
}  // namespace

void validate(const BancoConfig& c) {
  if (c.d < 1) throw DomainError(kBancoId, "d", std::to_string(c.d), "integers >= 1");
  if (c.T < 1) throw DomainError(kBancoId, "T", std::to_string(c.T), "integers >= 1");
  check_pos("G", c.G), check_pos("eps", c.eps), check_pos("lambda", c.lambda);
  if (c.dir_sign != 1 && c.dir_sign != -1) throw DomainError(kBancoId, "dir_sign", std::to_string(c.dir_sign), "{+1, -1}");
  check_reading("k1_value", c.k1_value), check_reading("a_reading", c.a_reading), check_reading("c_reading", c.c_reading);
  check_reading("b_reading", c.b_reading), check_reading("sigma1d2_mode", c.sigma1d2_mode);
  if (!std::isnan(c.sigma2)) check_pos("sigma2", c.sigma2);
  if (!std::isnan(c.sigma1d2)) check_pos("sigma1d2", c.sigma1d2);
  if (!std::isnan(c.b) && (!(c.b >= 0) || !std::isfinite(c.b))) throw DomainError(kBancoId, "b", text17(c.b), "[0, inf)");
}

}  // namespace privoco::banco
