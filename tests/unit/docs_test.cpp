// The documentation a merchant builds on says what payd does: every event
// type payd can deliver has its row in docs/webhooks.md, and the table names
// no type payd does not have.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"

namespace payd {
namespace {

// The first column of docs/webhooks.md's table of event types: `| `TYPE` | ...`.
std::set<std::string> DocumentedEventTypes() {
  std::ifstream in(std::string(PAYD_SOURCE_DIR) + "/docs/webhooks.md");
  std::stringstream text;
  text << in.rdbuf();
  std::set<std::string> out;
  std::string line;
  for (std::istringstream lines(text.str()); std::getline(lines, line);) {
    if (!line.starts_with("| `")) continue;
    auto end = line.find("` |", 3);
    if (end == std::string::npos) continue;
    std::string type = line.substr(3, end - 3);
    if (type.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == std::string::npos)
      out.insert(type);
  }
  return out;
}

TEST(Docs, EveryDeliveredEventTypeHasItsRowInWebhooksMd) {
  std::set<std::string> delivered(domain::SubscribableEventTypes().begin(),
                                  domain::SubscribableEventTypes().end());
  delivered.insert(std::string(domain::kWebhookTestEvent));
  auto documented = DocumentedEventTypes();
  for (const auto& type : delivered)
    EXPECT_TRUE(documented.contains(type)) << type << " is not in docs/webhooks.md";
  for (const auto& type : documented)
    EXPECT_TRUE(delivered.contains(type)) << type << " is documented but payd has no such event";
}

}  // namespace
}  // namespace payd
