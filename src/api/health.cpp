// Liveness (/healthz: the process answers) and readiness (/readyz: it can
// reach its database, and no chain is stopped for a token that does not
// match its contract), for load balancers and orchestrators. No auth. A
// chain whose providers disagree leaves payd ready (payers can still pay)
// and is named in confirmationsWaiting.
// /readyz names the environment, which is its database's: payd never opens
// a database of the other environment (domain/access/environment_lock.h).
#include "api/api_error.h"
#include "api/routes.h"
#include "http/json_response.h"

namespace payd::api {

void AddHealthRoutes(http::Router& router, ApiContext& api) {
  router.Add(http::Verb::get, "/healthz", Endpoint([](const auto&, auto&) {
               return http::JsonResponse(http::Status::ok, boost::json::object{{"status", "ok"}});
             }));
  router.Add(http::Verb::get, "/readyz", Endpoint([&api](const auto&, auto&) {
               api.store.Ping();
               if (auto stopped = api.chains_stopped(); !stopped.empty()) {
                 std::string why = "Not ready: a chain is stopped.";
                 for (const auto& line : stopped) why += " " + line + ".";
                 // The check runs again every few minutes; a fix takes a restart.
                 throw ApiError(http::Status::service_unavailable, "unavailable", why)
                     .WithHeader("Retry-After", "300");
               }
               boost::json::object ready{{"status", "ready"},
                                         {"database", "ok"},
                                         {"environment", domain::EnvironmentName(api.environment)}};
               if (auto waiting = api.chains_disagreeing(); !waiting.empty()) {
                 boost::json::array lines;
                 for (auto& line : waiting) lines.emplace_back(line);
                 ready["confirmationsWaiting"] = std::move(lines);
               }
               return http::JsonResponse(http::Status::ok, std::move(ready));
             }));
}

}  // namespace payd::api
