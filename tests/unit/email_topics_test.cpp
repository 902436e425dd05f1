// Which events people are emailed about and who gets each topic
// (domain/email/topics.h), from data/email_topics.tsv and email_defaults.tsv.
#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "domain/email/chain_problem.h"
#include "domain/email/topics.h"
#include "test_data.h"

namespace payd::domain {
namespace {

TEST(EmailTopics, EachEventIsAboutItsTopic) {
  for (const auto& c : testing::ReadCases("email_topics.tsv")) {
    SCOPED_TRACE("email_topics.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    boost::json::object data{{"id", "pi_1"}};
    data["exception"] =
        c.columns[1] == "-" ? boost::json::value(nullptr) : boost::json::value(c.columns[1]);
    Event event = NewEvent("ten_1", c.columns[0], boost::json::serialize(data), 1000);
    auto topic = EmailTopicOf(event);
    if (c.columns[2] == "-") {
      EXPECT_FALSE(topic) << InfoOf(*topic).name;
    } else {
      ASSERT_TRUE(topic);
      EXPECT_EQ(InfoOf(*topic).name, c.columns[2]);
    }
  }
}

TEST(EmailTopics, EachRoleGetsItsDefaultsAndSecurityCannotBeTurnedOff) {
  const Role roles[] = {Role::kOwner, Role::kAdmin, Role::kDeveloper, Role::kViewer};
  auto cases = testing::ReadCases("email_defaults.tsv");
  ASSERT_EQ(cases.size(), EmailTopics().size()) << "a line for every topic";
  for (const auto& c : cases) {
    SCOPED_TRACE("email_defaults.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 6u);
    auto topic = ParseEmailTopic(c.columns[0]);
    ASSERT_TRUE(topic);
    for (int i = 0; i < 4; ++i) {
      User person{"user_1", "ten_1", "a@b.example", "A", roles[i], {}, {}, 1};
      EXPECT_EQ(Receives(person, *topic, std::nullopt), c.columns[1 + i] == "yes")
          << RoleName(roles[i]);
      // Whatever they chose, a disabled person gets nothing.
      person.disabled_at = 5;
      EXPECT_FALSE(Receives(person, *topic, "on"));
    }
    User admin{"user_2", "ten_1", "b@b.example", "B", Role::kAdmin, {}, {}, 1};
    EXPECT_EQ(Receives(admin, *topic, "off"), c.columns[5] == "yes");
    User owner{"user_3", "ten_1", "c@b.example", "C", Role::kOwner, {}, {}, 1};
    EXPECT_EQ(Receives(owner, *topic, "off"), InfoOf(*topic).security)
        << "only a security topic ignores a choice of off";
  }
}

TEST(ChainProblem, StoppedOrSilentWhileFailingNeverWhenAnotherProcessLeads) {
  const base::TimeMs now = 10'000'000;
  EXPECT_EQ(ChainProblem(std::nullopt, {"USDC decimals() answers 18"}, now, kChainStallAfterMs),
            "its token check failed: USDC decimals() answers 18");
  ChainWatchStatus s;
  s.leading = true;
  s.updated_at = now - kChainStallAfterMs;
  s.last_error = "connection refused";
  s.last_error_at = now - 1000;
  EXPECT_EQ(ChainProblem(s, {}, now, kChainStallAfterMs),
            "not read for 5 minutes; its node answers: connection refused");
  auto quiet = s;
  quiet.last_error_at = 0;  // nothing read for a while, and no error: an idle chain
  EXPECT_FALSE(ChainProblem(quiet, {}, now, kChainStallAfterMs));
  auto recent = s;
  recent.updated_at = now - kChainStallAfterMs + 1;
  EXPECT_FALSE(ChainProblem(recent, {}, now, kChainStallAfterMs));
  auto follower = s;
  follower.leading = false;
  EXPECT_FALSE(ChainProblem(follower, {}, now, kChainStallAfterMs));
  EXPECT_FALSE(ChainProblem(std::nullopt, {}, now, kChainStallAfterMs));
}

TEST(ChainProblem, ProvidersThatDisagreeForTwoMinutesNotForAPass) {
  const base::TimeMs now = 10'000'000;
  ChainWatchStatus s;
  s.leading = true;
  s.updated_at = now;  // passes run (and pause): the chain is read
  s.disagreement = "no quorum of 2 agrees on block 12: 0xaa from a; 0xbb from b";
  s.disagreement_since = now - kChainDisagreementAfterMs;
  EXPECT_EQ(ChainProblem(s, {}, now, kChainStallAfterMs),
            "its providers disagree, and nothing on it is confirmed until a quorum of them agrees "
            "(payments made meanwhile show as pending; none is lost): no quorum of 2 agrees on "
            "block 12: 0xaa from a; 0xbb from b");
  auto brief = s;
  brief.disagreement_since = now - kChainDisagreementAfterMs + 1;  // a reorganisation's split
  EXPECT_FALSE(ChainProblem(brief, {}, now, kChainStallAfterMs));
  auto follower = s;
  follower.leading = false;
  EXPECT_FALSE(ChainProblem(follower, {}, now, kChainStallAfterMs));
}

}  // namespace
}  // namespace payd::domain
