#include "domain/links/payment_link.h"

#include <algorithm>
#include <boost/url/parse.hpp>

#include "base/ids.h"
#include "base/strings.h"
#include "domain/error.h"
#include "domain/integration.h"
#include "domain/money/amount.h"
#include "domain/money/currency.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

// The currency's canonical spelling and how many fraction digits it allows.
std::pair<std::string, unsigned> ResolveCurrency(const std::string& denomination,
                                                 const std::string& currency,
                                                 const Integration& integration,
                                                 const ChainCatalog& catalog) {
  if (denomination == "CURRENCY") {
    // ISO 4217 codes are upper case; "eur" is EUR. Only a covered one
    // (DECISIONS §14), with its own minor units (JPY 0, BHD 3).
    std::string code = currency;
    for (char& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    Currency found = CoveredCurrency(code, catalog);
    return {code, found.minor_units};
  }
  for (const auto& symbol : integration.allow_tokens) {
    if (!base::EqualsIgnoreCase(symbol, currency)) continue;
    // A token may have different decimals on different chains; an amount must
    // be payable exactly on every one of them.
    unsigned decimals = 77;
    for (auto chain_id : integration.allow_chains) {
      const ChainInfo* chain = catalog.FindChain(chain_id);
      const TokenInfo* token = chain ? chain->FindToken(symbol) : nullptr;
      if (token) decimals = std::min(decimals, token->decimals);
    }
    return {symbol, decimals};
  }
  ThrowInvalid("currency",
               "currency must be one of the integration's tokens when "
               "denominationType is TOKEN");
}

void CheckAmount(const std::string& param, const std::string& value, unsigned decimals) {
  if (!IsDecimalString(value)) {
    ThrowInvalid(param, "{1} must be a decimal string such as \"12.50\"", param);
  }
  if (FractionDigits(value) > decimals) {
    ThrowInvalid(param, "{1} has more than {2} fraction digits for this currency", param,
                 std::to_string(decimals));
  }
  if (!DecimalToUnits(value, decimals)) ThrowInvalid(param, "{1} is too large", param);
  if (CompareDecimals(value, "0") == 0) ThrowInvalid(param, "{1} must be greater than 0", param);
}

void CheckLength(const std::string& param, const std::string& value, std::size_t min,
                 std::size_t max) {
  if (value.size() < min || value.size() > max) {
    ThrowInvalid(param, "{1} must be {2} to {3} characters", param, std::to_string(min),
                 std::to_string(max));
  }
}

}  // namespace

void CheckReturnUrl(const std::string& value) {
  CheckLength("returnUrl", value, 1, 2048);
  auto url = boost::urls::parse_absolute_uri(value);
  if (!url || (url->scheme() != "https" && url->scheme() != "http") || !url->has_authority() ||
      url->encoded_host().empty()) {
    ThrowInvalid("returnUrl", "returnUrl must be an absolute http(s) URL");
  }
}

PaymentLink CheckLinkTerms(const ChainCatalog& catalog, const Integration& integration,
                           const PaymentLinkRequest& request) {
  if (request.type != "LINK" && request.type != "BUTTON" && request.type != "WIDGET") {
    ThrowInvalid("type", "type must be LINK, BUTTON or WIDGET");
  }
  CheckLength("name", request.name, 1, 200);
  std::string denomination = request.denomination_type.value_or("CURRENCY");
  if (denomination != "CURRENCY" && denomination != "TOKEN") {
    ThrowInvalid("denominationType", "denominationType must be CURRENCY or TOKEN");
  }
  auto [currency, decimals] = ResolveCurrency(denomination, request.currency, integration, catalog);
  CheckAmount("amount", request.amount, decimals);

  PaymentLink link;
  link.allow_custom_amount = request.allow_custom_amount.value_or(true);
  if (request.min_amount) {
    if (!link.allow_custom_amount) {
      ThrowInvalid("minAmount", "minAmount applies only when allowCustomAmount is true");
    }
    CheckAmount("minAmount", *request.min_amount, decimals);
    if (CompareDecimals(*request.min_amount, request.amount) > 0) {
      ThrowInvalid("minAmount", "minAmount must not exceed amount");
    }
  }
  if (request.return_url) CheckReturnUrl(*request.return_url);
  if (request.description) CheckLength("description", *request.description, 0, 1000);

  link.tenant_id = integration.tenant_id;
  link.integration_id = integration.id;
  link.type = request.type;
  link.name = request.name;
  link.amount = request.amount;
  link.denomination_type = denomination;
  link.currency = currency;
  link.return_url = request.return_url;
  link.description = request.description;
  link.min_amount = request.min_amount;
  return link;
}

PaymentLinkRequest RequestOf(const PaymentLink& link) {
  return {link.integration_id, link.type,        link.name,
          link.amount,         link.currency,    link.denomination_type,
          link.return_url,     link.description, link.allow_custom_amount,
          link.min_amount};
}

PaymentLink PreparePaymentLink(Store& store, const ChainCatalog& catalog,
                               const std::string& tenant_id, const PaymentLinkRequest& request,
                               base::TimeMs now) {
  auto integration = store.FindIntegration(tenant_id, request.integration_id);
  if (!integration) {
    ThrowInvalid("integrationId", "No such integration: {1}", request.integration_id);
  }
  if (!integration->Enabled()) {
    ThrowInvalid("integrationId", "Integration {1} is disabled: it takes no payments.",
                 request.integration_id);
  }
  PaymentLink link = CheckLinkTerms(catalog, *integration, request);
  link.id = base::NewId("plink_");
  link.created_at = now;
  return link;
}

}  // namespace payd::domain
