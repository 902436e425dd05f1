// The daily summary of payments received (issue 39 item 2,
// domain/email/daily_summary.h): the period it covers
// (data/daily_summary_periods.tsv), what it says, and on both stores who
// gets it and when: a person who chose it gets no message each, one summary
// per period of what was paid in it, none for a period without payments,
// nothing summarized twice.
#include "domain/email/daily_summary.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "domain/ledger/ledger_tx.h"
#include "domain/management/email_choices.h"
#include "email_fixture.h"
#include "test_data.h"

namespace payd {
namespace {

base::TimeMs At(const std::string& text) {
  auto at = base::ParseRfc3339(text);
  if (!at) throw std::runtime_error("not a time: " + text);
  return *at;
}

TEST(DailySummaryPeriod, FromTheLastEndToTheLatestMidnightAWeekAtMost) {
  for (const auto& c : testing::ReadCases("daily_summary_periods.tsv")) {
    SCOPED_TRACE("daily_summary_periods.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 4u);
    base::TimeMs until = domain::SummaryPeriodEnd(At(c.columns[0]));
    EXPECT_EQ(until, At(c.columns[3]));
    std::optional<base::TimeMs> next;
    if (c.columns[1] != "-") next = At(c.columns[1]);
    EXPECT_EQ(domain::SummaryPeriodStart(next, until), At(c.columns[2]));
  }
}

domain::PaymentIntent PaidIntent(std::string symbol, unsigned decimals, std::int64_t chain,
                                 domain::Uint256 received, std::optional<domain::Price> price,
                                 base::TimeMs at) {
  domain::PaymentIntent i;
  i.id = base::NewId("pi_");
  i.tenant_id = "ten_1";
  i.status = domain::IntentStatus::kPaid;
  i.token_symbol = std::move(symbol);
  i.decimals = decimals;
  i.chain_id = chain;
  i.received = received;
  i.amount = received;
  i.price = std::move(price);
  i.confirmed_at = at;
  return i;
}

TEST(DailySummaryEmail, CountsSumsPerTokenAndPriceListsTheFirstOnes) {
  const domain::User bo{"user_bo", "ten_1", "bo@shop.example", "Bo", domain::Role::kAdmin, {},
                        {},        1};
  const domain::Mailing mailing{"https://pay.shop.example"};
  const auto usd = *domain::FindCurrency("USD");
  const base::TimeMs day = At("2027-01-14T00:00:00Z");
  EXPECT_FALSE(domain::DailySummaryEmail(bo, "Shop", mailing, "tok", day,
                                         day + domain::kSummaryDayMs, {}, usd, day))
      << "nothing paid, nothing sent";

  std::vector<domain::PaymentIntent> paid;
  paid.push_back(PaidIntent("USDC", 6, 8453, 25'000'001, domain::Price{"25.00", "USD"}, day + 1));
  paid.push_back(
      PaidIntent("ETH", 18, 1, domain::Uint256("1500000000000000000"), std::nullopt, day + 2));
  for (int n = 0; n < 23; ++n) {
    paid.push_back(
        PaidIntent("USDC", 6, 8453, 1'000'000, domain::Price{"1.00", "USD"}, day + 10 + n));
  }
  auto email = domain::DailySummaryEmail(bo, "Shop", mailing, "tok", day,
                                         day + domain::kSummaryDayMs, paid, usd, day + 99);
  ASSERT_TRUE(email);
  EXPECT_EQ(email->to, "bo@shop.example");
  EXPECT_EQ(email->template_name, "daily_summary");
  EXPECT_FALSE(email->security);
  auto m = boost::json::parse(email->model_json).as_object();
  EXPECT_EQ(m.at("count"), 25);
  EXPECT_EQ(m.at("countTextKey"), "daily_summary_many");
  EXPECT_EQ(m.at("fromAt"), day);
  EXPECT_EQ(m.at("untilAt"), day + domain::kSummaryDayMs);
  // What was received, per token and chain, exactly: 25.000001 + 23 x 1 USDC, and 1.5 ETH.
  const auto& tokens = m.at("tokens").as_array();
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[0].at("amount"), "48.000001");
  EXPECT_EQ(tokens[0].at("currency"), "USDC");
  EXPECT_EQ(tokens[0].at("chain"), "8453");  // no catalog: the id
  EXPECT_EQ(tokens[1].at("amount"), "1.5");
  EXPECT_EQ(tokens[1].at("currency"), "ETH");
  // The prices asked: 25.00 + 23 x 1.00 USD (the ETH payment was asked in ETH).
  const auto& prices = m.at("prices").as_array();
  ASSERT_EQ(prices.size(), 1u);
  EXPECT_EQ(prices[0].at("amount"), "48.00");
  EXPECT_EQ(prices[0].at("currency"), "USD");
  EXPECT_FALSE(m.contains("total")) << "one currency: its sum is the total";
  const auto& rows = m.at("rows").as_array();
  ASSERT_EQ(rows.size(), domain::kSummaryRowsListed);
  EXPECT_EQ(rows[0].at("intentId").as_string(), paid[0].id);
  EXPECT_EQ(rows[0].at("amount"), "25.000001");
  EXPECT_EQ(rows[0].at("price"), "25.00 USD");
  EXPECT_EQ(rows[0].at("url").as_string(),
            "https://pay.shop.example/dashboard/payments/" + paid[0].id);
  EXPECT_FALSE(rows[1].as_object().contains("price"));
  EXPECT_EQ(m.at("more"), 5);
  EXPECT_EQ(m.at("unsubscribeUrl"), "https://pay.shop.example/dashboard/unsubscribe?token=tok");

  auto one = domain::DailySummaryEmail(bo, "Shop", mailing, "tok", day, day + domain::kSummaryDayMs,
                                       {paid[0]}, usd, day + 99);
  ASSERT_TRUE(one);
  auto m1 = boost::json::parse(one->model_json).as_object();
  EXPECT_EQ(m1.at("countTextKey"), "daily_summary_one");
  EXPECT_FALSE(m1.contains("more"));
}

// Bo (an admin) chose the daily summary; Ana (the owner) gets a message each.
class DailySummaryTest : public testing::EventEmailTest {
 protected:
  void SetUp() override {
    EventEmailTest::SetUp();
    if (IsSkipped()) return;
    Choose("daily");
  }
  void Choose(const std::string& how) {
    domain::Change as_bo{*store_, domain::Actor::Person("user_bo", domain::Role::kAdmin),
                         tenant_.id, now_, std::nullopt};
    domain::ChooseOwnEmail(as_bo, {{"payment_received", how}});
  }
  // An intent of the tenant paid at `at`.
  std::string PaidAt(base::TimeMs at) {
    auto intent = UsdcIntent(2'000'000, at - 60'000, at + 3'600'000);
    StoreIntent(intent);
    auto stored = *store_->FindIntentById(intent.id);
    stored.status = domain::IntentStatus::kPaid;
    stored.received = stored.amount;
    stored.confirmed_at = at;
    store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdateIntent(stored); });
    return intent.id;
  }
  // Queues the summaries due at `at`, the clock moved there.
  int SummariesAt(base::TimeMs at) {
    now_ = std::max(now_, at);
    return store_->QueueDailySummaries(at);
  }
  // The intents the summaries queued list, by recipient.
  std::vector<std::string> Summarized(const std::string& to) {
    std::vector<std::string> ids;
    for (const auto& job : jobs_) {
      if (job.email.to != to || job.email.template_name != "daily_summary") continue;
      auto m = boost::json::parse(job.email.model_json).as_object();
      for (const auto& row : m.at("rows").as_array()) {
        ids.emplace_back(row.at("intentId").as_string());
      }
    }
    return ids;
  }
  const base::TimeMs midnight_ = domain::SummaryPeriodEnd(now_) + domain::kSummaryDayMs;
};

TEST_P(DailySummaryTest, OneSummaryOfWhatWasPaidSinceTheChoiceNothingTwice) {
  // now_ is 08:00 UTC: paid at 07:00 was before Bo chose, at 23:59 and at 08:30 after.
  PaidAt(now_ - 3'600'000);
  auto late = PaidAt(midnight_ - 60'000);
  auto morning = PaidAt(now_ + 1'800'000);
  auto next_day = PaidAt(midnight_);
  EXPECT_EQ(SummariesAt(midnight_ - 1), 0) << "due after midnight only";
  EXPECT_EQ(SummariesAt(midnight_ + 60'000), 1);
  EXPECT_EQ(SummariesAt(midnight_ + 120'000), 0) << "once a period";
  Drain();
  EXPECT_EQ(Summarized("bo@shop.example"), (std::vector<std::string>{morning, late}));
  EXPECT_TRUE(Summarized("ana@shop.example").empty()) << "Ana did not choose it";
  // The next day's summary has the next day's payment only.
  EXPECT_EQ(SummariesAt(midnight_ + domain::kSummaryDayMs + 5), 1);
  jobs_.clear();
  Drain();
  EXPECT_EQ(Summarized("bo@shop.example"), (std::vector<std::string>{next_day}));
  // A day without payments sends nothing.
  EXPECT_EQ(SummariesAt(midnight_ + 2 * domain::kSummaryDayMs + 5), 0);
}

TEST_P(DailySummaryTest, WhoChoseItGetsNoMessageEachAndOneClickStopsIt) {
  Raise(domain::event_type::kPaymentConfirmed, paid_);
  EXPECT_EQ(
      Drain(),
      (std::vector<std::pair<std::string, std::string>>{{"ana@shop.example", "payment_received"}}));
  PaidAt(now_ + 1);
  ASSERT_EQ(SummariesAt(midnight_ + 1), 1);
  Drain();
  auto url = std::string(boost::json::parse(jobs_.back().email.model_json)
                             .as_object()
                             .at("unsubscribeUrl")
                             .as_string());
  EXPECT_EQ(domain::Unsubscribe(*store_, url.substr(url.find("token=") + 6), midnight_ + 2),
            domain::EmailTopic::kPaymentReceived);
  PaidAt(midnight_ + 3);
  EXPECT_EQ(SummariesAt(midnight_ + domain::kSummaryDayMs + 1), 0);
}

TEST_P(DailySummaryTest, ChoosingItAgainStartsAfreshAndWithoutEmailNothingIsMarked) {
  PaidAt(now_ + 1);  // while Bo had a message each
  Choose("on");
  now_ += 2'000;
  Choose("daily");  // from now_ on
  auto after = PaidAt(now_ + 1);
  store_->SetMailing(nullptr);
  EXPECT_EQ(SummariesAt(midnight_ + 1), 0);
  store_->SetMailing(&mailing_);
  EXPECT_EQ(SummariesAt(midnight_ + 1), 1) << "the period waited for email";
  Drain();
  EXPECT_EQ(Summarized("bo@shop.example"), (std::vector<std::string>{after}));
  // Kept as it was, the period goes on where it was.
  Choose("daily");
  EXPECT_EQ(SummariesAt(midnight_ + 2), 0);
}

TEST_P(DailySummaryTest, ADailySummaryOnlyForATopicThatHasOne) {
  domain::Change as_bo{*store_, domain::Actor::Person("user_bo", domain::Role::kAdmin), tenant_.id,
                       now_, std::nullopt};
  EXPECT_THROW(domain::ChooseOwnEmail(as_bo, {{"needs_decision", "daily"}}), domain::Error);
  EXPECT_THROW(domain::ChooseOwnEmail(as_bo, {{"payment_received", "weekly"}}), domain::Error);
  auto states = domain::EmailTopicsOf(*store_, *store_->FindUser(tenant_.id, "user_bo"));
  EXPECT_TRUE(states[0].daily);
  EXPECT_FALSE(states[0].on);
}

PAYD_ON_BOTH_STORES(DailySummaryTest);

}  // namespace
}  // namespace payd
