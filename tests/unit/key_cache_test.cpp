// The SQLite store's in-memory API keys (key_cache.h): what is read again,
// and when. What a merchant relies on (a revocation anywhere refused on the
// next request) is auth_test's AKeyRevokedThroughAnotherProcess... on real
// stores; this checks the cache's own rules with a counted loader.
#include "store/sqlite/key_cache.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "base/ids.h"
#include "store/sqlite/shared_counters.h"

namespace payd::store::sqlite {
namespace {

domain::ApiKey KeyWithDigest(std::string id, std::string digest) {
  domain::ApiKey key;
  key.id = std::move(id);
  key.digest = std::move(digest);
  return key;
}

class KeyCacheTest : public ::testing::Test {
 protected:
  std::optional<domain::ApiKey> Find(
      const std::string& digest, std::uint64_t generation,
      KeyCache::Clock::time_point at = KeyCache::Clock::time_point{}) {
    return cache_.Find(
        digest, generation,
        [&](const std::string& d) -> std::optional<domain::ApiKey> {
          ++loads_;
          if (!stored_ || stored_->digest != d) return std::nullopt;
          return stored_;
        },
        at);
  }
  KeyCache cache_;
  std::optional<domain::ApiKey> stored_ = KeyWithDigest("key_a", "digest-a");
  int loads_ = 0;
};

TEST_F(KeyCacheTest, AKeyIsReadOnceWhileTheGenerationStands) {
  for (int i = 0; i < 3; ++i) EXPECT_EQ(Find("digest-a", 7)->id, "key_a");
  EXPECT_EQ(loads_, 1);
}

TEST_F(KeyCacheTest, AMovedGenerationReadsTheKeyAgain) {
  Find("digest-a", 7);
  stored_->revoked_at = 5;  // changed by another process, which then moved the generation
  ASSERT_TRUE(Find("digest-a", 8));
  EXPECT_EQ(Find("digest-a", 8)->revoked_at, 5);
  EXPECT_EQ(loads_, 2);
}

TEST_F(KeyCacheTest, AnEntryIsReadAgainOnceItIsASecondOld) {
  KeyCache::Clock::time_point start{};
  Find("digest-a", 7, start);
  Find("digest-a", 7, start + KeyCache::kMostAge - std::chrono::milliseconds(1));
  EXPECT_EQ(loads_, 1);
  Find("digest-a", 7, start + KeyCache::kMostAge);
  EXPECT_EQ(loads_, 2);
}

TEST_F(KeyCacheTest, UnknownDigestsAreNeverRemembered) {
  EXPECT_FALSE(Find("digest-b", 7));
  EXPECT_FALSE(Find("digest-b", 7));
  EXPECT_EQ(loads_, 2);
  // A key made since is found at once, at the same generation.
  stored_ = KeyWithDigest("key_b", "digest-b");
  EXPECT_EQ(Find("digest-b", 7)->id, "key_b");
}

TEST_F(KeyCacheTest, AKeyGoneFromTheStoreIsForgotten) {
  Find("digest-a", 7);
  stored_.reset();
  EXPECT_FALSE(Find("digest-a", 8));
  EXPECT_FALSE(Find("digest-a", 8));
  EXPECT_EQ(loads_, 3);
}

// The generation lives in the shared file: a bump through one mapping is
// seen through another (another process), and it survives a reopening.
TEST(SharedKeyGenerationTest, OneGenerationForEveryMapping) {
  auto path = std::filesystem::temp_directory_path() / base::NewId("payd-shm-");
  {
    SharedCounters first(path.string());
    SharedCounters second(path.string());
    std::uint64_t start = second.KeyGeneration();
    first.BumpKeyGeneration();
    EXPECT_EQ(second.KeyGeneration(), start + 1);
    EXPECT_EQ(first.Count("key_a", 1'800'000'000'000, 60'000)->count, 1);  // windows untouched
  }
  SharedCounters again(path.string());
  EXPECT_EQ(again.KeyGeneration(), 1u);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace payd::store::sqlite
