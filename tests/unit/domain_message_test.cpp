// A refusal's message is an English pattern with numbered places and their
// values (domain/error.h): the API says it filled in, the dashboard fills a
// translation of the pattern with the same values.
#include <gtest/gtest.h>

#include "domain/error.h"

namespace payd::domain {
namespace {

struct FillCase {
  const char* pattern;
  std::vector<std::string> values;
  const char* filled;
};

TEST(DomainMessageTest, PlacesAreFilledByNumber) {
  const FillCase cases[] = {
      {"Payment {1} already pays intent {2}.",
       {"pay_1", "pi_2"},
       "Payment pay_1 already pays intent pi_2."},
      {"{2} vor {1}", {"eins", "zwei"}, "zwei vor eins"},  // a translation may reorder
      {"priced in {1}: currency must be {1}.", {"EUR"}, "priced in EUR: currency must be EUR."},
      {"no values {1}", {}, "no values {1}"},  // a place with no value stays as written
      {"JSON {\"a\": 1} and {x} and {0}", {"v"}, "JSON {\"a\": 1} and {x} and {0}"},
      {"{1}", {"{2}"}, "{2}"},  // a value is never read for places
      {"ends with {", {"v"}, "ends with {"},
  };
  for (const auto& c : cases) EXPECT_EQ(FillPlaces(c.pattern, c.values), c.filled) << c.pattern;
}

TEST(DomainMessageTest, AnErrorSaysItsMessageInEnglishAndKeepsItsParts) {
  try {
    ThrowInvalid("email", "{1}: a security message cannot be turned off.", Term{"Sign-ins"});
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Sign-ins: a security message cannot be turned off.");
    EXPECT_EQ(e.param(), "email");
    EXPECT_EQ(e.message().pattern, "{1}: a security message cannot be turned off.");
    ASSERT_EQ(e.message().values.size(), 1u);
    EXPECT_TRUE(e.message().values[0].term);
    Error moved = e.At("topic");
    EXPECT_EQ(moved.param(), "topic");
    EXPECT_EQ(moved.message().pattern, e.message().pattern);
    EXPECT_STREQ(moved.what(), e.what());
    return;
  }
  FAIL() << "ThrowInvalid returned";
}

}  // namespace
}  // namespace payd::domain
