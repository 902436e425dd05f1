// domain::LinkViews (issue 19): link-page views are counted in memory, once
// per client and link within the repeat window, and written in one
// transaction per flush; views the store could not take wait for the next.
#include "domain/links/link_views.h"

#include <gtest/gtest.h>

#include "store_fixture.h"

namespace payd {
namespace {

using testing::kMinute;

class LinkViewsTest : public testing::StoreTest {
 protected:
  std::string NewLink() { return StoreLink(testing::TeeLinkRequest(integration_.id), 1000).id; }
  std::int64_t StoredViews(const std::string& id) { return store_->FindPaymentLinkById(id)->views; }
};

TEST_P(LinkViewsTest, OneClientCountsOncePerWindowAndAFlushWritesThemAll) {
  std::string tee = NewLink(), mug = NewLink();
  domain::LinkViews views(*store_);  // a 5-minute window
  EXPECT_TRUE(views.View(tee, "203.0.113.1", 0));
  EXPECT_FALSE(views.View(tee, "203.0.113.1", 4 * kMinute));  // a reload
  EXPECT_TRUE(views.View(tee, "203.0.113.2", 4 * kMinute));   // another client
  EXPECT_TRUE(views.View(mug, "203.0.113.1", 4 * kMinute));   // another link
  EXPECT_TRUE(views.View(tee, "203.0.113.1", 5 * kMinute));   // the window has passed
  EXPECT_EQ(views.Pending(), 4);
  EXPECT_EQ(StoredViews(tee), 0) << "nothing is written before a flush";

  views.Flush();
  EXPECT_EQ(views.Pending(), 0);
  EXPECT_EQ(StoredViews(tee), 3);
  EXPECT_EQ(StoredViews(mug), 1);
  views.Flush();  // nothing new: nothing changes
  EXPECT_EQ(StoredViews(tee), 3);
}

TEST_P(LinkViewsTest, ALinkGoneMeanwhileIsSkippedAndTheOthersAreWritten) {
  std::string tee = NewLink();
  domain::LinkViews views(*store_);
  views.View("plink_gone", "203.0.113.1", 0);
  views.View(tee, "203.0.113.1", 0);
  views.Flush();
  EXPECT_EQ(StoredViews(tee), 1);
  EXPECT_EQ(views.Pending(), 0);
}

TEST_P(LinkViewsTest, ManyClientsNeverGrowTheMemoryPastItsBound) {
  std::string tee = NewLink();
  domain::LinkViews views(*store_, {5 * kMinute, 100});
  for (int i = 0; i < 1000; ++i) {
    EXPECT_TRUE(views.View(tee, "client-" + std::to_string(i), i));
    ASSERT_LE(views.Remembered(), 100u);
  }
  // Every view of a new client counted; a recent client is still remembered.
  EXPECT_EQ(views.Pending(), 1000);
  EXPECT_FALSE(views.View(tee, "client-999", 1000));
  views.Flush();
  EXPECT_EQ(StoredViews(tee), 1000);
}

PAYD_ON_BOTH_STORES(LinkViewsTest);

}  // namespace
}  // namespace payd
