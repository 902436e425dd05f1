#include "pages/link_page.h"

#include <boost/json/serialize.hpp>

#include "base/strings.h"
#include "domain/access/origin.h"
#include "domain/error.h"
#include "domain/intents/keyless_intent.h"
#include "domain/money/amount.h"
#include "domain/money/pricing.h"
#include "pages/page_common.h"

namespace payd::pages {

namespace {

constexpr std::size_t kMaxAmountInput = 100;

struct PayOption {
  const domain::ChainInfo* chain;
  const domain::TokenInfo* token;
  std::string value;  // "<chainId>:<SYMBOL>"
};

struct FormState {
  std::string amount;  // as typed
  std::string option;
  std::string amount_error;
  std::string option_error;
  std::string general_error;
  bool HasErrors() const {
    return !amount_error.empty() || !option_error.empty() || !general_error.empty();
  }
};

// Priced in a currency (USD, EUR, ...), not in a token's own units.
bool CurrencyLink(const domain::PaymentLink& link) {
  return link.denomination_type != "TOKEN";
}

// A currency's minor units (ISO 4217: EUR 2, JPY 0); 2 for one payd no longer knows.
unsigned MinorUnits(const std::string& code) {
  auto currency = domain::FindCurrency(code);
  return currency ? currency->minor_units : 2;
}

// The integration's chains and tokens, the preferred token first; a link
// priced in a token offers that token only.
std::vector<PayOption> Options(const PagesContext& ctx, const domain::PaymentLink& link,
                               const domain::Integration& integration) {
  std::vector<PayOption> options;
  for (std::int64_t id : integration.allow_chains) {
    const domain::ChainInfo* chain = ctx.catalog.FindChain(id);
    if (!chain) continue;
    for (const domain::TokenInfo* token : integration.TokensOn(*chain)) {
      if (!CurrencyLink(link) && token->symbol != link.currency) continue;
      options.push_back({chain, token, std::to_string(id) + ":" + token->symbol});
    }
  }
  if (integration.preferred_token) {
    std::stable_partition(options.begin(), options.end(), [&](const PayOption& o) {
      return o.token->symbol == *integration.preferred_token;
    });
  }
  return options;
}

// The fraction digits a typed amount may have: the currency's minor units,
// else the token's (the fewest, should its chains differ), as the form's
// check has it.
unsigned AmountDecimals(const domain::PaymentLink& link, const std::vector<PayOption>& options) {
  if (CurrencyLink(link) || options.empty()) return MinorUnits(link.currency);
  unsigned decimals = options.front().token->decimals;
  for (const PayOption& o : options) decimals = std::min<unsigned>(decimals, o.token->decimals);
  return decimals;
}

http::Response Render(const http::Request& req, const PagesContext& ctx,
                      const html::PageRequest& page, const domain::PaymentLink& link,
                      const domain::Integration& integration, const FormState& form,
                      http::Status status) {
  const html::Catalog& t = *page.catalog;
  const std::string& unit = link.currency;
  auto options = Options(ctx, link, integration);
  boost::json::array option_models;
  for (const PayOption& o : options) {
    bool checked = form.option.empty() ? &o == &options.front() : o.value == form.option;
    option_models.push_back({{"value", o.value},
                             {"id", "option-" + std::to_string(option_models.size())},
                             {"label", t.Text("option_label", {{"token", o.token->symbol},
                                                               {"network", o.chain->name}})},
                             {"checked", checked}});
  }
  boost::json::array errors;
  if (!form.amount_error.empty())
    errors.push_back({{"href", "#amount-input"}, {"text", form.amount_error}});
  if (!form.option_error.empty())
    errors.push_back({{"href", "#option-0"}, {"text", form.option_error}});
  if (!form.general_error.empty())
    errors.push_back({{"href", "#pay"}, {"text", form.general_error}});

  std::string title = link.name;
  boost::json::object model = BaseModel(ctx, page, title);
  model["linkId"] = link.id;
  model["integrationId"] = integration.id;
  model["merchant"] = integration.name;
  model["name"] = link.name;
  model["description"] = link.description ? *link.description : "";
  model["custom"] = link.allow_custom_amount;
  model["amountText"] = html::FormatAmount(link.amount, t.number) + " " + unit;
  model["amountLabel"] = t.Text("amount_label", {{"unit", unit}});
  model["amountValue"] = form.amount.empty() && !form.HasErrors() ? link.amount : form.amount;
  model["minText"] =
      link.min_amount
          ? t.Text("amount_min_hint",
                   {{"min", html::FormatAmount(*link.min_amount, t.number)}, {"unit", unit}})
          : "";
  model["amountDecimals"] = AmountDecimals(link, options);
  model["minAmount"] = link.min_amount ? *link.min_amount : "";
  model["options"] = std::move(option_models);
  model["hasOptions"] = !options.empty();
  model["hasErrors"] = !errors.empty();
  model["errors"] = std::move(errors);
  std::string described = std::string(link.min_amount ? "amount-hint " : "") +
                          (form.amount_error.empty() ? "" : "amount-input-error");
  model["amountDescribedBy"] = std::string(base::TrimBlanks(described));
  model["amountError"] = form.amount_error;
  model["optionError"] = form.option_error;
  model["linkScript"] = ctx.assets.Url("js/link.js");
  return html::HtmlResponse(req, page, status, ctx.templates.Render("link", model),
                            FrameAncestors(integration));
}

// The payer's amount as a decimal string, or an error in the page's language.
std::string ReadAmount(const html::Catalog& t, std::string text, unsigned decimals,
                       const domain::PaymentLink& link, std::string* error) {
  text = std::string(base::TrimBlanks(text));
  const std::string& unit = link.currency;
  if (text.empty()) {
    *error = t.Text("error_amount_required");
    return {};
  }
  // The page's own decimal separator is taken ("12,50" in German); a point
  // where the language groups with one ("1.000") would be ambiguous.
  if (t.number.decimal != "." && t.number.group == "." && text.find('.') != std::string::npos) {
    text = "?";
  } else if (t.number.decimal != ".") {
    for (auto at = text.find(t.number.decimal); at != std::string::npos;
         at = text.find(t.number.decimal)) {
      text.replace(at, t.number.decimal.size(), ".");
    }
  }
  if (text.size() > kMaxAmountInput || !domain::IsDecimalString(text) ||
      domain::FractionDigits(text) > decimals) {
    *error = t.Text("error_amount_format",
                    {{"digits", std::to_string(decimals)},
                     {"example", html::FormatAmount(decimals >= 2 ? "12.50" : "12", t.number)}});
    return {};
  }
  if (domain::CompareDecimals(text, "0") == 0) {
    *error = t.Text("error_amount_zero");
    return {};
  }
  if (link.min_amount && domain::CompareDecimals(text, *link.min_amount) < 0) {
    *error = t.Text("error_amount_min",
                    {{"min", html::FormatAmount(*link.min_amount, t.number)}, {"unit", unit}});
    return {};
  }
  return text;
}

bool TakesPayments(const domain::PaymentLink& link, const domain::Integration& integration) {
  return link.status == "active" && integration.Enabled();
}

http::Response InactiveLinkPage(const http::Request& req, const http::RequestContext& rctx,
                                const PagesContext& ctx, const domain::PaymentLink& link) {
  return MessagePage(
      req, rctx, ctx,
      {http::Status::not_found, "not_found",
       "Payment link " + link.id + " no longer takes payments.", "link_inactive", ""});
}

}  // namespace

http::Response LinkPage(const http::Request& req, http::RequestContext& rctx,
                        const PagesContext& ctx, const domain::PaymentLink& link,
                        const domain::Integration& integration) {
  if (!TakesPayments(link, integration)) return InactiveLinkPage(req, rctx, ctx, link);
  return Render(req, ctx, ReadPageRequest(req, ctx), link, integration, {}, http::Status::ok);
}

http::Response LinkJson(const http::Request& req, const PagesContext& ctx,
                        const domain::PaymentLink& link, const domain::Integration& integration) {
  auto or_null = [](const std::optional<std::string>& v) -> boost::json::value {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
  };
  boost::json::object view{{"id", link.id},
                           {"type", link.type},
                           {"name", link.name},
                           {"description", or_null(link.description)},
                           {"amount", link.amount},
                           {"currency", link.currency},
                           {"denominationType", link.denomination_type},
                           {"allowCustomAmount", link.allow_custom_amount},
                           {"minAmount", or_null(link.min_amount)},
                           {"integrationId", integration.id},
                           {"returnUrl", or_null(link.return_url)},
                           {"status", TakesPayments(link, integration) ? "active" : "inactive"}};
  http::Response res{http::Status::ok, req.version()};
  res.set(http::beast_http::field::content_type, "application/json");
  res.set(http::beast_http::field::cache_control, "no-cache");
  res.set(http::beast_http::field::vary, "Accept, Origin");
  res.set("X-Content-Type-Options", "nosniff");
  auto origin = domain::ParseOrigin(req[http::beast_http::field::origin]);
  auto self = domain::OriginOfUrl(ctx.public_url);
  if (origin &&
      ((self && *origin == *self) || domain::OriginAllowed(integration.OriginRules(), *origin))) {
    res.set(http::beast_http::field::access_control_allow_origin, origin->ToString());
  }
  res.body() = boost::json::serialize(view);
  res.prepare_payload();
  return res;
}

http::Response SubmitLinkForm(const http::Request& req, http::RequestContext& rctx,
                              const PagesContext& ctx, const domain::PaymentLink& link,
                              const domain::Integration& integration) {
  if (!TakesPayments(link, integration)) return InactiveLinkPage(req, rctx, ctx, link);
  html::PageRequest page = ReadPageRequest(req, ctx, http::FormValue(req.body(), "lang"));
  const html::Catalog& t = *page.catalog;
  FormState form;
  form.amount = http::FormValue(req.body(), "amount").substr(0, kMaxAmountInput + 1);
  form.option = http::FormValue(req.body(), "option");
  auto options = Options(ctx, link, integration);
  const PayOption* chosen = nullptr;
  for (const PayOption& o : options) {
    if (o.value == form.option) chosen = &o;
  }
  if (!chosen) form.option_error = t.Text("error_option");
  unsigned decimals =
      CurrencyLink(link) ? MinorUnits(link.currency) : (chosen ? chosen->token->decimals : 0);
  std::string amount = link.amount;
  if (link.allow_custom_amount)
    amount = ReadAmount(t, form.amount, decimals, link, &form.amount_error);
  if (form.HasErrors())
    return Render(req, ctx, page, link, integration, form, http::Status::bad_request);

  domain::IntentRequest request;
  request.currency = chosen->token->symbol;
  request.chain_id = chosen->chain->id;
  request.payment_link_id = link.id;
  request.lifetime_ms = ctx.intent_lifetime_ms;
  if (CurrencyLink(link)) {
    request.price = domain::Price{amount, link.currency};
    request.price_field = "amount";
  } else {
    auto units = domain::DecimalToUnits(amount, decimals);
    request.amount = units ? domain::FormatUnits(*units) : amount;
  }
  http::Status status = http::Status::bad_request;
  try {
    auto created = domain::CreateKeylessIntent(ctx.store, ctx.catalog, ctx.prices,
                                               ctx.representation(), integration, request, nullptr,
                                               ctx.public_max_open_intents, base::NowMs());
    if (created.result.outcome == domain::CreateOutcome::kCreated) {
      http::Response res{http::Status::see_other, req.version()};
      res.set(http::beast_http::field::location, "/pay/" + created.intent.id);
      res.set(http::beast_http::field::cache_control, "no-store");
      res.prepare_payload();
      return res;
    }
    form.general_error = t.Text("error_busy");
    status = http::Status::too_many_requests;
  } catch (const domain::Error& e) {
    if (e.kind() == domain::ErrorKind::kUnavailable) {
      form.general_error = t.Text("error_unavailable");
      status = http::Status::service_unavailable;
      // No price before the feeds are read again (DECISIONS §9).
      if (dynamic_cast<const domain::PriceUnavailable*>(&e)) {
        auto res = Render(req, ctx, page, link, integration, form, status);
        res.set(http::beast_http::field::retry_after, std::to_string(domain::kPriceRefreshS));
        return res;
      }
    } else if (e.param().starts_with("amount")) {
      form.amount_error = e.what();  // the link's terms, in the domain's words
    } else {
      form.general_error = e.what();
    }
  }
  return Render(req, ctx, page, link, integration, form, status);
}

}  // namespace payd::pages
