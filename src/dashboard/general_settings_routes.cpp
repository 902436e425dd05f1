// Settings > General (routes.h), what the spec puts there, and the
// reporting currency the overview's totals are in (issue 36): the account key
// (svc_ak_*, every scope, for the merchant's backend: create, its text shown
// once, rotate, revoke) and the webhook secret (whsec_*: shown only after the
// person types their password again, on a no-store page; rotated with
// domain::kWebhookSecretOverlapMs during which both secrets sign). Viewing
// the page is for everyone; acting on these and seeing the secret is for
// admins and owners (domain::Permission::kAccount). The email section says
// whether payd sends email, sends a test message to the person asking and
// lists the account's latest messages with how they went. Every change is
// domain/management/'s, the same as /api/v1 and `payd key|webhook-secret`.
#include "dashboard/api_key_shown.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/reconfirm.h"
#include "dashboard/routes.h"
#include "domain/management/api_keys.h"
#include "domain/management/email_test.h"
#include "domain/management/reporting_currency.h"
#include "domain/management/webhook_endpoints.h"
#include "domain/money/currency.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kGeneralHome = "/dashboard/settings/general";
const Gate kAdmins{domain::Permission::kAccount};
const Gate kAdminsWithPassword{domain::Permission::kAccount, false, Heavy::kPasswordHash};
const KeyShownPlace kPlace{"subGeneral", std::string(kGeneralHome),
                           html::Translatable("Back to the general settings")};

// What a message of the outbox is, in the merchant's words.
std::string_view EmailWhat(const std::string& template_name) {
  if (template_name == "test") return html::Translatable("Test message");
  if (template_name == "invitation") return html::Translatable("Invitation");
  if (template_name == "password_reset") return html::Translatable("Sign-in link");
  return template_name;
}

// The email section: whether payd sends email, and the tenant's latest messages.
boost::json::object EmailSection(const DashboardContext& ctx, const Visitor& visitor) {
  boost::json::object email{{"on", ctx.mailing != nullptr}, {"me", visitor.current.user.email}};
  if (!ctx.mailing) return email;
  boost::json::array messages;
  for (const auto& m : ctx.store.RecentEmails(visitor.current.user.tenant_id, 10)) {
    bool open =
        m.status == domain::EmailStatus::kPending || m.status == domain::EmailStatus::kRetrying;
    messages.push_back(
        {{"what", EmailWhat(m.template_name)},
         {"to", m.to.value_or("")},
         {"status", base::AsciiLower(domain::EmailStatusName(m.status))},
         {"attempts", m.attempts},
         {"lastError", m.last_error.value_or("")},
         {"nextAttemptAt",
          open && m.attempts > 0 ? base::FormatTimestamp(m.next_attempt_at) : std::string()},
         {"createdAt", base::FormatTimestamp(m.created_at)},
         {"sentAt", m.sent_at ? base::FormatTimestamp(*m.sent_at) : std::string()}});
  }
  email["hasMessages"] = !messages.empty();
  email["messages"] = std::move(messages);
  return email;
}

http::Response GeneralPage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                           http::Status status, const std::string& typed_name,
                           const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("General settings"), &visitor);
  model["navSettings"] = true;
  model["subGeneral"] = true;
  base::TimeMs now = base::NowMs();
  boost::json::array keys;
  KeyMakers makers(ctx, visitor.current.user.tenant_id);
  for (const auto& key : ctx.store.ListApiKeys(visitor.current.user.tenant_id)) {
    if (key.kind != domain::KeyKind::kAccount) continue;
    boost::json::object row = KeyRow(key, now, makers);
    // A refused change to one key is said on its card.
    for (const auto& e : errors) {
      if (e.as_object().at("field").as_string() == "key-" + key.id) {
        row["error"] = e.as_object().at("message");
      }
    }
    keys.push_back(std::move(row));
  }
  ActiveFirst(keys);
  model["hasKeys"] = !keys.empty();
  model["keys"] = std::move(keys);
  model["typedName"] = typed_name;
  model["overlapHours"] = domain::kWebhookSecretOverlapMs / (60 * 60 * 1000);
  // The currencies payd prices in, the tenant's own selected.
  auto tenant = ctx.store.FindTenant(visitor.current.user.tenant_id);
  std::string current = tenant ? tenant->reporting_currency : "USD";
  boost::json::array currencies;
  for (const auto& code : CatalogOf(ctx).currencies()) {
    auto currency = domain::FindCurrency(code);
    currencies.push_back(
        {{"value", code},
         {"label", code + (currency ? " (" + std::string(currency->name) + ")" : "")},
         {"selected", code == current}});
  }
  model["reportingCurrencies"] = std::move(currencies);
  model["reportingCurrency"] = current;
  model["email"] = EmailSection(ctx, visitor);
  AddErrors(model, errors);
  return Page(req, ctx, status, "general", model);
}

// The typed password (field `field` of the form), checked and throttled as
// a sign-in is; the page again with the field's error when it is wrong.
std::optional<http::Response> PasswordRefused(const http::Request& req,
                                              const http::RequestContext& rctx,
                                              DashboardContext& ctx, const Visitor& visitor,
                                              const std::string& field) {
  auto checked = Reconfirm(ctx, visitor, rctx, http::FormValue(req.body(), "password"));
  if (checked.proof) return std::nullopt;
  return GeneralPage(req, ctx, visitor, checked.status, {}, {FieldError(field, checked.message)});
}

// The secrets that sign now: the current one, and a rotated one during its overlap.
http::Response SecretPage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                          const std::vector<domain::WebhookSecret>& secrets, bool rotated) {
  boost::json::object model = PageModel(
      ctx,
      rotated ? html::Translatable("New webhook secret") : html::Translatable("Webhook secret"),
      &visitor);
  model["navSettings"] = true;
  model["subGeneral"] = true;
  model["rotated"] = rotated;
  if (!secrets.empty()) model["secret"] = secrets.front().secret;
  boost::json::array previous;
  for (std::size_t i = 1; i < secrets.size(); ++i) {
    previous.push_back(
        {{"secret", secrets[i].secret},
         {"id", "previous-secret-" + std::to_string(i)},
         // None: until further notice (said by the template).
         {"until",
          secrets[i].expires_at ? base::FormatTimestamp(*secrets[i].expires_at) : std::string()}});
  }
  model["hasPrevious"] = !previous.empty();
  model["previous"] = std::move(previous);
  return Page(req, ctx, http::Status::ok, "general_secret", model);
}

// A change to one account key of the tenant: another tenant's key, or a
// public or integration key (Settings > API Keys), is not found here.
template <typename Fn>
SignedInHandler ToAccountKey(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto key = ctx.store.FindApiKey(std::string(rctx.Param("id")));
    if (!key || key->tenant_id != v.current.user.tenant_id ||
        key->kind != domain::KeyKind::kAccount) {
      return NotFoundPage(req, ctx, &v);
    }
    return OrFieldError([&] { return fn(req, v, *key); },
                        [&](boost::json::array errors) {
                          for (auto& e : errors) e.as_object()["field"] = "key-" + key->id;
                          return GeneralPage(req, ctx, v, http::Status::bad_request, {}, errors);
                        });
  };
}

}  // namespace

void AddGeneralSettingsRoutes(http::Router& router, DashboardContext& ctx) {
  const std::string home(kGeneralHome);
  AddSignedInRoute(router, http::Verb::get, home, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return GeneralPage(req, ctx, v, http::Status::ok, {}, {});
                   });
  AddSignedInRoute(router, http::Verb::post, home + "/account-keys", ctx, kAdmins,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     std::string name = http::FormValue(req.body(), "name");
                     return OrFieldError(
                         [&] {
                           domain::ApiKeyRequest request;
                           request.name = name;
                           request.kind = domain::KeyKind::kAccount;
                           auto made =
                               domain::CreateApiKey(ChangeBy(ctx, v), ctx.environment, request);
                           return KeyShownPage(req, ctx, v, *made.object, std::nullopt, kPlace);
                         },
                         [&](const boost::json::array& errors) {
                           return GeneralPage(req, ctx, v, http::Status::bad_request, name, errors);
                         });
                   });
  AddSignedInRoute(router, http::Verb::post, home + "/reporting-currency", ctx, kAdmins,
                   [&ctx, home](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     std::string code = http::FormValue(req.body(), "reportingCurrency");
                     return OrFieldError(
                         [&] {
                           domain::SetReportingCurrency(ChangeBy(ctx, v), CatalogOf(ctx), code);
                           return Redirect(req, home);
                         },
                         [&](const boost::json::array& errors) {
                           return GeneralPage(req, ctx, v, http::Status::bad_request, {}, errors);
                         });
                   });
  AddSignedInRoute(router, http::Verb::post, home + "/test-email", ctx, kAdmins,
                   [&ctx, home](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return OrFieldError(
                         [&] {
                           domain::SendTestEmail(ChangeBy(ctx, v));
                           return Redirect(req, home + "#email");
                         },
                         [&](const boost::json::array& errors) {
                           return GeneralPage(req, ctx, v, http::Status::bad_request, {}, errors);
                         });
                   });
  AddSignedInRoute(
      router, http::Verb::post, home + "/account-keys/:id/rotate", ctx, kAdmins,
      ToAccountKey(
          ctx, [&ctx](const http::Request& req, const Visitor& v, const domain::ApiKey& key) {
            base::TimeMs overlap = OverlapMs(http::FormValue(req.body(), "overlapSeconds"));
            auto issued = domain::RotateApiKey(ChangeBy(ctx, v), ctx.environment, key.id, overlap);
            return KeyShownPage(req, ctx, v, *issued, ctx.store.FindApiKey(key.id), kPlace);
          }));
  AddSignedInRoute(router, http::Verb::post, home + "/account-keys/:id/revoke", ctx, kAdmins,
                   ToAccountKey(ctx, [&ctx, home](const http::Request& req, const Visitor& v,
                                                  const domain::ApiKey& key) {
                     domain::RevokeApiKey(ChangeBy(ctx, v), key.id);
                     return Redirect(req, home);
                   }));
  AddSignedInRoute(router, http::Verb::post, home + "/webhook-secret/reveal", ctx,
                   kAdminsWithPassword,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     if (auto refused = PasswordRefused(req, rctx, ctx, v, "password"))
                       return *refused;
                     return SecretPage(req, ctx, v, domain::RevealWebhookSecrets(ChangeBy(ctx, v)),
                                       /*rotated=*/false);
                   });
  // The new secret is shown at once, so rotating asks for the password too.
  AddSignedInRoute(
      router, http::Verb::post, home + "/webhook-secret/rotate", ctx, kAdminsWithPassword,
      [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
        if (auto refused = PasswordRefused(req, rctx, ctx, v, "rotatePassword")) return *refused;
        auto change = ChangeBy(ctx, v);
        domain::RotateWebhookSecret(change);
        // The rotation's own row records it; the page shows what it made.
        return SecretPage(req, ctx, v, ctx.store.WebhookSecrets(change.tenant_id, change.now),
                          /*rotated=*/true);
      });
}

}  // namespace payd::dashboard
