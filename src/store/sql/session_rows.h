// The dashboard's sessions, one-time sign-in links and sign-in throttle
// (domain/people/session.h, sign_in_link.h, sign_in_throttle.h), for the management
// transaction and the store's reads alike.
#pragma once

#include <optional>
#include <string>

#include "domain/people/session.h"
#include "domain/people/sign_in_link.h"
#include "domain/people/sign_in_throttle.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

std::optional<domain::Session> SessionByDigest(Connection& c, const std::string& digest);
void InsertSessionRow(Connection& c, const domain::Session& session);
void DeleteSessionRow(Connection& c, const std::string& digest);
void DeleteUserSessionRows(Connection& c, const std::string& user_id);
void DeleteOtherUserSessionRows(Connection& c, const std::string& user_id,
                                const std::string& keep_digest);
void TouchSessionRow(Connection& c, const std::string& digest, base::TimeMs now);

std::optional<domain::SignInLink> LinkByDigest(Connection& c, const std::string& digest);
void InsertLinkRow(Connection& c, const domain::SignInLink& link);
bool KnownBrowserRow(Connection& c, const std::string& digest, const std::string& user_id);
void RememberBrowserRow(Connection& c, const std::string& digest, const std::string& user_id,
                        base::TimeMs now);
// True when the link was unused and unexpired (it is used now).
bool UseLinkRow(Connection& c, const std::string& digest, base::TimeMs now);
void EndUserLinkRows(Connection& c, const std::string& user_id, base::TimeMs now);

domain::ThrottleState ThrottleRow(Connection& c, const std::string& key);
void SaveThrottleRow(Connection& c, const std::string& key, const domain::ThrottleState& state);
void ClearThrottleRow(Connection& c, const std::string& key);

}  // namespace payd::store::sql
