// Setting up and managing one's own second factor (routes.h): a person
// scans a QR code into an authenticator app, confirms with its first code
// and is shown ten recovery codes, once. These pages stay open to a person
// whose owner requires two factors and who has none yet: every other page
// sends them here (AddSignedInRoute).
#include "dashboard/dashboard_http.h"
#include "dashboard/reconfirm.h"
#include "dashboard/routes.h"
#include "domain/error.h"
#include "domain/management/two_factor.h"
#include "domain/people/sign_in.h"
#include "html/i18n.h"
#include "html/qr.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kTwoFactorHome = "/dashboard/two-factor";
const Gate kOwnFactor{domain::Permission::kRead, /*while_enrolling=*/true};
const Gate kOwnFactorWithPassword{domain::Permission::kRead, /*while_enrolling=*/true,
                                  Heavy::kPasswordHash};

// "ABCD EFGH …": a secret typed by hand when the camera cannot read the code.
std::string Grouped(const std::string& secret) {
  std::string out;
  for (std::size_t i = 0; i < secret.size(); ++i) {
    if (i > 0 && i % 4 == 0) out.push_back(' ');
    out.push_back(secret[i]);
  }
  return out;
}

http::Response StatusPage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                          http::Status status, const boost::json::array& errors) {
  const domain::User& user = visitor.current.user;
  boost::json::object model = PageModel(ctx, html::Translatable("Two-factor sign-in"), &visitor);
  model["navSettings"] = true;
  model["subTwoFactor"] = true;
  model["mustEnrol"] = visitor.current.must_enrol;
  auto factor = ctx.store.FindSecondFactor(user.id);
  if (factor && factor->enabled_at) {
    model["on"] = true;
    model["enabledAt"] = base::FormatTimestamp(*factor->enabled_at);
    model["recoveryCodesLeft"] = ctx.store.CountRecoveryCodes(user.id);
    model["required"] = ctx.store.TenantRequiresTwoFactor(user.tenant_id);
  } else if (factor) {
    model["pending"] = true;
    model["secret"] = Grouped(factor->secret);
    model["qr"] =
        html::QrModel(domain::TotpUri(*factor, user.email, "payd"), "totp-qr",
                      html::Translatable("QR code to add payd to your authenticator app"));
  } else {
    model["off"] = true;
  }
  AddErrors(model, errors);
  return Page(req, ctx, status, "two_factor", model);
}

http::Response CodesPage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                         const std::vector<std::string>& codes) {
  boost::json::object model = PageModel(ctx, html::Translatable("Your recovery codes"), &visitor);
  model["navSettings"] = true;
  model["subTwoFactor"] = true;
  boost::json::array list;
  for (const auto& code : codes) list.emplace_back(code);
  model["codes"] = std::move(list);
  return Page(req, ctx, http::Status::ok, "recovery_codes", model);
}

// The typed password, checked (and throttled); an answer when it is wrong.
std::optional<http::Response> PasswordRefused(const http::Request& req,
                                              const http::RequestContext& rctx,
                                              DashboardContext& ctx, const Visitor& visitor) {
  auto checked = Reconfirm(ctx, visitor, rctx, http::FormValue(req.body(), "password"));
  if (checked.proof) return std::nullopt;
  return StatusPage(req, ctx, visitor, checked.status, {FieldError("password", checked.message)});
}

// Shows the page again with a refused field.
auto RedrawTwoFactor(const http::Request& req, DashboardContext& ctx, const Visitor& visitor) {
  return [&](const boost::json::array& errors) {
    return StatusPage(req, ctx, visitor, http::Status::bad_request, errors);
  };
}

}  // namespace

void AddTwoFactorRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, std::string(kTwoFactorHome), ctx, kOwnFactor,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return StatusPage(req, ctx, v, http::Status::ok, {});
                   });
  AddSignedInRoute(router, http::Verb::post, std::string(kTwoFactorHome) + "/start", ctx,
                   kOwnFactor,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return OrFieldError(
                         [&] {
                           domain::StartTwoFactor(ChangeBy(ctx, v), v.current.user);
                           return Redirect(req, std::string(kTwoFactorHome));
                         },
                         RedrawTwoFactor(req, ctx, v));
                   });
  AddSignedInRoute(router, http::Verb::post, std::string(kTwoFactorHome) + "/confirm", ctx,
                   kOwnFactor,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return OrFieldError(
                         [&] {
                           std::string code = http::FormValue(req.body(), "code");
                           auto codes = domain::ConfirmTwoFactor(ChangeBy(ctx, v), v.current.user,
                                                                 code, v.current.session.digest);
                           return CodesPage(req, ctx, v, codes);
                         },
                         RedrawTwoFactor(req, ctx, v));
                   });
  AddSignedInRoute(router, http::Verb::post, std::string(kTwoFactorHome) + "/recovery-codes", ctx,
                   kOwnFactorWithPassword,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     if (auto refused = PasswordRefused(req, rctx, ctx, v)) return *refused;
                     return OrFieldError(
                         [&] {
                           auto codes =
                               domain::RenewRecoveryCodes(ChangeBy(ctx, v), v.current.user);
                           return CodesPage(req, ctx, v, codes);
                         },
                         RedrawTwoFactor(req, ctx, v));
                   });
  AddSignedInRoute(router, http::Verb::post, std::string(kTwoFactorHome) + "/off", ctx,
                   kOwnFactorWithPassword,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     if (auto refused = PasswordRefused(req, rctx, ctx, v)) return *refused;
                     return OrFieldError(
                         [&] {
                           domain::TurnOffTwoFactor(ChangeBy(ctx, v), v.current.user);
                           return Redirect(req, std::string(kTwoFactorHome));
                         },
                         RedrawTwoFactor(req, ctx, v));
                   });
}

}  // namespace payd::dashboard
