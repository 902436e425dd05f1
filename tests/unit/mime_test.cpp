// The header text of a message and the addresses payd mails (email/mime.h,
// domain/email/address.h). The cases are tests/unit/data/mime.tsv: add a line to add a case.
#include "email/mime.h"

#include <gtest/gtest.h>

#include <regex>

#include "domain/email/address.h"
#include "test_data.h"

namespace payd {
namespace {

TEST(Mime, AsTheTableSays) {
  auto cases = testing::ReadCases("mime.tsv");
  ASSERT_GE(cases.size(), 20u);
  for (const auto& c : cases) {
    SCOPED_TRACE("mime.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    std::string input = testing::Unescape(c.columns[1]);
    if (c.columns[0] == "words") {
      std::string words = email::HeaderWords(input);
      EXPECT_EQ(words, c.columns[2]);
      for (const auto& word : testing::Words(words)) {
        if (word.starts_with("=?")) {
          EXPECT_LE(word.size(), 75u) << word;
        }
      }
    } else if (c.columns[0] == "mailbox") {
      auto bar = input.find('|');
      EXPECT_EQ(email::Mailbox(input.substr(0, bar), input.substr(bar + 1)), c.columns[2]);
    } else {
      ASSERT_EQ(c.columns[0], "address");
      EXPECT_EQ(domain::IsMailAddress(input) ? "yes" : "no", c.columns[2]) << input;
    }
  }
}

TEST(Mime, DateAndMessageId) {
  // 2026-12-03T16:40:05Z, a Thursday.
  EXPECT_EQ(email::MailDate(1796316005000), "Thu, 03 Dec 2026 16:40:05 +0000");
  std::string id = email::NewMessageId("payd@shop.example");
  EXPECT_TRUE(std::regex_match(id, std::regex("<[0-9a-f]{32}@shop\\.example>"))) << id;
  EXPECT_NE(id, email::NewMessageId("payd@shop.example"));
}

}  // namespace
}  // namespace payd
