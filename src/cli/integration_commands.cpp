// `payd integration create|list|update|disable|enable`: the operator's side of
// the integration operations (domain/management/integrations.h), the same
// ones /api/v1/integrations calls, recorded in the audit log as `cli`.
#include <CLI/CLI.hpp>
#include <boost/json/array.hpp>

#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/management/integrations.h"
#include "domain/management/payout_changes.h"

namespace payd::cli {

namespace {

// The operation names fields as the API does; the operator typed flags.
template <typename Fn>
auto WithIntegrationFlags(Fn&& fn) {
  return WithFlagNames({{"payoutAddress", "payout"},
                        {"preferredToken", "preferred-token"},
                        {"underpaymentTolerance", "underpayment-tolerance"},
                        {"qrCode", "qr-code"}},
                       std::forward<Fn>(fn));
}

domain::UnderpaymentTolerance ToleranceFlag(const std::string& text) {
  return domain::ParseToleranceInput(text, "underpaymentTolerance");
}

constexpr const char* kToleranceHelp =
    "How far short of the price a transfer may be and still fit an intent: 1.5% or 0.50 (in the "
    "price's currency), none by default";

constexpr const char* kQrCodeHelp =
    "What the payment page's QR code holds: eip681 (address and amount, the default), address "
    "(the address only, the amount shown beside it) or eip681_compatible (the amount also in the "
    "forms other wallets read)";

// What the CLI prints: the API's view.
boost::json::object View(const domain::Integration& i) {
  return domain::IntegrationView(i);
}

void AddIntegrationCreate(CLI::App& integration, CommandContext& ctx) {
  auto* create = integration.add_subcommand("create", "Create an integration");
  auto req = std::make_shared<domain::IntegrationRequest>();
  create->add_option("--tenant", req->tenant_id, "Tenant id (ten_...)")->required();
  create->add_option("--name", req->name, "Display name")->required();
  create->add_option("--chains", req->chains, "Allowed chain ids, comma-separated")
      ->required()
      ->delimiter(',');
  create->add_option("--tokens", req->tokens, "Allowed token symbols, comma-separated")
      ->required()
      ->delimiter(',');
  create->add_option("--payout", req->payout_address, "Payout address (0x..., EIP-55)")->required();
  create
      ->add_option("--origins", req->origins,
                   "Allowed web origins: https://shop.example or *.example.org, comma-separated")
      ->delimiter(',');
  auto preferred = std::make_shared<std::string>();
  create->add_option("--preferred-token", *preferred, "Token offered first");
  create->add_flag("--auto-conversion", req->auto_conversion, "Enable automatic conversion");
  create->add_flag("--match-near-amounts", req->match_near_amounts,
                   "Match a transfer that only one waiting intent nearly fits at once");
  auto tolerance = std::make_shared<std::string>();
  create->add_option("--underpayment-tolerance", *tolerance, kToleranceHelp);
  auto qr_code = std::make_shared<std::string>();
  create->add_option("--qr-code", *qr_code, kQrCodeHelp);
  create->callback(Guarded([&ctx, req, preferred, tolerance, qr_code] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, req->tenant_id);
    if (!preferred->empty()) req->preferred_token = *preferred;
    auto made = WithIntegrationFlags([&] {
      if (!tolerance->empty()) req->underpayment_tolerance = ToleranceFlag(*tolerance);
      if (!qr_code->empty()) req->qr_code = domain::QrCodeInput(*qr_code, "qrCode");
      return domain::CreateIntegration(CliChange(*store, req->tenant_id), config.catalog, *req);
    });
    ctx.Print(View(*made.object));
  }));
}

void AddUpdate(CLI::App& integration, CommandContext& ctx) {
  auto* update = integration.add_subcommand(
      "update", "Change an integration's terms (a new payout address applies to new intents)");
  auto id = std::make_shared<std::string>();
  update->add_option("INTEGRATION_ID", *id, "Integration id (int_...)")->required();
  auto patch = std::make_shared<domain::IntegrationPatch>();
  update->add_option_function<std::string>(
      "--name", [patch](const std::string& v) { patch->name = v; }, "Display name");
  update
      ->add_option_function<std::vector<std::int64_t>>(
          "--chains", [patch](const auto& v) { patch->chains = v; }, "Allowed chain ids")
      ->delimiter(',');
  update
      ->add_option_function<std::vector<std::string>>(
          "--tokens", [patch](const auto& v) { patch->tokens = v; }, "Allowed token symbols")
      ->delimiter(',');
  update->add_option_function<std::string>(
      "--payout", [patch](const std::string& v) { patch->payout_address = v; },
      "Payout address (0x..., EIP-55)");
  update
      ->add_option_function<std::vector<std::string>>(
          "--origins", [patch](const auto& v) { patch->origins = v; }, "Allowed web origins")
      ->delimiter(',');
  update->add_option_function<std::string>(
      "--preferred-token",
      [patch](const std::string& v) {
        patch->preferred_token = v.empty() ? std::nullopt : std::optional<std::string>(v);
      },
      "Token offered first (\"\" for none)");
  update->add_option_function<bool>(
      "--auto-conversion", [patch](bool v) { patch->auto_conversion = v; },
      "true: payers may pay with another token through a swap (DECISIONS §16)");
  update->add_option_function<bool>(
      "--match-near-amounts", [patch](bool v) { patch->match_near_amounts = v; },
      "true: a transfer that only one waiting intent nearly fits pays it at once");
  auto tolerance = std::make_shared<std::string>();
  update->add_option("--underpayment-tolerance", *tolerance, kToleranceHelp);
  auto qr_code = std::make_shared<std::string>();
  update->add_option("--qr-code", *qr_code, kQrCodeHelp);
  update->callback(Guarded([&ctx, id, patch, tolerance, qr_code] {
    WithIntegrationFlags([&] {
      if (!tolerance->empty()) patch->underpayment_tolerance = ToleranceFlag(*tolerance);
      if (!qr_code->empty()) patch->qr_code = domain::QrCodeInput(*qr_code, "qrCode");
    });
    if (patch->Empty()) domain::ThrowInvalid("", "nothing to change: give at least one option");
    auto [config, store] = ctx.Open();
    auto found = store->FindIntegrationById(*id);
    if (!found)
      throw domain::Error(domain::ErrorKind::kNotFound, "No such integration: " + *id,
                          "INTEGRATION_ID");
    auto updated = WithIntegrationFlags([&] {
      return domain::UpdateIntegration(CliChange(*store, found->tenant_id), config.catalog, *id,
                                       *patch);
    });
    ctx.Print(View(*updated));
  }));
}

void AddToggle(CLI::App& integration, CommandContext& ctx, const char* name, bool enable) {
  auto* toggle = integration.add_subcommand(
      name, enable ? "Take payments again" : "Take no new payments (open intents are still paid)");
  auto id = std::make_shared<std::string>();
  toggle->add_option("INTEGRATION_ID", *id, "Integration id (int_...)")->required();
  toggle->callback(Guarded([&ctx, id, enable] {
    auto [config, store] = ctx.Open();
    auto found = store->FindIntegrationById(*id);
    if (!found)
      throw domain::Error(domain::ErrorKind::kNotFound, "No such integration: " + *id,
                          "INTEGRATION_ID");
    domain::IntegrationPatch patch;
    patch.enabled = enable;
    ctx.Print(View(*domain::UpdateIntegration(CliChange(*store, found->tenant_id), config.catalog,
                                              *id, patch)));
  }));
}

// A payout address change a person asked for in the dashboard, canceled by the
// operator before it applies (the one who asked may not be who they say).
void AddCancelPayoutChange(CLI::App& integration, CommandContext& ctx) {
  auto* cancel = integration.add_subcommand(
      "cancel-payout-change", "Cancel the payout address change waiting on an integration");
  auto id = std::make_shared<std::string>();
  cancel->add_option("INTEGRATION_ID", *id, "Integration id (int_...)")->required();
  cancel->callback(Guarded([&ctx, id] {
    auto [config, store] = ctx.Open();
    auto found = store->FindIntegrationById(*id);
    if (!found)
      throw domain::Error(domain::ErrorKind::kNotFound, "No such integration: " + *id,
                          "INTEGRATION_ID");
    bool canceled = domain::CancelPayoutChange(CliChange(*store, found->tenant_id), *id);
    ctx.Print(boost::json::object{{"integrationId", *id}, {"canceled", canceled}});
  }));
}

}  // namespace

void AddIntegrationCommands(CLI::App& app, CommandContext& ctx) {
  auto* integration = app.add_subcommand("integration", "Manage integrations");
  integration->require_subcommand(1);
  AddIntegrationCreate(*integration, ctx);
  AddTenantList(*integration, ctx, "List a tenant's integrations",
                [](domain::Store& store, const auto& tenant) {
                  boost::json::array out;
                  for (const auto& i : store.ListIntegrations(tenant)) out.push_back(View(i));
                  return out;
                });
  AddUpdate(*integration, ctx);
  AddToggle(*integration, ctx, "disable", false);
  AddToggle(*integration, ctx, "enable", true);
  AddCancelPayoutChange(*integration, ctx);
}

}  // namespace payd::cli
