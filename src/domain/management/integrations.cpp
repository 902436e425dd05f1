#include "domain/management/integrations.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <cctype>

#include "domain/error.h"
#include "domain/management/payout_changes.h"
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

// {"percent": "1.5"}, {"amount": "0.50"} or null (the price exactly).
boost::json::value ToleranceView(const UnderpaymentTolerance& t) {
  switch (t.kind) {
    case UnderpaymentTolerance::Kind::kPercent:
      return boost::json::object{{"percent", t.value}};
    case UnderpaymentTolerance::Kind::kAmount:
      return boost::json::object{{"amount", t.value}};
    case UnderpaymentTolerance::Kind::kNone:
      break;
  }
  return nullptr;
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
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
      {"matchNearAmounts", i.match_near_amounts},
      {"underpaymentTolerance", ToleranceView(i.underpayment_tolerance)},
      {"qrCode", QrCodeName(i.qr_code)},
      {"enabled", i.Enabled()},
      {"disabledAt", opt_time(i.disabled_at)},
      {"createdAt", base::FormatTimestamp(i.created_at)},
  };
}

Creation<Integration> CreateIntegration(const Change& change, const ChainCatalog& catalog,
                                        const IntegrationRequest& request) {
  Require(change, Operation::kCreateIntegration);
  IntegrationRequest mine = request;
  mine.tenant_id = change.tenant_id;
  if (mine.match_near_amounts ||
      mine.underpayment_tolerance.kind != UnderpaymentTolerance::Kind::kNone)
    Require(change, Operation::kChangeMatching);
  Integration integration = PrepareIntegration(catalog, mine, change.now);
  return CreateOnce(change, {201, Json(integration)}, integration, [&](ManagementTx& tx) {
    tx.InsertIntegration(integration);
    RecordChange(tx, change, "integration.create", integration.id, std::nullopt, Json(integration));
  });
}

std::optional<Integration> UpdateIntegration(const Change& change, const ChainCatalog& catalog,
                                             const std::string& id, const IntegrationPatch& patch) {
  Require(change, Operation::kChangeIntegration);
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
    if (patch.auto_conversion) after.auto_conversion = *patch.auto_conversion;
    if (patch.match_near_amounts) after.match_near_amounts = *patch.match_near_amounts;
    if (patch.underpayment_tolerance) after.underpayment_tolerance = *patch.underpayment_tolerance;
    if (patch.qr_code) after.qr_code = *patch.qr_code;
    if (patch.enabled && *patch.enabled != before.Enabled())
      after.disabled_at = *patch.enabled ? std::nullopt : std::optional(change.now);
    if (after.match_near_amounts != before.match_near_amounts ||
        after.underpayment_tolerance != before.underpayment_tolerance)
      Require(change, Operation::kChangeMatching);
    CheckIntegrationTerms(catalog, after);
    const bool new_payout = Lower(after.payout_address) != Lower(before.payout_address);
    if (new_payout)
      ChangePayoutAddress(tx, change, before, after);
    else
      after.payout_address = before.payout_address;  // only the spelling differed
    // A payout change that waits, asked for alone, has its own audit row.
    if (new_payout && Json(before) == Json(after)) return;
    if (WatchNarrowed(before, after)) tx.KeepWatching(before, change.now);
    tx.UpdateIntegration(after);
    RecordChange(tx, change, ActionOf(patch, before), id, Json(before), Json(after));
  });
  return out;
}

}  // namespace payd::domain
