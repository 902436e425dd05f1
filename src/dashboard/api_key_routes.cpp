// Settings > API Keys (routes.h): the spec's tab "Public API Keys" (create
// with a name, scopes and an optional expiry; the text shown once; the list
// with prefix and last 4; revoke, rotate) and a tab of integration keys, per
// integration (svc_test_/svc_live_: the widget's and SDK's, refused on
// /api/v1). Every change is domain/management/api_keys.h's, the same as
// /api/v1/api-keys and `payd key`. Account keys are Settings > General's.
#include <algorithm>
#include <boost/json/array.hpp>
#include <map>

#include "dashboard/api_key_shown.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "domain/management/api_keys.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kApiKeysHome = "/dashboard/settings/api-keys";
constexpr std::string_view kIntegrationTab = "/dashboard/settings/api-keys/integration-keys";

// What the spec says each scope grants, for the checkboxes' hints.
std::string_view ScopeHint(std::string_view scope) {
  if (scope == "payments:read")
    return html::Translatable("Read payment links, payment intents and payments.");
  if (scope == "payments:write") return html::Translatable("Create and change payment links.");
  if (scope == "events:read") return html::Translatable("Read events and webhook delivery logs.");
  if (scope == "webhooks:write") return html::Translatable("Manage webhook endpoints.");
  if (scope == "refunds:write") return html::Translatable("Refund payments and cancel refunds.");
  if (scope == "payouts:write") return html::Translatable("Prepare and cancel payouts.");
  return "";
}

// What the creation form had typed in it, when it comes back with errors.
struct TypedKey {
  std::string name;
  std::vector<std::string> scopes;
  std::string expires;
};

boost::json::object BaseModel(DashboardContext& ctx, const Visitor& visitor, std::string title) {
  boost::json::object model = PageModel(ctx, std::move(title), &visitor);
  model["navSettings"] = true;
  model["subApiKeys"] = true;
  return model;
}

// A refused change to one key is said on its card (field "key-<id>").
void AttachErrors(boost::json::array& rows, const boost::json::array& errors) {
  for (auto& row : rows) {
    auto& r = row.as_object();
    for (const auto& e : errors) {
      if (e.as_object().at("field").as_string() == "key-" + std::string(r.at("id").as_string())) {
        r["error"] = e.as_object().at("message");
      }
    }
  }
}

http::Response PublicTab(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                         http::Status status, const TypedKey& typed,
                         const boost::json::array& errors) {
  boost::json::object model = BaseModel(ctx, visitor, html::Translatable("API keys"));
  model["tabPublic"] = true;
  base::TimeMs now = base::NowMs();
  boost::json::array keys;
  KeyMakers makers(ctx, visitor.current.user.tenant_id);
  for (const auto& key : ctx.store.ListApiKeys(visitor.current.user.tenant_id)) {
    if (key.kind == domain::KeyKind::kPublic) keys.push_back(KeyRow(key, now, makers));
  }
  ActiveFirst(keys);
  AttachErrors(keys, errors);
  model["hasKeys"] = !keys.empty();
  model["keys"] = std::move(keys);
  boost::json::array scopes;
  // Only the scopes this person's role may give a key (payments:write needs an admin).
  std::vector<std::string> names;
  for (const auto& name : domain::ScopeSet::All().Names()) {
    domain::ApiKey probe;
    probe.scopes = *domain::ScopeSet::Parse({name});
    if (domain::Allows(visitor.current.user.role, domain::PermissionToManage(probe)))
      names.push_back(name);
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    bool checked =
        std::find(typed.scopes.begin(), typed.scopes.end(), names[i]) != typed.scopes.end();
    // The first box carries the field's id: the error summary links to it.
    scopes.push_back({{"value", names[i]},
                      {"id", i == 0 ? std::string("scopes") : "scopes-" + std::to_string(i)},
                      {"hint", ScopeHint(names[i])},
                      {"checked", checked}});
  }
  model["scopeOptions"] = std::move(scopes);
  model["typedName"] = typed.name;
  model["typedExpires"] = typed.expires;
  AddErrors(model, errors);
  return Page(req, ctx, status, "api_keys", model);
}

http::Response IntegrationTab(const http::Request& req, DashboardContext& ctx,
                              const Visitor& visitor, http::Status status,
                              const boost::json::array& errors) {
  boost::json::object model = BaseModel(ctx, visitor, html::Translatable("Integration keys"));
  model["tabIntegration"] = true;
  base::TimeMs now = base::NowMs();
  const std::string& tenant = visitor.current.user.tenant_id;
  std::map<std::string, boost::json::array> by_integration;
  KeyMakers makers(ctx, tenant);
  for (const auto& key : ctx.store.ListApiKeys(tenant)) {
    if (key.kind == domain::KeyKind::kIntegration && key.integration_id) {
      by_integration[*key.integration_id].push_back(KeyRow(key, now, makers));
    }
  }
  boost::json::array integrations;
  for (const auto& integration : ctx.store.ListIntegrations(tenant)) {
    boost::json::array keys = std::move(by_integration[integration.id]);
    ActiveFirst(keys);
    AttachErrors(keys, errors);
    boost::json::object item{{"id", integration.id},
                             {"name", integration.name},
                             {"enabled", integration.Enabled()},
                             {"hasKeys", !keys.empty()},
                             {"keys", std::move(keys)}};
    for (const auto& e : errors) {
      if (e.as_object().at("field").as_string() == "name-" + integration.id) {
        item["nameError"] = e.as_object().at("message");
      }
    }
    integrations.push_back(std::move(item));
  }
  model["hasIntegrations"] = !integrations.empty();
  model["integrations"] = std::move(integrations);
  AddErrors(model, errors);
  return Page(req, ctx, status, "api_keys_integration", model);
}

// An <input type="date"> sends YYYY-MM-DD: the key ends at the start of
// that day, UTC. Anything else goes to the domain as typed (an RFC 3339
// time, or text it refuses naming expiresAt).
std::optional<std::string> ExpiryOf(const std::string& typed) {
  if (typed.empty()) return std::nullopt;
  bool date = typed.size() == 10 && typed[4] == '-' && typed[7] == '-';
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) date = date && typed[i] >= '0' && typed[i] <= '9';
  return date ? typed + "T00:00:00Z" : typed;
}

const KeyShownPlace kPublicPlace{"subApiKeys", std::string(kApiKeysHome),
                                 html::Translatable("Back to the API keys")};
const KeyShownPlace kIntegrationPlace{"subApiKeys", std::string(kIntegrationTab),
                                      html::Translatable("Back to the integration keys")};

http::Response CreatePublic(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  TypedKey typed{http::FormValue(req.body(), "name"), http::FormValues(req.body(), "scopes"),
                 http::FormValue(req.body(), "expiresAt")};
  return OrFieldError(
      [&] {
        domain::ApiKeyRequest request;
        request.name = typed.name;
        request.kind = domain::KeyKind::kPublic;
        request.scopes = typed.scopes;
        request.expires = ExpiryOf(typed.expires);
        auto made = domain::CreateApiKey(ChangeBy(ctx, v), ctx.environment, request);
        return KeyShownPage(req, ctx, v, *made.object, std::nullopt, kPublicPlace);
      },
      [&](const boost::json::array& errors) {
        return PublicTab(req, ctx, v, http::Status::bad_request, typed, errors);
      });
}

http::Response CreateIntegrationKey(const http::Request& req, DashboardContext& ctx,
                                    const Visitor& v) {
  std::string integration_id = http::FormValue(req.body(), "integrationId");
  if (!ctx.store.FindIntegration(v.current.user.tenant_id, integration_id)) {
    return NotFoundPage(req, ctx, &v);
  }
  return OrFieldError(
      [&] {
        domain::ApiKeyRequest request;
        request.name = http::FormValue(req.body(), "name");
        request.kind = domain::KeyKind::kIntegration;
        request.integration_id = integration_id;
        auto made = domain::CreateApiKey(ChangeBy(ctx, v), ctx.environment, request);
        return KeyShownPage(req, ctx, v, *made.object, std::nullopt, kIntegrationPlace);
      },
      [&](boost::json::array errors) {
        for (auto& e : errors) e.as_object()["field"] = "name-" + integration_id;
        return IntegrationTab(req, ctx, v, http::Status::bad_request, errors);
      });
}

// A change to one public or integration key of the tenant: another tenant's
// key, or an account key (Settings > General, admins), is not found here.
template <typename Fn>
SignedInHandler ToKey(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto key = ctx.store.FindApiKey(std::string(rctx.Param("id")));
    if (!key || key->tenant_id != v.current.user.tenant_id ||
        key->kind == domain::KeyKind::kAccount) {
      return NotFoundPage(req, ctx, &v);
    }
    bool integration = key->kind == domain::KeyKind::kIntegration;
    return OrFieldError(
        [&] { return fn(req, v, *key); },
        [&](boost::json::array errors) {
          for (auto& e : errors) e.as_object()["field"] = "key-" + key->id;
          return integration ? IntegrationTab(req, ctx, v, http::Status::bad_request, errors)
                             : PublicTab(req, ctx, v, http::Status::bad_request, {}, errors);
        });
  };
}

std::string TabOf(const domain::ApiKey& key) {
  return std::string(key.kind == domain::KeyKind::kIntegration ? kIntegrationTab : kApiKeysHome);
}

}  // namespace

void AddApiKeyRoutes(http::Router& router, DashboardContext& ctx) {
  const std::string home(kApiKeysHome);
  AddSignedInRoute(router, http::Verb::get, home, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return PublicTab(req, ctx, v, http::Status::ok, {}, {});
                   });
  AddSignedInRoute(router, http::Verb::post, home, ctx, kDevelopers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return CreatePublic(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, std::string(kIntegrationTab), ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return IntegrationTab(req, ctx, v, http::Status::ok, {});
                   });
  AddSignedInRoute(router, http::Verb::post, std::string(kIntegrationTab), ctx, kDevelopers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return CreateIntegrationKey(req, ctx, v);
                   });
  AddSignedInRoute(
      router, http::Verb::post, home + "/:id/revoke", ctx, kDevelopers,
      ToKey(ctx, [&ctx](const http::Request& req, const Visitor& v, const domain::ApiKey& key) {
        domain::RevokeApiKey(ChangeBy(ctx, v), key.id);
        return Redirect(req, TabOf(key));
      }));
  AddSignedInRoute(
      router, http::Verb::post, home + "/:id/rotate", ctx, kDevelopers,
      ToKey(ctx, [&ctx](const http::Request& req, const Visitor& v, const domain::ApiKey& key) {
        base::TimeMs overlap = OverlapMs(http::FormValue(req.body(), "overlapSeconds"));
        auto issued = domain::RotateApiKey(ChangeBy(ctx, v), ctx.environment, key.id, overlap);
        return KeyShownPage(
            req, ctx, v, *issued, ctx.store.FindApiKey(key.id),
            key.kind == domain::KeyKind::kIntegration ? kIntegrationPlace : kPublicPlace);
      }));
}

}  // namespace payd::dashboard
