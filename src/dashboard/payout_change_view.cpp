#include "dashboard/payout_change_view.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <set>

#include "dashboard/api_key_shown.h"
#include "domain/access/access.h"
#include "domain/people/user.h"
#include "domain/webhooks/event.h"

namespace payd::dashboard {

namespace {

constexpr base::TimeMs kWeekMs = 7LL * 24 * 60 * 60 * 1000;

std::string Text(const boost::json::object& data, const char* field) {
  const auto* value = data.if_contains(field);
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

}  // namespace

boost::json::value WaitingPayoutModel(DashboardContext& ctx, const Visitor& visitor,
                                      const domain::Integration& integration) {
  const domain::User& me = visitor.current.user;
  for (const auto& waiting : ctx.store.ListWaitingPayoutChanges(me.tenant_id)) {
    if (waiting.integration_id != integration.id) continue;
    KeyMakers who(ctx, me.tenant_id);
    boost::json::object model{
        {"payoutAddress", waiting.payout_address},
        {"previousPayoutAddress", waiting.previous_address},
        {"by", who.Text(waiting.requested_by)},
        {"at", base::FormatTimestamp(waiting.requested_at)},
        {"effectiveAt", base::FormatTimestamp(waiting.effective_at)},
        {"canCancel", domain::PersonMay(me.role, domain::Operation::kCancelPayoutChange)},
        {"canConfirm", domain::PersonMay(me.role, domain::Operation::kConfirmPayoutChange) &&
                           waiting.requested_by != me.id},
    };
    return model;
  }
  return nullptr;
}

boost::json::array PayoutNotices(DashboardContext& ctx, const std::string& tenant_id,
                                 base::TimeMs now) {
  KeyMakers who(ctx, tenant_id);
  std::vector<domain::Event> changes;
  for (const auto& integration : ctx.store.ListIntegrations(tenant_id)) {
    for (auto& event : ctx.store.EventsAbout(tenant_id, integration.id, 100)) {
      if (event.type == domain::event_type::kIntegrationPayoutChanged &&
          now - event.created_at < kWeekMs)
        changes.push_back(std::move(event));
    }
  }
  std::sort(changes.begin(), changes.end(),
            [](const auto& a, const auto& b) { return a.created_at > b.created_at; });
  boost::json::array out;
  std::set<std::string> decided_later;  // integrations with a step after the one at hand
  for (const auto& event : changes) {
    auto data = boost::json::parse(event.data_json).as_object();
    std::string integration(data.at("id").as_string());
    bool superseded = !decided_later.insert(integration).second;
    // Events of a payd before changes waited carry no status: they applied at once.
    std::string status = Text(data, "status");
    if (status.empty()) status = "APPLIED";
    std::string to = Text(data, "newPayoutAddress");
    if (to.empty()) to = Text(data, "payoutAddress");
    std::string decided = Text(data, "decidedBy");
    // A change asked for and since applied or canceled is told by its later step.
    if (status == "SCHEDULED" && superseded) continue;
    out.push_back({{"integrationId", data.at("id")},
                   {"integration", data.at("name")},
                   {"newPayoutAddress", to},
                   {"previousPayoutAddress", data.at("previousPayoutAddress")},
                   {"by", who.Text(Text(data, "changedBy"))},
                   {"decidedBy", decided.empty() ? "" : who.Text(decided)},
                   {"effectiveAt", Text(data, "effectiveAt")},
                   {"at", base::FormatTimestamp(event.created_at)},
                   {"scheduled", status == "SCHEDULED"},
                   {"applied", status == "APPLIED"},
                   {"canceled", status == "CANCELED"}});
  }
  return out;
}

}  // namespace payd::dashboard
