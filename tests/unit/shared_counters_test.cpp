// The shared per-key request table: windows, sharing between mappings (as
// between processes), and running out of slots.
#include "store/sqlite/shared_counters.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "base/ids.h"

namespace payd::store::sqlite {
namespace {

constexpr base::TimeMs kNow = 1'800'000'000'000;

class SharedCountersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() / base::NewId("payd-shm-");
  }
  void TearDown() override { std::filesystem::remove(path_); }
  std::filesystem::path path_;
};

TEST_F(SharedCountersTest, CountsWithinAWindowAndStartsAnother) {
  SharedCounters counters(path_);
  EXPECT_EQ(counters.Count("key_a", kNow, 60000)->count, 1);
  EXPECT_EQ(counters.Count("key_a", kNow + 10, 60000)->count, 2);
  EXPECT_EQ(counters.Count("key_a", kNow + 10, 60000)->window_start, kNow);
  EXPECT_EQ(counters.Count("key_b", kNow + 20, 60000)->count, 1);
  auto next = counters.Count("key_a", kNow + 60000, 60000);
  EXPECT_EQ(next->count, 1);
  EXPECT_EQ(next->window_start, kNow + 60000);
}

TEST_F(SharedCountersTest, TwoMappingsOfOneFileShareCounts) {
  SharedCounters first(path_);
  SharedCounters second(path_, /*slots=*/8);  // the file's own layout wins
  for (int i = 0; i < 5; ++i) first.Count("key_a", kNow, 60000);
  EXPECT_EQ(second.Count("key_a", kNow, 60000)->count, 6);
}

TEST_F(SharedCountersTest, ConcurrentCountsAreNeverLost) {
  SharedCounters counters(path_);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) counters.Count("key_hot", kNow, 60000);
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(counters.Count("key_hot", kNow, 60000)->count, 8001);
}

TEST_F(SharedCountersTest, AFullTableSaysSo) {
  SharedCounters counters(path_, /*slots=*/4);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(counters.Count("key_" + std::to_string(i), kNow, 60000));
  EXPECT_FALSE(counters.Count("key_extra", kNow, 60000));
  EXPECT_EQ(counters.Count("key_0", kNow, 60000)->count, 2);
}

}  // namespace
}  // namespace payd::store::sqlite
