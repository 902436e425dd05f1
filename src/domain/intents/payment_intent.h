// A payment intent: one attempt by a payer to pay a merchant a given amount
// of one token on one chain, straight to the integration's payout address.
// Its lifecycle and matching rules are DECISIONS §5; see intent_rules.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"
#include "domain/money/amount.h"
#include "domain/money/currency.h"

namespace payd::domain {

enum class IntentStatus { kCreated, kPending, kPaid, kExpired, kFailed };
std::string_view IntentStatusName(IntentStatus status);
std::optional<IntentStatus> ParseIntentStatus(std::string_view text);

// What was irregular about how an intent was paid.
enum class IntentException {
  kNone,
  kUnderpaid,
  kOverpaid,
  kPaidLate,
  kReversedAfterConfirmation,  // PAID, but a deep reorg removed what paid it
};
std::string_view IntentExceptionName(IntentException exception);  // "" for kNone
IntentException ParseIntentException(std::string_view text);

// Where an intent's sender hint came from (DECISIONS §5 rule 2). Only a hint
// the wallet proved (a signature) or an authenticated merchant set is trusted
// to move money; the payer's unproven word on the key-less endpoint is kept
// for the merchant to see, nothing more.
enum class HintSource { kNone, kPayer, kWallet, kMerchant };
std::string_view HintSourceName(HintSource source);  // "" for kNone
HintSource ParseHintSource(std::string_view text);
inline bool IsTrusted(HintSource source) {
  return source == HintSource::kWallet || source == HintSource::kMerchant;
}

// An intent stays watchable this long after it expires (late payments).
constexpr base::TimeMs kLateWindowMs = 24LL * 60 * 60 * 1000;
constexpr base::TimeMs kDefaultIntentLifetimeMs = 30LL * 60 * 1000;
// Block timestamps and payd's wall clock may disagree by this much: a transfer
// is matched to an intent only if the intent existed by the transfer's block
// time plus this, so an old transfer seen late never pays a new intent.
constexpr base::TimeMs kChainClockSkewMs = 5LL * 60 * 1000;

// One (chain, token) a payer may pay an asked intent with.
struct PayOption {
  std::int64_t chain_id = 0;
  std::string token;  // symbol
  bool operator==(const PayOption&) const = default;
};

// What a merchant's server asked for on /v1 (DECISIONS §12), checked
// (v1_intent_terms.h): the amount in its currency and the options the payer
// chooses among on the hosted page.
struct AskedTerms {
  std::string amount;              // canonical decimal, as asked ("25.00" stays "25.00")
  std::string currency;            // "USD" or the token's symbol as the catalog spells it
  std::vector<PayOption> options;  // in the integration's chain and token order
  bool operator==(const AskedTerms&) const = default;
};

// How the merchant settled an irregular intent (DECISIONS §5 "the merchant
// decides"): paid or not, with a note; from then on its status is the
// merchant's (the ledger still records its payments, it takes no new ones).
struct Resolution {
  bool paid = false;
  std::string note;
  std::string actor;  // who decided (audit actor: "key_…", "user_…", "cli")
  base::TimeMs at = 0;
  bool operator==(const Resolution&) const = default;
};

// An asked intent waits for the payer's choice with chain_id 0 ("not chosen"),
// no token and no amounts; choosing fills them in (Store::ChooseIntentOption).
// The ledger never sees it before that: no chain has id 0.
struct PaymentIntent {
  std::string id;  // "pi_..."
  std::string tenant_id;
  std::string integration_id;
  std::optional<std::string> payment_link_id;
  IntentStatus status = IntentStatus::kCreated;
  IntentException exception = IntentException::kNone;

  std::int64_t chain_id = 0;
  std::string token_symbol;
  std::optional<std::string> token_address;  // EIP-55; none for the native coin
  unsigned decimals = 0;
  std::string recipient;  // the payout address, EIP-55

  Uint256 requested_amount = 0;  // smallest units, as asked
  Uint256 amount = 0;            // smallest units to pay exactly: requested + a unique offset
  std::optional<std::string> amount_usd;  // the price, when it is in USD
  // The price asked in a currency (DECISIONS §14): none when asked in a
  // token's own units. The rate converted it once chosen (USD: 1, no sources).
  std::optional<Price> price;
  std::optional<CurrencyRate> rate;
  Uint256 received = 0;                    // matched transfers still on the canonical chain
  std::optional<std::string> sender_hint;  // EIP-55
  HintSource sender_hint_source = HintSource::kNone;
  bool keyless = false;  // created through the key-less public endpoint
  std::string metadata_json = "{}";
  std::string required_confirmations;  // "12", "safe" or "finalized"
  std::int64_t confirmations = 0;      // of the least confirmed matched transfer

  base::TimeMs expires_at = 0;
  base::TimeMs created_at = 0;
  std::optional<base::TimeMs> confirmed_at;
  std::optional<std::string> tx_hash;         // the transfer that completed it
  std::optional<std::string> sender_address;  // its sender
  // What the intent was when its expiry was first applied (ledger only): an
  // intent that had expired unpaid returns to EXPIRED, not FAILED, when a reorg
  // removes its late payment (DECISIONS §5).
  std::optional<IntentStatus> status_at_expiry;
  // Set for intents created through /v1: what the merchant asked for, and
  // when the payer last chose how to pay (the exact amount's reservation).
  std::optional<AskedTerms> asked;
  std::optional<base::TimeMs> chosen_at;
  std::optional<Resolution> resolution;
  // When the merchant canceled it (DECISIONS §12): it became EXPIRED then,
  // with expiresAt moved to that moment, and whatever pays it afterwards is a
  // late payment whatever the chain's clock says (intent_rules.h).
  std::optional<base::TimeMs> canceled_at;
  // Where the hosted page sends the payer once paid (an intent asked on /v1
  // with returnUrl; a link's intents take their link's).
  std::optional<std::string> return_url;
  // Set when a live payment matched it by a near amount (DECISIONS §17,
  // `matchedBy: "near_amount"`): the shortfall those payments were accepted
  // with, summed (`underpaidBy`; 0 when they paid the price exactly).
  std::optional<Uint256> near_amount_shortfall;

  bool IsChosen() const { return chain_id != 0; }
  // Paid in full by what was received (a near amount's accepted shortfall
  // counts, DECISIONS §17): it takes no further exact transfer.
  bool Covered() const { return received + near_amount_shortfall.value_or(0) >= requested_amount; }
  // Transfers from blocks stamped before this (less the clock skew) never pay
  // the intent: its creation, or for an asked intent the choice that made
  // its exact amount known (and reserved).
  base::TimeMs MatchableFrom() const { return chosen_at.value_or(created_at); }
  // An asked intent's payer may choose (again) while nothing is seen on
  // chain: CREATED, nothing received, not expired at `at` (DECISIONS §12).
  bool TakesAChoiceAt(base::TimeMs at) const {
    return asked && status == IntentStatus::kCreated && received == 0 && !IsExpiredAt(at);
  }

  base::TimeMs late_until() const { return expires_at + kLateWindowMs; }
  // DECISIONS §5 "expiresAt passes": expired once the time is past expiresAt. A
  // transfer in a block stamped exactly expiresAt is on time, by either rule.
  bool IsExpiredAt(base::TimeMs at) const { return at > expires_at; }
  bool IsNative() const { return !token_address.has_value(); }
  // Still waiting for money at `at`: CREATED, or PENDING and short, and not
  // expired. Only such intents take hinted transfers or new hints. `expiresAt`
  // is the last moment that is on time (IsExpiredAt).
  bool WaitsForPayment(base::TimeMs at) const {
    bool short_paid = status == IntentStatus::kPending && exception == IntentException::kUnderpaid;
    return (status == IntentStatus::kCreated || short_paid) && !IsExpiredAt(at) && !resolution;
  }
  // What the payer still has to send: the rest of an underpaid intent (whose
  // top-up is matched by its sender hint), otherwise the exact amount.
  Uint256 AmountToSend() const {
    bool short_paid = exception == IntentException::kUnderpaid && received < amount;
    return short_paid ? amount - received : amount;
  }
  // The key under which exact amounts are reserved: "native" or the token address, lowercase.
  std::string TokenKey() const;
};

// Who set an intent's amount (DECISIONS §13 `createdVia`): "api" when the
// merchant's server asked for it on /v1, "link" when it comes from a payment
// link's terms, "public" when the payer's browser chose it on a public
// endpoint. A merchant ships an order only on an amount it set or after checking it.
std::string_view CreatedVia(const PaymentIntent& intent);

}  // namespace payd::domain
