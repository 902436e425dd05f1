#include "dashboard/getting_started.h"

#include <boost/json/array.hpp>

#include "domain/people/user.h"

namespace payd::dashboard {

boost::json::object GettingStarted(DashboardContext& ctx, const std::string& tenant_id,
                                   domain::Role role, std::int64_t paid) {
  using domain::Permission;
  const bool testnet = ctx.environment != domain::Environment::kMainnet;
  struct Step {
    const char* id;
    const char* title;
    const char* how;
    const char* href;
    Permission needs;
    bool done;
  };
  const Step steps[] = {
      {"integration", "Add an integration",
       "Your payout address, the chains and tokens you take, and the websites that may "
       "ask for payments.",
       "/dashboard/integrations/new", Permission::kDeveloperTools,
       !ctx.store.ListIntegrations(tenant_id).empty()},
      {"link-or-key", "Make a payment link, or an API key for your server",
       "A link needs no code: share it, or put its button on your site. A key lets your "
       "server create payments through the API.",
       "/dashboard/links/new", Permission::kCommerce,
       !ctx.store.ListPaymentLinks(tenant_id).empty() || !ctx.store.ListApiKeys(tenant_id).empty()},
      {"webhook", "Add a webhook endpoint",
       "Your server hears of each payment, signed, as it happens. Not needed for payment "
       "links alone.",
       "/dashboard/webhooks", Permission::kDeveloperTools,
       !ctx.store.ListWebhookEndpoints(tenant_id).empty()},
      {"payment", testnet ? "Make a test payment" : "Take a first payment",
       testnet ? "Pay one of your links from a test wallet: on a test network no real money "
                 "moves. It shows under Payments as it is confirmed."
               : "It shows under Payments as it is confirmed.",
       "/dashboard/payments", Permission::kRead, paid > 0},
  };
  boost::json::array out;
  int done = 0;
  for (const auto& step : steps) {
    done += step.done ? 1 : 0;
    out.push_back({{"id", step.id},
                   {"title", step.title},
                   {"how", step.how},
                   {"href", domain::Allows(role, step.needs) ? step.href : ""},
                   {"done", step.done}});
  }
  if (done == static_cast<int>(out.size())) return {};
  return {{"steps", std::move(out)},
          {"progress", std::to_string(done) + " of " + std::to_string(out.size()) + " done"}};
}

}  // namespace payd::dashboard
