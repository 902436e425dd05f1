// An amount sent as a JSON number is read from the digits the client wrote
// (DECISIONS §12), whatever Boost.JSON would make of it as a double.
#include "api/json_number_text.h"

#include <gtest/gtest.h>

namespace payd::api {
namespace {

struct Case {
  const char* json;
  const char* key;
  const char* text;  // nullptr: no number text for that key
};

TEST(JsonNumberText, TopLevelNumbersKeepTheirText) {
  const Case cases[] = {
      {R"({"amount": 19.99})", "amount", "19.99"},
      {R"({"amount":0.1})", "amount", "0.1"},
      {R"({"amount": 25})", "amount", "25"},
      {R"({"amount": 25.000000000000000001})", "amount", "25.000000000000000001"},
      {R"({"amount": 115792089237316195423570985008687907853269984665640564039457584007913129639936})",
       "amount", "115792089237316195423570985008687907853269984665640564039457584007913129639936"},
      {R"({"amount": 1e2})", "amount", "1e2"},
      {R"({"amount": -5.5})", "amount", "-5.5"},
      {R"({"amount": 1.50E-3, "currency": "USD"})", "amount", "1.50E-3"},
      {R"({"amount": "19.99"})", "amount", nullptr},  // a string: read as the string
      {R"({"m": {"amount": 3}, "amount": 4})", "amount", "4"},
      {R"({"m": {"amount": 3}})", "amount", nullptr},  // nested: not a top-level member
      {R"({"list": [1, 2], "amount": 7.5})", "amount", "7.5"},
      {R"({"amount": 1, "amount": 2.25})", "amount", "2.25"},  // the last, as the parser keeps
      {R"({"am\u006fun\u0074": 8})", "amount", "8"},           // the key as decoded
      {R"({"amount": 19.99)", "amount", nullptr},              // malformed: nothing
      {R"({"amount": 01})", "amount", nullptr},
  };
  for (const auto& c : cases) {
    auto texts = TopLevelNumberTexts(c.json);
    auto it = texts.find(c.key);
    if (c.text == nullptr) {
      EXPECT_EQ(it, texts.end()) << c.json;
    } else {
      ASSERT_NE(it, texts.end()) << c.json;
      EXPECT_EQ(it->second, c.text) << c.json;
    }
  }
}

}  // namespace
}  // namespace payd::api
