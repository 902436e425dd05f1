// Admin commands for webhooks: endpoints (add, list, remove, enable,
// disable), redelivering a delivery by hand, and sending a test event.
#include <CLI/CLI.hpp>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "base/time.h"
#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/management/webhook_endpoints.h"
#include "domain/store.h"
#include "domain/webhooks/event.h"
#include "domain/webhooks/webhook.h"
#include "webhooks/target_guard.h"

namespace payd::cli {

namespace {

boost::json::object EndpointView(const domain::WebhookEndpoint& e) {
  boost::json::object view = domain::WebhookEndpointView(e);
  view["tenantId"] = e.tenant_id;
  return view;
}

webhooks::TargetPolicy Policy(const config::Config& config) {
  return {config.webhooks.allow_private_targets,
          config.environment == domain::Environment::kMainnet};
}

[[noreturn]] void NotFound(const std::string& what, const std::string& id, const char* param) {
  throw domain::Error(domain::ErrorKind::kNotFound, "No such " + what + ": " + id, param);
}

domain::TargetCheck CheckWith(const config::Config& config) {
  return webhooks::TargetCheckFor(Policy(config));
}

// The operator changes a tenant's objects; the endpoint's id names the tenant.
domain::Change ChangeOfEndpoint(domain::Store& store, const std::string& id) {
  auto e = store.FindWebhookEndpoint(id);
  if (!e) NotFound("endpoint", id, "ENDPOINT_ID");
  return CliChange(store, e->tenant_id);
}

void AddEndpointCommands(CLI::App& app, CommandContext& ctx) {
  auto* endpoint = app.add_subcommand("webhook-endpoint", "Manage where a tenant's webhooks go");
  endpoint->require_subcommand(1);

  auto* add = endpoint->add_subcommand("add", "Add an endpoint; it receives events from now on");
  auto tenant = std::make_shared<std::string>();
  auto url = std::make_shared<std::string>();
  auto events = std::make_shared<std::vector<std::string>>();
  add->add_option("--tenant", *tenant, "Tenant id")->required();
  add->add_option("--url", *url, "https URL (http allowed on testnet)")->required();
  add->add_option("--events", *events, "Only these event types, comma-separated (default: all)")
      ->delimiter(',');
  add->callback(Guarded([&ctx, tenant, url, events] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, *tenant);
    std::optional<std::vector<std::string>> types;
    if (!events->empty()) types = *events;
    auto made = domain::CreateWebhookEndpoint(CliChange(*store, *tenant),
                                              {*url, types, std::nullopt}, CheckWith(config));
    ctx.Print(EndpointView(*made.object));
  }));

  AddTenantList(*endpoint, ctx, "List a tenant's endpoints",
                [](domain::Store& store, const auto& tenant) {
                  boost::json::array out;
                  for (const auto& e : store.ListWebhookEndpoints(tenant)) {
                    out.push_back(EndpointView(e));
                  }
                  return out;
                });

  auto id = std::make_shared<std::string>();
  auto* remove =
      endpoint->add_subcommand("remove", "Remove an endpoint; its pending deliveries fail");
  remove->add_option("ENDPOINT_ID", *id, "Endpoint id (we_...)")->required();
  remove->callback(Guarded([&ctx, id] {
    auto [config, store] = ctx.Open();
    if (!domain::DeleteWebhookEndpoint(ChangeOfEndpoint(*store, *id), *id))
      NotFound("endpoint", *id, "ENDPOINT_ID");
    ctx.Print(boost::json::object{{"id", *id}, {"removed", true}});
  }));
  for (bool enable : {true, false}) {
    auto* toggle = endpoint->add_subcommand(
        enable ? "enable" : "disable",
        enable ? "Deliver to the endpoint again" : "Stop delivering to the endpoint");
    toggle->add_option("ENDPOINT_ID", *id, "Endpoint id (we_...)")->required();
    toggle->callback(Guarded([&ctx, id, enable] {
      auto [config, store] = ctx.Open();
      domain::EndpointPatch patch;
      patch.enabled = enable;
      auto e = domain::UpdateWebhookEndpoint(ChangeOfEndpoint(*store, *id), *id, patch,
                                             CheckWith(config));
      if (!e) NotFound("endpoint", *id, "ENDPOINT_ID");
      ctx.Print(EndpointView(*e));
    }));
  }
}

void AddDeliveryCommands(CLI::App& app, CommandContext& ctx) {
  auto* webhook = app.add_subcommand("webhook", "Redeliver a webhook or send a test event");
  webhook->require_subcommand(1);

  auto* redeliver = webhook->add_subcommand("redeliver", "Deliver a delivery's event again, now");
  auto delivery = std::make_shared<std::string>();
  redeliver->add_option("DELIVERY_ID", *delivery, "Delivery id (whd_...)")->required();
  redeliver->callback(Guarded([&ctx, delivery] {
    auto [config, store] = ctx.Open();
    auto original = store->FindDelivery(*delivery);
    if (!original) NotFound("delivery", *delivery, "DELIVERY_ID");
    auto change = CliChange(*store, original->tenant_id);
    std::optional<domain::WebhookDelivery> copy;
    try {
      copy = domain::Redeliver(change, *delivery);
    } catch (const domain::Error& e) {
      throw e.At("DELIVERY_ID");
    }
    if (!copy) NotFound("delivery", *delivery, "DELIVERY_ID");
    ctx.Print(boost::json::object{
        {"id", copy->id}, {"eventId", copy->event_id}, {"endpointUrl", copy->endpoint_url}});
  }));

  auto* test =
      webhook->add_subcommand("test", "Send a WEBHOOK_TEST event to every enabled endpoint");
  auto tenant = std::make_shared<std::string>();
  test->add_option("--tenant", *tenant, "Tenant id")->required();
  test->callback(Guarded([&ctx, tenant] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, *tenant);
    auto event = *domain::SendTestEvent(CliChange(*store, *tenant), std::nullopt);
    ctx.Print(boost::json::object{{"eventId", event.id}, {"type", event.type}});
  }));
}

}  // namespace

void AddWebhookCommands(CLI::App& app, CommandContext& ctx) {
  AddEndpointCommands(app, ctx);
  AddDeliveryCommands(app, ctx);
}

}  // namespace payd::cli
