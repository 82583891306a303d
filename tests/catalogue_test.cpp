// The ID table: every entry is implemented where it says (in its paper's folders), IDs are unique, parameters are
// well formed, decimals parse exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/decimal.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/evaluate.hpp"
#include "privoco/reference/evaluate.hpp"
#include "oracle/src/sampling.hpp"

using namespace privoco;

namespace {
// The paper's folder name of an ID: its prefix in lower case (VDH.pred.conj -> vdh).
std::string paper_of(const std::string& id) {
  std::string p = id.substr(0, id.find('.'));
  for (char& c : p) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return p;
}
}  // namespace

TEST(Catalogue, IdsAreUniqueAndNamedByTheirPaper) {
  std::set<std::string> seen;
  for (const Entry& e : catalogue()) {
    EXPECT_TRUE(seen.insert(e.id).second) << "registered twice: " << e.id;
    EXPECT_EQ(std::count(e.id.begin(), e.id.end(), '.'), 2) << e.id;
    EXPECT_NE(e.files.find(paper_of(e.id) + "/"), std::string::npos) << e.id << " lists no file of its paper";
  }
  EXPECT_EQ(paper_of("VDH.pred.conj"), "vdh");  // sibling: the folder name the checks above rely on
}

TEST(Catalogue, EveryListedFileExists) {
  for (const Entry& e : catalogue()) {
    std::istringstream files(e.files);
    std::string f;
    while (files >> f) EXPECT_TRUE(std::ifstream(std::string(PRIVOCO_SOURCE_DIR) + "/" + f).good()) << e.id << ": " << f;
  }
  // sibling: a path that is not in the tree (this file moved to oracle/vdh/) is reported missing
  EXPECT_FALSE(std::ifstream(std::string(PRIVOCO_SOURCE_DIR) + "/oracle/src/scenarios.cpp").good());
}

TEST(Catalogue, EveryEntryIsImplementedWhereTheTableSays) {
  for (const Entry& e : catalogue()) {
    if (e.is_learner()) {  // learners are classes, not functions of the table: they are run by privoco run
      EXPECT_TRUE(e.files.find("fast/" + paper_of(e.id) + "/") != std::string::npos) << e.id;
      EXPECT_FALSE(fast::implements(e.id)) << e.id;
      EXPECT_THROW(reference::ball_function(e.id), UnknownId) << e.id;
      continue;
    }
    EXPECT_EQ(e.has_fast, fast::implements(e.id)) << e.id;
    if (e.has_reference) {
      EXPECT_NO_THROW(reference::ball_function(e.id)) << e.id;
    }
    EXPECT_FALSE(e.citation.empty()) << e.id;
    EXPECT_FALSE(e.files.empty()) << e.id;
    for (const auto& p : e.params) EXPECT_LT(p.sampling.min_abs, p.sampling.max_abs) << e.id << " " << p.name;
  }
  EXPECT_THROW(entry("VDH.pred.nonexistent"), UnknownId);
  EXPECT_THROW(reference::ball_function("VDH.pred.nonexistent"), UnknownId);
}

TEST(Catalogue, DecimalParsing) {
  Decimal d;
  std::size_t pos = 0;
  std::string why;
  EXPECT_TRUE(parse_decimal("0.2", &d, &pos, &why));
  EXPECT_EQ(d.sign, 1);
  EXPECT_TRUE(parse_decimal("-0.000e5", &d, &pos, &why));
  EXPECT_EQ(d.sign, 0);
  EXPECT_TRUE(parse_decimal("1e-400", &d, &pos, &why));
  EXPECT_EQ(d.sign, 1);  // exactly positive although the nearest double is 0
  EXPECT_EQ(d.approx, 0.0);
  EXPECT_FALSE(parse_decimal("1.2.3", &d, &pos, &why));
  EXPECT_EQ(pos, 3u);
  EXPECT_FALSE(parse_decimal("nan", &d, &pos, &why));
  EXPECT_NE(why.find("nan"), std::string::npos);
  EXPECT_FALSE(parse_decimal("inf", &d, &pos, &why));
  EXPECT_FALSE(parse_decimal("", &d, &pos, &why));
  EXPECT_FALSE(parse_decimal("1e", &d, &pos, &why));
}

TEST(Catalogue, DomainChecksAreExact) {
  const Entry& e = entry("VDH.pred.conj");
  const std::size_t b = e.index_of("b");
  EXPECT_NO_THROW(check_param(e, b, parse_param(e.id, "b", "1e-400")));  // tiny but positive
  EXPECT_THROW(check_param(e, b, parse_param(e.id, "b", "0")), DomainError);
  EXPECT_THROW(check_param(e, b, parse_param(e.id, "b", "-1e-400")), DomainError);
  try {
    check_param(e, e.index_of("V"), parse_param(e.id, "V", "-3"));
    ADD_FAILURE();
  } catch (const DomainError& err) {
    EXPECT_EQ(err.param, "V");
    EXPECT_EQ(err.value, "-3");
    EXPECT_EQ(err.range, "[0, inf)");
  }
  EXPECT_THROW(parse_param(e.id, "L", "abc"), ParamError);
}

// Readings (ParamSpec::choices) are given and printed by name, passed on as their index; a name outside the list
// is refused naming the parameter and listing the choices; samples draw every choice and respect `at_most`.
TEST(Catalogue, ReadingsByNameAndSampling) {
  const Entry& e = entry("JKT.const.tree_counts");
  const ParamSpec& leaf = e.params[e.index_of("leaf_label")];
  EXPECT_EQ(leaf.domain_text(), "{binary_t_minus_1, binary_t}");
  EXPECT_EQ(parse_param(e.id, leaf, "binary_t").approx, 1.0);
  EXPECT_EQ(leaf.value_text(0), "binary_t_minus_1");
  try {
    parse_param(e.id, leaf, "binary");
    ADD_FAILURE() << "a name outside the list was accepted";
  } catch (const ParamError& err) {
    EXPECT_NE(std::string(err.what()).find("{binary_t_minus_1, binary_t}"), std::string::npos) << err.what();
  }
  EXPECT_THROW(parse_param(e.id, leaf, "1"), ParamError);  // the index is not a name
  const auto pts = oracle::sample_points(e, 400, 7, true);
  std::set<double> leaves, counts;
  for (const auto& p : pts) {
    EXPECT_LE(p[1], p[0]);  // t <= T
    EXPECT_EQ(p[0], std::floor(p[0]));
    EXPECT_EQ(p[1], std::floor(p[1]));
    leaves.insert(p[2]);
    counts.insert(p[3]);
    EXPECT_NO_THROW(fast::evaluate(e, p.data()));
  }
  EXPECT_EQ(leaves.size(), 2u);
  EXPECT_EQ(counts.size(), 7u);
  // every `at_most` names an earlier parameter of its entry
  for (const Entry& x : catalogue())
    for (std::size_t i = 0; i < x.params.size(); ++i)
      if (!x.params[i].sampling.at_most.empty()) {
        EXPECT_LT(x.index_of(x.params[i].sampling.at_most), i) << x.id;
      }
}
