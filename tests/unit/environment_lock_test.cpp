// One database, one environment (DECISIONS §1): the rule as a table
// (data/environment_lock.tsv), then the SQLite store keeping the record across
// reopening, databases made before the record, and OpenStore refusing.
#include "domain/access/environment_lock.h"

#include <gtest/gtest.h>

#include "domain/access/api_key.h"
#include "domain/management/api_keys.h"
#include "store/open_store.h"
#include "store_fixture.h"
#include "test_data.h"

namespace payd::domain {
namespace {

constexpr base::TimeMs kNow = 1'700'000'000'000;

std::vector<std::string> Split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find(sep, start)) != std::string::npos; start = end + 1)
    out.push_back(text.substr(start, end - start));
  out.push_back(text.substr(start));
  return out;
}

TEST(EnvironmentLock, DecisionTable) {
  auto cases = testing::ReadCases("environment_lock.tsv");
  ASSERT_GE(cases.size(), 15u);
  for (const auto& c : cases) {
    const auto& col = c.columns;
    ASSERT_GE(col.size(), 8u) << "environment_lock.tsv line " << c.line;
    std::string where = "environment_lock.tsv line " + std::to_string(c.line) + " (" +
                        (col.size() > 8 ? col[8] : "") + ")";
    EnvironmentEvidence evidence;
    if (col[0] != "-") evidence.recorded = col[0];
    if (col[2] != "-") {
      for (const auto& item : Split(col[2], ',')) {
        auto parts = Split(item, ':');
        ASSERT_EQ(parts.size(), 2u) << where;
        evidence.keys_by_prefix[parts[0]] = std::stoll(parts[1]);
      }
    }
    auto process = ParseEnvironment(col[1]);
    ASSERT_TRUE(process) << where;
    auto verdict = JudgeEnvironment(evidence, {*process, col[3] == "yes"});

    EXPECT_EQ(verdict.refusal.empty(), col[4] == "open") << where << ": " << verdict.refusal;
    if (col[5] == "-") {
      EXPECT_FALSE(verdict.environment) << where;
    } else {
      EXPECT_EQ(verdict.environment, ParseEnvironment(col[5])) << where;
    }
    EXPECT_EQ(verdict.record, col[6] == "yes") << where;
    if (verdict.record) {
      EXPECT_FALSE(verdict.basis.empty()) << where;
    }
    if (col[7] != "-") {
      EXPECT_NE(verdict.refusal.find(col[7]), std::string::npos)
          << where << ": " << verdict.refusal;
    }
    EXPECT_EQ(verdict.refusal.find('\n'), std::string::npos) << where << ": one line";
  }
}

TEST(EnvironmentLock, EveryIssuedPrefixHasItsEnvironment) {
  for (KeyKind kind : {KeyKind::kPublic, KeyKind::kAccount, KeyKind::kIntegration}) {
    for (Environment env : {Environment::kTestnet, Environment::kMainnet}) {
      EXPECT_EQ(EnvironmentOfKeyPrefix(KeyPrefix(kind, env)), env) << KeyPrefix(kind, env);
    }
  }
}

class EnvironmentStoreTest : public testing::StoreTest {
 protected:
  // A database made before the record existed: its keys were issued first.
  void Issue(Environment env, int count) {
    for (int i = 0; i < count; ++i) {
      CreateApiKey({*store_, Actor::Cli(), tenant_.id, kNow, std::nullopt}, env,
                   {tenant_.id,
                    "k",
                    KeyKind::kPublic,
                    {"payments:read"},
                    std::nullopt,
                    std::nullopt,
                    std::nullopt});
    }
  }
  EnvironmentVerdict Claim(Environment env, bool record_if_mixed = false) {
    return store_->ClaimEnvironment({env, record_if_mixed}, kNow);
  }
};

TEST_P(EnvironmentStoreTest, TheFirstProcessRecordsItsEnvironmentAndTheRecordSurvivesReopening) {
  auto first = Claim(Environment::kMainnet);
  EXPECT_TRUE(first.record);
  EXPECT_TRUE(first.refusal.empty());
  Reopen();
  auto other = Claim(Environment::kTestnet);
  EXPECT_FALSE(other.record);
  EXPECT_NE(other.refusal.find("created for mainnet"), std::string::npos) << other.refusal;
  Issue(Environment::kTestnet, 2);  // keys never outweigh the record
  Reopen();
  EXPECT_NE(Claim(Environment::kTestnet).refusal.find("created for mainnet"), std::string::npos);
  auto same = Claim(Environment::kMainnet);
  EXPECT_FALSE(same.record);
  EXPECT_TRUE(same.refusal.empty());
  EXPECT_EQ(same.environment, Environment::kMainnet);
}

TEST_P(EnvironmentStoreTest, AnOlderDatabaseIsRecordedForTheEnvironmentOfItsKeys) {
  Issue(Environment::kMainnet, 2);
  auto refused = Claim(Environment::kTestnet);
  EXPECT_TRUE(refused.record) << "recorded even though this process is refused";
  EXPECT_NE(refused.refusal.find("created for mainnet"), std::string::npos) << refused.refusal;
  Reopen();
  auto opened = Claim(Environment::kMainnet);
  EXPECT_FALSE(opened.record);
  EXPECT_TRUE(opened.refusal.empty()) << opened.refusal;
}

TEST_P(EnvironmentStoreTest, AMixedDatabaseIsRefusedUntilTheOperatorChooses) {
  Issue(Environment::kTestnet, 3);
  Issue(Environment::kMainnet, 1);
  for (Environment env : {Environment::kTestnet, Environment::kMainnet}) {
    auto refused = Claim(env);
    EXPECT_FALSE(refused.record);
    EXPECT_NE(refused.refusal.find("3 testnet keys and 1 mainnet key"), std::string::npos)
        << refused.refusal;
  }
  EXPECT_TRUE(Claim(Environment::kTestnet, /*record_if_mixed=*/true).record);
  Reopen();
  EXPECT_TRUE(Claim(Environment::kTestnet).refusal.empty());
  EXPECT_NE(Claim(Environment::kMainnet).refusal.find("created for testnet"), std::string::npos);
}

TEST_P(EnvironmentStoreTest, OpeningTheStoreRefusesTheOtherEnvironment) {
  store_.reset();
  auto opened = store::OpenStore(Options(Environment::kTestnet));
  EXPECT_EQ(opened.environment, Environment::kTestnet);
  opened.store.reset();
  try {
    store::OpenStore(Options(Environment::kMainnet));
    ADD_FAILURE() << "a mainnet process opened a testnet database";
  } catch (const EnvironmentRefused& e) {
    EXPECT_NE(std::string(e.what()).find("created for testnet; this payd runs as mainnet"),
              std::string::npos)
        << e.what();
  }
}

PAYD_ON_BOTH_STORES(EnvironmentStoreTest);

}  // namespace
}  // namespace payd::domain
