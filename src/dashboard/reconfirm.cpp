#include "dashboard/reconfirm.h"

#include "base/time.h"
#include "domain/people/sign_in.h"
#include "domain/people/two_factor.h"
#include "html/i18n.h"

namespace payd::dashboard {

Reconfirmed Reconfirm(DashboardContext& ctx, const Visitor& visitor,
                      const http::RequestContext& rctx, const std::string& typed) {
  Reconfirmed out;
  if (typed.empty()) {
    out.message = html::Translatable("Enter your password");
    return out;
  }
  auto checked = domain::ConfirmPassword(ctx.store, visitor.current.user, typed, rctx.remote_ip,
                                         base::NowMs());
  using Outcome = domain::SignInResult::Outcome;
  if (checked.outcome == Outcome::kSignedIn) {
    out.proof = std::move(checked.proof);
    out.status = http::Status::ok;
  } else if (checked.outcome == Outcome::kLocked) {
    out.status = http::Status::too_many_requests;
    out.message = html::Translatable("Too many wrong passwords. Try again later.");
  } else {
    out.message = domain::LooksLikeTotp(typed)
                      ? html::Translatable("The code is not right, or was used already")
                      : html::Translatable("The password is not right");
  }
  return out;
}

}  // namespace payd::dashboard
