// The metrics module (metrics/metrics.h) and what feeds it its labels: the
// router's route template. The scrape as a whole, with promtool, is
// tests/e2e/metrics.test.mjs.
#include "metrics/metrics.h"

#include <gtest/gtest.h>

#include "http/router.h"

namespace payd {
namespace {

http::Request Get(std::string target) {
  http::Request req{http::Verb::get, target, 11};
  return req;
}

TEST(Metrics, TheRouterNamesTheTemplateNeverThePath) {
  http::Router router;
  router.Add(http::Verb::get, "/api/v1/payment-links/:id",
             [](const http::Request&, http::RequestContext&) { return http::Response{}; });
  http::RequestContext matched;
  router.Dispatch(Get("/api/v1/payment-links/plink_x?a=1"), matched);
  EXPECT_EQ(matched.route, "/api/v1/payment-links/:id");
  http::RequestContext wrong_method;
  http::Request post = Get("/api/v1/payment-links/plink_x");
  post.method(http::Verb::post);
  EXPECT_EQ(router.Dispatch(post, wrong_method).result(), http::Status::method_not_allowed);
  EXPECT_EQ(wrong_method.route, "/api/v1/payment-links/:id");
  http::RequestContext unmatched;
  EXPECT_EQ(router.Dispatch(Get("/nothing/here"), unmatched).result(), http::Status::not_found);
  EXPECT_TRUE(unmatched.route.empty());
}

TEST(Metrics, RecordingDoesNothingUntilEnabledThenScrapesAsText) {
  // Only this test enables metrics in the unit tests (Enable is once per process).
  if (!metrics::Enabled()) {
    metrics::HttpRequest("GET", "/before/enable", 200, 0.01, false);
    metrics::Enable("1.2.3");
  }
  metrics::HttpRequest("GET", "/x/:id", 200, 0.003, false);
  metrics::HttpRequest("GET", "/x/:id", 200, 0.2, false);
  metrics::HttpRequest("GET", "/events", 200, 30, true);
  metrics::RpcError(31337, 1, "timeout");
  metrics::IntentsByStatus("paid", 7);
  int hook_calls = 0;
  metrics::SetScrapeHook([&hook_calls] { ++hook_calls; });
  std::string text = metrics::Scrape();
  metrics::SetScrapeHook(nullptr);
  EXPECT_EQ(hook_calls, 1);
  EXPECT_EQ(text.find("/before/enable"), std::string::npos);
  EXPECT_NE(text.find("payd_build_info{version=\"1.2.3\"} 1"), std::string::npos) << text;
  EXPECT_NE(text.find("payd_http_requests_total{method=\"GET\",route=\"/x/:id\",status=\"200\"} 2"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("payd_http_request_duration_seconds_count{method=\"GET\",route=\"/x/:id\"} 2"),
      std::string::npos);
  // A stream is counted, but its duration would only blur the latency histogram.
  EXPECT_NE(
      text.find("payd_http_requests_total{method=\"GET\",route=\"/events\",status=\"200\"} 1"),
      std::string::npos);
  EXPECT_EQ(text.find("payd_http_request_duration_seconds_count{method=\"GET\",route=\"/events\""),
            std::string::npos);
  EXPECT_NE(
      text.find(
          "payd_chain_rpc_errors_total{chain_id=\"31337\",endpoint=\"1\",kind=\"timeout\"} 1"),
      std::string::npos);
  EXPECT_NE(text.find("payd_intents{status=\"paid\"} 7"), std::string::npos);
}

}  // namespace
}  // namespace payd
