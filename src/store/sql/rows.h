// Conversions between domain structs and rows of either database, shared by the store's
// translation units. Column order is fixed by the k*Columns lists.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/access/api_key.h"
#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "domain/ledger/payment.h"
#include "domain/links/payment_link.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

// "SELECT <columns> <rest>": a query over one of the k*Columns lists below.
inline std::string Select(const char* columns, const char* rest) {
  return std::string("SELECT ") + columns + " " + rest;
}

inline constexpr const char* kIntegrationColumns =
    "id, tenant_id, name, allow_chains, allow_tokens, payout_address, allowed_origins, "
    "auto_conversion, preferred_token, created_at, disabled_at, match_near_amounts, "
    "underpayment_tolerance, qr_code";
inline constexpr const char* kApiKeyColumns =
    "id, tenant_id, kind, integration_id, name, digest, prefix, last4, scopes, rate_limit, "
    "expires_at, revoked_at, created_at, created_by";
// How many columns kApiKeyColumns lists (a query selecting more reads them after).
inline constexpr int kApiKeyColumnCount = 14;
inline constexpr const char* kPaymentLinkColumns =
    "id, tenant_id, integration_id, type, name, amount, denomination_type, currency, return_url, "
    "description, allow_custom_amount, min_amount, status, views, payments, created_at";

inline constexpr const char* kIntentColumns =
    "id, tenant_id, integration_id, payment_link_id, status, exception, chain_id, token_symbol, "
    "token_address, decimals, recipient, requested_amount, amount, amount_usd, received, "
    "sender_hint, metadata, required_confirmations, confirmations, expires_at, created_at, "
    "confirmed_at, tx_hash, sender_address, sender_hint_source, keyless, asked, chosen_at, "
    "resolution, canceled_at, return_url, price, rate, near_amount_shortfall";
inline constexpr const char* kDeliveryColumns =
    "id, tenant_id, event_id, endpoint_id, endpoint_url, type, status, attempts, "
    "last_response_status, last_error, next_attempt_at, delivered_at, created_at";
inline constexpr const char* kPaymentColumns =
    "id, tenant_id, intent_id, chain_id, token_symbol, token_address, decimals, amount, tx_hash, "
    "position, log_index, block_number, block_hash, block_time, sender, recipient, status, "
    "confirmations, created_at, confirmed_at, refunded, candidate_intent_id, "
    "near_amount_shortfall, swap_check, paid_with";

// An amount as a 78-digit, zero-padded string: text order is numeric order.
std::string AmountKey(const domain::Uint256& amount);

std::string ToJsonArray(const std::vector<std::string>& values);
std::string ToJsonArray(const std::vector<std::int64_t>& values);
std::vector<std::string> StringsFromJson(const std::string& text);
std::vector<std::int64_t> IntsFromJson(const std::string& text);

domain::Integration ReadIntegration(const Query& q);
// Inserts a new integration; writes every field but id, tenant and creation time of one.
void InsertIntegrationRow(Connection& c, const domain::Integration& integration);
void UpdateIntegrationRow(Connection& c, const domain::Integration& integration);
void InsertApiKeyRow(Connection& c, const domain::ApiKey& key);
domain::ApiKey ReadApiKey(const Query& q);
domain::PaymentLink ReadPaymentLink(const Query& q);
// In links.cpp: a new link, counts and all (domain::CreatePaymentLink's write).
void InsertPaymentLinkRow(Connection& c, const domain::PaymentLink& link);
domain::PaymentIntent ReadIntent(const Query& q);
// The intent of this id, read in the caller's transaction.
std::optional<domain::PaymentIntent> IntentById(Connection& c, const std::string& id);
domain::Payment ReadPayment(const Query& q);
domain::WebhookDelivery ReadDelivery(const Query& q);
std::string ResolutionToJson(const domain::Resolution& resolution);
// An intent's price and rate as stored (TEXT columns holding JSON).
std::string PriceToJson(const domain::Price& price);
domain::Price PriceFromJson(const std::string& text);
std::string RateToJson(const domain::CurrencyRate& rate);
domain::CurrencyRate RateFromJson(const std::string& text);
// A payment's paid_with column (JSON), and back.
std::string PaidWithToJson(const domain::PaidWith& paid_with);
domain::PaidWith PaidWithFromJson(const std::string& text);
// An optional amount as stored: its digits, or NULL.
std::optional<std::string> OptUnits(const std::optional<domain::Uint256>& units);
// Binds every kIntentColumns / kPaymentColumns value, from parameter 1.
void BindIntent(Query& q, const domain::PaymentIntent& intent);
void BindPayment(Query& q, const domain::Payment& payment);
// Inserts the event and its deliveries (the outbox), or only the one to
// `only_endpoint`; how many it queued.
int InsertEventRow(Connection& c, const domain::Event& event,
                   const std::optional<std::string>& only_endpoint = std::nullopt);

}  // namespace payd::store::sql
