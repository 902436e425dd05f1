#include "api/views.h"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>

#include "base/time.h"

namespace payd::api {

namespace {

template <typename T>
boost::json::value OrNull(const std::optional<T>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

}  // namespace

boost::json::object EventView(const domain::Event& event) {
  return {{"id", event.id},
          {"type", event.type},
          {"createdAt", base::FormatTimestamp(event.created_at)},
          {"data", boost::json::parse(event.data_json)}};
}

boost::json::object DeliveryView(const domain::WebhookDelivery& d) {
  auto time = [](const std::optional<base::TimeMs>& t) {
    return t ? boost::json::value(base::FormatTimestamp(*t)) : boost::json::value(nullptr);
  };
  return {
      {"id", d.id},
      {"tenantId", d.tenant_id},
      {"type", d.type},
      {"status", domain::DeliveryStatusName(d.status)},
      {"createdAt", base::FormatTimestamp(d.created_at)},
      {"eventId", d.event_id},
      {"endpointUrl", d.endpoint_url},
      {"attempts", d.attempts},
      {"lastResponseStatus", OrNull(d.last_response_status)},
      {"lastError", OrNull(d.last_error)},
      {"nextAttemptAt", time(d.next_attempt_at)},
      {"deliveredAt", time(d.delivered_at)},
  };
}

boost::json::object PublicIntegrationView(const domain::Integration& integration,
                                          const domain::ChainCatalog& catalog) {
  boost::json::array allow_chains;
  boost::json::object chains;
  for (auto chain_id : integration.allow_chains) {
    allow_chains.emplace_back(chain_id);
    const domain::ChainInfo* chain = catalog.FindChain(chain_id);
    // A chain removed from the config since the integration was made is not offered.
    if (!chain) continue;
    boost::json::array tokens;
    for (const domain::TokenInfo* token : integration.TokensOn(*chain)) {
      tokens.push_back(boost::json::object{
          {"symbol", token->symbol},
          {"name", token->name},
          {"address", OrNull(token->address)},
          {"decimals", token->decimals},
          {"isNative", token->IsNative()},
      });
    }
    chains[std::to_string(chain_id)] =
        boost::json::object{{"name", chain->name}, {"tokens", std::move(tokens)}};
  }
  boost::json::array allow_tokens;
  for (const auto& symbol : integration.allow_tokens) allow_tokens.emplace_back(symbol);
  return {
      {"publicId", integration.id},
      {"name", integration.name},
      {"allowChains", std::move(allow_chains)},
      {"allowTokens", std::move(allow_tokens)},
      {"autoConversion", integration.auto_conversion},
      // The spec types preferredToken as a string: without a preference, the first allowed token.
      {"preferredToken", integration.preferred_token.value_or(integration.allow_tokens.front())},
      {"chains", std::move(chains)},
  };
}

}  // namespace payd::api
