#include "pages/choice_page.h"

#include "domain/error.h"
#include "domain/intents/asked_intent.h"
#include "domain/money/amount.h"
#include "pages/page_common.h"

namespace payd::pages {

namespace {

struct Option {
  const domain::ChainInfo* chain;
  const domain::TokenInfo* token;
  std::string value;  // "<chainId>:<SYMBOL>", as on a link's page
};

// The options the merchant asked for that this payd still serves.
std::vector<Option> Options(const PagesContext& ctx, const domain::PaymentIntent& intent) {
  std::vector<Option> out;
  for (const auto& o : intent.asked->options) {
    const domain::ChainInfo* chain = ctx.catalog.FindChain(o.chain_id);
    const domain::TokenInfo* token = chain ? chain->FindToken(o.token) : nullptr;
    if (token) out.push_back({chain, token, std::to_string(o.chain_id) + ":" + token->symbol});
  }
  return out;
}

// "25.00 EUR" or "12.5 USDC": what the merchant asked, in the page's number
// format, a price with its currency's minor units.
std::string AskedText(const domain::AskedTerms& asked, const html::Catalog& t) {
  std::string amount = PriceDecimal(asked.amount, asked.currency);
  return html::FormatAmount(amount, t.number) + " " + asked.currency;
}

http::Response Render(const http::Request& req, const PagesContext& ctx,
                      const html::PageRequest& page, const domain::PaymentIntent& intent,
                      const std::string& option_error, const std::string& general_error,
                      http::Status status) {
  const html::Catalog& t = *page.catalog;
  auto integration = ctx.store.FindIntegrationById(intent.integration_id);
  auto options = Options(ctx, intent);
  // Checked: the current choice when choosing again, else the first.
  std::string current = intent.IsChosen()
                            ? std::to_string(intent.chain_id) + ":" + intent.token_symbol
                            : (options.empty() ? "" : options.front().value);
  boost::json::array option_models;
  for (const Option& o : options) {
    option_models.push_back({{"value", o.value},
                             {"id", "option-" + std::to_string(option_models.size())},
                             {"label", t.Text("option_label", {{"token", o.token->symbol},
                                                               {"network", o.chain->name}})},
                             {"checked", o.value == current}});
  }
  boost::json::array errors;
  if (!option_error.empty()) errors.push_back({{"href", "#option-0"}, {"text", option_error}});
  if (!general_error.empty()) errors.push_back({{"href", "#pay"}, {"text", general_error}});

  std::string amount = AskedText(*intent.asked, t);
  boost::json::object model = BaseModel(ctx, page, t.Text("intent_title", {{"amount", amount}}));
  model["intentId"] = intent.id;
  model["merchant"] = integration ? integration->name : "";
  model["heading"] = t.Text("intent_heading");
  model["amountText"] = amount;
  model["open"] = intent.TakesAChoiceAt(base::NowMs()) && !options.empty();
  model["options"] = std::move(option_models);
  model["expiresText"] =
      t.Text("expires_at", {{"time", html::FormatDateTime(intent.expires_at, t.date_time)}});
  model["hasErrors"] = !errors.empty();
  model["errors"] = std::move(errors);
  model["optionError"] = option_error;
  model["linkScript"] = ctx.assets.Url("js/link.js");
  return html::HtmlResponse(req, page, status, ctx.templates.Render("choice", model),
                            integration ? FrameAncestors(*integration) : "'self'");
}

http::Response SeeIntentPage(const http::Request& req, const domain::PaymentIntent& intent) {
  http::Response res{http::Status::see_other, req.version()};
  res.set(http::beast_http::field::location, "/pay/" + intent.id);
  res.set(http::beast_http::field::cache_control, "no-store");
  res.prepare_payload();
  return res;
}

}  // namespace

bool ShowsChoice(const http::Request& req, const domain::PaymentIntent& intent) {
  if (!intent.asked) return false;
  if (!intent.IsChosen()) return true;
  return http::QueryParam(req, "choose") == "1" && intent.TakesAChoiceAt(base::NowMs());
}

http::Response ChoicePage(const http::Request& req, http::RequestContext&, const PagesContext& ctx,
                          const domain::PaymentIntent& intent) {
  return Render(req, ctx, ReadPageRequest(req, ctx), intent, "", "", http::Status::ok);
}

http::Response SubmitChoice(const http::Request& req, http::RequestContext&,
                            const PagesContext& ctx, const domain::PaymentIntent& intent) {
  html::PageRequest page = ReadPageRequest(req, ctx, http::FormValue(req.body(), "lang"));
  const html::Catalog& t = *page.catalog;
  std::string value = http::FormValue(req.body(), "option");
  const Option* chosen = nullptr;
  auto options = Options(ctx, intent);
  for (const Option& o : options) {
    if (o.value == value) chosen = &o;
  }
  // Nothing to choose any more (paid meanwhile, expired): the intent page says why.
  if (!intent.TakesAChoiceAt(base::NowMs())) return SeeIntentPage(req, intent);
  if (!chosen)
    return Render(req, ctx, page, intent, t.Text("error_option"), "", http::Status::bad_request);
  try {
    domain::ChooseOption(ctx.store, ctx.catalog, ctx.prices, intent.id,
                         {chosen->chain->id, chosen->token->symbol}, base::NowMs());
    return SeeIntentPage(req, intent);
  } catch (const domain::Error& e) {
    if (e.kind() != domain::ErrorKind::kUnavailable) {
      // The amount cannot be paid with this option (beyond 2^256-1 units).
      return Render(req, ctx, page, intent, t.Text("error_option"), "", http::Status::bad_request);
    }
    auto res = Render(req, ctx, page, intent, "", t.Text("error_unavailable"),
                      http::Status::service_unavailable);
    if (dynamic_cast<const domain::PriceUnavailable*>(&e))
      res.set(http::beast_http::field::retry_after, std::to_string(domain::kPriceRefreshS));
    return res;
  }
}

}  // namespace payd::pages
