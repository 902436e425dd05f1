#include "domain/management/payouts.h"

#include <boost/json/serialize.hpp>
#include <set>

#include "base/ids.h"
#include "base/strings.h"
#include "domain/error.h"
#include "domain/integration.h"
#include "domain/money/address.h"
#include "domain/payouts/payout_view.h"

namespace payd::domain {

namespace {

constexpr std::string_view kZeroAddress = "0x0000000000000000000000000000000000000000";

std::string Snapshot(const Payout& payout) {
  return boost::json::serialize(PayoutSnapshot(payout));
}

// The payout addresses of the tenant's enabled integrations that allow this
// chain and token: those the watcher reads transfers out of.
std::set<std::string> SendingAddresses(Store& store, const std::string& tenant_id,
                                       std::int64_t chain_id, const std::string& token) {
  std::set<std::string> out;
  for (const Integration& i : store.ListIntegrations(tenant_id)) {
    bool chain =
        std::find(i.allow_chains.begin(), i.allow_chains.end(), chain_id) != i.allow_chains.end();
    if (i.Enabled() && chain && i.AllowsToken(token)) out.insert(i.payout_address);
  }
  return out;
}

std::string Listed(const std::set<std::string>& addresses) {
  std::string out;
  for (const auto& a : addresses) out += (out.empty() ? "" : ", ") + a;
  return out;
}

std::string FromAddress(const std::set<std::string>& sending, const PayoutRequest& request) {
  std::string chain = std::to_string(request.chain_id);
  if (sending.empty()) {
    ThrowInvalid("from",
                 "No enabled integration takes {1} on chain {2}: a payout is sent from a payout "
                 "address whose transfers payd watches.",
                 request.token, chain);
  }
  if (!request.from) {
    if (sending.size() == 1) return *sending.begin();
    ThrowInvalid("from",
                 "Several payout addresses take {1} on chain {2}; name the one that sends: {3}.",
                 request.token, chain, Listed(sending));
  }
  auto from = ParseAddress(base::TrimBlanks(*request.from));
  if (!from) ThrowInvalid("from", "from is an address of 0x and 40 hexadecimal characters.");
  for (const auto& a : sending) {
    if (base::AsciiLower(a) == base::AsciiLower(*from)) return a;
  }
  ThrowInvalid("from",
               "{1} is not the payout address of an enabled integration taking {2} on chain {3}; "
               "these are: {4}.",
               *from, request.token, chain, Listed(sending));
}

Refund Line(const Payout& payout, const PayoutRequest& request, std::size_t index) {
  const PayoutLineRequest& asked = request.lines[index];
  auto to = ParseAddress(base::TrimBlanks(asked.to));
  std::string to_field = PayoutLineField(index, "to");
  if (!to) {
    ThrowInvalid(to_field,
                 "The recipient is an address of 0x and 40 hexadecimal characters (in mixed "
                 "case, its checksum must match).");
  }
  std::string lower = base::AsciiLower(*to);
  if (*to == kZeroAddress)
    ThrowInvalid(to_field, "That is the zero address: nothing sent there arrives.");
  if (lower == base::AsciiLower(payout.from_address))
    ThrowInvalid(to_field, "{1} is the address that sends the payout.", *to);
  if (payout.token_address && lower == base::AsciiLower(*payout.token_address)) {
    ThrowInvalid(to_field, "{1} is the {2} contract itself: tokens sent there are lost.", *to,
                 payout.token_symbol);
  }
  std::string amount_text(base::TrimBlanks(asked.amount));
  auto amount = request.amounts_in_units ? ParseUnits(amount_text)
                                         : DecimalToUnits(amount_text, payout.decimals);
  if (!amount || *amount == 0) {
    if (request.amounts_in_units) {
      ThrowInvalid(PayoutLineField(index, "amount"),
                   "The amount is a positive whole number of the token's smallest units.");
    }
    ThrowInvalid(PayoutLineField(index, "amount"),
                 "The amount is a positive amount of {1} with at most {2} decimals.",
                 payout.token_symbol, std::to_string(payout.decimals));
  }
  if (asked.reference && asked.reference->size() > 200) {
    ThrowInvalid(PayoutLineField(index, "reference"), "A reference has 200 characters at most.");
  }
  Refund line;
  line.id = base::NewId("pol_");
  line.tenant_id = payout.tenant_id;
  line.payout_id = payout.id;
  line.reference = asked.reference;
  line.line_number = static_cast<std::int64_t>(index) + 1;
  line.chain_id = payout.chain_id;
  line.token_symbol = payout.token_symbol;
  line.token_address = payout.token_address;
  line.decimals = payout.decimals;
  line.from_address = payout.from_address;
  line.to_address = *to;
  line.amount = *amount;
  line.reason = "payout";
  line.status = RefundStatus::kReady;
  line.created_at = line.updated_at = payout.created_at;
  return line;
}

}  // namespace

std::string PayoutLineField(std::size_t index, std::string_view field) {
  return "lines[" + std::to_string(index) + "]." + std::string(field);
}

Creation<Payout> CreatePayout(const Change& change, const ChainCatalog& catalog,
                              const PayoutRequest& request) {
  Require(change, Operation::kCreatePayout);
  std::string name(base::TrimBlanks(request.name));
  if (name.empty() || name.size() > 200)
    ThrowInvalid("name", "name says what the payout is for, in 1 to 200 characters.");
  const ChainInfo* chain = catalog.FindChain(request.chain_id);
  if (!chain) {
    ThrowInvalid("chainId", "Chain {1} is not one this payd watches.",
                 std::to_string(request.chain_id));
  }
  const TokenInfo* token = chain->FindToken(request.token);
  if (!token) ThrowInvalid("token", "{1} is not a token of {2}.", request.token, chain->name);
  if (request.lines.empty() || request.lines.size() > kMaxPayoutLines) {
    ThrowInvalid("lines", "A payout has 1 to {1} lines; {2} given.",
                 std::to_string(kMaxPayoutLines), std::to_string(request.lines.size()));
  }
  Payout p;
  p.id = base::NewId("po_");
  p.tenant_id = change.tenant_id;
  p.name = name;
  p.chain_id = chain->id;
  p.token_symbol = token->symbol;
  p.token_address = token->address;
  p.decimals = token->decimals;
  p.from_address = FromAddress(
      SendingAddresses(change.store, change.tenant_id, chain->id, token->symbol), request);
  p.metadata_json = request.metadata_json;
  p.created_at = p.updated_at = change.now;
  for (std::size_t i = 0; i < request.lines.size(); ++i) p.lines.push_back(Line(p, request, i));
  return CreateOnce(change, {201, boost::json::serialize(PayoutView(p))}, p, [&](ManagementTx& tx) {
    tx.InsertPayout(p);
    tx.InsertEvent(PayoutEvent(event_type::kPayoutCreated, p, change.now));
    RecordChange(tx, change, "payout.create", p.id, std::nullopt, Snapshot(p));
  });
}

std::optional<Payout> CancelPayout(const Change& change, const std::string& id) {
  Require(change, Operation::kCancelPayout);
  std::optional<Payout> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindPayout(change.tenant_id, id);
    if (!out) return;
    std::string before = Snapshot(*out);
    bool canceled_any = false;
    for (Refund& line : out->lines) {
      if (!line.Cancelable()) continue;
      line.status = RefundStatus::kCanceled;
      line.canceled_at = line.updated_at = change.now;
      tx.Ledger().UpdateRefund(line);
      canceled_any = true;
    }
    if (!canceled_any) {
      if (out->canceled_at) return;
      ThrowInvalid("id",
                   "Every line of payout {1} is sent or canceled already: nothing is left to "
                   "cancel.",
                   id);
    }
    out->canceled_at = out->updated_at = change.now;
    tx.Ledger().UpdatePayout(*out);
    tx.InsertEvent(PayoutEvent(event_type::kPayoutCanceled, *out, change.now));
    RecordChange(tx, change, "payout.cancel", id, before, Snapshot(*out));
  });
  return out;
}

}  // namespace payd::domain
