// `payd payment attach`, `payd intent resolve`, `payd intent sender-hint`,
// `payd intent cancel`: the operator's side of the merchant's decisions on
// irregular payments (domain/management/payment_exceptions.h) and of the
// cancel of an intent (payment_intents.h), the same operations the API
// calls, recorded in the audit log as `cli`.
#include <CLI/CLI.hpp>
#include <string>

#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/management/payment_exceptions.h"
#include "domain/management/payment_intents.h"

namespace payd::cli {

namespace {

// What the intent and payment views say, as the server would with this config
// (its checkout URLs from the listen address when no public_url is set).
domain::Representation RepresentationOf(const config::Config& config) {
  return {config.catalog, PublicUrlOf(config)};
}

[[noreturn]] void NotFound(const std::string& what, const std::string& id,
                           const std::string& param) {
  throw domain::Error(domain::ErrorKind::kNotFound, "No such " + what + ": " + id, param);
}

// The intent's tenant, for a decision the operator names by the intent's id alone.
std::string TenantOfIntent(domain::Store& store, const std::string& id) {
  auto intent = store.FindIntentById(id);
  if (!intent) NotFound("payment intent", id, "INTENT_ID");
  return intent->tenant_id;
}

void AddPaymentCommands(CLI::App& app, CommandContext& ctx) {
  auto* payment = app.add_subcommand("payment", "Decide on a tenant's payments");
  payment->require_subcommand(1);
  auto* attach = payment->add_subcommand(
      "attach", "Make an unmatched payment pay an intent (same chain, token)");
  auto id = std::make_shared<std::string>();
  auto intent = std::make_shared<std::string>();
  attach->add_option("PAYMENT_ID", *id, "Payment id (pay_...)")->required();
  attach->add_option("--intent", *intent, "Intent id (pi_...)")->required();
  attach->callback(Guarded([&ctx, id, intent] {
    auto [config, store] = ctx.Open();
    std::string tenant = TenantOfIntent(*store, *intent);
    auto attached = WithFlagNames({{"intentId", "intent"}, {"id", "PAYMENT_ID"}}, [&] {
      return domain::AttachPayment(CliChange(*store, tenant), RepresentationOf(config), *id,
                                   *intent);
    });
    if (!attached) NotFound("payment", *id, "PAYMENT_ID");
    ctx.Print(RepresentationOf(config).Payment(*attached));
  }));
}

void AddIntentCommands(CLI::App& app, CommandContext& ctx) {
  auto* intent = app.add_subcommand("intent", "Decide on or cancel a tenant's payment intents");
  intent->require_subcommand(1);

  auto* resolve = intent->add_subcommand(
      "resolve", "Settle an underpaid, overpaid, late or reversed intent as paid or not");
  auto id = std::make_shared<std::string>();
  auto outcome = std::make_shared<std::string>();
  auto note = std::make_shared<std::string>();
  resolve->add_option("INTENT_ID", *id, "Intent id (pi_...)")->required();
  resolve->add_option("--outcome", *outcome, "paid or not_paid")
      ->required()
      ->check(CLI::IsMember({"paid", "not_paid"}));
  resolve->add_option("--note", *note, "Why (kept with the decision)");
  resolve->callback(Guarded([&ctx, id, outcome, note] {
    auto [config, store] = ctx.Open();
    auto change = CliChange(*store, TenantOfIntent(*store, *id));
    auto resolved = WithFlagNames({{"id", "INTENT_ID"}}, [&] {
      return domain::ResolveIntent(change, RepresentationOf(config), *id, *outcome == "paid",
                                   *note);
    });
    ctx.Print(RepresentationOf(config).Intent(*resolved));
  }));

  auto* hint = intent->add_subcommand(
      "sender-hint", "Trust a payer's wallet: its transfers pay the intent while it waits");
  auto hint_id = std::make_shared<std::string>();
  auto address = std::make_shared<std::string>();
  hint->add_option("INTENT_ID", *hint_id, "Intent id (pi_...)")->required();
  hint->add_option("--address", *address, "The payer's address (0x..., EIP-55)")->required();
  hint->callback(Guarded([&ctx, hint_id, address] {
    auto [config, store] = ctx.Open();
    auto change = CliChange(*store, TenantOfIntent(*store, *hint_id));
    auto hinted = WithFlagNames({{"id", "INTENT_ID"}}, [&] {
      return domain::SetMerchantSenderHint(change, RepresentationOf(config), *hint_id, *address);
    });
    ctx.Print(RepresentationOf(config).Intent(*hinted));
  }));

  auto* cancel = intent->add_subcommand(
      "cancel", "Cancel an intent nobody paid: EXPIRED now; a payment after is a late one");
  auto cancel_id = std::make_shared<std::string>();
  cancel->add_option("INTENT_ID", *cancel_id, "Intent id (pi_...)")->required();
  cancel->callback(Guarded([&ctx, cancel_id] {
    auto [config, store] = ctx.Open();
    auto change = CliChange(*store, TenantOfIntent(*store, *cancel_id));
    auto canceled = WithFlagNames({{"id", "INTENT_ID"}}, [&] {
      return domain::CancelIntent(change, RepresentationOf(config), *cancel_id);
    });
    if (!canceled) NotFound("payment intent", *cancel_id, "INTENT_ID");
    ctx.Print(RepresentationOf(config).Intent(*canceled));
  }));
}

}  // namespace

void AddDecisionCommands(CLI::App& app, CommandContext& ctx) {
  AddPaymentCommands(app, ctx);
  AddIntentCommands(app, ctx);
}

}  // namespace payd::cli
