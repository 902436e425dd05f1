#include "pages/intent_page.h"

#include <algorithm>

#include "domain/intents/payment_uri.h"
#include "domain/money/amount.h"
#include "html/html.h"
#include "html/qr.h"
#include "pages/page_common.h"
#include "pages/receipt_request.h"

namespace payd::pages {

std::span<const std::string_view> ScriptStatusKeys() {
  static constexpr std::string_view kKeys[] = {"status_waiting",
                                               "status_seen",
                                               "status_underpaid",
                                               "status_paid",
                                               "status_paid_overpaid",
                                               "status_paid_late",
                                               "status_paid_reversed",
                                               "status_expired",
                                               "status_failed",
                                               "status_failed_underpaid",
                                               "returning"};
  return kKeys;
}

namespace {

using domain::IntentException;
using domain::IntentStatus;

boost::json::value OrNull(const std::optional<std::string>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

// The catalog key of the sentence that says where the payment stands.
std::string_view StatusKey(const domain::PaymentIntent& intent) {
  switch (intent.status) {
    case IntentStatus::kCreated:
      return "status_waiting";
    case IntentStatus::kPending:
      return intent.exception == IntentException::kUnderpaid ? "status_underpaid" : "status_seen";
    case IntentStatus::kPaid:
      switch (intent.exception) {
        case IntentException::kOverpaid:
          return "status_paid_overpaid";
        case IntentException::kPaidLate:
          return "status_paid_late";
        case IntentException::kReversedAfterConfirmation:
          return "status_paid_reversed";
        default:
          return "status_paid";
      }
    case IntentStatus::kExpired:
      return "status_expired";
    case IntentStatus::kFailed:
      return intent.exception == IntentException::kUnderpaid ? "status_failed_underpaid"
                                                             : "status_failed";
  }
  return "status_waiting";
}

boost::json::object ScriptMessages(const html::Catalog& t) {
  boost::json::object messages = t.js;
  for (std::string_view key : ScriptStatusKeys()) messages[key] = t.Text(key);
  return messages;
}

boost::json::object ChainBlock(const domain::ChainInfo* chain, const domain::PaymentIntent& i) {
  return {
      {"chainId", i.chain_id},
      {"name", chain ? chain->name : std::to_string(i.chain_id)},
      {"nativeSymbol", chain ? chain->native.symbol : ""},
      {"nativeDecimals", chain ? chain->native.decimals : 18},
      {"walletRpcUrl", chain ? OrNull(chain->wallet_rpc_url) : nullptr},
      {"explorerUrl", chain ? OrNull(chain->explorer_url) : nullptr},
      {"tokenAddress", OrNull(i.token_address)},
      {"decimals", i.decimals},
  };
}

// The amount as the page writes it, the digits that make it exact apart
// (`mark`: the amount shown is the intent's exact amount, still to pay), and
// the note that says, in the payer's language, why those digits matter.
void AddExactDigits(boost::json::object& m, const html::Catalog& t, const domain::PaymentIntent& i,
                    bool mark) {
  domain::ExactDigits exact = domain::ExactAmountDigits(i);
  std::string number = html::FormatAmount(exact.amount, t.number);
  std::size_t marked = mark ? std::min(exact.marked, number.size()) : 0;
  m["amountHead"] = number.substr(0, number.size() - marked);
  m["amountDigits"] = number.substr(number.size() - marked);
  m["amountSymbol"] = " " + i.token_symbol;
  m["markDigits"] = marked > 0;
  std::string amount_text = number + " " + i.token_symbol;
  m["exactNote"] = marked ? t.Text("exact_digits_note",
                                   {{"amount", amount_text},
                                    {"digits", number.substr(number.size() - marked)},
                                    {"rounded", html::FormatAmount(exact.rounded, t.number) + " " +
                                                    i.token_symbol}})
                          : t.Text("exact_amount_note");
}

}  // namespace

http::Response IntentPage(const http::Request& req, http::RequestContext&, const PagesContext& ctx,
                          const domain::PaymentIntent& i) {
  html::PageRequest page = ReadPageRequest(req, ctx);
  const html::Catalog& t = *page.catalog;
  auto integration = ctx.store.FindIntegrationById(i.integration_id);
  std::optional<domain::PaymentLink> link;
  if (i.payment_link_id) link = ctx.store.FindPaymentLink(i.tenant_id, *i.payment_link_id);
  const domain::ChainInfo* chain = ctx.catalog.FindChain(i.chain_id);
  std::string network = chain ? chain->name : std::to_string(i.chain_id);
  std::string explorer_tx = chain && chain->explorer_url ? *chain->explorer_url + "/tx/" : "";

  auto amount = [&](const domain::Uint256& units) {
    return html::FormatAmount(domain::UnitsToDecimal(units, i.decimals), t.number) + " " +
           i.token_symbol;
  };
  std::string amount_text = amount(i.amount);
  // A paid intent's page is its receipt, unless a reorganisation undid the payment.
  bool reversed = i.exception == IntentException::kReversedAfterConfirmation;
  bool receipt = i.status == IntentStatus::kPaid && !reversed;
  std::string heading = t.Text(receipt    ? "receipt_title"
                               : reversed ? "reversed_title"
                                          : "intent_heading");
  // The amount line says what matters in this state: what to send (the rest,
  // once underpaid), what was paid, or what was due.
  std::string_view amount_label = "amount_due";
  domain::Uint256 shown = i.amount;
  bool waiting = i.WaitsForPayment(base::NowMs());
  if (waiting) {
    amount_label =
        i.exception == IntentException::kUnderpaid ? "amount_still_to_send" : "amount_to_send";
    shown = i.AmountToSend();
  } else if (receipt) {
    amount_label = "amount_paid";
    shown = std::max(i.amount, i.received);
  }
  std::string shown_text = amount(shown);
  std::string merchant = integration ? integration->name : "";
  bool underpaid = i.exception == IntentException::kUnderpaid;
  bool numeric_confirmations =
      !i.required_confirmations.empty() &&
      i.required_confirmations.find_first_not_of("0123456789") == std::string::npos;
  // What the QR code holds is the integration's choice (payment_uri.h);
  // whatever it holds, the page shows the exact amount and its marked digits.
  domain::QrCode qr_mode = integration ? integration->qr_code : domain::QrCode::kEip681;
  bool address_qr = qr_mode == domain::QrCode::kAddress;
  std::string expires = html::FormatDateTime(i.expires_at, t.date_time);

  boost::json::object model = BaseModel(ctx, page,
                                        i.status == IntentStatus::kPaid
                                            ? heading
                                            : t.Text("intent_title", {{"amount", amount_text}}));
  boost::json::object& m = model;
  m["messagesJson"] = html::ScriptJson(ScriptMessages(t));
  m["intentId"] = i.id;
  m["integrationId"] = i.integration_id;
  m["merchant"] = merchant;
  m["status"] = domain::IntentStatusName(i.status);
  m["exception"] = domain::IntentExceptionName(i.exception);
  std::string status_text =
      t.Text(StatusKey(i),
             {{"received", amount(i.received)}, {"amount", amount_text}, {"merchant", merchant}});
  m["statusText"] = status_text;
  // What is being paid for: the link's name and description, and the price
  // the merchant set in its currency beside the exact token amount (DECISIONS §5, §14).
  m["orderName"] = link ? link->name : "";
  m["orderDescription"] = link && link->description ? *link->description : "";
  m["priceText"] =
      i.price ? html::FormatAmount(PriceDecimal(i.price->amount, i.price->currency), t.number) +
                    " " + i.price->currency + " · " + amount_text
              : "";
  m["amountLabel"] = t.Text(amount_label);
  m["amountText"] = shown_text;
  AddExactDigits(m, t, i, waiting && shown == i.amount);
  m["amountDecimal"] = domain::UnitsToDecimal(shown, i.decimals);
  m["showExactNote"] = waiting && !underpaid;
  m["addressQr"] = address_qr;
  m["recipient"] = i.recipient;
  m["network"] = network;
  m["paymentUri"] = domain::WalletLink(i, qr_mode);
  m["qrSvg"] = html::QrSvg(
      domain::QrContent(i, qr_mode),
      {"qr", address_qr ? t.Text("qr_address_label", {{"network", network}})
                        : t.Text("qr_label", {{"amount", shown_text}, {"network", network}})});
  m["expiresAt"] = base::FormatTimestamp(i.expires_at);
  m["expiresText"] = t.Text("expires_at", {{"time", expires}});
  m["showPay"] = waiting;
  m["showConfirmations"] = i.status == IntentStatus::kPending && !underpaid;
  m["confirmationsText"] =
      numeric_confirmations ? t.Text("confirmations_of", {{"n", std::to_string(i.confirmations)},
                                                          {"total", i.required_confirmations}})
                            : t.Text("confirmations_n", {{"n", std::to_string(i.confirmations)}});
  m["txHash"] = OrNull(i.tx_hash);
  m["txHref"] = i.tx_hash && !explorer_tx.empty() ? boost::json::value(explorer_tx + *i.tx_hash)
                                                  : boost::json::value(nullptr);
  m["showMissing"] = underpaid && i.status == IntentStatus::kPending && i.amount > i.received;
  m["missingText"] =
      t.Text("missing", {{"missing", i.amount > i.received ? amount(i.amount - i.received) : ""},
                         {"expires", expires}});
  bool over = i.status == IntentStatus::kExpired || i.status == IntentStatus::kFailed;
  m["restartHref"] = link && link->status == "active" ? "/pay/" + link->id : std::string();
  m["showRestart"] = over && link && link->status == "active";
  // Asked on /v1: while nothing is seen, the payer may pay another way (choice_page.h).
  m["showChange"] = i.TakesAChoiceAt(base::NowMs());
  m["heading"] = heading;
  m["isReceipt"] = receipt;
  // A receipt paid through a swap (DECISIONS §16) says what the payer spent.
  std::string paid_with;
  for (const auto& p :
       receipt ? ctx.store.PaymentsOfIntent(i.tenant_id, i.id) : std::vector<domain::Payment>{}) {
    if (!p.paid_with) continue;
    paid_with = html::FormatAmount(
                    domain::UnitsToDecimal(p.paid_with->amount, p.paid_with->decimals), t.number) +
                " " + p.paid_with->token;
    break;
  }
  m["paidWith"] = paid_with;
  m["paidAt"] = i.confirmed_at ? html::FormatDateTime(*i.confirmed_at, t.date_time) : "";
  // An intent asked on /v1 names its own; a link's intents go back to the link's.
  std::optional<std::string> return_url = i.return_url;
  if (!return_url && link) return_url = link->return_url;
  m["returnUrl"] = return_url.value_or("");
  // Paid here, the page takes the payer back to the shop (checkout.js): the
  // status line then says where it goes, after what it already said.
  m["returnStatus"] = receipt && return_url ? status_text + " " + t.Text("returning") : "";
  m["explorerTx"] = explorer_tx;
  AddReceiptRequest(m, t, ctx, req, i);
  m["intentJson"] = html::ScriptJson(ctx.representation().PublicIntent(i));
  m["chainJson"] = html::ScriptJson(ChainBlock(chain, i));
  m["checkoutScript"] = ctx.assets.Url("js/checkout.js");
  std::string frame = integration ? FrameAncestors(*integration) : "'self'";
  return html::HtmlResponse(req, page, http::Status::ok, ctx.templates.Render("intent", model),
                            frame);
}

}  // namespace payd::pages
