#include "privoco/reference/errata.hpp"

namespace privoco::reference {

const std::vector<Erratum>& errata() {
  static const std::vector<Erratum> list = {
      {"E1", "VDH.pred.conj_printed", "VDH.pred.conj", "VDH eq (7) = (3.3.4)",
       "the printed closed form has the opposite sign and its second term lacks the factor sqrt(b/pi); corrected: "
       "w = [sqrt(b) L e^{(L+2CB)^2/(4B)} (erf((L+2CB)/(2 sqrt B)) - erf((L-2CB)/(2 sqrt B))) "
       "- 2 sqrt(bB/pi) (e^{2CL} - 1)] / [erf(C sqrt b) e^{C(L+CB)} 4 B^{3/2}]",
       {{"100", "9", "1", "1"}, {"1", "0", "1", "1"}, {"7", "0", "10", "0.05"}}},
  };
  return list;
}

}  // namespace privoco::reference
