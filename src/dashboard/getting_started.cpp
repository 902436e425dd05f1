#include "dashboard/getting_started.h"

#include <boost/json/array.hpp>

#include "domain/people/user.h"
#include "html/i18n.h"

namespace payd::dashboard {

boost::json::object GettingStarted(const DashboardContext& ctx,
                                   const domain::Store::TenantCounts& counts, domain::Role role,
                                   std::int64_t paid) {
  if (paid > 0) return {};
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
      {"integration", html::Translatable("Add an integration"),
       html::Translatable("Your payout address, the chains and tokens you take, and the websites "
                          "that may ask for payments."),
       "/dashboard/integrations/new", Permission::kDeveloperTools, counts.has_integration},
      {"link-or-key", html::Translatable("Make a payment link, or an API key for your server"),
       html::Translatable("A link needs no code: share it, or put its button on your site. A key "
                          "lets your server create payments through the API."),
       "/dashboard/links/new", Permission::kCommerce, counts.has_link_or_key},
      {"webhook", html::Translatable("Add a webhook endpoint"),
       html::Translatable("Your server hears of each payment, signed, as it happens. Not needed "
                          "for payment links alone."),
       "/dashboard/webhooks", Permission::kDeveloperTools, counts.has_webhook_endpoint},
      {"payment",
       testnet ? html::Translatable("Make a test payment")
               : html::Translatable("Take a first payment"),
       testnet
           ? html::Translatable("Pay one of your links from a test wallet: on a test network no "
                                "real money moves. It shows under Payments as it is confirmed.")
           : html::Translatable("It shows under Payments as it is confirmed."),
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
  // "2 of 4 done", written by the template ({{#tr}}…{{doneCount}} of {{stepCount}} done…{{/tr}}).
  const auto steps_count = static_cast<std::int64_t>(out.size());
  return {{"steps", std::move(out)}, {"doneCount", done}, {"stepCount", steps_count}};
}

}  // namespace payd::dashboard
