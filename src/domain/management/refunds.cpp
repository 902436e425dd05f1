#include "domain/management/refunds.h"

#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/people/session.h"
#include "domain/refunds/refund_view.h"

namespace payd::domain {

namespace {

// The request's nested fields, as errors name them (like metadata.<key>).
const std::string kPriceAmount = std::string("price") + ".amount";
const std::string kPriceCurrency = std::string("price") + ".currency";

std::string Snapshot(const Refund& refund) {
  return boost::json::serialize(RefundView(refund));
}

// What the payment's refunds (canceled ones aside) leave of what it paid.
Uint256 LeftToRefund(ManagementTx& tx, const Payment& payment) {
  Uint256 committed = 0;
  for (const Refund& r : tx.RefundsOfPayment(payment.tenant_id, payment.id)) {
    if (r.Counts()) committed += r.amount;
  }
  return committed >= payment.transfer.amount ? Uint256(0) : payment.transfer.amount - committed;
}

std::string Units(const Uint256& units, const ObservedTransfer& t) {
  return FormatUnits(units) + " (" + UnitsToDecimal(units, t.decimals) + " " + t.token_symbol + ")";
}

// The refund's amount from the request: its smallest units, or its price
// converted now into the payment's token.
void SetAmount(Refund& refund, const RefundRequest& request, const std::optional<Price>& asked,
               const ChainCatalog& catalog, PriceSource& prices, const Payment& payment,
               const Uint256& left) {
  const ObservedTransfer& t = payment.transfer;
  if (request.amount && request.price)
    ThrowInvalid("price", "Send amount (token units) or price (a currency), not both.");
  if (request.price) {
    if (!asked) {
      ThrowInvalid("price",
                   "Payment {1} was not priced in a currency; refund an amount in {2} units "
                   "instead.",
                   payment.id, t.token_symbol);
    }
    if (request.price->currency != asked->currency) {
      ThrowInvalid(kPriceCurrency,
                   "Payment {1} was priced in {2}; refund in {2} or in token units.", payment.id,
                   asked->currency);
    }
    const ChainInfo* chain = catalog.FindChain(t.chain_id);
    const TokenInfo* token = chain ? chain->FindToken(t.token_symbol) : nullptr;
    if (!chain || !token) {
      ThrowInvalid("price",
                   "Chain {1} or its {2} is no longer configured; refund an amount in token units.",
                   std::to_string(t.chain_id), t.token_symbol);
    }
    CheckPriceAmount(request.price->amount, CoveredCurrency(asked->currency, catalog, "price"),
                     kPriceAmount);
    Quote quote = QuotePrice(*request.price, *chain, *token, prices, kPriceAmount);
    refund.amount = quote.units;
    refund.price = request.price;
    refund.rate = quote.rate;
  } else if (request.amount) {
    auto units = ParseUnits(*request.amount);
    if (!units || *units == 0) {
      ThrowInvalid("amount",
                   "amount is a positive whole number of {1}'s smallest units, as a string "
                   "(\"5000000\" for 5 USDC).",
                   t.token_symbol);
    }
    refund.amount = *units;
  } else {
    refund.amount = left;
  }
  if (left == 0) {
    ThrowInvalid("amount",
                 "Payment {1} is refunded in full already (its refunds, "
                 "canceled ones aside, come to all it paid).",
                 payment.id);
  }
  if (refund.amount > left) {
    ThrowInvalid(request.price ? kPriceAmount : "amount",
                 "The refunds of payment {1} cannot exceed what it paid: {2} asked, {3} left.",
                 payment.id, Units(refund.amount, t), Units(left, t));
  }
}

}  // namespace

std::string RefundPagePath(const std::string& token) {
  return "/refund/" + token;
}

Creation<Refund> CreateRefund(const Change& change, const ChainCatalog& catalog,
                              PriceSource& prices, const RefundRequest& request,
                              RefundShape shape) {
  Require(change, Operation::kCreateRefund);
  if (!IsRefundReason(request.reason)) {
    ThrowInvalid("reason", "reason is one of requested_by_customer, duplicate, fraudulent, other.");
  }
  Creation<Refund> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = {};
    auto payment = tx.FindPayment(change.tenant_id, request.payment_id);
    if (!payment)
      throw Error(ErrorKind::kNotFound, Say("No such payment: {1}", request.payment_id));
    if (payment->status != PaymentStatus::kConfirmed) {
      ThrowInvalid("id", "Payment {1} is {2}: only a confirmed payment is refunded.", payment->id,
                   PaymentStatusName(payment->status));
    }
    const ObservedTransfer& t = payment->transfer;
    std::optional<PaymentIntent> intent;
    if (payment->intent_id) intent = tx.Ledger().Intent(*payment->intent_id);

    Refund r;
    r.id = base::NewId("re_");
    r.tenant_id = change.tenant_id;
    r.payment_id = payment->id;
    r.intent_id = payment->intent_id;
    r.chain_id = t.chain_id;
    r.token_symbol = t.token_symbol;
    r.token_address = t.token_address;
    r.decimals = t.decimals;
    r.from_address = t.recipient;
    r.reason = request.reason;
    r.metadata_json = request.metadata_json;
    r.created_at = r.updated_at = change.now;
    SetAmount(r, request, intent ? intent->price : std::nullopt, catalog, prices, *payment,
              LeftToRefund(tx, *payment));
    // The hosted page's wallet proved by signature that it is the payer's,
    // and it is the one that sent this transfer.
    bool proven = intent && intent->sender_hint_source == HintSource::kWallet &&
                  intent->sender_hint == t.sender;
    if (proven) {
      r.to_address = t.sender;
      r.address_source = std::string(kAddressFromWallet);
      r.status = RefundStatus::kReady;
    } else {
      r.status = RefundStatus::kAddressNeeded;
    }
    std::string view = Snapshot(r);
    std::string answer = shape ? boost::json::serialize(shape(r)) : view;
    if (auto earlier = ClaimCreation(tx, change, {201, answer})) {
      out.result = *earlier;
      return;
    }
    tx.InsertRefund(r);
    tx.InsertEvent(RefundEvent(event_type::kRefundCreated, r, change.now));
    RecordChange(tx, change, "refund.create", r.id, std::nullopt, view);
    out.object = r;
  });
  return out;
}

std::optional<Refund> CancelRefund(const Change& change, const std::string& id) {
  Require(change, Operation::kCancelRefund);
  std::optional<Refund> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindRefund(change.tenant_id, id);
    if (!out || out->status == RefundStatus::kCanceled) return;
    if (!out->Cancelable()) {
      ThrowInvalid("id",
                   "Refund {1} is {2}: its transfer is on chain, so it can no longer be canceled.",
                   id, RefundStatusName(out->status));
    }
    std::string before = Snapshot(*out);
    out->status = RefundStatus::kCanceled;
    out->canceled_at = out->updated_at = change.now;
    out->page_digest.reset();
    out->page_expires_at.reset();
    tx.Ledger().UpdateRefund(*out);
    tx.InsertEvent(RefundEvent(event_type::kRefundCanceled, *out, change.now));
    RecordChange(tx, change, "refund.cancel", id, before, Snapshot(*out));
  });
  return out;
}

std::optional<RefundPage> NewRefundPage(const Change& change, const std::string& id) {
  Require(change, Operation::kCreateRefund);
  std::optional<RefundPage> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out.reset();
    auto refund = tx.FindRefund(change.tenant_id, id);
    if (!refund) return;
    if (refund->status != RefundStatus::kAddressNeeded) {
      ThrowInvalid("id",
                   "Refund {1} is {2}: only a refund waiting for the payer's address has a refund "
                   "page.",
                   id, RefundStatusName(refund->status));
    }
    std::string token = NewToken();
    std::string before = Snapshot(*refund);
    refund->page_digest = SessionDigest(token);
    refund->page_expires_at = change.now + kRefundPageLifetimeMs;
    refund->updated_at = change.now;
    tx.Ledger().UpdateRefund(*refund);
    RecordChange(tx, change, "refund.address_page", id, before, Snapshot(*refund));
    out = RefundPage{*refund, token};
  });
  return out;
}

}  // namespace payd::domain
