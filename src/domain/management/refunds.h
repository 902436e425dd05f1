// Refunding a payment (DECISIONS §15, issue 37), for /api/v1, the dashboard
// and the CLI alike: each runs in one transaction with its event and audit row.
// payd sends nothing: a refund is prepared for the merchant's wallet
// (domain/refunds/refund_transfer.h) and confirmed on chain by the ledger
// (domain/refunds/refund_ledger.h).
//
// Rules (written in docs/api-reference.md "Refunds"):
//  - only a CONFIRMED payment of the tenant is refunded, in its own chain and token,
//    from the payout address it reached;
//  - the refunds of a payment, canceled ones aside, never exceed what it paid;
//  - the amount is in the token's smallest units, or a price in the currency
//    its intent was priced in, converted at the rate of the moment (recorded),
//    or, when neither is given, all that is left;
//  - the payer's address is used only when the hosted page's wallet proved it
//    sent the payment (a sender hint of source "wallet" that is the payment's
//    sender); otherwise the refund waits as address_needed for the payer to
//    give one on the refund page (NewRefundPage): the sender of a transfer may
//    be an exchange's hot wallet, which would not credit the payer.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "domain/management/change.h"
#include "domain/money/chain_catalog.h"
#include "domain/money/pricing.h"
#include "domain/refunds/refund.h"

namespace payd::domain {

struct RefundRequest {
  std::string payment_id;
  std::optional<std::string> amount;  // smallest units
  std::optional<Price> price;         // in the intent's price currency
  std::string reason = "requested_by_customer";
  std::string metadata_json = "{}";
};

// The new refund with its REFUND_CREATED event and `refund.create` audit row;
// 400 naming the field for a rule broken, none when the tenant has no such
// payment. A replay of the change's Idempotency-Key answers the earlier outcome.
// `shape` makes the answer a replay of the Idempotency-Key gets (the API's
// view, or /v1's); RefundView by default.
using RefundShape = boost::json::object (*)(const Refund&);
Creation<Refund> CreateRefund(const Change& change, const ChainCatalog& catalog,
                              PriceSource& prices, const RefundRequest& request,
                              RefundShape shape = nullptr);

// The refund as canceled (REFUND_CANCELED, `refund.cancel`); as it is when
// canceled already; 400 once its transfer is on chain. None: no such refund.
std::optional<Refund> CancelRefund(const Change& change, const std::string& id);

// A new link to the payer's refund page of an address_needed refund, working
// for kRefundPageLifetimeMs; an earlier link stops working. `token` is the only
// copy (payd keeps its digest): it goes in the URL shown to the merchant once.
struct RefundPage {
  Refund refund;
  std::string token;
};
std::optional<RefundPage> NewRefundPage(const Change& change, const std::string& id);

// The path of the payer's refund page: /refund/<token>.
std::string RefundPagePath(const std::string& token);

}  // namespace payd::domain
