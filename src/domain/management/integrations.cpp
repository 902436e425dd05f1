#include "domain/management/integrations.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <cctype>

#include "domain/error.h"
#include "domain/event.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

template <typename T>
boost::json::array ToArray(const std::vector<T>& values) {
  boost::json::array out;
  for (const auto& v : values) out.emplace_back(v);
  return out;
}

std::string Json(const Integration& i) {
  return boost::json::serialize(IntegrationView(i));
}

// Whether a payer paying under `before` would send somewhere `after` no longer watches.
bool WatchNarrowed(const Integration& before, const Integration& after) {
  return before.payout_address != after.payout_address ||
         before.allow_chains != after.allow_chains || before.allow_tokens != after.allow_tokens;
}

const char* ActionOf(const IntegrationPatch& patch, const Integration& before) {
  IntegrationPatch others = patch;
  others.enabled.reset();
  if (!others.Empty() || !patch.enabled || *patch.enabled == before.Enabled())
    return "integration.update";
  return *patch.enabled ? "integration.enable" : "integration.disable";
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// A person may redirect new payments only with the commerce role (an admin;
// DECISIONS §13: a developer manages integrations but not their payout
// address) and their password typed again with the change. A key (the account
// key) and the operator have no role to check; every change is announced.
void CheckPayoutChange(const Change& change) {
  if (!change.actor.role) return;
  RequirePermission(change, Permission::kCommerce, "Changing the payout address");
  const PasswordProof* proof = change.password_proof;
  if (!proof || proof->user_id() != change.actor.id ||
      change.now - proof->at() > kPasswordProofMs) {
    ThrowInvalid("password", "Enter your password to change the payout address");
  }
}

// INTEGRATION_PAYOUT_CHANGED's data: the integration as it is now, the address
// new payments went to until now, and who changed it when.
std::string PayoutChangedJson(const Integration& before, const Integration& after,
                              const Change& change) {
  boost::json::object data = IntegrationView(after);
  data["previousPayoutAddress"] = before.payout_address;
  data["changedBy"] = change.actor.id;
  data["changedAt"] = base::FormatTimestamp(change.now);
  return boost::json::serialize(data);
}

}  // namespace

boost::json::object IntegrationView(const Integration& i) {
  auto opt_time = [](const std::optional<base::TimeMs>& t) {
    return t ? boost::json::value(base::FormatTimestamp(*t)) : boost::json::value(nullptr);
  };
  return {
      {"id", i.id},
      {"publicId", i.id},
      {"tenantId", i.tenant_id},
      {"name", i.name},
      {"chains", ToArray(i.allow_chains)},
      {"tokens", ToArray(i.allow_tokens)},
      {"payoutAddress", i.payout_address},
      {"origins", ToArray(i.allowed_origins)},
      {"preferredToken", i.preferred_token ? boost::json::value(*i.preferred_token) : nullptr},
      {"autoConversion", i.auto_conversion},
      {"enabled", i.Enabled()},
      {"disabledAt", opt_time(i.disabled_at)},
      {"createdAt", base::FormatTimestamp(i.created_at)},
  };
}

Creation<Integration> CreateIntegration(const Change& change, const ChainCatalog& catalog,
                                        const IntegrationRequest& request) {
  RequirePermission(change, Permission::kDeveloperTools, "Creating an integration");
  IntegrationRequest mine = request;
  mine.tenant_id = change.tenant_id;
  Integration integration = PrepareIntegration(catalog, mine, change.now);
  return CreateOnce(change, {201, Json(integration)}, integration, [&](ManagementTx& tx) {
    tx.InsertIntegration(integration);
    RecordChange(tx, change, "integration.create", integration.id, std::nullopt, Json(integration));
  });
}

std::optional<Integration> UpdateIntegration(const Change& change, const ChainCatalog& catalog,
                                             const std::string& id, const IntegrationPatch& patch) {
  RequirePermission(change, Permission::kDeveloperTools, "Changing an integration");
  std::optional<Integration> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindIntegration(change.tenant_id, id);
    if (!out) return;
    const Integration before = *out;
    Integration& after = *out;
    if (patch.name) after.name = *patch.name;
    if (patch.chains) after.allow_chains = *patch.chains;
    if (patch.tokens) after.allow_tokens = *patch.tokens;
    if (patch.payout_address) after.payout_address = *patch.payout_address;
    if (patch.origins) after.allowed_origins = *patch.origins;
    if (patch.preferred_token) after.preferred_token = *patch.preferred_token;
    if (patch.enabled && *patch.enabled != before.Enabled())
      after.disabled_at = *patch.enabled ? std::nullopt : std::optional(change.now);
    CheckIntegrationTerms(catalog, after);
    bool payout_changed = Lower(after.payout_address) != Lower(before.payout_address);
    if (payout_changed) CheckPayoutChange(change);
    if (WatchNarrowed(before, after)) tx.KeepWatching(before, change.now);
    tx.UpdateIntegration(after);
    RecordChange(tx, change, ActionOf(patch, before), id, Json(before), Json(after));
    if (payout_changed) {
      Event event = NewEvent(change.tenant_id, event_type::kIntegrationPayoutChanged,
                             PayoutChangedJson(before, after, change), change.now);
      event.object_id = after.id;
      tx.InsertEvent(event);
    }
  });
  return out;
}

}  // namespace payd::domain
