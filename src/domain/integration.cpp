#include "domain/integration.h"

#include <algorithm>

#include "base/ids.h"
#include "base/public_suffix.h"
#include "domain/error.h"
#include "domain/money/address.h"

namespace payd::domain {

namespace {

template <typename T>
bool HasDuplicates(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  return std::adjacent_find(values.begin(), values.end()) != values.end();
}

// A wildcard on a public suffix (*.github.io, *.com): anyone's site under
// it could embed the widget and frame the checkout.
bool OnPublicSuffix(const OriginRule& rule) {
  return rule.wildcard && base::IsPublicSuffix(rule.host);
}

}  // namespace

std::vector<OriginRule> Integration::OriginRules() const {
  std::vector<OriginRule> rules;
  for (const auto& entry : allowed_origins) {
    // One on a public suffix, stored before payd refused them, allows nothing.
    auto rule = ParseOriginRule(entry);
    if (rule && !OnPublicSuffix(*rule)) rules.push_back(*rule);
  }
  return rules;
}

std::vector<const TokenInfo*> Integration::TokensOn(const ChainInfo& chain) const {
  std::vector<const TokenInfo*> out;
  for (const auto& symbol : allow_tokens) {
    if (const TokenInfo* token = chain.FindToken(symbol)) out.push_back(token);
  }
  return out;
}

bool Integration::AllowsToken(const std::string& symbol) const {
  return std::find(allow_tokens.begin(), allow_tokens.end(), symbol) != allow_tokens.end();
}

void CheckIntegrationTerms(const ChainCatalog& catalog, Integration& integration) {
  if (integration.name.empty() || integration.name.size() > 200) {
    ThrowInvalid("name", "name must be 1 to 200 characters");
  }
  const auto& chain_ids = integration.allow_chains;
  if (chain_ids.empty()) ThrowInvalid("chains", "at least one chain is required");
  if (HasDuplicates(chain_ids)) ThrowInvalid("chains", "chains lists a chain twice");
  std::vector<const ChainInfo*> chains;
  for (auto id : chain_ids) {
    const ChainInfo* chain = catalog.FindChain(id);
    if (!chain) ThrowInvalid("chains", "chain {1} is not configured", std::to_string(id));
    chains.push_back(chain);
  }
  const auto& tokens = integration.allow_tokens;
  if (tokens.empty()) ThrowInvalid("tokens", "at least one token is required");
  if (HasDuplicates(tokens)) ThrowInvalid("tokens", "tokens lists a token twice");
  for (const auto& symbol : tokens) {
    bool found = std::any_of(chains.begin(), chains.end(),
                             [&](const ChainInfo* c) { return c->FindToken(symbol) != nullptr; });
    if (!found) ThrowInvalid("tokens", "token {1} exists on none of the chains", symbol);
  }
  auto payout = ParseAddress(integration.payout_address);
  if (!payout) {
    ThrowInvalid("payoutAddress",
                 "payoutAddress must be a 0x-prefixed 20-byte address with a valid EIP-55 "
                 "checksum");
  }
  integration.payout_address = *payout;
  if (integration.preferred_token && !integration.AllowsToken(*integration.preferred_token)) {
    ThrowInvalid("preferredToken", "preferredToken must be one of the allowed tokens");
  }
  if (integration.allowed_origins.size() > 100) ThrowInvalid("origins", "at most 100 origins");
  for (auto& entry : integration.allowed_origins) {
    auto rule = ParseOriginRule(entry);
    if (!rule) {
      ThrowInvalid("origins",
                   "origin '{1}' is neither an origin (https://shop.example) nor a wildcard "
                   "(*.example.org)",
                   entry);
    }
    if (OnPublicSuffix(*rule)) {
      ThrowInvalid("origins",
                   "origin '{1}' is a wildcard on the public suffix '{2}', under which anyone "
                   "can host a site; list your own domain's subdomains instead (*.shop.example)",
                   entry, rule->host);
    }
    entry = rule->ToString();
  }
}

void RequireEnabled(const Integration& integration) {
  if (integration.Enabled()) return;
  throw Error(ErrorKind::kNotFound,
              Say("Integration {1} is disabled: it takes no new payments.", integration.id));
}

Integration PrepareIntegration(const ChainCatalog& catalog, const IntegrationRequest& request,
                               base::TimeMs now) {
  Integration integration;
  integration.id = base::NewId("int_");
  integration.tenant_id = request.tenant_id;
  integration.name = request.name;
  integration.allow_chains = request.chains;
  integration.allow_tokens = request.tokens;
  integration.payout_address = request.payout_address;
  integration.allowed_origins = request.origins;
  integration.auto_conversion = request.auto_conversion;
  integration.match_near_amounts = request.match_near_amounts;
  integration.underpayment_tolerance = request.underpayment_tolerance;
  integration.qr_code = request.qr_code;
  integration.preferred_token = request.preferred_token;
  integration.created_at = now;
  CheckIntegrationTerms(catalog, integration);
  return integration;
}

}  // namespace payd::domain
