#include "domain/intents/intent_events.h"

#include <gtest/gtest.h>

#include "test_data.h"

namespace payd::domain {
namespace {

// STATUS[/EXCEPTION][@STATUS_AT_EXPIRY]
PaymentIntent ParseState(std::string text) {
  PaymentIntent i;
  if (auto at = text.find('@'); at != std::string::npos) {
    i.status_at_expiry = ParseIntentStatus(text.substr(at + 1));
    text.resize(at);
  }
  if (auto slash = text.find('/'); slash != std::string::npos) {
    i.exception = ParseIntentException(text.substr(slash + 1));
    text.resize(slash);
  }
  i.status = *ParseIntentStatus(text);
  return i;
}

std::string Describe(const std::vector<IntentMove>& moves) {
  if (moves.empty()) return "-";
  std::string out;
  for (const auto& m : moves) {
    if (!out.empty()) out += ",";
    out += std::string(m.type) + ":" + std::string(IntentStatusName(m.status));
    if (m.exception != IntentException::kNone)
      out += "/" + std::string(IntentExceptionName(m.exception));
  }
  return out;
}

TEST(IntentEvents, MovesTable) {
  auto cases = testing::ReadCases("intent_moves.tsv");
  ASSERT_GT(cases.size(), 15u);
  for (const auto& c : cases) {
    ASSERT_GE(c.columns.size(), 3u) << "intent_moves.tsv line " << c.line;
    PaymentIntent was = ParseState(c.columns[0]);
    IntentBefore before{was.status, was.exception, was.status_at_expiry};
    EXPECT_EQ(Describe(MovesBetween(before, ParseState(c.columns[1]))), c.columns[2])
        << "intent_moves.tsv line " << c.line << " (" << (c.columns.size() > 3 ? c.columns[3] : "")
        << ")";
  }
}

}  // namespace
}  // namespace payd::domain
