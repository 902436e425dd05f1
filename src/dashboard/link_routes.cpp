// Payment links (routes.h): the tenant's links with their views and payments;
// a link's page with its URL to copy, a QR code of it, and for BUTTON and
// WIDGET links the widget snippet a shop pastes (docs/checkout.md "Widget");
// creating a link with every field of the spec, changing its terms, and
// switching it off and on. The rules are the API's, never restated here:
// domain::PreparePaymentLink (POST /api/v1/payment-links) and
// domain::UpdatePaymentLink (PATCH). Anyone signed in reads; changes need
// kCommerce (admins and owners), checked by the Gate before a handler runs.
#include <algorithm>
#include <map>

#include "base/time.h"
#include "base/utf8.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "domain/links/payment_link.h"
#include "domain/management/payment_links.h"
#include "html/i18n.h"
#include "html/qr.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

const std::string kLinksHome = "/dashboard/links";
const Gate kSellers{domain::Permission::kCommerce};

// The link form as typed: strings, so a refused form shows them again as they were.
struct LinkForm {
  std::string integration_id, type = "LINK", name, description, amount;
  std::string denomination_type = "CURRENCY", currency = "USD", min_amount, return_url;
  // The API's default is true (the spec's); a merchant typing a price in the
  // dashboard means that price unless they say otherwise.
  bool allow_custom_amount = false;
};

// The form's one choice of what the amount is in: "CURRENCY:USD" (a price) or
// "TOKEN:USDC" (an amount of the token); the API's two fields.
constexpr std::string_view kUnitField = "amountIn";

LinkForm ReadLinkForm(std::string_view body) {
  // Text only: a byte that is not UTF-8 would be refused by PostgreSQL as a 500.
  auto field = [body](std::string_view name) {
    return base::ValidUtf8(http::FormValue(body, name));
  };
  LinkForm f;
  f.integration_id = field("integrationId");
  f.type = field("type");
  f.name = field("name");
  f.description = field("description");
  f.amount = field("amount");
  f.denomination_type = field("denominationType");
  f.currency = field("currency");
  if (std::string unit = field(kUnitField); !unit.empty()) {
    auto colon = unit.find(':');
    f.denomination_type = colon == std::string::npos ? unit : unit.substr(0, colon);
    f.currency = colon == std::string::npos ? std::string() : unit.substr(colon + 1);
  }
  f.min_amount = field("minAmount");
  f.return_url = field("returnUrl");
  f.allow_custom_amount = field("allowCustomAmount") == "true";
  return f;
}

LinkForm FormOf(const domain::PaymentLink& link) {
  return {link.integration_id,
          link.type,
          link.name,
          link.description.value_or(""),
          link.amount,
          link.denomination_type,
          link.currency,
          link.min_amount.value_or(""),
          link.return_url.value_or(""),
          link.allow_custom_amount};
}

// An optional field left empty is absent (at creation) or cleared (on a change).
std::optional<std::string> OrNone(const std::string& text) {
  return text.empty() ? std::nullopt : std::optional<std::string>(text);
}

domain::PaymentLinkRequest RequestOf(const LinkForm& f) {
  domain::PaymentLinkRequest r;
  r.integration_id = f.integration_id;
  r.type = f.type;
  r.name = f.name;
  r.amount = f.amount;
  r.currency = f.currency;
  r.denomination_type = OrNone(f.denomination_type);
  r.return_url = OrNone(f.return_url);
  r.description = OrNone(f.description);
  r.allow_custom_amount = f.allow_custom_amount;
  r.min_amount = OrNone(f.min_amount);
  return r;
}

// A change sends every field of the form: what was emptied is cleared.
domain::PaymentLinkPatch PatchOf(const LinkForm& f) {
  domain::PaymentLinkPatch p;
  p.name = f.name;
  p.description = OrNone(f.description);
  p.amount = f.amount;
  p.currency = f.currency;
  p.denomination_type = f.denomination_type;
  p.allow_custom_amount = f.allow_custom_amount;
  p.min_amount = OrNone(f.min_amount);
  p.return_url = OrNone(f.return_url);
  return p;
}

boost::json::array Options(const std::vector<std::pair<std::string, std::string>>& choices,
                           const std::string& selected) {
  boost::json::array out;
  for (const auto& [value, label] : choices) {
    out.push_back({{"value", value}, {"label", label}, {"selected", value == selected}});
  }
  return out;
}

std::map<std::string, std::string> IntegrationNames(DashboardContext& ctx,
                                                    const std::string& tenant_id) {
  std::map<std::string, std::string> names;
  for (const auto& i : ctx.store.ListIntegrations(tenant_id)) names[i.id] = i.name;
  return names;
}

boost::json::object LinkModel(DashboardContext& ctx, const domain::PaymentLink& link,
                              const std::map<std::string, std::string>& integrations) {
  boost::json::object m = domain::PaymentLinkView(link, ctx.public_url);
  // The template writes "25.00 USD, or another amount of at least 20.00" from
  // price, currency, allowCustomAmount and minAmount. The amount is "price" here:
  // a field named "amount" would hide the template's {{#amount}} section.
  m["price"] = link.amount;
  m.erase("amount");
  m["active"] = link.status == "active";
  auto name = integrations.find(link.integration_id);
  m["integrationName"] = name == integrations.end() ? link.integration_id : name->second;
  m["created"] = base::FormatTimestamp(link.created_at);
  return m;
}

http::Response LinksPage(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  boost::json::object model = PageModel(ctx, html::Translatable("Payment links"), &v);
  model["navLinks"] = true;
  const std::string& tenant = v.current.user.tenant_id;
  auto integrations = IntegrationNames(ctx, tenant);
  boost::json::array links;
  for (const auto& link : ctx.store.ListPaymentLinks(tenant)) {
    links.push_back(LinkModel(ctx, link, integrations));
  }
  model["hasLinks"] = !links.empty();
  model["links"] = std::move(links);
  model["hasIntegrations"] = !integrations.empty();
  return Page(req, ctx, http::Status::ok, "links", model);
}

// The form to make a link (`editing` none) or to change one.
http::Response FormPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                        http::Status status, const LinkForm& form, const boost::json::array& errors,
                        const std::optional<domain::PaymentLink>& editing) {
  boost::json::object model = PageModel(
      ctx,
      editing ? html::Translatable("Change payment link") : html::Translatable("New payment link"),
      &v);
  model["navLinks"] = true;
  const std::string& tenant = v.current.user.tenant_id;
  if (editing) {
    model["editing"] = LinkModel(ctx, *editing, IntegrationNames(ctx, tenant));
    model["action"] = kLinksHome + "/" + editing->id;
  } else {
    model["action"] = kLinksHome;
    boost::json::array integrations;
    for (const auto& i : ctx.store.ListIntegrations(tenant)) {
      // A disabled one is followed by " (disabled)" in the template.
      integrations.push_back({{"value", i.id},
                              {"label", i.name},
                              {"disabled", !i.Enabled()},
                              {"selected", i.id == form.integration_id}});
    }
    model["integrations"] = std::move(integrations);
    model["types"] = Options({{"LINK", html::Translatable("Link: a payment page of its own")},
                              {"BUTTON", html::Translatable("Button: a pay button on your page")},
                              {"WIDGET", html::Translatable("Widget: the checkout in your page")}},
                             form.type);
  }
  // One choice for what the amount is in: a currency a rate source covers
  // (a price), or a token of the configured chains (an amount of it).
  const std::string chosen = form.denomination_type + ":" + form.currency;
  std::vector<std::pair<std::string, std::string>> currencies, tokens;
  for (const auto& code : CatalogOf(ctx).currencies()) {
    currencies.emplace_back("CURRENCY:" + code, code);
  }
  for (const auto& chain : CatalogOf(ctx).chains()) {
    tokens.emplace_back("TOKEN:" + chain.native.symbol, chain.native.symbol);
    for (const auto& token : chain.tokens)
      tokens.emplace_back("TOKEN:" + token.symbol, token.symbol);
  }
  std::sort(tokens.begin(), tokens.end());
  tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
  model["unitCurrencies"] = Options(currencies, chosen);
  model["unitTokens"] = Options(tokens, chosen);
  model["form"] = boost::json::object{{"name", form.name},
                                      {"description", form.description},
                                      {"amount", form.amount},
                                      {"currency", form.currency},
                                      {"minAmount", form.min_amount},
                                      {"returnUrl", form.return_url},
                                      {"allowCustomAmount", form.allow_custom_amount}};
  AddErrors(model, errors);
  return Page(req, ctx, status, "links_form", model);
}

http::Response DetailPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                          const domain::PaymentLink& link) {
  boost::json::object model = PageModel(ctx, html::Translatable("Payment link"), &v);
  model["titleName"] = link.name;
  model["navLinks"] = true;
  boost::json::object shown = LinkModel(ctx, link, IntegrationNames(ctx, v.current.user.tenant_id));
  std::string url = std::string(shown["url"].as_string());
  model["qr"] =
      html::QrModel(url, "link-qr", html::Translatable("QR code of the payment link's address"));
  // The widget loader a shop pastes (docs/checkout.md): a LINK has its page only.
  if (link.type == "BUTTON" || link.type == "WIDGET") {
    model["snippet"] =
        "<script src=\"" + ctx.public_url + "/widget.js\" data-link=\"" + link.id + "\"></script>";
  }
  model["link"] = std::move(shown);
  return Page(req, ctx, http::Status::ok, "links_detail", model);
}

// A page or change of one of the tenant's links: another tenant's id is not found.
template <typename Fn>
SignedInHandler ToLink(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto link = ctx.store.FindPaymentLink(v.current.user.tenant_id, std::string(rctx.Param("id")));
    if (!link) return NotFoundPage(req, ctx, &v);
    return fn(req, v, *link);
  };
}

http::Response CreateLinkForm(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  LinkForm form = ReadLinkForm(req.body());
  return OrFieldError(
      [&] {
        // As POST /api/v1/payment-links does it, without an Idempotency-Key:
        // a form sent twice makes two links, as two clicks would.
        auto made = domain::CreatePaymentLink(ChangeBy(ctx, v), CatalogOf(ctx), ctx.public_url,
                                              RequestOf(form));
        return Redirect(req, kLinksHome + "/" + made.object->id);
      },
      [&](const boost::json::array& errors) {
        return FormPage(req, ctx, v, http::Status::bad_request, form, errors, std::nullopt);
      });
}

http::Response Change(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                      const domain::PaymentLink& link) {
  LinkForm form = ReadLinkForm(req.body());
  return OrFieldError(
      [&] {
        auto updated = domain::UpdatePaymentLink(ChangeBy(ctx, v), CatalogOf(ctx), ctx.public_url,
                                                 link.id, PatchOf(form));
        if (!updated) return NotFoundPage(req, ctx, &v);
        return Redirect(req, kLinksHome + "/" + link.id);
      },
      [&](const boost::json::array& errors) {
        return FormPage(req, ctx, v, http::Status::bad_request, form, errors, link);
      });
}

}  // namespace

void AddLinkRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, kLinksHome, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return LinksPage(req, ctx, v);
                   });
  // Before "/:id", which would take "new" for an id.
  AddSignedInRoute(router, http::Verb::get, kLinksHome + "/new", ctx, kSellers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     LinkForm blank;
                     blank.integration_id = http::QueryParam(req, "integration");
                     return FormPage(req, ctx, v, http::Status::ok, blank, {}, std::nullopt);
                   });
  AddSignedInRoute(router, http::Verb::post, kLinksHome, ctx, kSellers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return CreateLinkForm(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, kLinksHome + "/:id", ctx, kReaders,
                   ToLink(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                      const domain::PaymentLink& link) {
                     return DetailPage(req, ctx, v, link);
                   }));
  AddSignedInRoute(router, http::Verb::get, kLinksHome + "/:id/edit", ctx, kSellers,
                   ToLink(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                      const domain::PaymentLink& link) {
                     return FormPage(req, ctx, v, http::Status::ok, FormOf(link), {}, link);
                   }));
  AddSignedInRoute(
      router, http::Verb::post, kLinksHome + "/:id", ctx, kSellers,
      ToLink(ctx, [&ctx](const http::Request& req, const Visitor& v,
                         const domain::PaymentLink& link) { return Change(req, ctx, v, link); }));
  for (bool active : {false, true}) {
    AddSignedInRoute(router, http::Verb::post,
                     kLinksHome + (active ? "/:id/activate" : "/:id/deactivate"), ctx, kSellers,
                     ToLink(ctx, [&ctx, active](const http::Request& req, const Visitor& v,
                                                const domain::PaymentLink& link) {
                       domain::PaymentLinkPatch patch;
                       patch.active = active;
                       domain::UpdatePaymentLink(ChangeBy(ctx, v), CatalogOf(ctx), ctx.public_url,
                                                 link.id, patch);
                       return Redirect(req, kLinksHome + "/" + link.id);
                     }));
  }
}

}  // namespace payd::dashboard
