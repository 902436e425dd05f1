// Integrations (routes.h): the tenant's integrations; one's page with its
// terms, its public id, its integration keys and links; creating one,
// changing its terms, disabling and enabling it. The rules are the API's
// (domain/management/integrations.h, as /api/v1/integrations and
// `payd integration`), the chains and tokens offered are the catalog's the
// API checks against. Anyone signed in reads; changes need kDeveloperTools
// (developers, admins, owners), checked by the Gate before a handler runs.
//
// The payout address is checked as EIP-55 by the domain on submit, with its
// message. In the browser, web/js/dashboard_address.js checks only its shape
// (0x and 40 hex digits): an EIP-55 checksum needs Keccak-256, which browsers
// do not offer, and the dashboard has no bundler to ship viem's.
#include <algorithm>
#include <boost/url/decode_view.hpp>
#include <boost/url/parse_query.hpp>
#include <charconv>

#include "base/time.h"
#include "base/utf8.h"
#include "dashboard/dashboard_http.h"
#include "dashboard/payout_change_view.h"
#include "dashboard/reconfirm.h"
#include "dashboard/routes.h"
#include "domain/management/api_keys.h"
#include "domain/management/integrations.h"
#include "domain/management/payout_changes.h"
#include "domain/people/sign_in.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

const std::string kIntegrationsHome = "/dashboard/integrations";
// Changing an integration's terms may check a password (a new payout address).
const Gate kChangeTerms{domain::Permission::kDeveloperTools, false, Heavy::kPasswordHash};
// A payout address change waiting: an admin cancels it, a second owner confirms it.
const Gate kCancelPayout{domain::Permission::kCommerce};
const Gate kConfirmPayout{domain::Permission::kPeople, false, Heavy::kPasswordHash};

// The form as typed; `origins` one per line, as the textarea holds them.
struct IntegrationForm {
  std::string name, payout_address, origins, preferred_token;
  std::vector<std::int64_t> chains;
  std::vector<std::string> tokens;
  bool auto_conversion = false;
  bool match_near_amounts = false;
  std::string tolerance;  // as typed: "1.5%", "0.50" or empty (domain::ParseToleranceInput)
  std::string qr_code;    // as sent (domain::QrCodeInput); empty: left as it is
};

IntegrationForm ReadIntegrationForm(std::string_view body) {
  IntegrationForm f;
  f.name = base::ValidUtf8(http::FormValue(body, "name"));
  f.payout_address = base::ValidUtf8(http::FormValue(body, "payoutAddress"));
  f.origins = base::ValidUtf8(http::FormValue(body, "origins"));
  f.preferred_token = base::ValidUtf8(http::FormValue(body, "preferredToken"));
  for (const auto& text : http::FormValues(body, "chains")) {
    std::int64_t id = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    // Only a page other than ours sends a chain that is not a number.
    if (ec != std::errc() || end != text.data() + text.size())
      domain::ThrowInvalid("chains", "chains must be chain ids such as 1 or 8453");
    f.chains.push_back(id);
  }
  f.tokens = http::FormValues(body, "tokens");
  f.auto_conversion = !http::FormValue(body, "autoConversion").empty();
  f.match_near_amounts = !http::FormValue(body, "matchNearAmounts").empty();
  f.tolerance = base::ValidUtf8(http::FormValue(body, "underpaymentTolerance"));
  f.qr_code = base::ValidUtf8(http::FormValue(body, "qrCode"));
  return f;
}

IntegrationForm FormOf(const domain::Integration& i) {
  IntegrationForm f{i.name,
                    i.payout_address,
                    "",
                    i.preferred_token.value_or(""),
                    i.allow_chains,
                    i.allow_tokens,
                    i.auto_conversion,
                    i.match_near_amounts,
                    domain::ToleranceInputText(i.underpayment_tolerance),
                    std::string(domain::QrCodeName(i.qr_code))};
  for (const auto& origin : i.allowed_origins) f.origins += origin + "\n";
  return f;
}

// One origin per line (commas also separate them), blank lines skipped.
std::vector<std::string> OriginsOf(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  auto flush = [&] {
    auto first = current.find_first_not_of(" \t\r");
    if (first != std::string::npos)
      out.push_back(current.substr(first, current.find_last_not_of(" \t\r") - first + 1));
    current.clear();
  };
  for (char c : text) {
    if (c == '\n' || c == ',') {
      flush();
    } else {
      current += c;
    }
  }
  flush();
  return out;
}

// The catalog's chains and tokens as checkboxes, those of the form checked.
void AddChoices(boost::json::object& model, const domain::ChainCatalog& catalog,
                const IntegrationForm& form) {
  boost::json::array chains, tokens, preferred;
  preferred.push_back({{"value", ""},
                       {"label", html::Translatable("None")},
                       {"selected", form.preferred_token.empty()}});
  std::vector<std::string> seen;
  for (const auto& chain : catalog.chains()) {
    bool on = std::count(form.chains.begin(), form.chains.end(), chain.id) > 0;
    chains.push_back({{"value", chain.id},
                      {"label", chain.name + " (" + std::to_string(chain.id) + ")"},
                      {"checked", on}});
    for (const auto* token : chain.AllTokens()) {
      if (std::count(seen.begin(), seen.end(), token->symbol)) continue;
      seen.push_back(token->symbol);
      std::string on_chains;
      for (const auto& other : catalog.chains()) {
        if (!other.FindToken(token->symbol)) continue;
        on_chains += (on_chains.empty() ? "" : ", ") + other.name;
      }
      bool chosen = std::count(form.tokens.begin(), form.tokens.end(), token->symbol) > 0;
      // Shown as "USDC, USD Coin (on Base, Ethereum)" by the template.
      tokens.push_back({{"value", token->symbol},
                        {"id", "token-" + std::to_string(seen.size())},
                        {"tokenName", token->name},
                        {"onChains", on_chains},
                        {"checked", chosen}});
      preferred.push_back({{"value", token->symbol},
                           {"label", token->symbol},
                           {"selected", token->symbol == form.preferred_token}});
    }
  }
  model["chains"] = std::move(chains);
  model["tokens"] = std::move(tokens);
  model["preferredTokens"] = std::move(preferred);
}

boost::json::object IntegrationModel(const domain::ChainCatalog& catalog,
                                     const domain::Integration& i) {
  boost::json::object m = domain::IntegrationView(i);
  std::string chains;
  for (auto id : i.allow_chains) {
    const auto* chain = catalog.FindChain(id);
    chains += (chains.empty() ? "" : ", ") + (chain ? chain->name : "chain " + std::to_string(id));
  }
  m["chainNames"] = chains;
  std::string tokens;
  for (const auto& t : i.allow_tokens) tokens += (tokens.empty() ? "" : ", ") + t;
  m["tokenNames"] = tokens;
  m["hasOrigins"] = !i.allowed_origins.empty();
  m["toleranceText"] = domain::ToleranceInputText(i.underpayment_tolerance);
  m["tolerancePercent"] =
      i.underpayment_tolerance.kind == domain::UnderpaymentTolerance::Kind::kPercent;
  m["qrCodeText"] =
      i.qr_code == domain::QrCode::kAddress
          ? html::Translatable("The address only, the amount beside it")
      : i.qr_code == domain::QrCode::kEip681Compatible
          ? html::Translatable("Address and amount, in the forms other wallets read too")
          : html::Translatable("Address and amount (EIP-681)");
  m["created"] = base::FormatTimestamp(i.created_at);
  return m;
}

http::Response IntegrationsPage(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  boost::json::object model = PageModel(ctx, html::Translatable("Integrations"), &v);
  model["navIntegrations"] = true;
  boost::json::array out;
  for (const auto& i : ctx.store.ListIntegrations(v.current.user.tenant_id)) {
    out.push_back(IntegrationModel(CatalogOf(ctx), i));
  }
  model["hasIntegrations"] = !out.empty();
  model["integrations"] = std::move(out);
  return Page(req, ctx, http::Status::ok, "integrations", model);
}

// The form to make an integration (`editing` none) or to change one.
http::Response FormPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                        http::Status status, const IntegrationForm& form,
                        const boost::json::array& errors,
                        const std::optional<domain::Integration>& editing) {
  boost::json::object model = PageModel(
      ctx,
      editing ? html::Translatable("Change integration") : html::Translatable("New integration"),
      &v);
  model["navIntegrations"] = true;
  model["addressJsUrl"] = ctx.assets.Url("js/dashboard_address.js");
  if (editing) model["editing"] = IntegrationModel(CatalogOf(ctx), *editing);
  model["action"] = editing ? kIntegrationsHome + "/" + editing->id : kIntegrationsHome;
  model["form"] = boost::json::object{
      {"name", form.name}, {"payoutAddress", form.payout_address}, {"origins", form.origins}};
  model["autoConversion"] = form.auto_conversion;
  model["matchNearAmounts"] = form.match_near_amounts;
  model["underpaymentTolerance"] = form.tolerance;
  model["qrEip681"] = form.qr_code != "address" && form.qr_code != "eip681_compatible";
  model["qrAddress"] = form.qr_code == "address";
  model["qrCompatible"] = form.qr_code == "eip681_compatible";
  AddChoices(model, CatalogOf(ctx), form);
  AddErrors(model, errors);
  return Page(req, ctx, status, "integrations_form", model);
}

// `confirm_error`: why a second owner's confirmation of the waiting payout change was refused.
http::Response DetailPage(const http::Request& req, DashboardContext& ctx, const Visitor& v,
                          const domain::Integration& integration,
                          boost::json::value confirm_error = nullptr,
                          http::Status status = http::Status::ok) {
  boost::json::object model = PageModel(ctx, html::Translatable("Integration"), &v);
  model["titleName"] = integration.name;
  model["navIntegrations"] = true;
  model["integration"] = IntegrationModel(CatalogOf(ctx), integration);
  model["waitingPayout"] = WaitingPayoutModel(ctx, v, integration);
  // Read from inside the waiting change's section (Page says a Refusal in words).
  if (!confirm_error.is_null()) model["confirmError"] = std::move(confirm_error);
  const std::string& tenant = v.current.user.tenant_id;
  boost::json::array keys;
  base::TimeMs now = base::NowMs();
  for (const auto& key : ctx.store.ListApiKeys(tenant)) {
    if (key.integration_id == integration.id) keys.push_back(domain::ApiKeyView(key, now));
  }
  model["hasKeys"] = !keys.empty();
  model["keys"] = std::move(keys);
  boost::json::array links;
  for (const auto& link : ctx.store.ListPaymentLinks(tenant)) {
    if (link.integration_id == integration.id)
      links.push_back({{"id", link.id}, {"name", link.name}, {"status", link.status}});
  }
  model["hasLinks"] = !links.empty();
  model["links"] = std::move(links);
  return Page(req, ctx, status, "integrations_detail", model);
}

// A page or change of one of the tenant's integrations: another tenant's id is not found.
template <typename Fn>
SignedInHandler ToIntegration(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto found = ctx.store.FindIntegration(v.current.user.tenant_id, std::string(rctx.Param("id")));
    if (!found) return NotFoundPage(req, ctx, &v);
    return fn(req, v, *found);
  };
}

http::Response CreateIntegrationForm(const http::Request& req, DashboardContext& ctx,
                                     const Visitor& v) {
  IntegrationForm form;
  return OrFieldError(
      [&] {
        form = ReadIntegrationForm(req.body());
        domain::IntegrationRequest request;
        request.name = form.name;
        request.chains = form.chains;
        request.tokens = form.tokens;
        request.payout_address = form.payout_address;
        request.origins = OriginsOf(form.origins);
        if (!form.preferred_token.empty()) request.preferred_token = form.preferred_token;
        request.auto_conversion = form.auto_conversion;
        request.match_near_amounts = form.match_near_amounts;
        request.underpayment_tolerance =
            domain::ParseToleranceInput(form.tolerance, "underpaymentTolerance");
        if (!form.qr_code.empty()) request.qr_code = domain::QrCodeInput(form.qr_code, "qrCode");
        auto made = domain::CreateIntegration(ChangeBy(ctx, v), CatalogOf(ctx), request);
        return Redirect(req, kIntegrationsHome + "/" + made.object->id);
      },
      [&](const boost::json::array& errors) {
        return FormPage(req, ctx, v, http::Status::bad_request, form, errors, std::nullopt);
      });
}

http::Response Change(const http::Request& req, http::RequestContext& rctx, DashboardContext& ctx,
                      const Visitor& v, const domain::Integration& integration) {
  IntegrationForm form = FormOf(integration);
  // The password, when typed, goes to the domain as proof (a payout address
  // change asks for it); a wrong one is said at once and counts in the throttle.
  std::optional<domain::PasswordProof> proof;
  std::string password = http::FormValue(req.body(), "password");
  if (!password.empty()) {
    auto checked = Reconfirm(ctx, v, rctx, password);
    if (!checked.proof) {
      IntegrationForm typed = form;
      try {
        typed = ReadIntegrationForm(req.body());
      } catch (const domain::Error&) {  // said once the password is right
      }
      return FormPage(req, ctx, v, checked.status, typed, {FieldError("password", checked.message)},
                      integration);
    }
    proof = std::move(checked.proof);
  }
  return OrFieldError(
      [&] {
        form = ReadIntegrationForm(req.body());
        // Every term of the form: what was emptied is sent empty, and the domain says so.
        domain::IntegrationPatch patch;
        patch.name = form.name;
        patch.chains = form.chains;
        patch.tokens = form.tokens;
        patch.payout_address = form.payout_address;
        patch.origins = OriginsOf(form.origins);
        patch.preferred_token = form.preferred_token.empty()
                                    ? std::optional<std::string>()
                                    : std::optional<std::string>(form.preferred_token);
        patch.auto_conversion = form.auto_conversion;
        patch.match_near_amounts = form.match_near_amounts;
        patch.underpayment_tolerance =
            domain::ParseToleranceInput(form.tolerance, "underpaymentTolerance");
        if (!form.qr_code.empty()) patch.qr_code = domain::QrCodeInput(form.qr_code, "qrCode");
        domain::Change change = ChangeBy(ctx, v);
        change.password_proof = proof ? &*proof : nullptr;
        auto updated = domain::UpdateIntegration(change, CatalogOf(ctx), integration.id, patch);
        if (!updated) return NotFoundPage(req, ctx, &v);
        return Redirect(req, kIntegrationsHome + "/" + integration.id);
      },
      [&](const boost::json::array& errors) {
        return FormPage(req, ctx, v, http::Status::bad_request, form, errors, integration);
      });
}

}  // namespace

void AddIntegrationRoutes(http::Router& router, DashboardContext& ctx) {
  AddSignedInRoute(router, http::Verb::get, kIntegrationsHome, ctx, kReaders,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return IntegrationsPage(req, ctx, v);
                   });
  // Before "/:id", which would take "new" for an id.
  AddSignedInRoute(router, http::Verb::get, kIntegrationsHome + "/new", ctx, kDevelopers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return FormPage(req, ctx, v, http::Status::ok, {}, {}, std::nullopt);
                   });
  AddSignedInRoute(router, http::Verb::post, kIntegrationsHome, ctx, kDevelopers,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return CreateIntegrationForm(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::get, kIntegrationsHome + "/:id", ctx, kReaders,
                   ToIntegration(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                             const domain::Integration& i) {
                     return DetailPage(req, ctx, v, i);
                   }));
  AddSignedInRoute(router, http::Verb::get, kIntegrationsHome + "/:id/edit", ctx, kDevelopers,
                   ToIntegration(ctx, [&ctx](const http::Request& req, const Visitor& v,
                                             const domain::Integration& i) {
                     return FormPage(req, ctx, v, http::Status::ok, FormOf(i), {}, i);
                   }));
  AddSignedInRoute(router, http::Verb::post, kIntegrationsHome + "/:id", ctx, kChangeTerms,
                   [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
                     auto found = ctx.store.FindIntegration(v.current.user.tenant_id,
                                                            std::string(rctx.Param("id")));
                     if (!found) return NotFoundPage(req, ctx, &v);
                     return Change(req, rctx, ctx, v, *found);
                   });
  AddSignedInRoute(
      router, http::Verb::post, kIntegrationsHome + "/:id/payout-change/cancel", ctx, kCancelPayout,
      ToIntegration(
          ctx, [&ctx](const http::Request& req, const Visitor& v, const domain::Integration& i) {
            domain::CancelPayoutChange(ChangeBy(ctx, v), i.id);
            return Redirect(req, kIntegrationsHome + "/" + i.id);
          }));
  AddSignedInRoute(
      router, http::Verb::post, kIntegrationsHome + "/:id/payout-change/confirm", ctx,
      kConfirmPayout,
      [&ctx](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
        auto found =
            ctx.store.FindIntegration(v.current.user.tenant_id, std::string(rctx.Param("id")));
        if (!found) return NotFoundPage(req, ctx, &v);
        auto checked = Reconfirm(ctx, v, rctx, http::FormValue(req.body(), "password"));
        if (!checked.proof)
          return DetailPage(req, ctx, v, *found, boost::json::string(checked.message),
                            checked.status);
        domain::Change change = ChangeBy(ctx, v);
        change.password_proof = &*checked.proof;
        try {
          domain::ConfirmPayoutChange(change, found->id);
        } catch (const domain::Error& e) {
          if (e.kind() != domain::ErrorKind::kInvalidRequest) throw;
          return DetailPage(req, ctx, v, *found, Refusal(e), http::Status::bad_request);
        }
        return Redirect(req, kIntegrationsHome + "/" + found->id);
      });
  for (bool enable : {false, true}) {
    AddSignedInRoute(router, http::Verb::post,
                     kIntegrationsHome + (enable ? "/:id/enable" : "/:id/disable"), ctx,
                     kDevelopers,
                     ToIntegration(ctx, [&ctx, enable](const http::Request& req, const Visitor& v,
                                                       const domain::Integration& i) {
                       domain::IntegrationPatch patch;
                       patch.enabled = enable;
                       domain::UpdateIntegration(ChangeBy(ctx, v), CatalogOf(ctx), i.id, patch);
                       return Redirect(req, kIntegrationsHome + "/" + i.id);
                     }));
  }
}

}  // namespace payd::dashboard
