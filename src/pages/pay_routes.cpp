// /pay/<id>: the hosted pages. The id's prefix picks the page; anything else,
// or an id this payd does not hold (unknown, or of the other environment,
// whose database this is not), is the 404 page. So is any other path under
// /pay (/pay/, /pay/a/b) for a browser; an API client gets the JSON 404
// there. A page fails softly: with the database down the payer gets a page
// that says to retry, not a JSON 500.
#include "base/strings.h"
#include "domain/store.h"
#include "http/json_response.h"
#include "pages/choice_page.h"
#include "pages/intent_page.h"
#include "pages/link_page.h"
#include "pages/page_common.h"
#include "pages/receipt_request.h"
#include "pages/routes.h"

namespace payd::pages {

namespace {

// Prefetches and prerenders (Sec-Purpose, or the older Purpose header) are no visit.
bool Prefetch(const http::Request& req) {
  auto mentions = [&](std::string_view header) {
    return base::AsciiLower(req[header]).find("prefetch") != std::string::npos;
  };
  return mentions("Sec-Purpose") || mentions("Purpose");
}

std::string ClientBucket(std::string_view kind, const std::string& integration_id) {
  return "page-" + std::string(kind) + "|" + integration_id;
}

http::Response TooManyRequests(const http::Request& req, const http::RequestContext& rctx,
                               const PagesContext& pages) {
  return MessagePage(req, rctx, pages,
                     {http::Status::too_many_requests, "rate_limited",
                      "Too many requests from this address; retry in a minute.", "busy", "60"});
}

http::Response Get(const http::Request& req, http::RequestContext& rctx, PagesContext& pages) {
  std::string id(rctx.Param("id"));
  if (id.starts_with("plink_")) {
    auto link = pages.store.FindPaymentLinkById(id);
    auto integration = link ? pages.store.FindIntegrationById(link->integration_id) : std::nullopt;
    if (!link || !integration) return NotFoundPage(req, rctx, pages, id);
    if (!pages.rate_allow(rctx.remote_ip, ClientBucket("read", integration->id),
                          pages.reads_per_min)) {
      return TooManyRequests(req, rctx, pages);
    }
    // The widget asks what the link is: no visit.
    if (http::PrefersJson(req)) return LinkJson(req, pages, *link, *integration);
    if (req.method() == http::Verb::get && !Prefetch(req) && link->status == "active" &&
        integration->Enabled()) {
      if (pages.count_view(link->id, rctx.remote_ip)) ++link->views;
    }
    return LinkPage(req, rctx, pages, *link, *integration);
  }
  if (id.starts_with("pi_")) {
    auto intent = pages.store.FindIntentById(id);
    if (!intent) return NotFoundPage(req, rctx, pages, id);
    if (!pages.rate_allow(rctx.remote_ip, ClientBucket("read", intent->integration_id),
                          pages.reads_per_min)) {
      return TooManyRequests(req, rctx, pages);
    }
    if (ShowsChoice(req, *intent)) return ChoicePage(req, rctx, pages, *intent);
    return IntentPage(req, rctx, pages, *intent);
  }
  return NotFoundPage(req, rctx, pages, id);
}

// The payer's choice of chain and token for an intent asked on /v1.
http::Response PostChoice(const http::Request& req, http::RequestContext& rctx, PagesContext& pages,
                          const std::string& id) {
  auto intent = pages.store.FindIntentById(id);
  if (!intent || !intent->asked) return NotFoundPage(req, rctx, pages, id);
  if (!pages.rate_allow(rctx.remote_ip, ClientBucket("write", intent->integration_id),
                        pages.writes_per_min)) {
    return TooManyRequests(req, rctx, pages);
  }
  return SubmitChoice(req, rctx, pages, *intent);
}

http::Response Post(const http::Request& req, http::RequestContext& rctx, PagesContext& pages) {
  std::string id(rctx.Param("id"));
  if (id.starts_with("pi_")) return PostChoice(req, rctx, pages, id);
  auto link = id.starts_with("plink_") ? pages.store.FindPaymentLinkById(id) : std::nullopt;
  auto integration = link ? pages.store.FindIntegrationById(link->integration_id) : std::nullopt;
  if (!link || !integration) return NotFoundPage(req, rctx, pages, id);
  if (!pages.rate_allow(rctx.remote_ip, ClientBucket("write", integration->id),
                        pages.writes_per_min)) {
    return TooManyRequests(req, rctx, pages);
  }
  return SubmitLinkForm(req, rctx, pages, *link, *integration);
}

// The payer's address for the intent's receipt (receipt_request.h).
http::Response PostReceipt(const http::Request& req, http::RequestContext& rctx,
                           PagesContext& pages) {
  std::string id(rctx.Param("id"));
  auto intent = id.starts_with("pi_") ? pages.store.FindIntentById(id) : std::nullopt;
  if (!intent || !pages.mailing) return NotFoundPage(req, rctx, pages, id);
  if (!pages.rate_allow(rctx.remote_ip, ClientBucket("write", intent->integration_id),
                        pages.writes_per_min)) {
    return TooManyRequests(req, rctx, pages);
  }
  return SubmitReceiptRequest(req, pages, *intent);
}

// The database cannot be reached: a page that says so, 503.
http::Handler Guarded(http::Handler handler, const PagesContext& pages) {
  return
      [handler = std::move(handler), &pages](const http::Request& req, http::RequestContext& rctx) {
        try {
          return handler(req, rctx);
        } catch (const domain::StoreUnavailable&) {
          return MessagePage(
              req, rctx, pages,
              {http::Status::service_unavailable, "unavailable",
               "The service is briefly unavailable; retry shortly.", "unavailable", "5"});
        }
      };
}

// A path under /pay that is no page's: a browser that asked for HTML (a
// mistyped or cut link) gets the 404 page; anything else the API's 404.
http::Response Unmatched(const http::Request& req, http::RequestContext& rctx,
                         const PagesContext& pages) {
  if (!http::PrefersHtml(req)) return http::Router::NoRoute(req, rctx);
  std::string_view path = req.target().substr(0, req.target().find('?'));
  return NotFoundPage(req, rctx, pages, path);
}

}  // namespace

void AddPayRoutes(http::Router& router, PagesContext& pages) {
  router.Add(
      http::Verb::get, "/pay/:id",
      Guarded([&pages](const auto& req, auto& rctx) { return Get(req, rctx, pages); }, pages));
  router.Add(
      http::Verb::post, "/pay/:id",
      Guarded([&pages](const auto& req, auto& rctx) { return Post(req, rctx, pages); }, pages));
  router.Add(
      http::Verb::post, "/pay/:id/receipt",
      Guarded([&pages](const auto& req, auto& rctx) { return PostReceipt(req, rctx, pages); },
              pages));
  router.AddUnmatched(
      "/pay", [&pages](const auto& req, auto& rctx) { return Unmatched(req, rctx, pages); });
}

}  // namespace payd::pages
