#include "domain/webhooks/webhook.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "config/config.h"
#include "domain/webhooks/delivery_rules.h"
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

// After a rotation payd signs with each secret (DECISIONS §7, docs/webhooks.md):
// every signature in the header must be the Standard Webhooks HMAC-SHA256 over
// "id.timestamp.body" keyed with that secret's base64-decoded key. The first is
// the libraries' reference vector; the second was computed outside payd, once,
// with the npm `standardwebhooks` package (`new Webhook(secret).sign(id, date,
// body)`) and checked with `openssl dgst -sha256 -mac HMAC`. Its key is not all
// zeros: HMAC pads a short key with zeros, so an empty key would sign alike.
TEST(WebhookSignature, OneSignaturePerSecret) {
  const std::string id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
  const std::string body = R"({"test": 2432232314})";
  auto header = domain::SignWebhook({"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                                     "whsec_AwoRGB8mLTQ7QklQV15lbHN6gYiPlp2kq7K5wMfO1dw="},
                                    id, 1614265330, body);
  std::vector<std::string> signatures;
  for (std::size_t at = 0; at <= header.size();) {
    std::size_t space = std::min(header.find(' ', at), header.size());
    signatures.push_back(header.substr(at, space - at));
    at = space + 1;
  }
  std::sort(signatures.begin(), signatures.end());
  // Verifiers accept the signatures in any order: compare them as a set.
  EXPECT_EQ(signatures, (std::vector<std::string>{
                            "v1,Xh8w4wYed++6Lz4EMtcrtYzr5e5bWBPtpE6ilXvCa6o=",
                            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                        }))
      << header;
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

// What payd runs with when the operator sets nothing must be DECISIONS §7: "A
// 2xx within 15 s is DELIVERED ... Otherwise retry (with jitter) after 5 s,
// 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then FAILED": ten attempts
// in all, the tenth failing ends the delivery.
TEST(WebhookRetries, TheDefaultScheduleIsTheDecisionsOneAndEndsInFailed) {
  const std::vector<int> decisions = {5,         5 * 60,    30 * 60,   2 * 3600, 5 * 3600,
                                      10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600};
  config::Config c =
      config::LoadConfig({}, [](const char*) { return std::optional<std::string>(); });
  EXPECT_EQ(c.webhooks.retry_schedule_s, decisions);
  EXPECT_EQ(c.webhooks.timeout_s, 15);

  constexpr base::TimeMs kNow = 1'000'000;
  domain::AttemptOutcome answered_500;
  answered_500.http_status = 500;
  domain::AttemptOutcome no_answer;
  no_answer.error = "Timeout was reached";
  for (const auto& outcome : {answered_500, no_answer}) {
    for (int attempts = 1; attempts <= 9; ++attempts) {
      auto d =
          domain::DecideAfterAttempt(attempts, outcome, c.webhooks.retry_schedule_s, kNow, 0.0);
      EXPECT_EQ(d.status, domain::DeliveryStatus::kRetrying) << "after attempt " << attempts;
      ASSERT_TRUE(d.next_attempt_at) << "after attempt " << attempts;
      EXPECT_EQ(*d.next_attempt_at - kNow, decisions[attempts - 1] * 1000LL)
          << "after attempt " << attempts;
    }
    auto last = domain::DecideAfterAttempt(10, outcome, c.webhooks.retry_schedule_s, kNow, 0.0);
    EXPECT_EQ(last.status, domain::DeliveryStatus::kFailed);
    EXPECT_FALSE(last.next_attempt_at);
    EXPECT_FALSE(last.disable_endpoint);
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
