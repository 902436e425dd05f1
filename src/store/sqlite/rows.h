// Conversions between domain structs and SQLite rows, shared by the store's
// translation units. Column order is fixed by the k*Columns lists.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "domain/api_key.h"
#include "domain/integration.h"
#include "domain/payment_link.h"
#include "store/sqlite/sqlite_db.h"

namespace payd::store::sqlite {

inline constexpr const char* kIntegrationColumns =
    "id, tenant_id, name, allow_chains, allow_tokens, payout_address, allowed_origins, "
    "auto_conversion, preferred_token, created_at";
inline constexpr const char* kApiKeyColumns =
    "id, tenant_id, kind, integration_id, name, digest, prefix, last4, scopes, rate_limit, "
    "expires_at, revoked_at, created_at";
inline constexpr const char* kPaymentLinkColumns =
    "id, tenant_id, integration_id, type, name, amount, denomination_type, currency, return_url, "
    "description, allow_custom_amount, min_amount, status, views, payments, created_at";

std::string ToJsonArray(const std::vector<std::string>& values);
std::string ToJsonArray(const std::vector<std::int64_t>& values);
std::vector<std::string> StringsFromJson(const std::string& text);
std::vector<std::int64_t> IntsFromJson(const std::string& text);

domain::Integration ReadIntegration(const Query& q);
domain::ApiKey ReadApiKey(const Query& q);
domain::PaymentLink ReadPaymentLink(const Query& q);

}  // namespace payd::store::sqlite
