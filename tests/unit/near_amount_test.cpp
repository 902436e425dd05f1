// Matching beyond the exact amount (domain/ledger/near_amount.h) and the
// underpayment tolerance it uses (domain/money/tolerance.h). The matching
// cases are tests/unit/data/near_amount.tsv: add a line to add a case.
#include "domain/ledger/near_amount.h"

#include <gtest/gtest.h>

#include "domain/error.h"
#include "test_data.h"

namespace payd {
namespace {

constexpr unsigned kDecimals = 6;

std::vector<std::string> SplitOn(const std::string& text, char separator) {
  std::vector<std::string> out(1);
  for (char c : text) {
    if (c == separator)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

// REQUESTED[:PRICE][~TOLERANCE]
domain::WaitingIntent WaitingFrom(const std::string& spec, int n) {
  domain::WaitingIntent w;
  std::string rest = spec;
  if (auto tilde = rest.find('~'); tilde != std::string::npos) {
    w.tolerance = domain::ParseToleranceInput(rest.substr(tilde + 1), "tolerance");
    rest.resize(tilde);
  }
  if (auto colon = rest.find(':'); colon != std::string::npos) {
    w.intent.price = domain::Price{rest.substr(colon + 1), "EUR"};
    rest.resize(colon);
  }
  w.intent.id = "pi_" + std::to_string(n);
  w.intent.decimals = kDecimals;
  w.intent.requested_amount = *domain::DecimalToUnits(rest, kDecimals);
  w.intent.amount = w.intent.requested_amount + 137;  // its uniqueness units
  return w;
}

TEST(NearAmount, FitsAsTheTableSays) {
  auto cases = testing::ReadCases("near_amount.tsv");
  ASSERT_GE(cases.size(), 15u);
  for (const auto& c : cases) {
    SCOPED_TRACE("near_amount.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    std::vector<domain::WaitingIntent> waiting;
    for (const auto& spec : SplitOn(c.columns[0], ','))
      waiting.push_back(WaitingFrom(spec, static_cast<int>(waiting.size()) + 1));
    auto fit =
        domain::NearAmountCandidate(waiting, *domain::DecimalToUnits(c.columns[1], kDecimals));
    std::string got = "none";
    if (fit) {
      got = "#" + fit->waiting->intent.id.substr(3) + " " +
            domain::UnitsToDecimal(fit->shortfall, kDecimals);
    }
    EXPECT_EQ(got, c.columns[2]);
  }
}

TEST(NearAmount, ToleranceAsTyped) {
  EXPECT_EQ(domain::ParseToleranceInput("", "t").kind, domain::UnderpaymentTolerance::Kind::kNone);
  EXPECT_EQ(domain::ParseToleranceInput("none", "t").kind,
            domain::UnderpaymentTolerance::Kind::kNone);
  auto percent = domain::ParseToleranceInput(" 1.50 % ", "t");
  EXPECT_EQ(percent.kind, domain::UnderpaymentTolerance::Kind::kPercent);
  EXPECT_EQ(percent.value, "1.5");
  EXPECT_EQ(domain::ToleranceInputText(percent), "1.5%");
  auto amount = domain::ParseToleranceInput("0.50", "t");
  EXPECT_EQ(amount.kind, domain::UnderpaymentTolerance::Kind::kAmount);
  EXPECT_EQ(domain::ToleranceText(amount), "amount:0.5");
  EXPECT_EQ(domain::ParseToleranceText(domain::ToleranceText(amount)), amount);
  EXPECT_EQ(domain::ParseToleranceText(domain::ToleranceText(percent)), percent);
  EXPECT_EQ(domain::ParseToleranceText(""), domain::UnderpaymentTolerance{});
  // A tolerance is for fees: above 10%, zero, negative or not a number is refused.
  for (const char* bad : {"10.0001%", "11%", "0%", "0", "-1", "1e2", "abc", "1.23456%", "%"}) {
    SCOPED_TRACE(bad);
    try {
      domain::ParseToleranceInput(bad, "underpaymentTolerance");
      ADD_FAILURE() << "accepted";
    } catch (const domain::Error& e) {
      EXPECT_EQ(e.param(), "underpaymentTolerance");
    }
  }
  EXPECT_EQ(domain::ParseToleranceInput("10%", "t").value, "10");
}

}  // namespace
}  // namespace payd
