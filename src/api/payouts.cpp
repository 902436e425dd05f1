// Payouts (domain/management/payouts.h, docs/api-reference.md "Payouts"):
// made with a key that has payouts:write (POST /api/v1/payouts,
// Idempotency-Key supported), read with payments:read (a page of the
// tenant's without their lines, one with its lines), canceled, and the lines
// still waiting as one Safe Transaction Builder batch file.
#include "domain/management/payouts.h"

#include "api/management_http.h"
#include "api/resource_reads.h"
#include "api/routes.h"
#include "domain/payouts/payout_view.h"

namespace payd::api {

namespace {

const std::set<std::string> kPayoutListParams = {"limit", "offset"};

domain::PayoutLineRequest ReadLine(const boost::json::value& value, std::size_t index) {
  if (!value.is_object()) {
    ThrowBadRequest(domain::PayoutLineField(index, "to"),
                    "Each line is an object {to, amount, reference}.");
  }
  FieldReader fields(value.as_object());
  domain::PayoutLineRequest line;
  // Named by their place in the list, as the domain's errors are.
  auto text = [&](const char* name, bool required) -> std::optional<std::string> {
    const boost::json::value* v = fields.OptionalValue(name);
    if (!v) {
      if (required) {
        ThrowBadRequest(domain::PayoutLineField(index, name),
                        std::string(name) + " is required on every line.");
      }
      return std::nullopt;
    }
    if (!v->is_string())
      ThrowBadRequest(domain::PayoutLineField(index, name), std::string(name) + " is a string.");
    return std::string(v->as_string());
  };
  line.to = *text("to", true);
  line.amount = *text("amount", true);
  line.reference = text("reference", false);
  fields.RejectUnknown();
  return line;
}

domain::PayoutRequest ReadPayoutRequest(const boost::json::object& body) {
  FieldReader fields(body);
  domain::PayoutRequest request;
  request.name = fields.RequiredString("name");
  request.chain_id = fields.RequiredInt("chainId");
  request.token = fields.RequiredString("token");
  request.from = fields.OptionalString("from");
  const boost::json::value* lines = fields.OptionalValue("lines");
  if (!lines || !lines->is_array())
    ThrowBadRequest("lines", "lines is an array of {to, amount, reference}.");
  const auto& items = lines->as_array();
  // Refused before reading them all: a body of a million lines is not read line by line.
  if (items.size() > domain::kMaxPayoutLines) {
    ThrowBadRequest("lines", "A payout has 1 to " + std::to_string(domain::kMaxPayoutLines) +
                                 " lines; " + std::to_string(items.size()) + " given.");
  }
  for (std::size_t i = 0; i < items.size(); ++i) request.lines.push_back(ReadLine(items[i], i));
  request.metadata_json = ReadMetadata(fields.OptionalObject("metadata"));
  fields.RejectUnknown();
  return request;
}

http::Response CreatePayoutAnswer(const http::Request& req, http::RequestContext& ctx,
                                  ApiContext& api) {
  auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCreatePayout);
  ParseQuery(req, {});
  boost::json::object body = ParseJsonObjectBody(req);
  auto frame = CreationChangeBy(req, ctx, api, principal, body);
  if (frame.earlier) return std::move(*frame.earlier);
  auto made = domain::CreatePayout(frame.change, api.catalog, ReadPayoutRequest(body));
  return CreationResponse(
      made, made.object ? domain::PayoutView(*made.object) : boost::json::object{}, ctx.request_id);
}

http::Response PayoutSafeBatchFile(const http::Request& req, http::RequestContext& ctx,
                                   ApiContext& api) {
  auto principal = RequireScope(req, ctx, api, domain::Scope::kPaymentsRead);
  ParseQuery(req, {});
  std::string id(ctx.Param("id"));
  auto payout = api.store.FindPayout(principal.tenant_id, id);
  if (!payout) ThrowNotFound("payout", id);
  auto file = domain::PayoutSafeBatch(*payout, base::NowMs());
  if (!file) {
    ThrowBadRequest("id", "Payout " + id + " is " +
                              std::string(domain::PayoutStatusName(payout->Status())) +
                              " and no line of it waits for its transfer.");
  }
  auto res = http::JsonResponse(http::Status::ok, *file);
  res.set(http::beast_http::field::content_disposition,
          "attachment; filename=\"payd-payout-" + payout->id + "-safe-batch.json\"");
  return res;
}

}  // namespace

void AddPayoutRoutes(http::Router& router, ApiContext& api) {
  domain::Store& store = api.store;
  router.Add(http::Verb::post, "/api/v1/payouts", Endpoint([&api](const auto& req, auto& ctx) {
               return CreatePayoutAnswer(req, ctx, api);
             }));
  router.Add(http::Verb::get, "/api/v1/payouts", Endpoint([&](const auto& req, auto& ctx) {
               auto fetch = [&store](const std::string& tenant, const auto&, int limit,
                                     int offset) {
                 return store.ListPayouts(tenant, domain::PayoutQuery{limit, offset});
               };
               return ListResources(req, ctx, api, domain::Scope::kPaymentsRead, kPayoutListParams,
                                    fetch, &domain::PayoutSummaryView);
             }));
  router.Add(http::Verb::get, "/api/v1/payouts/:id", Endpoint([&](const auto& req, auto& ctx) {
               return GetResource(
                   req, ctx, api, domain::Scope::kPaymentsRead, "payout",
                   [&store](auto&&... args) { return store.FindPayout(args...); },
                   &domain::PayoutView);
             }));
  router.Add(http::Verb::post, "/api/v1/payouts/:id/cancel",
             Endpoint([&api](const auto& req, auto& ctx) {
               auto principal = RequireKeyFor(req, ctx, api, domain::Operation::kCancelPayout);
               ParseQuery(req, {});
               RequireNoFields(req);
               std::string id(ctx.Param("id"));
               auto payout = domain::CancelPayout(ChangeBy(api, principal), id);
               if (!payout) ThrowNotFound("payout", id);
               return http::JsonResponse(http::Status::ok, domain::PayoutView(*payout));
             }));
  router.Add(
      http::Verb::get, "/api/v1/payouts/:id/safe-batch",
      Endpoint([&api](const auto& req, auto& ctx) { return PayoutSafeBatchFile(req, ctx, api); }));
}

}  // namespace payd::api
