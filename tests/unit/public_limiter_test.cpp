// The key-less endpoints' per-client limiter (api/public_limiter.h): windows
// of a minute, memory bounded whatever clients send, and an eviction that a
// flood of new buckets cannot turn into a reset of a busy bucket.
#include "api/public_limiter.h"

#include <gtest/gtest.h>

namespace payd {
namespace {

constexpr base::TimeMs kStart = 1'000'000;

// `n` new buckets of one request each, as from a flood of addresses.
void Flood(api::PublicLimiter& limiter, int n, base::TimeMs now) {
  for (int i = 0; i < n; ++i) limiter.Allow("read|198.51.100." + std::to_string(i), 5, now);
}

TEST(PublicLimiter, CountsPerBucketInWindowsOfAMinute) {
  api::PublicLimiter limiter;
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(limiter.Allow("a", 3, kStart + i));
  EXPECT_FALSE(limiter.Allow("a", 3, kStart + 10));
  EXPECT_TRUE(limiter.Allow("b", 3, kStart + 10)) << "another bucket has its own count";
  EXPECT_FALSE(limiter.Allow("a", 3, kStart + 59'999));
  EXPECT_TRUE(limiter.Allow("a", 3, kStart + 60'000)) << "a new window";
}

// The numbers the X-RateLimit-* headers carry: the limit, what is left after
// this request (never below 0), and the end of the bucket's minute in Unix
// seconds rounded up.
TEST(PublicLimiter, ChargeGivesTheBucketsNumbers) {
  api::PublicLimiter limiter;
  constexpr base::TimeMs kFirst = 1'700'000'000'250;
  constexpr long long kEnd = 1'700'000'061;  // (kFirst + 60 s) / 1000, rounded up
  auto first = limiter.Charge("a", 2, kFirst);
  EXPECT_TRUE(first.allowed);
  EXPECT_EQ(first.limit, 2);
  EXPECT_EQ(first.remaining, 1);
  EXPECT_EQ(first.reset_epoch_s, kEnd);
  auto second = limiter.Charge("a", 2, kFirst + 30'000);
  EXPECT_TRUE(second.allowed);
  EXPECT_EQ(second.remaining, 0);
  EXPECT_EQ(second.reset_epoch_s, kEnd) << "the window's end, not a minute after each request";
  auto third = limiter.Charge("a", 2, kFirst + 30'001);
  EXPECT_FALSE(third.allowed);
  EXPECT_EQ(third.remaining, 0);
  EXPECT_EQ(limiter.Charge("b", 5, kFirst + 30'001).remaining, 4) << "another bucket";
  auto next = limiter.Charge("a", 2, kFirst + 60'000);
  EXPECT_TRUE(next.allowed);
  EXPECT_EQ(next.remaining, 1);
  EXPECT_EQ(next.reset_epoch_s, kEnd + 60);
}

TEST(PublicLimiter, MemoryIsBoundedWhateverTheBuckets) {
  api::PublicLimiter limiter(100);
  Flood(limiter, 10'000, kStart);
  EXPECT_LE(limiter.Size(), 100u);
}

TEST(PublicLimiter, EndedWindowsAreForgotten) {
  api::PublicLimiter limiter(1000);
  Flood(limiter, 500, kStart);
  EXPECT_EQ(limiter.Size(), 500u);
  limiter.Allow("later", 5, kStart + 60'000);
  EXPECT_EQ(limiter.Size(), 1u);
}

TEST(PublicLimiter, AFloodDoesNotResetABucketOverItsLimit) {
  api::PublicLimiter limiter(100);
  for (int i = 0; i < 4; ++i) limiter.Allow("write|203.0.113.9|int_a", 3, kStart);
  Flood(limiter, 10'000, kStart + 1);
  EXPECT_FALSE(limiter.Allow("write|203.0.113.9|int_a", 3, kStart + 2));
}

TEST(PublicLimiter, AFloodDoesNotResetAnHonestClientMidMinute) {
  api::PublicLimiter limiter(100);
  EXPECT_TRUE(limiter.Allow("read|192.0.2.1|int_a", 3, kStart));
  EXPECT_TRUE(limiter.Allow("read|192.0.2.1|int_a", 3, kStart));
  Flood(limiter, 10'000, kStart + 1);
  EXPECT_TRUE(limiter.Allow("read|192.0.2.1|int_a", 3, kStart + 2));
  EXPECT_FALSE(limiter.Allow("read|192.0.2.1|int_a", 3, kStart + 3)) << "its count went on";
}

TEST(PublicLimiter, WhenAllAreBusyTheOldestWindowGoes) {
  api::PublicLimiter limiter(2);
  for (const char* bucket : {"a", "b"}) {
    limiter.Allow(bucket, 1, kStart);
    limiter.Allow(bucket, 1, kStart);  // over the limit: protected
  }
  limiter.Allow("c", 1, kStart + 1);  // evicts "a", the oldest
  EXPECT_EQ(limiter.Size(), 2u);
  EXPECT_FALSE(limiter.Allow("b", 1, kStart + 2));
  EXPECT_TRUE(limiter.Allow("a", 1, kStart + 3)) << "evicted, so counted from zero";
}

}  // namespace
}  // namespace payd
