// Every fast (double) evaluation of the table over the whole double range of its domain: magnitudes log-uniform
// from the smallest subnormal 4.9e-324 to DBL_MAX, and the domain's finite ends, 0, DBL_TRUE_MIN, DBL_MIN, DBL_MAX and
// its neighbour, 2^-1060 and 2^1020 as special values. Never NaN, a status and sign that agree with the value,
// ln|value| finite or +-inf only where the status says the value left the double range; a refusal only by name
// (DomainError) for the joint conditions the table's intervals do not express. (The per-ID tests check accuracy on
// the report's sampling boxes; fast_wide_reference_test compares a sample of these points with the reference.)
// PRIVOCO_WIDE_SEED (default 1) and PRIVOCO_WIDE_CASES (per ID, default 3000) set the run; both are printed.
// PRIVOCO_WIDE_IDS=prefix,... restricts it to the IDs that begin with one of the prefixes. The
// opt-in ctest configuration `long` runs 10^6 cases per ID (fast_wide_long). Every ID's batch kernel, where it has
// one, must give its scalar calls' bits on such points across several kernel blocks, in every kernel variant the CPU
// runs.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/fast/jkt/learners.hpp"
#include "privoco/fast/jkt/qftl.hpp"
#include "privoco/fast/numerics/gaussian_draws.hpp"
#include "privoco/fast/simd.hpp"
#include "privoco/streams.hpp"
#include "support/wide_points.hpp"

using privoco::fast::Status;

namespace {

std::uint64_t env_u64(const char* name, std::uint64_t fallback) {
  const char* s = std::getenv(name);
  return s && *s ? std::strtoull(s, nullptr, 10) : fallback;
}

// The IDs whose cross-parameter conditions the intervals do not express (JKT.noise.tree_sigma needs
// log(log T/delta) > 0, JKT.alg.quadratic_loss ||v|| <= R and |y| <= R, BANCO.noise.mgf |beta| < eps/2,
// BANCO.noise.subexp_params eps > 2 sqrt 2 under b = eps/4, JKT.bound.pqftl_iterate_error t <= T): refused by name,
// which is what bad input must get; anywhere else a failure
bool joint_condition(const std::string& id) {
  return id == "JKT.noise.tree_sigma" || id == "JKT.alg.quadratic_loss" || id == "BANCO.noise.mgf" ||
         id == "BANCO.noise.subexp_params" || id == "JKT.bound.pqftl_iterate_error";
}

// the defect of one evaluation, or empty
std::string defect(const privoco::fast::Value& v) {
  if (std::isnan(v.value)) return "NaN value";
  if (std::isnan(v.log_abs())) return "NaN ln|value|";
  if (v.sign != (v.value > 0 ? 1 : (v.value < 0 ? -1 : v.sign))) return "sign disagrees with the value";
  if (v.status == Status::ok && !std::isfinite(v.value)) return "infinite value with status ok";
  if (v.status == Status::overflow && !(std::isinf(v.value) && v.log_abs() > 709))
    return "overflow status with a finite value or ln|value| <= 709";
  return {};
}

// Runs `cases` points of every fast ID; `wrong` (the sibling) replaces each value by what a naive evaluation that
// let an overflow through would return.
std::vector<std::string> run(std::uint64_t seed, long cases, bool wrong) {
  std::vector<std::string> failures;
  for (const privoco::Entry* e : privoco::testing::selected_fast_functions()) {
    std::mt19937_64 rng(privoco::testing::id_seed(seed, e->id));
    long refused = 0;
    const std::size_t before = failures.size();
    for (long k = 0; k < cases && failures.size() < before + 5; ++k) {
      const std::vector<double> x = privoco::testing::wide_point(*e, rng);
      privoco::fast::Value v;
      try {
        v = privoco::fast::evaluate(*e, x.data());
      } catch (const privoco::DomainError&) {
        if (!joint_condition(e->id)) failures.push_back(e->id + privoco::testing::args_text(*e, x) + ": refused");
        ++refused;
        continue;
      } catch (const privoco::PrecisionCeiling&) {
        failures.push_back(e->id + privoco::testing::args_text(*e, x) + ": precision ceiling in the fast part");
        ++refused;
        continue;
      } catch (const privoco::OutOfReach&) {  // a typed refusal saying which part reaches it (the reference)
        ++refused;
        continue;
      }
      if (wrong && v.status == Status::overflow) v.status = Status::ok;
      const std::string d = defect(v);
      if (!d.empty()) failures.push_back(e->id + privoco::testing::args_text(*e, x) + ": " + d);
    }
    if (refused == cases) failures.push_back(e->id + ": every point refused");
  }
  return failures;
}

}  // namespace

TEST(FastWide, TheTableHasFastFunctions) { EXPECT_GE(privoco::testing::fast_functions().size(), 10u); }

TEST(FastWide, NeverNaNAndConsistentStatusOverTheWholeRange) {
  const std::uint64_t seed = env_u64("PRIVOCO_WIDE_SEED", 1);
  const long cases = static_cast<long>(env_u64("PRIVOCO_WIDE_CASES", 3000));
  std::printf("whole-range points: PRIVOCO_WIDE_SEED=%llu, PRIVOCO_WIDE_CASES=%ld per ID, %zu IDs\n",
              static_cast<unsigned long long>(seed), cases, privoco::testing::selected_fast_functions().size());
  const auto failures = run(seed, cases, false);
  for (const auto& f : failures) ADD_FAILURE() << f;
}

// The sibling: an overflow reported with status ok (inf as if it were a value) is caught.
TEST(FastWide, AnOverflowWithStatusOkIsCaught) { EXPECT_FALSE(run(1, 300, true).empty()); }

namespace {
// Every ID with a batch kernel over whole-range points spread across three kernel blocks (4096 points each, the
// blocks of the VDH and DP kernels; the last partial): the batch gives the scalar calls' bits, status and sign. Points a scalar call refuses are left out.
// `flip` (the sibling) changes the last bit of one batch value before the comparison.
std::vector<std::string> batch_mismatches(std::uint64_t seed, bool flip, const std::string& variant) {
  std::vector<std::string> out;
  const std::string in_use = privoco::fast::kernel_variant();
  for (const privoco::Entry* e : privoco::testing::selected_fast_functions()) {
    const privoco::fast::BatchFn bf = privoco::fast::batch(*e);
    if (!bf) continue;
    std::mt19937_64 rng(privoco::testing::id_seed(seed, e->id));
    // the points grouped by d (a per-coordinate ID's batch takes one d: the flat layout's columns), in group order
    std::map<double, std::vector<std::vector<double>>> by_d;
    std::size_t count = 0;
    while (count < 2 * 4096 + 300) {
      std::vector<double> x = privoco::testing::wide_point(*e, rng);
      try {
        privoco::fast::evaluate(*e, x.data());
      } catch (const privoco::Error&) {
        continue;
      }
      by_d[e->vector_layout ? x[0] : 0].push_back(std::move(x)), ++count;
    }
    std::vector<privoco::fast::Value> scalar, batch;
    for (const auto& [d, pts] : by_d) {
      std::vector<std::vector<double>> cols(pts[0].size());
      for (const auto& x : pts) {
        scalar.push_back(privoco::fast::evaluate(*e, x.data()));
        for (std::size_t j = 0; j < x.size(); ++j) cols[j].push_back(x[j]);
      }
      std::vector<const double*> cp;
      for (const auto& c : cols) cp.push_back(c.data());
      std::vector<privoco::fast::Value> part(pts.size());
      privoco::fast::use_kernel_variant(variant);  // the scalar calls above in the variant in use
      bf(cp.data(), part.data(), part.size());
      privoco::fast::use_kernel_variant(in_use);
      batch.insert(batch.end(), part.begin(), part.end());
    }
    if (flip) batch[2100].value = std::nextafter(batch[2100].value, INFINITY);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const auto &s = scalar[i], &b = batch[i];
      const bool same = std::memcmp(&s.value, &b.value, sizeof(double)) == 0 && s.status == b.status && s.sign == b.sign &&
                        (s.status == Status::ok || std::memcmp(&s.log_abs_out, &b.log_abs_out, sizeof(double)) == 0);
      if (!same) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s point %zu: batch (%s) %.17g, scalar (%s) %.17g", e->id.c_str(), i,
                      variant.c_str(), b.value, in_use.c_str(), s.value);
        out.push_back(buf);
        break;
      }
    }
  }
  return out;
}
}  // namespace

// In every kernel variant this CPU runs (privoco/fast/simd.hpp), against the scalar calls in the variant in use: the
// variants give the same bits, so the accuracy the other tests establish holds for each.
TEST(FastWide, EveryBatchKernelGivesTheScalarBitsInEveryVariant) {
  for (const std::string& v : privoco::fast::kernel_variants()) {
    std::printf("kernel variant %s\n", v.c_str());
    const auto m = batch_mismatches(env_u64("PRIVOCO_WIDE_SEED", 1), false, v);
    for (const auto& f : m) ADD_FAILURE() << f;
  }
}

// The sibling: one value off by one ulp in the second block is caught.
TEST(FastWide, ABatchValueOneUlpOffIsCaught) {
  EXPECT_FALSE(batch_mismatches(1, true, privoco::fast::kernel_variant()).empty());
}

namespace {
// The integer-heavy kernels in every variant against the baseline, bit for bit: the keyed Gaussian draws (lengths
// around the vector widths and the 8-pair blocks; JKT's per-coordinate ones through PIGD) and JKT's PQFTL solve (d = 13: rows padded to 16), through the
// learner's played points.
std::vector<double> draws_and_solves() {
  std::vector<double> out;
  const privoco::Streams s(20261128);
  for (int pairs : {1, 2, 3, 7, 8, 9, 11, 16, 17, 100}) {
    std::vector<double> d(2 * static_cast<std::size_t>(pairs));
    privoco::fast::numerics::gaussian_pairs(s, 3, pairs, 0.75, d.data());
    out.insert(out.end(), d.begin(), d.end());
  }
  // JKT's per-coordinate draws (PIGD, PGIGA, POCP) through PIGD's released points, d = 13: one 8-wide block and a rest
  privoco::jkt::OcpConfig oc;
  oc.d = 13, oc.T = 40, oc.alpha = 1, oc.radius = 100;
  privoco::fast::jkt::PrivateOcp ocp(oc, 3.0);
  std::vector<double> gv(13, 0.01);
  for (int t = 1; t < 40; ++t) {
    ocp.update(gv.data());
    out.insert(out.end(), ocp.played(), ocp.played() + 13);
  }
  privoco::jkt::QftlConfig c;
  c.d = 13, c.T = 64, c.alpha = 1, c.R = 1;
  privoco::fast::jkt::PrivateQftl alg(c, 1.0, 1.0);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-0.2, 0.2);
  std::vector<double> v(13);
  for (int t = 1; t < 64; ++t) {
    for (double& x : v) x = u(rng);
    alg.update(u(rng), v.data());
    out.insert(out.end(), alg.played(), alg.played() + 13);
  }
  return out;
}
}  // namespace

TEST(FastWide, DrawsAndSolvesGiveTheSameBitsInEveryVariant) {
  const std::string in_use = privoco::fast::kernel_variant();
  privoco::fast::use_kernel_variant("baseline");
  const std::vector<double> base = draws_and_solves();
  for (const std::string& v : privoco::fast::kernel_variants()) {
    privoco::fast::use_kernel_variant(v);
    const std::vector<double> got = draws_and_solves();
    ASSERT_EQ(got.size(), base.size());
    EXPECT_EQ(std::memcmp(got.data(), base.data(), base.size() * sizeof(double)), 0) << "variant " << v;
  }
  privoco::fast::use_kernel_variant(in_use);
}

// The sibling: one draw one ulp off is caught by the comparison above.
TEST(FastWide, ADrawOneUlpOffIsCaught) {
  const std::vector<double> base = draws_and_solves();
  std::vector<double> got = base;
  got[5] = std::nextafter(got[5], INFINITY);
  EXPECT_NE(std::memcmp(got.data(), base.data(), base.size() * sizeof(double)), 0);
}

// Forcing: the variants the CPU runs are accepted and reported; names that are not variants are refused by name.
TEST(FastWide, AKernelVariantIsForcedOrRefusedByName) {
  const std::string in_use = privoco::fast::kernel_variant();
  const auto all = privoco::fast::kernel_variants();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.back(), "baseline");
  for (const std::string& v : all) {
    privoco::fast::use_kernel_variant(v);
    EXPECT_EQ(v, privoco::fast::kernel_variant());
  }
  privoco::fast::use_kernel_variant("best");
  EXPECT_EQ(all.front(), privoco::fast::kernel_variant());
  try {
    privoco::fast::use_kernel_variant("avx3");
    ADD_FAILURE() << "avx3 accepted";
  } catch (const privoco::ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("'avx3' is not a variant"), std::string::npos) << e.what();
  }
  if (all.size() < 3) {  // a variant this CPU lacks is refused, naming what it runs
    try {
      privoco::fast::use_kernel_variant("avx512");
      ADD_FAILURE() << "avx512 accepted";
    } catch (const privoco::ParamError& e) {
      EXPECT_NE(std::string(e.what()).find("cannot run here"), std::string::npos) << e.what();
    }
  }
  privoco::fast::use_kernel_variant(in_use);
}
