// http::ConnectionQuota (issue 19): a client address gets its share of the
// connections and no more, others still get in until the total is reached;
// a trusted proxy's connections (no client) count only in the total.
#include "http/connection_quota.h"

#include <gtest/gtest.h>

namespace payd::http {
namespace {

using Verdict = ConnectionQuota::Verdict;

TEST(ConnectionQuota, AClientAtItsShareDoesNotKeepOthersOut) {
  ConnectionQuota quota(5, 2);
  EXPECT_EQ(quota.Admit("203.0.113.1"), Verdict::kAdmitted);
  EXPECT_EQ(quota.Admit("203.0.113.1"), Verdict::kAdmitted);
  EXPECT_EQ(quota.Admit("203.0.113.1"), Verdict::kClientFull);
  EXPECT_EQ(quota.Admit("203.0.113.2"), Verdict::kAdmitted);
  EXPECT_EQ(quota.open(), 3u);
  // A proxy's connections: the total only, however many.
  EXPECT_EQ(quota.Admit(""), Verdict::kAdmitted);
  EXPECT_EQ(quota.Admit(""), Verdict::kAdmitted);
  EXPECT_EQ(quota.Admit("203.0.113.3"), Verdict::kFull);
  quota.Release("203.0.113.1");
  EXPECT_EQ(quota.Admit("203.0.113.3"), Verdict::kAdmitted);
  quota.Release("");
  EXPECT_EQ(quota.Admit("203.0.113.1"), Verdict::kAdmitted);  // its share has room again
  EXPECT_EQ(quota.open(), 5u);
}

TEST(ConnectionQuota, TheDefaultShareIsAnEighthAtLeastFour) {
  EXPECT_EQ(DefaultConnectionsPerClient(1), 4u);
  EXPECT_EQ(DefaultConnectionsPerClient(64), 8u);
  EXPECT_EQ(DefaultConnectionsPerClient(10'000), 1'250u);
}

}  // namespace
}  // namespace payd::http
