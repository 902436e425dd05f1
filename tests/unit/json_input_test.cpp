#include "api/json_input.h"

#include <gtest/gtest.h>

#include "api/api_error.h"

namespace payd::api {
namespace {

http::Request JsonPost(std::string body) {
  http::Request req{http::Verb::post, "/x", 11};
  req.set(http::beast_http::field::content_type, "application/json");
  req.body() = std::move(body);
  return req;
}

// Boost.JSON reads a number beyond a double's range as infinity, and writes
// infinity as `Infinity`, which is not JSON: stored in an intent's metadata
// it made the create a 500 (and would break every later read of it).
TEST(ParseJsonObjectBody, RefusesNumbersBeyondADoublesRangeNamingTheField) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"a":1e400})", "a"},
      {R"({"a":-1e400})", "a"},
      {R"({"metadata":{"k":1E999999}})", "metadata.k"},
      {R"({"list":[1,2,-1e309]})", "list"},
  };
  for (const auto& [body, param] : cases) {
    try {
      ParseJsonObjectBody(JsonPost(body));
      ADD_FAILURE() << body << " was accepted";
    } catch (const ApiError& e) {
      EXPECT_EQ(e.status(), http::Status::bad_request) << body;
      EXPECT_EQ(e.param(), param) << body;
    }
  }
}

TEST(ParseJsonObjectBody, KeepsLargeAndTinyFiniteNumbers) {
  auto body = ParseJsonObjectBody(
      JsonPost(R"({"a":1.7976931348623157e308,"b":1e-400,"c":-0,"d":18446744073709551615})"));
  EXPECT_EQ(CanonicalJson(body),
            R"({"a":1.7976931348623157E308,"b":0E0,"c":0,"d":18446744073709551615})");
}

}  // namespace
}  // namespace payd::api
