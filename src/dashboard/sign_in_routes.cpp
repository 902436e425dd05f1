// Signing in and out, and the one-time links (routes.h). Forms work without
// JavaScript; a refused form keeps what was typed (never a password) and
// says what to fix, GOV.UK's way: a summary at the top linking to the field.
#include <boost/json/array.hpp>

#include "base/utf8.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "domain/error.h"
#include "domain/people/sign_in.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

std::string LockedMessage(base::TimeMs retry_after_ms) {
  long minutes = static_cast<long>((retry_after_ms + 59'999) / 60'000);
  return "Too many attempts to sign in. Wait " + std::to_string(minutes) +
         (minutes == 1 ? " minute" : " minutes") + ", then try again.";
}

http::Response WithRetryAfter(http::Response res, base::TimeMs retry_after_ms) {
  res.set(http::beast_http::field::retry_after, std::to_string((retry_after_ms + 999) / 1000));
  return res;
}

http::Response SignInForm(const http::Request& req, const DashboardContext& ctx,
                          http::Status status, const std::string& email,
                          const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("Sign in"), nullptr);
  model["email"] = email;
  AddErrors(model, errors);
  return Page(req, ctx, status, "sign_in", model);
}

http::Response SignedInAs(const http::Request& req, const DashboardContext& ctx,
                          const domain::SignedIn& signed_in) {
  http::Response res = Redirect(req, "/dashboard");
  res.set(http::beast_http::field::set_cookie, SessionCookie(ctx, signed_in.token));
  return res;
}

http::Response SubmitSignIn(const http::Request& req, const http::RequestContext& rctx,
                            DashboardContext& ctx) {
  if (!FromThisSite(req, ctx)) return RefusedForm(req, ctx);
  // Shown again in the form, and kept in the throttle's key: text only.
  std::string email = base::ValidUtf8(http::FormValue(req.body(), "email"));
  std::string password = http::FormValue(req.body(), "password");
  boost::json::array errors;
  if (email.empty())
    errors.push_back(FieldError("email", html::Translatable("Enter your email address")));
  if (password.empty())
    errors.push_back(FieldError("password", html::Translatable("Enter your password")));
  if (!errors.empty()) return SignInForm(req, ctx, http::Status::bad_request, email, errors);

  auto result = domain::SignIn(ctx.store, email, password, rctx.remote_ip, ctx.sessions,
                               base::NowMs(), http::CookieValue(req, kBrowserCookie));
  using Outcome = domain::SignInResult::Outcome;
  if (result.outcome == Outcome::kSignedIn) {
    http::Response res = SignedInAs(req, ctx, *result.signed_in);
    res.insert(http::beast_http::field::set_cookie,
               BrowserCookie(ctx, result.signed_in->browser_token));
    return res;
  }
  if (result.outcome == Outcome::kSecondFactorNeeded) {
    http::Response res = Redirect(req, "/dashboard/sign-in/code");
    res.set(http::beast_http::field::set_cookie, SessionCookie(ctx, result.signed_in->token));
    return res;
  }
  if (result.outcome == Outcome::kLocked) {
    errors.push_back(FieldError("email", LockedMessage(result.retry_after_ms)));
    return WithRetryAfter(SignInForm(req, ctx, http::Status::too_many_requests, email, errors),
                          result.retry_after_ms);
  }
  errors.push_back(FieldError(
      "email", html::Translatable("Enter the email address and password of your account")));
  return SignInForm(req, ctx, http::Status::bad_request, email, errors);
}

// The second step: the authenticator's code or a recovery code, for the
// session the password opened (it waits kSecondFactorWaitMs at most).
http::Response CodeForm(const http::Request& req, const DashboardContext& ctx, http::Status status,
                        const std::string& waiting_token, const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("Enter your code"), nullptr);
  model["csrf"] = domain::CsrfToken(waiting_token);
  AddErrors(model, errors);
  return Page(req, ctx, status, "sign_in_code", model);
}

http::Response SubmitCode(const http::Request& req, const http::RequestContext& rctx,
                          DashboardContext& ctx) {
  std::string token = http::CookieValue(req, kSessionCookie);
  auto waiting = domain::FindSecondFactorWait(ctx.store, token, base::NowMs());
  if (!waiting) return Redirect(req, "/dashboard/sign-in");
  if (!FromThisSite(req, ctx) ||
      !domain::CsrfTokenMatches(token, http::FormValue(req.body(), "csrf"))) {
    return RefusedForm(req, ctx);
  }
  std::string code = base::ValidUtf8(http::FormValue(req.body(), "code"));
  if (code.empty()) {
    return CodeForm(
        req, ctx, http::Status::bad_request, token,
        {FieldError("code", html::Translatable("Enter the code from your authenticator app"))});
  }
  auto result = domain::SignInWithCode(ctx.store, *waiting, code, rctx.remote_ip, ctx.sessions,
                                       base::NowMs(), http::CookieValue(req, kBrowserCookie));
  using Outcome = domain::SignInResult::Outcome;
  if (result.outcome == Outcome::kSignedIn) {
    http::Response res = SignedInAs(req, ctx, *result.signed_in);
    res.insert(http::beast_http::field::set_cookie,
               BrowserCookie(ctx, result.signed_in->browser_token));
    return res;
  }
  if (result.outcome == Outcome::kLocked) {
    return WithRetryAfter(CodeForm(req, ctx, http::Status::too_many_requests, token,
                                   {FieldError("code", LockedMessage(result.retry_after_ms))}),
                          result.retry_after_ms);
  }
  return CodeForm(req, ctx, http::Status::bad_request, token,
                  {FieldError("code", html::Translatable(
                                          "Enter the code your authenticator app shows now, or an "
                                          "unused recovery code"))});
}

http::Response SubmitSignOut(const http::Request& req, DashboardContext& ctx) {
  auto visitor = FindVisitor(req, ctx);
  if (visitor && (!FromThisSite(req, ctx) || !FormIsOurs(req, *visitor))) {
    return RefusedForm(req, ctx);
  }
  if (visitor) {
    bool everywhere = http::FormValue(req.body(), "everywhere") == "1";
    domain::SignOut(ctx.store, visitor->current, everywhere, base::NowMs());
  }
  http::Response res = Redirect(req, "/dashboard/sign-in");
  res.set(http::beast_http::field::set_cookie, ClearedSessionCookie(ctx));
  return res;
}

http::Response LinkPage(const http::Request& req, const DashboardContext& ctx, http::Status status,
                        const domain::LinkHolder& holder, const std::string& token,
                        const boost::json::array& errors) {
  bool welcome = holder.link.purpose == domain::LinkPurpose::kWelcome;
  boost::json::object model = PageModel(ctx,
                                        welcome ? html::Translatable("Choose your password")
                                                : html::Translatable("Choose a new password"),
                                        nullptr);
  model["welcome"] = welcome;
  model["email"] = holder.user.email;
  model["token"] = token;
  model["needsCode"] = holder.needs_code;
  AddErrors(model, errors);
  return Page(req, ctx, status, "link", model);
}

http::Response DeadLink(const http::Request& req, const DashboardContext& ctx) {
  return Page(req, ctx, http::Status::not_found, "link_dead",
              PageModel(ctx, html::Translatable("This link no longer works"), nullptr));
}

http::Response SubmitLink(const http::Request& req, http::RequestContext& rctx,
                          DashboardContext& ctx) {
  if (!FromThisSite(req, ctx)) return RefusedForm(req, ctx);
  std::string token = http::FormValue(req.body(), "token");
  domain::LinkAnswer answer{http::FormValue(req.body(), "password"),
                            http::FormValue(req.body(), "code"), rctx.remote_ip};
  base::TimeMs now = base::NowMs();
  auto holder = domain::FindUsableLink(ctx.store, token, now);
  if (!holder) return DeadLink(req, ctx);
  try {
    using Outcome = domain::LinkRedemption::Outcome;
    auto redeemed = domain::RedeemSignInLink(ctx.store, *holder, answer, ctx.sessions, now);
    switch (redeemed.outcome) {
      case Outcome::kSignedIn:
        return SignedInAs(req, ctx, *redeemed.signed_in);
      case Outcome::kGone:
        return DeadLink(req, ctx);
      case Outcome::kLocked:
        return WithRetryAfter(
            LinkPage(req, ctx, http::Status::too_many_requests, *holder, token,
                     {FieldError("code", LockedMessage(redeemed.retry_after_ms))}),
            redeemed.retry_after_ms);
      case Outcome::kCodeRefused:
        break;
    }
    return LinkPage(
        req, ctx, http::Status::bad_request, *holder, token,
        {FieldError("code",
                    html::Translatable("Enter the code your authenticator app shows now, or an "
                                       "unused recovery code"))});
  } catch (const domain::Error& e) {
    if (e.param() != "password") throw;
    return LinkPage(req, ctx, http::Status::bad_request, *holder, token,
                    {FieldError("password", e)});
  }
}

}  // namespace

void AddSignInRoutes(http::Router& router, DashboardContext& ctx) {
  AddRoute(router, http::Verb::get, "/dashboard/sign-in", ctx,
           [&ctx](const http::Request& req, http::RequestContext&) {
             if (FindVisitor(req, ctx)) return Redirect(req, "/dashboard");
             return SignInForm(req, ctx, http::Status::ok, "", {});
           });
  AddRoute(
      router, http::Verb::post, "/dashboard/sign-in", ctx,
      [&ctx](const http::Request& req, http::RequestContext& rctx) {
        return SubmitSignIn(req, rctx, ctx);
      },
      Heavy::kPasswordHash);
  AddRoute(router, http::Verb::get, "/dashboard/sign-in/code", ctx,
           [&ctx](const http::Request& req, http::RequestContext&) {
             std::string token = http::CookieValue(req, kSessionCookie);
             if (!domain::FindSecondFactorWait(ctx.store, token, base::NowMs())) {
               return Redirect(req, "/dashboard/sign-in");
             }
             return CodeForm(req, ctx, http::Status::ok, token, {});
           });
  AddRoute(router, http::Verb::post, "/dashboard/sign-in/code", ctx,
           [&ctx](const http::Request& req, http::RequestContext& rctx) {
             return SubmitCode(req, rctx, ctx);
           });
  AddRoute(
      router, http::Verb::post, "/dashboard/sign-out", ctx,
      [&ctx](const http::Request& req, http::RequestContext&) { return SubmitSignOut(req, ctx); });
  AddRoute(router, http::Verb::get, "/dashboard/link", ctx,
           [&ctx](const http::Request& req, http::RequestContext&) {
             std::string token = http::QueryParam(req, "token");
             auto holder = domain::FindUsableLink(ctx.store, token, base::NowMs());
             if (!holder) return DeadLink(req, ctx);
             return LinkPage(req, ctx, http::Status::ok, *holder, token, {});
           });
  AddRoute(
      router, http::Verb::post, "/dashboard/link", ctx,
      [&ctx](const http::Request& req, http::RequestContext& rctx) {
        return SubmitLink(req, rctx, ctx);
      },
      Heavy::kPasswordHash);
}

}  // namespace payd::dashboard
