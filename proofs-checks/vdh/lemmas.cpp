// VDH's scalar lemmas (catalogue kind `lemma`), each with its reduction to a bounded problem for the prover.
#include <arb_poly.h>

#include <cmath>
#include <limits>

#include "privoco/errors.hpp"
#include "checks.hpp"
#include "privoco/proofs/claims.hpp"

namespace privoco::proofs {

namespace {

J2 cst(const Ball& b) { return J2::constant(b); }
J2 cst(double d) { return J2::constant(d); }

double down(double x) { return std::nextafter(x, -std::numeric_limits<double>::infinity()); }
double up(double x) { return std::nextafter(x, std::numeric_limits<double>::infinity()); }

// Outward (for certification) and inward (for counterexamples) doubles of a constant's exact value.
double outward_lo(const Constant& c) { return arb_is_exact(c.ball.get()) ? c.approx : down(c.approx); }
double outward_hi(const Constant& c) { return arb_is_exact(c.ball.get()) ? c.approx : up(c.approx); }
double inward_lo(const Constant& c) { return arb_is_exact(c.ball.get()) ? c.approx : up(c.approx); }
double inward_hi(const Constant& c) { return arb_is_exact(c.ball.get()) ? c.approx : down(c.approx); }

// VDH Lemma 10 (002): ln cosh(y x) - x^2 <= 0 for all x.
Claim lncosh() {
  Claim c;
  c.id = "VDH.lemma.lncosh";
  c.citation = "VDH Lemma 10 (002), used in Lemma 7 (002) = Lemma 4 (000)";
  c.statement = "for all real x: ln cosh(y x) - x^2 <= 0 (printed for |y| <= 1.4)";
  c.reduction = "h(x) = x^2 - ln cosh(|y| x) is even in x and decreases in |y|: the claim for every |y'| <= |y| is the "
                "claim at |y|, on x >= 0. h(0) = h'(0) = 0 (touching point x = 0, closed by h'' > 0 near it).";
  c.tail = "ln cosh(u) <= |u|, so for x >= |y|: h(x) >= x^2 - |y| x >= 0; the box is x in [0, |y|].";
  c.constants = {{"y", "1.4", "max", "2"}};
  c.vars = {"x"};
  c.build = [](const Constants& k, Problem* p, Outcome*) {
    Ball y = k.at("y").ball;
    arb_abs(y.get(), y.get());
    const double ymax = up(std::fabs(k.at("y").approx) + 1e-300);
    p->box = {{{0.0, ymax}, {0.0, 0.0}}};
    p->h = [y](const J2& x, const J2&) { return x * x - log(cosh(x * cst(y))); };
    p->touch = {{0.0, 0.0}};
    // h is even: h(0) = h'(0) = h^(3)(0) = 0, so near y^2 = 2 (h''(0) = 2 - y^2 -> 0) the box around 0 closes by
    // the fourth-order Taylor bound instead of needing ever smaller boxes.
    p->taylor4 = [y](arb_ptr c, const arb_t x) {
      arb_poly_t u, e, f, t;
      arb_poly_init(u); arb_poly_init(e); arb_poly_init(f); arb_poly_init(t);
      arb_poly_set_coeff_arb(u, 0, x);
      arb_poly_set_coeff_si(u, 1, 1);                      // x + eps
      arb_poly_mullow(t, u, u, 5, kPrec);                  // (x + eps)^2
      arb_poly_scalar_mul(u, u, y.get(), kPrec);           // y (x + eps)
      arb_poly_exp_series(e, u, 5, kPrec);
      arb_poly_neg(u, u);
      arb_poly_exp_series(f, u, 5, kPrec);
      arb_poly_add(e, e, f, kPrec);
      arb_poly_scalar_mul_2exp_si(e, e, -1);               // cosh(y (x + eps))
      arb_poly_log_series(f, e, 5, kPrec);
      arb_poly_sub(t, t, f, kPrec);                        // h(x + eps)
      for (slong k = 0; k < 5; ++k) arb_poly_get_coeff_arb(c + k, t, k);
      arb_poly_clear(u); arb_poly_clear(e); arb_poly_clear(f); arb_poly_clear(t);
    };
    return true;
  };
  return c;
}

// Cesa-Bianchi and Lugosi (2006) Lemma 2.4 as used in VDH Lemma 7 (002): exp(x - x^2) <= 1 + x for x >= x_min.
Claim cbl24() {
  Claim c;
  c.id = "VDH.lemma.cbl24";
  c.citation = "VDH Lemma 7 proof (002), citing Cesa-Bianchi and Lugosi (2006) Lemma 2.4";
  c.statement = "for all x >= x_min: exp(x - x^2) <= 1 + x (printed for x >= -1/2)";
  c.reduction = "h(x) = 1 + x - exp(x - x^2) >= 0; h(0) = h'(0) = 0 (touching point x = 0).";
  c.tail = "for x >= 1/2, h'(x) = 1 - (1 - 2x) e^{x - x^2} >= 1: h increases on [1/2, inf), so its minimum there is "
           "h(1/2), inside the box [x_min, 1/2] (or h(x_min) when x_min > 1/2).";
  c.constants = {{"x_min", "-0.5", "min", "-1"}};
  c.vars = {"x"};
  c.build = [](const Constants& k, Problem* p, Outcome*) {
    const double lo = outward_lo(k.at("x_min")), ilo = inward_lo(k.at("x_min"));
    p->box = {{{lo, std::max(lo, 0.5)}, {0.0, 0.0}}};
    p->inner = {{{ilo, std::max(ilo, 0.5)}, {0.0, 0.0}}};
    p->has_inner = true;
    p->h = [](const J2& x, const J2&) { return cst(1.0) + x - exp(x - x * x); };
    p->touch = {{0.0, 0.0}};
    return true;
  };
  return c;
}

// VDH Lemma 4 (000) = Lemma 7 (002): E[exp(X - X^2)] <= 1 + E[X] for X symmetric about its mean.
Claim symmexp() {
  Claim c;
  c.id = "VDH.lemma.symmexp";
  c.citation = "VDH Lemma 4 (000) = Lemma 7 (002)";
  c.statement = "for every law symmetric about its mean m with mean_lo <= m <= mean_hi: E[exp(X - X^2)] <= 1 + m "
                "(printed for |m| <= 1/5)";
  c.reduction = "a law symmetric about m is a mixture of the two-point laws {m - z, m + z}, z >= 0, and both sides "
                "are linear in the law; so the claim is h(m, z) = 1 + m - (e^{(m+z)-(m+z)^2} + e^{(m-z)-(m-z)^2})/2 "
                "= 1 + m - e^{m - m^2 - z^2} cosh((1 - 2m) z) >= 0 on [mean_lo, mean_hi] x [0, inf). "
                "h = grad h = 0 at (0, 0) (touching point, closed by a positive definite Hessian).";
  c.tail = "with y = 1 - 2m and Z = max |y| + 3 over the m-range: for z >= Z, e^{-z^2} cosh(y z) <= e^{-z(z - |y|)} "
           "<= e^{-3Z}, so h >= 1 + m - e^{m - m^2 - 3Z}, certified over the m-range by its own branch-and-bound; "
           "the box is [mean_lo, mean_hi] x [0, Z].";
  c.constants = {{"mean_lo", "-0.2", "min", "-0.5"}, {"mean_hi", "0.2", "max", "10"}};
  c.vars = {"m", "z"};
  c.build = [](const Constants& k, Problem* p, Outcome* decided) {
    const double lo = outward_lo(k.at("mean_lo")), hi = outward_hi(k.at("mean_hi"));
    const double ilo = inward_lo(k.at("mean_lo")), ihi = inward_hi(k.at("mean_hi"));
    if (lo > hi) {
      decided->verdict = "certified";
      decided->reason = "empty range";
      return false;
    }
    const double Z = std::ceil(std::max(std::fabs(1 - 2 * lo), std::fabs(1 - 2 * hi)) + 3);
    Problem tail;
    tail.box = {{{lo, hi}, {0.0, 0.0}}};
    tail.h = [Z](const J2& m, const J2&) { return cst(1.0) + m - exp(m - m * m - cst(3 * Z)); };
    Outcome t = prove(tail);
    if (t.verdict != "certified") {
      *decided = t;
      decided->verdict = "undecided";
      decided->reason = "tail bound for z >= " + std::to_string(Z) + " not certified (" + t.verdict + ")";
      return false;
    }
    p->box = {{{lo, hi}, {0.0, Z}}};
    p->inner = {{{ilo, std::max(ilo, ihi)}, {0.0, Z}}};
    p->has_inner = true;
    p->h = [](const J2& m, const J2& z) {
      return cst(1.0) + m - exp(m - m * m - z * z) * cosh((cst(1.0) - m * 2.0) * z);
    };
    p->touch = {{0.0, 0.0}};
    return true;
  };
  return c;
}

// Orabona and Pal (2016) Lemma 17 as used in VDH Lemma 11 / Theorem 12 proofs (002): W(x) <= ln(1 + x).
Claim lambertw() {
  Claim c;
  c.id = "VDH.lemma.lambertw";
  c.citation = "VDH Lemma 11 and Theorem 12 proofs (002), citing Orabona and Pal (2016) Lemma 17";
  c.statement = "for all x >= -1/e: W0(x) <= ln(1 + x) (used for x >= 0; no domain printed)";
  c.reduction = "with w = W0(x) in [-1, inf), x = w e^w and ln monotone: W(x) <= ln(1 + x) <=> e^w <= 1 + w e^w "
                "<=> h(w) = 1 - e^w (1 - w) >= 0; h(0) = h'(0) = 0 (touching point w = 0).";
  c.tail = "for w >= 1, 1 - w <= 0 so h(w) >= 1: the box is w in [-1, 1].";
  c.vars = {"w"};
  c.build = [](const Constants&, Problem* p, Outcome*) {
    p->box = {{{-1.0, 1.0}, {0.0, 0.0}}};
    p->h = [](const J2& w, const J2&) { return cst(1.0) - exp(w) * (cst(1.0) - w); };
    p->touch = {{0.0, 0.0}};
    return true;
  };
  return c;
}

// VDH §1 (000) = §3.1 (002), the step from eq (2) to eq (1): E||g~||_*^2 <= 3 E||xi||_*^2 + 3 E||g||_*^2.
Claim sq3() {
  Claim c;
  c.id = "VDH.lemma.sq3";
  c.citation = "VDH §1 text (000) = §3.1 text (002), the step from eq (2) to eq (1)";
  c.statement = "for all vectors g, xi and any norm: ||g + xi||^2 <= c ||g||^2 + c ||xi||^2, hence "
                "E||g~||^2 <= c E||xi||^2 + c E||g||^2 (printed c = 3)";
  c.reduction = "the triangle inequality ||g + xi|| <= a + b, a = ||g||, b = ||xi|| (equality for xi a non-negative "
                "multiple of g), and homogeneity of degree 2: the claim is (a + b)^2 <= c (a^2 + b^2) on a + b = 1, "
                "i.e. h(x) = c (x^2 + (1 - x)^2) - 1 >= 0 for x in [0, 1]; the expectation form follows pointwise. "
                "At c = 2, h = h' = 0 at x = 1/2 (touching point, declared only then). (If xi has mean 0 given g, "
                "E||g + xi||_2^2 = E||g||^2 + E||xi||^2: c = 1 for the Euclidean expectation form.)";
  c.tail = "none needed: after the homogeneous reduction the domain is x in [0, 1] (a = b = 0 holds trivially).";
  c.constants = {{"c", "3", "min", "1"}};
  c.vars = {"x"};
  c.build = [](const Constants& k, Problem* p, Outcome*) {
    const Ball cb = k.at("c").ball;
    p->box = {{{0.0, 1.0}, {0.0, 0.0}}};
    p->h = [cb](const J2& x, const J2&) {
      const J2 y = cst(1.0) - x;
      return cst(cb) * (x * x + y * y) - cst(1.0);
    };
    if (arb_is_exact(cb.get()) && arf_cmp_si(arb_midref(cb.get()), 2) == 0) p->touch = {{0.5, 0.0}};
    return true;
  };
  return c;
}

}  // namespace

namespace vdh {
const std::vector<Claim>& claims() {
  static const std::vector<Claim> list = {symmexp(), lncosh(), cbl24(), lambertw(), sq3()};
  return list;
}
}  // namespace vdh

}  // namespace privoco::proofs
