// Admin commands that set up merchants: tenants, integrations, keys and the
// webhook secret. They open the same database a running server uses; SQLite's
// locking makes that safe, and the server sees changes on its next request.
#include <CLI/CLI.hpp>
#include <boost/json/array.hpp>

#include "base/ids.h"
#include "cli/command_context.h"
#include "domain/access/api_key.h"
#include "domain/error.h"
#include "domain/management/api_keys.h"
#include "domain/management/webhook_endpoints.h"

namespace payd::cli {

namespace {

boost::json::object TenantView(const domain::Tenant& tenant) {
  return {{"id", tenant.id},
          {"name", tenant.name},
          {"createdAt", base::FormatTimestamp(tenant.created_at)}};
}

void AddTenantCommands(CLI::App& app, CommandContext& ctx) {
  auto* tenant = app.add_subcommand("tenant", "Manage tenants (merchant accounts)");
  tenant->require_subcommand(1);
  auto* create = tenant->add_subcommand("create", "Create a tenant and its webhook secret");
  auto name = std::make_shared<std::string>();
  create->add_option("--name", *name, "Display name")->required();
  create->callback(Guarded([&ctx, name] {
    auto [config, store] = ctx.Open();
    if (name->empty() || name->size() > 200) {
      domain::ThrowInvalid("name", "name must be 1 to 200 characters");
    }
    base::TimeMs now = base::NowMs();
    domain::Tenant t{base::NewId("ten_"), *name, now};
    store->InsertTenant(t, {t.id, domain::GenerateWebhookSecret(), now, std::nullopt});
    ctx.Print(TenantView(t));
  }));
}

template <typename Fn>
auto WithKeyFlags(Fn&& fn) {
  return WithFlagNames(
      {{"integrationId", "integration"}, {"expiresAt", "expires"}, {"rateLimit", "rate-limit"}},
      std::forward<Fn>(fn));
}

// The key's tenant, for a change the operator names by the key's id alone.
std::string TenantOfKey(domain::Store& store, const std::string& id) {
  auto key = store.FindApiKey(id);
  if (!key) throw domain::Error(domain::ErrorKind::kNotFound, "No such key: " + id, "KEY_ID");
  return key->tenant_id;
}

void PrintIssued(const CommandContext& ctx, const domain::IssuedKey& issued, base::TimeMs now) {
  auto view = domain::ApiKeyView(issued.record, now);
  view["key"] = issued.plaintext;
  ctx.Print(view);
  if (!ctx.json) std::cerr << "Store the key now: it is not shown again." << std::endl;
}

void AddKeyCommands(CLI::App& app, CommandContext& ctx) {
  auto* key = app.add_subcommand("key", "Manage API keys");
  key->require_subcommand(1);

  auto* create = key->add_subcommand("create", "Create a key; its text is printed once");
  auto req = std::make_shared<domain::ApiKeyRequest>();
  auto kind = std::make_shared<std::string>("public");
  auto expires = std::make_shared<std::string>();
  auto integration = std::make_shared<std::string>();
  auto rate_limit = std::make_shared<int>(0);
  create->add_option("--tenant", req->tenant_id, "Tenant id")->required();
  create->add_option("--name", req->name, "What the key is for")->required();
  create
      ->add_option("--scopes", req->scopes,
                   "payments:read, payments:write, events:read, webhooks:write, refunds:write, "
                   "payouts:write (comma-separated; public keys)")
      ->delimiter(',');
  create->add_option("--expires", *expires, "Expiry, RFC 3339 (e.g. 2027-01-01T00:00:00Z)");
  create->add_option("--kind", *kind, "public (default), account or integration")
      ->check(CLI::IsMember({"public", "account", "integration"}));
  create->add_option("--integration", *integration, "Integration id (integration keys)");
  create->add_option("--rate-limit", *rate_limit, "Requests per minute for this key (default 60)");
  create->callback(Guarded([&ctx, req, kind, expires, integration, rate_limit] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, req->tenant_id);
    req->kind = *domain::ParseKeyKind(*kind);
    if (!expires->empty()) req->expires = *expires;
    if (!integration->empty()) req->integration_id = *integration;
    if (*rate_limit != 0) req->rate_limit_per_min = *rate_limit;
    auto change = CliChange(*store, req->tenant_id);
    auto made =
        WithKeyFlags([&] { return domain::CreateApiKey(change, config.environment, *req); });
    PrintIssued(ctx, *made.object, change.now);
  }));

  AddTenantList(*key, ctx, "List a tenant's keys (never their text)",
                [](domain::Store& store, const auto& tenant) {
                  boost::json::array out;
                  base::TimeMs now = base::NowMs();
                  for (const auto& k : store.ListApiKeys(tenant)) {
                    out.push_back(domain::ApiKeyView(k, now));
                  }
                  return out;
                });

  auto* revoke =
      key->add_subcommand("revoke", "Revoke a key, permanently, from the next request on");
  auto key_id = std::make_shared<std::string>();
  revoke->add_option("KEY_ID", *key_id, "Key id (key_...)")->required();
  revoke->callback(Guarded([&ctx, key_id] {
    auto [config, store] = ctx.Open();
    auto change = CliChange(*store, TenantOfKey(*store, *key_id));
    ctx.Print(domain::ApiKeyView(*domain::RevokeApiKey(change, *key_id), change.now));
  }));

  auto* rotate = key->add_subcommand(
      "rotate", "The same key with new text, printed once; the old text ends now or later");
  auto rotate_id = std::make_shared<std::string>();
  auto overlap_s = std::make_shared<long long>(0);
  rotate->add_option("KEY_ID", *rotate_id, "Key id (key_...)")->required();
  rotate->add_option("--overlap", *overlap_s,
                     "Seconds the old text keeps working (default 0: revoked now; at most 604800)");
  rotate->callback(Guarded([&ctx, rotate_id, overlap_s] {
    auto [config, store] = ctx.Open();
    auto change = CliChange(*store, TenantOfKey(*store, *rotate_id));
    auto issued = WithFlagNames({{"overlapSeconds", "overlap"}, {"id", "KEY_ID"}}, [&] {
      return domain::RotateApiKey(change, config.environment, *rotate_id, *overlap_s * 1000);
    });
    PrintIssued(ctx, *issued, change.now);
  }));
}

void AddWebhookSecretCommands(CLI::App& app, CommandContext& ctx) {
  auto* secret =
      app.add_subcommand("webhook-secret", "Show or rotate a tenant's webhook signing secret");
  secret->require_subcommand(1);
  auto tenant = std::make_shared<std::string>();
  auto* show =
      secret->add_subcommand("show", "Show the current secret (and rotated ones still valid)");
  show->add_option("--tenant", *tenant, "Tenant id")->required();
  auto* rotate = secret->add_subcommand(
      "rotate", "Make a new secret current; the old one keeps signing for 24 hours");
  rotate->add_option("--tenant", *tenant, "Tenant id")->required();

  auto print = [&ctx](const std::string& tenant_id,
                      const std::vector<domain::WebhookSecret>& secrets) {
    boost::json::array previous;
    for (std::size_t i = 1; i < secrets.size(); ++i) {
      previous.push_back({{"secret", secrets[i].secret},
                          {"expiresAt", base::FormatTimestamp(secrets[i].expires_at.value_or(0))}});
    }
    ctx.Print(boost::json::object{{"tenantId", tenant_id},
                                  {"secret", secrets.at(0).secret},
                                  {"createdAt", base::FormatTimestamp(secrets.at(0).created_at)},
                                  {"previous", std::move(previous)}});
  };
  show->callback(Guarded([&ctx, tenant, print] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, *tenant);
    print(*tenant, domain::RevealWebhookSecrets(CliChange(*store, *tenant)));
  }));
  rotate->callback(Guarded([&ctx, tenant, print] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, *tenant);
    auto change = CliChange(*store, *tenant);
    domain::RotateWebhookSecret(change);
    // The rotation's own row records it; what it made is printed.
    print(*tenant, store->WebhookSecrets(*tenant, change.now));
  }));
}

}  // namespace

void AddAdminCommands(CLI::App& app, CommandContext& ctx) {
  AddTenantCommands(app, ctx);
  AddIntegrationCommands(app, ctx);
  AddKeyCommands(app, ctx);
  AddWebhookSecretCommands(app, ctx);
  AddUserCommands(app, ctx);
}

}  // namespace payd::cli
