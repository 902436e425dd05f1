// One-time sign-in links (issue 18): how a new person sets their first
// password (from `payd user create` or an owner's invitation) and how a
// forgotten one is replaced (`payd user reset`). The link carries a random
// token; payd keeps its digest. A link works once, until it expires, and a
// newer link for the same person ends the older ones.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"

namespace payd::domain {

enum class LinkPurpose { kWelcome, kReset };
std::string_view LinkPurposeName(LinkPurpose purpose);
std::optional<LinkPurpose> ParseLinkPurpose(std::string_view text);

// An invitation waits a week; a reset a day.
base::TimeMs LinkLifetimeMs(LinkPurpose purpose);

struct SignInLink {
  std::string digest;  // hex SHA-256 of the token
  std::string user_id;
  std::string tenant_id;
  LinkPurpose purpose = LinkPurpose::kWelcome;
  base::TimeMs created_at = 0;
  base::TimeMs expires_at = 0;
  std::optional<base::TimeMs> used_at;
};

struct IssuedLink {
  SignInLink link;
  std::string token;     // the only copy: it goes in the URL shown once, or by email
  bool emailed = false;  // queued to the person by email (Change::mailing)
};

IssuedLink NewSignInLink(const std::string& user_id, const std::string& tenant_id,
                         LinkPurpose purpose, base::TimeMs now);

// Whether the link may still be used at `now`.
bool LinkUsable(const SignInLink& link, base::TimeMs now);

// The path a link's token opens: /dashboard/link?token=...
std::string SignInLinkPath(const std::string& token);

}  // namespace payd::domain
