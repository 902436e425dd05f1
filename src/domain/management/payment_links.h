// Making a payment link and changing it afterwards (DECISIONS §13): its name,
// description, amount terms and return URL, and switching it off and on
// (`status` inactive: its page says it no longer takes payments and the
// public endpoint refuses intents for it). Used by /api/v1/payment-links and
// the dashboard's Payment links alike; each creation and change runs in one
// transaction with its audit row. Intents already made from the link keep
// their terms.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "domain/links/payment_link.h"
#include "domain/management/change.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

// The link as the API shows it (spec "Payment link"), `url` from public_url.
boost::json::object PaymentLinkView(const PaymentLink& link, const std::string& public_url);

// A new link on an enabled integration of the change's tenant (its terms
// checked, 400 naming the field), stored with its PAYMENT_LINK_CREATED event
// and its `payment_link.create` audit row; a replay of the change's
// Idempotency-Key answers the earlier outcome and stores nothing.
Creation<PaymentLink> CreatePaymentLink(const Change& change, const ChainCatalog& catalog,
                                        const std::string& public_url,
                                        const PaymentLinkRequest& request);

// What an update sets; a field left empty stays as it is. The optional
// ones set to none are cleared.
struct PaymentLinkPatch {
  std::optional<std::string> name;
  std::optional<std::optional<std::string>> description;
  std::optional<std::string> amount;
  std::optional<std::string> currency;
  std::optional<std::string> denomination_type;
  std::optional<bool> allow_custom_amount;
  std::optional<std::optional<std::string>> min_amount;
  std::optional<std::optional<std::string>> return_url;
  std::optional<bool> active;

  bool Empty() const {
    return !name && !description && !amount && !currency && !denomination_type &&
           !allow_custom_amount && !min_amount && !return_url && !active;
  }
};

// The link as updated, its terms checked as a whole as at creation (400
// naming the field); none when the tenant has no such link.
std::optional<PaymentLink> UpdatePaymentLink(const Change& change, const ChainCatalog& catalog,
                                             const std::string& public_url, const std::string& id,
                                             const PaymentLinkPatch& patch);

}  // namespace payd::domain
