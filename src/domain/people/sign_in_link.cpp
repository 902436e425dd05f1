#include "domain/people/sign_in_link.h"

#include "base/crypto.h"
#include "domain/people/session.h"

namespace payd::domain {

std::string_view LinkPurposeName(LinkPurpose purpose) {
  return purpose == LinkPurpose::kReset ? "reset" : "welcome";
}

std::optional<LinkPurpose> ParseLinkPurpose(std::string_view text) {
  if (text == "welcome") return LinkPurpose::kWelcome;
  if (text == "reset") return LinkPurpose::kReset;
  return std::nullopt;
}

base::TimeMs LinkLifetimeMs(LinkPurpose purpose) {
  constexpr base::TimeMs kDay = 24LL * 60 * 60 * 1000;
  return purpose == LinkPurpose::kReset ? kDay : 7 * kDay;
}

IssuedLink NewSignInLink(const std::string& user_id, const std::string& tenant_id,
                         LinkPurpose purpose, base::TimeMs now) {
  IssuedLink out;
  out.token = NewToken();
  out.link = {SessionDigest(out.token),      user_id,     tenant_id, purpose, now,
              now + LinkLifetimeMs(purpose), std::nullopt};
  return out;
}

bool LinkUsable(const SignInLink& link, base::TimeMs now) {
  return !link.used_at && now < link.expires_at;
}

std::string SignInLinkPath(const std::string& token) {
  return "/dashboard/link?token=" + token;
}

}  // namespace payd::domain
