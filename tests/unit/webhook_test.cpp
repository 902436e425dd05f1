#include "domain/webhook.h"

#include <gtest/gtest.h>

#include "domain/delivery_rules.h"
#include "test_data.h"
#include "webhooks/target_guard.h"

namespace payd {
namespace {

// The reference vector of the Standard Webhooks libraries.
TEST(WebhookSignature, MatchesTheStandardWebhooksReference) {
  EXPECT_EQ(
      domain::SignWebhook({"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
                          "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, R"({"test": 2432232314})"),
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
}

TEST(WebhookSignature, OneSignaturePerSecret) {
  auto header = domain::SignWebhook({"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                                     "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="},
                                    "msg_1", 1, "{}");
  EXPECT_EQ(std::count(header.begin(), header.end(), ' '), 1);
  EXPECT_TRUE(header.starts_with("v1,"));
}

TEST(WebhookRetries, DecisionTable) {
  const std::vector<int> schedule = {5, 300, 1800};
  constexpr base::TimeMs kNow = 1'000'000;
  auto cases = testing::ReadCases("webhook_retries.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    ASSERT_GE(c.columns.size(), 7u) << "line " << c.line;
    domain::AttemptOutcome outcome;
    if (c.columns[1] != "-") outcome.http_status = std::stoi(c.columns[1]);
    if (c.columns[2] != "-") outcome.retry_after_s = std::stoll(c.columns[2]);
    auto d = domain::DecideAfterAttempt(std::stoi(c.columns[0]), outcome, schedule, kNow,
                                        std::stod(c.columns[3]));
    std::string where =
        "line " + std::to_string(c.line) + " (" + (c.columns.size() > 7 ? c.columns[7] : "") + ")";
    EXPECT_EQ(domain::DeliveryStatusName(d.status), c.columns[4]) << where;
    if (c.columns[5] == "-") {
      EXPECT_FALSE(d.next_attempt_at) << where;
    } else {
      ASSERT_TRUE(d.next_attempt_at) << where;
      EXPECT_EQ(*d.next_attempt_at - kNow, std::stoll(c.columns[5])) << where;
    }
    EXPECT_EQ(d.disable_endpoint, c.columns[6] == "yes") << where;
  }
}

TEST(WebhookRetries, APermanentFailureIsNeverRetried) {
  domain::AttemptOutcome outcome;
  outcome.error = "cannot be built: the event's data is not valid JSON";
  outcome.permanent = true;
  auto d = domain::DecideAfterAttempt(1, outcome, {5, 300}, 1'000, 0.0);
  EXPECT_EQ(d.status, domain::DeliveryStatus::kFailed);
  EXPECT_FALSE(d.next_attempt_at);
  EXPECT_FALSE(d.disable_endpoint);
}

TEST(TargetGuard, AddressTable) {
  auto cases = testing::ReadCases("webhook_targets.tsv");
  ASSERT_GT(cases.size(), 40u);
  for (const auto& c : cases) {
    ASSERT_GE(c.columns.size(), 2u) << "webhook_targets.tsv line " << c.line;
    boost::system::error_code ec;
    auto address = boost::asio::ip::make_address(c.columns[0], ec);
    ASSERT_FALSE(ec) << "line " << c.line << ": not an address: " << c.columns[0];
    ASSERT_TRUE(c.columns[1] == "public" || c.columns[1] == "nonpublic") << "line " << c.line;
    EXPECT_EQ(webhooks::IsNonPublic(address), c.columns[1] == "nonpublic")
        << "line " << c.line << ": " << c.columns[0] << " ("
        << (c.columns.size() > 2 ? c.columns[2] : "") << ")";
  }
}

TEST(TargetGuard, UrlForms) {
  webhooks::TargetPolicy open{true, false};
  EXPECT_TRUE(webhooks::CheckTarget("http://127.0.0.1:8080/hook", open).allowed);
  EXPECT_FALSE(webhooks::CheckTarget("http://127.0.0.1:8080/hook", {false, false}).allowed);
  EXPECT_FALSE(webhooks::CheckTargetForm("ftp://example.com/", open).allowed);
  EXPECT_FALSE(webhooks::CheckTargetForm("https://user:pw@example.com/", open).allowed);
  EXPECT_FALSE(webhooks::CheckTargetForm("/relative", open).allowed);
  EXPECT_FALSE(webhooks::CheckTargetForm("http://example.com/", {true, true}).allowed);
  auto t = webhooks::CheckTargetForm("https://example.com/hook", open);
  EXPECT_TRUE(t.allowed);
  EXPECT_EQ(t.port, 443);
  EXPECT_EQ(t.host, "example.com");
}

}  // namespace
}  // namespace payd
