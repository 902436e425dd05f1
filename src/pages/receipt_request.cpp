#include "pages/receipt_request.h"

#include <algorithm>

#include "base/strings.h"
#include "domain/access/origin.h"
#include "domain/email/address.h"
#include "http/request_fields.h"

namespace payd::pages {

namespace {

using domain::IntentStatus;

// Back to the page, at its receipt section. A page in the widget's frame
// names the shop's origin (checkout.js adds it to the form): the fragment
// keeps it instead, or the page back in the frame could no longer tell the
// widget about the payment (web/js/frame.js).
http::Response BackToPage(const http::Request& req, const domain::PaymentIntent& intent,
                          const std::string& lang, std::string_view outcome) {
  http::Response res{http::Status::see_other, req.version()};
  std::string location = "/pay/" + intent.id + "?receipt=" + std::string(outcome);
  if (!lang.empty()) location += "&lang=" + lang;
  auto frame = domain::ParseOrigin(http::FormValue(req.body(), "frame"));
  location += frame ? "#origin=" + frame->ToString() : "#receipt";
  res.set(http::beast_http::field::location, location);
  res.set(http::beast_http::field::cache_control, "no-store");
  res.prepare_payload();
  return res;
}

}  // namespace

void AddReceiptRequest(boost::json::object& m, const html::Catalog& t, const PagesContext& ctx,
                       const http::Request& req, const domain::PaymentIntent& intent) {
  if (!ctx.mailing) return;
  std::string outcome = http::QueryParam(req, "receipt");
  bool open = intent.status == IntentStatus::kCreated || intent.status == IntentStatus::kPending;
  bool paid = intent.status == IntentStatus::kPaid;
  // Asked for on this page and paid since: the receipt went with the payment.
  if (outcome == "sent" || (paid && outcome == "requested")) {
    m["receiptNote"] = t.Text("receipt_email_sent");
  } else if (open && (outcome == "requested" || ctx.store.ReceiptRequested(intent.id))) {
    m["receiptNote"] = t.Text("receipt_email_requested");
  } else if (open) {
    m["receiptForm"] = true;
    if (outcome == "invalid") m["receiptError"] = t.Text("error_receipt_email");
  }
  m["showReceipt"] = m.contains("receiptNote") || m.contains("receiptForm");
}

http::Response SubmitReceiptRequest(const http::Request& req, const PagesContext& ctx,
                                    const domain::PaymentIntent& intent) {
  std::string email(base::TrimBlanks(http::FormValue(req.body(), "email")));
  std::string lang = http::FormValue(req.body(), "lang");
  const auto& codes = ctx.languages.codes();
  if (std::find(codes.begin(), codes.end(), lang) == codes.end()) lang.clear();
  if (!domain::IsMailAddress(email)) return BackToPage(req, intent, lang, "invalid");
  auto outcome =
      ctx.store.RequestReceipt(intent.id, email, lang.empty() ? "en" : lang, base::NowMs());
  using Outcome = domain::EmailQueue::ReceiptRequest;
  switch (outcome) {
    case Outcome::kQueued:
      return BackToPage(req, intent, lang, "sent");
    case Outcome::kWaiting:
      return BackToPage(req, intent, lang, "requested");
    case Outcome::kOff:
    case Outcome::kNoIntent:
      break;
  }
  return BackToPage(req, intent, lang, "off");
}

}  // namespace payd::pages
