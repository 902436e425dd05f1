// What independent providers agree on (chain/quorum.h): the highest block a
// quorum has reached, and a block's hash only when a quorum returns it.
#include "chain/quorum.h"

#include <gtest/gtest.h>

namespace payd::chain {
namespace {

using Heads = std::vector<std::optional<std::int64_t>>;
using Hashes = std::vector<std::optional<std::string>>;

struct HeadCase {
  const char* what;
  Heads heads;
  std::size_t quorum;
  std::optional<std::int64_t> agreed;
};

TEST(QuorumTest, TheHighestBlockAQuorumHasReached) {
  const HeadCase cases[] = {
      {"all level", {100, 100, 100}, 2, 100},
      {"a lagging provider delays nothing", {100, 40, 100}, 2, 100},
      {"a racing provider confirms nothing", {100, 100, 900}, 2, 100},
      {"one ahead, one behind", {90, 100, 110}, 2, 100},
      {"one silent", {100, std::nullopt, 98}, 2, 98},
      {"too few answer", {100, std::nullopt, std::nullopt}, 2, std::nullopt},
      {"a quorum of three of five", {10, 20, 30, 40, 50}, 3, 30},
      {"one provider, no verification", {77}, 1, 77},
  };
  for (const auto& c : cases) EXPECT_EQ(QuorumHead(c.heads, c.quorum), c.agreed) << c.what;
}

TEST(QuorumTest, AHashCountsWhenAQuorumReturnsIt) {
  auto agree = AgreeOnHash({"0xa", "0xa", "0xa"}, 2);
  EXPECT_EQ(agree.hash, "0xa");
  EXPECT_FALSE(agree.Disagreement());

  // One liar of three: outvoted, and named.
  agree = AgreeOnHash({"0xa", "0xforged", "0xa"}, 2);
  EXPECT_EQ(agree.hash, "0xa");
  EXPECT_TRUE(agree.Disagreement());
  EXPECT_EQ(agree.others, std::vector<std::size_t>{1});

  // Two liars of three who do not agree with each other: no hash, all in dispute.
  agree = AgreeOnHash({"0xa", "0xb", "0xc"}, 2);
  EXPECT_EQ(agree.hash, std::nullopt);
  EXPECT_EQ(agree.others, (std::vector<std::size_t>{0, 1, 2}));

  // A slow provider is silent, not wrong.
  agree = AgreeOnHash({"0xa", std::nullopt, "0xa"}, 2);
  EXPECT_EQ(agree.hash, "0xa");
  EXPECT_FALSE(agree.Disagreement());
  EXPECT_EQ(agree.silent, std::vector<std::size_t>{1});

  // Too few answers: nothing agreed, nobody wrong.
  agree = AgreeOnHash({"0xa", std::nullopt, std::nullopt}, 2);
  EXPECT_EQ(agree.hash, std::nullopt);
  EXPECT_FALSE(agree.Disagreement());
}

}  // namespace
}  // namespace payd::chain
