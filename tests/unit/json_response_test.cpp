#include "http/json_response.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace payd::http {
namespace {

// Error messages quote what the client sent (a path, an Origin, a query
// parameter), and those bytes need not be UTF-8. The body must still be JSON,
// which RFC 8259 requires to be UTF-8: strict clients refuse anything else.
TEST(ErrorResponse, IsValidUtf8WhateverTheRequestBytesWere) {
  const std::string sent[] = {"/\xff\xfe", "\xc0\xaf",         "\xed\xa0\x80",
                              "x\xe2\x82", "\xf4\x90\x80\x80", "\x80"};
  for (const auto& bytes : sent) {
    auto res = ErrorResponse(Status::not_found, "not_found", "No route for " + bytes, "req_x",
                             "param" + bytes);
    boost::json::error_code ec;
    auto body = boost::json::parse(res.body(), ec);  // Boost.JSON refuses invalid UTF-8
    ASSERT_FALSE(ec) << "sent " << ::testing::PrintToString(bytes) << ": " << res.body();
    const auto& error = body.at("error");
    EXPECT_TRUE(error.at("message").as_string().starts_with("No route for "));
    EXPECT_NE(std::string(error.at("message").as_string()).find("\xEF\xBF\xBD"), std::string::npos)
        << "an invalid byte is shown as U+FFFD";
  }
}

TEST(ErrorResponse, KeepsValidTextAsItIs) {
  auto res = ErrorResponse(Status::bad_request, "invalid_request",
                           "caf\xc3\xa9 \xf0\x9f\x99\x82 \xe2\x80\xae", "req_x", "na\xc3\xafve");
  auto body = boost::json::parse(res.body());
  EXPECT_EQ(body.at("error").at("message").as_string(),
            "caf\xc3\xa9 \xf0\x9f\x99\x82 \xe2\x80\xae");
  EXPECT_EQ(body.at("error").at("param").as_string(), "na\xc3\xafve");
}

}  // namespace
}  // namespace payd::http
