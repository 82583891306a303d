#include "privoco/fast/jkt/qftl.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <utility>

#include "privoco/errors.hpp"
#include "privoco/catalogue.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"
#include "../numerics/scaled.hpp"
#include "../numerics/vec_math.hpp"

namespace privoco::fast::jkt {

namespace {
constexpr const char* kId = "JKT.alg.qftl";

// ri -= l rk over a whole padded row (stride a multiple of 8), in blocks of 8 through a local copy of l rk: the rows
// never overlap, but the compiler cannot know it and chose its scalar loop at run time
inline __attribute__((always_inline)) void row_update(double* ri, const double* rk, double l, std::size_t stride) {
  for (std::size_t j0 = 0; j0 < stride; j0 += 8) {
    double lr[8];
    for (int j = 0; j < 8; ++j) lr[j] = l * rk[j0 + j];
    for (int j = 0; j < 8; ++j) ri[j0 + j] -= lr[j];
  }
}

// M x = b for M row-major d x d, by Gaussian elimination with partial pivoting (the order of LAPACK's unblocked
// dgetf2, and dgetrs with dtrsm's column-oriented triangular solves: backward stable as they are). W holds the rows
// of [M | b], each padded to `stride` doubles (a multiple of 8): every elimination updates whole padded rows, so the
// loop runs at full vector width; columns at or left of the pivot then hold values never read again, and every value
// that is read is the same expression, in the same order, as in the plain triangular loop. x returned in b. False if
// a pivot is 0.
// one variant per vector width (PRIVOCO_VARIANTS; no contraction in fast/: the variants agree bit for bit)
PRIVOCO_KERNEL_INLINE bool solve_in_place_body(const double* M, double* b, int d, double* W, std::size_t stride) {
  const std::size_t n = static_cast<std::size_t>(d);
  for (std::size_t i = 0; i < n; ++i) {
    double* wi = W + i * stride;
    for (std::size_t j = 0; j < n; ++j) wi[j] = M[i * n + j];
    wi[n] = b[i];
    for (std::size_t j = n + 1; j < stride; ++j) wi[j] = 0;
  }
  // the pivot of column 0 by a search; that of column k + 1 from step k's updates, whose column k + 1 values are
  // formed once more as scalars (the same expression: the same bits) instead of read back from the stored rows
  std::size_t p = 0;
  double best = std::fabs(W[0]);
  for (std::size_t i = 1; i < n; ++i)
    if (std::fabs(W[i * stride]) > best) best = std::fabs(W[i * stride]), p = i;
  for (std::size_t k = 0; k < n; ++k) {
    if (best == 0) return false;
    if (p != k)
      for (std::size_t j = 0; j < stride; ++j) std::swap(W[k * stride + j], W[p * stride + j]);
    const double* rk = W + k * stride;
    const double inv = 1 / rk[k];
    for (std::size_t i = k + 1; i < n; ++i) {
      double* ri = W + i * stride;
      const double l = ri[k] * inv, c = std::fabs(ri[k + 1] - l * rk[k + 1]);
      if (i == k + 1 || c > best) best = c, p = i;  // the first of the largest, as the search finds it
      row_update(ri, rk, l, stride);
    }
  }
  // U x = c column by column as dtrsm does (x_k = c_k/u_kk, then c_i -= x_k u_ik for i < k); c_{k-1} is updated
  // first and carried in a register, so the chain from one division to the next is one product and one difference
  for (std::size_t i = 0; i < n; ++i) b[i] = W[i * stride + n];
  double next = b[n - 1];
  for (std::size_t k = n; k-- > 0;) {
    const double xk = next / W[k * stride + k];
    b[k] = xk;
    if (k == 0) break;
    next = b[k - 1] - W[(k - 1) * stride + k] * xk;
    for (std::size_t i = 0; i + 1 < k; ++i) b[i] -= W[i * stride + k] * xk;
  }
  return true;
}
PRIVOCO_VARIANTS(isa, bool, solve_in_place, (const double* M, double* b, int d, double* W, std::size_t stride),
                 (M, b, d, W, stride))
}  // namespace

// f = c r^2 + (a alpha/2) q where r, q or f leave the double range (two_prod of entries near DBL_MAX gave NaN): v
// scaled by 2^-ev, x by 2^-ex (their largest entries near 2^250) in q, r = 2^er r'; each term a Scaled value, their
// sum formed at the larger one's exponent
static Value quadratic_loss_scaled(int d, double alpha, double y, const double* v, const double* x,
                            privoco::jkt::QuadCoefficients k) {
  double mx = 0;
  for (int j = 0; j < d; ++j) mx = std::fmax(mx, std::fabs(x[j]));
  // exponents of either sign (tiny entries are scaled up: f below DBL_MIN came out 0 with sign 0). The residual y - v.x at the scale er of its largest term, each product v_j x_j formed from the factors' own
  // exponents (scaled by the largest |v_j| alone, a small v_j beside a huge x_j underflowed: the loss 1.1e288 where its
  // residual term is 5.7e337); q = ||x||^2 by x's largest entry
  const int ex = mx > 0 ? std::ilogb(mx) - 250 : 0;
  int er = y != 0 ? std::ilogb(y) - 250 : INT_MIN;
  for (int j = 0; j < d; ++j)
    if (v[j] != 0 && x[j] != 0) er = std::max(er, std::ilogb(v[j]) + std::ilogb(x[j]) - 250);
  if (er == INT_MIN) er = 0;
  dd r{std::ldexp(y, -er), 0}, q{0, 0};
  for (int j = 0; j < d; ++j) {
    const double xs = std::ldexp(x[j], -ex);
    q = q + two_prod(xs, xs);
    if (v[j] == 0 || x[j] == 0) continue;  // (0 inf = NaN)
    const int a = std::ilogb(v[j]), c = std::ilogb(x[j]);
    const dd t = two_prod(std::ldexp(v[j], -a), std::ldexp(x[j], -c));  // exact, both factors in [1, 2)
    const int sh = a + c - er;                                          // <= 250
    r = r - dd{std::ldexp(t.hi, sh), std::ldexp(t.lo, sh)};
  }
  numerics::Scaled t1, t2;
  const bool has1 = r.hi != 0 && k.c != 0, has2 = q.hi != 0 && k.a != 0 && alpha != 0;
  if (has1) {
    t1.m = std::fabs(r.hi) * (1 + 2 * r.lo / r.hi), t1.e2 = 2L * er;
    t1.renorm(), t1 *= std::fabs(r.hi), t1 *= k.c;
  }
  if (has2) {
    t2.m = q.hi * (1 + q.lo / q.hi), t2.e2 = 2L * ex;
    t2.renorm(), t2 *= 0.5 * k.a, t2 *= alpha;
  }
  if (!has1 && !has2) return numerics::plain(0.0);
  if (!has1 || !has2) return numerics::finish(1, has1 ? t1 : t2);
  numerics::Scaled& big = t1.e2 >= t2.e2 ? t1 : t2;
  const numerics::Scaled& small = t1.e2 >= t2.e2 ? t2 : t1;
  big.m += std::ldexp(small.m, static_cast<int>(std::max(-2000L, small.e2 - big.e2)));
  big.renorm();
  return numerics::finish(1, big);
}

Value quadratic_loss(const double* p) {
  static const Entry& e = entry("JKT.alg.quadratic_loss");
  check_params(e, p);  // d first: the flat layout {d, alpha, R, y, v_1..v_d, x_1..x_d, quad_loss}
  const int d = static_cast<int>(p[0]);
  const double alpha = p[1], R = p[2], y = p[3], *v = p + 4, *x = p + 4 + d;
  const auto k = privoco::jkt::quad_coefficients(privoco::jkt::QuadLoss(static_cast<int>(p[4 + 2 * d])));
  if (privoco::jkt::norm2(v, d) > R * (1 + 0x1p-50))
    throw DomainError(e.id, "v", "a vector of norm " + text17(privoco::jkt::norm2(v, d)), "norms <= R (R = " + text17(R) + ")");
  if (std::fabs(y) > R) throw DomainError(e.id, "y", text17(y), "[-R, R] (R = " + text17(R) + ")");
  // JKT Eq (19), Alg 4 l.6, Sec 5.1 (J14): c (y - v.x)^2 + a alpha/2 ||x||^2; the residual and the square norm in
  // double-double (the residual may cancel)
  dd r{y, 0}, q{0, 0};
  for (int j = 0; j < d; ++j) r = r - two_prod(v[j], x[j]), q = q + two_prod(x[j], x[j]);
  const dd f = r * r * k.c + (q * alpha) * (0.5 * k.a);  // (0.5 alpha rounds to 0 at alpha = 4.9e-324)
  Value out;
  out.value = to_double(f);
  out.sign = out.value > 0 ? 1 : 0;
  // beyond the range on the way, or below it (0 or subnormal where the loss is positive, or a term's products
  // underflowed: x = 1.3e-200 lost alpha x^2/2 = 4e-97 beside a residual's 6e-292)
  double mv = 0, mx = 0;
  for (int j = 0; j < d; ++j) mv = std::fmax(mv, std::fabs(v[j])), mx = std::fmax(mx, std::fabs(x[j]));
  const bool lost = (mx > 0 && mx < 0x1p-480) || (mv > 0 && mx > 0 && std::ilogb(mv) + std::ilogb(mx) < -960) ||
                    (y != 0 && std::fabs(y) < 0x1p-960);
  if (!std::isfinite(out.value) || out.value < 0x1p-1022 || lost) {
    const Value s = quadratic_loss_scaled(d, alpha, y, v, x, k);
    if (std::isfinite(out.value) && out.value == 0 && s.sign == 0) return out;
    return s;
  }
  return out;
}

PrivateQftl::PrivateQftl(QftlConfig c, double sigma_V, double sigma_u)
    : c_((privoco::jkt::validate(c), c)),
      treeV_(c.d * c.d, c.T, sigma_V, c.seed, privoco::jkt::kQftlTreeV),
      treeU_(c.d, c.T, sigma_u, c.seed, privoco::jkt::kQftlTreeU),
      xhat_(Eigen::VectorXd::Zero(c.d)),  // JKT Alg 4 l.3: x^_1 = 0
      v_(c.d), yv_(c.d), uh_(c.d), w_(c.d, c.d), Vh_(c.d, c.d),
      lu_(static_cast<std::size_t>(c.d) * ((static_cast<std::size_t>(c.d) + 8) & ~std::size_t{7}), 0.0) {}

double PrivateQftl::update(double y, const double* v, bool* clipped) {
  if (t_ >= c_.T) throw DomainError(kId, "T", std::to_string(c_.T), "at least the number of rounds (round " +
                                                                        std::to_string(t_ + 1) + " arrived)");
  const bool clip = privoco::jkt::take_data(c_, y, v, &y_, v_.data());
  if (clipped) *clipped = clip;
  // the cost of l.6 with J14's coefficients: c (y - v.x)^2 + a alpha/2 ||x||^2
  const auto k = privoco::jkt::quad_coefficients(c_.loss);
  const double r = y_ - v_.dot(xhat_);
  const double cost = k.c * r * r + k.a * 0.5 * c_.alpha * xhat_.squaredNorm();
  const std::uint64_t t = ++t_;
  if (t >= c_.T) return cost;
  // l.7, l.8: v v^T (symmetric: its row concatenation is w_'s storage) and y v into the trees
  w_.noalias() = v_ * v_.transpose();
  treeV_.add(w_.data(), Vh_.data());
  yv_ = y_ * v_;
  treeU_.add(yv_.data(), uh_.data());
  // l.9: x^_{t+1} = (t alpha I + V^_t)^{-1} u^_t (V^_t is not symmetric: each entry carries its own noise)
  double* M = Vh_.data();
  const double ta = static_cast<double>(t) * privoco::jkt::step_alpha_of(c_);
  for (int i = 0; i < c_.d; ++i) M[static_cast<std::size_t>(i) * c_.d + i] += ta;
  if (!solve_in_place(M, uh_.data(), c_.d, lu_.data(), (static_cast<std::size_t>(c_.d) + 8) & ~std::size_t{7}))
    throw DomainError(kId, "round", std::to_string(t), "rounds whose system (t alpha I + V^_t) x = u^_t is non-singular");
  xhat_ = uh_;
  if (!xhat_.allFinite())
    throw DomainError(kId, "round", std::to_string(t), "rounds whose system (t alpha I + V^_t) x = u^_t has a finite solution");
  return cost;
}

QftlState PrivateQftl::state() const {
  QftlState s;
  s.t = t_;
  s.xhat.assign(xhat_.data(), xhat_.data() + c_.d);
  s.V = treeV_.state(), s.u = treeU_.state();
  return s;
}

void PrivateQftl::restore(const QftlState& s) {
  if (s.t > c_.T) throw DomainError(kId, "t", std::to_string(s.t), "[0, T] (T = " + std::to_string(c_.T) + ")");
  if (s.xhat.size() != static_cast<std::size_t>(c_.d))
    throw DomainError(kId, "xhat", std::to_string(s.xhat.size()) + " values", std::to_string(c_.d) + " values");
  for (double x : s.xhat)
    if (!std::isfinite(x)) throw DomainError(kId, "xhat", text17(x), "finite values");
  // the trees hold the rows of rounds 1..min(t, T - 1)
  const std::uint64_t rows = s.t < c_.T ? s.t : c_.T - 1;
  if (s.V.t != rows || s.u.t != rows)
    throw DomainError(kId, "trees", std::to_string(s.V.t) + " and " + std::to_string(s.u.t) + " rows",
                      std::to_string(rows) + " rows each at t = " + std::to_string(s.t));
  const PrivateSumState oldV = treeV_.state();
  treeV_.restore(s.V);
  try {
    treeU_.restore(s.u);
  } catch (...) {
    treeV_.restore(oldV);  // nothing changes when a state is refused
    throw;
  }
  t_ = s.t;
  for (int j = 0; j < c_.d; ++j) xhat_[j] = s.xhat[j];
}

}  // namespace privoco::fast::jkt
