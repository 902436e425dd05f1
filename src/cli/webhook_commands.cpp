// Admin commands for webhooks: endpoints (add, list, remove, enable,
// disable), redelivering a delivery by hand, and sending a test event.
#include <CLI/CLI.hpp>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "base/ids.h"
#include "base/time.h"
#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/event.h"
#include "domain/webhook.h"
#include "webhooks/target_guard.h"

namespace payd::cli {

namespace {

boost::json::object EndpointView(const domain::WebhookEndpoint& e) {
  boost::json::value events = nullptr;
  if (e.event_types) {
    boost::json::array types;
    for (const auto& t : *e.event_types) types.emplace_back(t);
    events = std::move(types);
  }
  return {{"id", e.id},
          {"tenantId", e.tenant_id},
          {"url", e.url},
          {"events", std::move(events)},
          {"enabled", e.enabled},
          {"disabledReason", e.disabled_reason ? boost::json::value(*e.disabled_reason) : nullptr},
          {"createdAt", base::FormatTimestamp(e.created_at)}};
}

webhooks::TargetPolicy Policy(const config::Config& config) {
  return {config.webhooks.allow_private_targets,
          config.environment == domain::Environment::kMainnet};
}

[[noreturn]] void NotFound(const std::string& what, const std::string& id, const char* param) {
  throw domain::Error(domain::ErrorKind::kNotFound, "No such " + what + ": " + id, param);
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
    if (!store->FindTenant(*tenant)) NotFound("tenant", *tenant, "tenant");
    auto target = webhooks::CheckTarget(*url, Policy(config));
    if (!target.allowed) domain::ThrowInvalid("url", "refused: " + target.reason);
    for (const auto& type : *events) {
      if (!domain::IsSubscribableEventType(type))
        domain::ThrowInvalid("events", "unknown event type " + type);
    }
    domain::WebhookEndpoint e;
    e.id = base::NewId("we_");
    e.tenant_id = *tenant;
    e.url = *url;
    if (!events->empty()) e.event_types = *events;
    e.created_at = base::NowMs();
    store->InsertWebhookEndpoint(e);
    ctx.Print(EndpointView(e));
  }));

  auto* list = endpoint->add_subcommand("list", "List a tenant's endpoints");
  auto list_tenant = std::make_shared<std::string>();
  list->add_option("--tenant", *list_tenant, "Tenant id")->required();
  list->callback(Guarded([&ctx, list_tenant] {
    auto [config, store] = ctx.Open();
    if (!store->FindTenant(*list_tenant)) NotFound("tenant", *list_tenant, "tenant");
    boost::json::array out;
    for (const auto& e : store->ListWebhookEndpoints(*list_tenant)) out.push_back(EndpointView(e));
    ctx.Print(out);
  }));

  auto id = std::make_shared<std::string>();
  auto* remove =
      endpoint->add_subcommand("remove", "Remove an endpoint; its pending deliveries fail");
  remove->add_option("ENDPOINT_ID", *id, "Endpoint id (we_...)")->required();
  remove->callback(Guarded([&ctx, id] {
    auto [config, store] = ctx.Open();
    auto e = store->FindWebhookEndpoint(*id);
    if (!e || !store->RemoveWebhookEndpoint(*id, base::NowMs()))
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
      if (!store->SetWebhookEndpointEnabled(*id, enable, std::string("disabled by an operator"),
                                            base::NowMs())) {
        NotFound("endpoint", *id, "ENDPOINT_ID");
      }
      ctx.Print(EndpointView(*store->FindWebhookEndpoint(*id)));
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
    // A disabled or removed endpoint gets nothing, by hand neither.
    auto endpoint = store->FindWebhookEndpoint(original->endpoint_id);
    if (!endpoint || !endpoint->enabled) {
      throw domain::Error(domain::ErrorKind::kInvalidRequest,
                          "Endpoint " + original->endpoint_id +
                              (endpoint ? " is disabled; enable it first" : " was removed"),
                          "DELIVERY_ID");
    }
    auto copy = store->Redeliver(*delivery, base::NowMs());
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
    if (!store->FindTenant(*tenant)) NotFound("tenant", *tenant, "tenant");
    base::TimeMs now = base::NowMs();
    boost::json::object data{{"message", "A test event from payd"}, {"tenantId", *tenant}};
    auto event =
        domain::NewEvent(*tenant, domain::kWebhookTestEvent, boost::json::serialize(data), now);
    store->InsertEvent(event);
    ctx.Print(boost::json::object{{"eventId", event.id}, {"type", event.type}});
  }));
}

}  // namespace

void AddWebhookCommands(CLI::App& app, CommandContext& ctx) {
  AddEndpointCommands(app, ctx);
  AddDeliveryCommands(app, ctx);
}

}  // namespace payd::cli
