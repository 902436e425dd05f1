#include "store/sql/rows.h"

#include <algorithm>
#include <boost/json.hpp>
#include <sstream>

#include "base/ids.h"
#include "store/sql/email_rows.h"

namespace payd::store::sql {

std::optional<std::string> OptUnits(const std::optional<domain::Uint256>& units) {
  return units ? std::optional<std::string>(domain::FormatUnits(*units)) : std::nullopt;
}

std::string AmountKey(const domain::Uint256& amount) {
  std::string digits = domain::FormatUnits(amount);
  return std::string(78 - digits.size(), '0') + digits;
}

std::string ToJsonArray(const std::vector<std::string>& values) {
  boost::json::array out;
  for (const auto& v : values) out.emplace_back(v);
  return boost::json::serialize(out);
}

std::string ToJsonArray(const std::vector<std::int64_t>& values) {
  boost::json::array out;
  for (auto v : values) out.emplace_back(v);
  return boost::json::serialize(out);
}

std::vector<std::string> StringsFromJson(const std::string& text) {
  std::vector<std::string> out;
  boost::json::value parsed = boost::json::parse(text);
  for (const auto& v : parsed.as_array()) out.emplace_back(v.as_string());
  return out;
}

std::vector<std::int64_t> IntsFromJson(const std::string& text) {
  std::vector<std::int64_t> out;
  boost::json::value parsed = boost::json::parse(text);
  for (const auto& v : parsed.as_array()) out.push_back(v.to_number<std::int64_t>());
  return out;
}

namespace {

domain::Uint256 Units(const std::string& text) {
  return domain::ParseUnits(text).value_or(0);
}

}  // namespace

namespace {

// {"amount":"25.00","currency":"USD","options":[[31337,"USDC"],...]}
std::string AskedToJson(const domain::AskedTerms& asked) {
  boost::json::array options;
  for (const auto& o : asked.options) options.push_back(boost::json::array{o.chain_id, o.token});
  return boost::json::serialize(boost::json::object{
      {"amount", asked.amount}, {"currency", asked.currency}, {"options", std::move(options)}});
}

domain::AskedTerms AskedFromJson(const std::string& text) {
  auto v = boost::json::parse(text).as_object();
  domain::AskedTerms asked{
      std::string(v.at("amount").as_string()), std::string(v.at("currency").as_string()), {}};
  for (const auto& o : v.at("options").as_array()) {
    const auto& pair = o.as_array();
    asked.options.push_back(
        {pair.at(0).to_number<std::int64_t>(), std::string(pair.at(1).as_string())});
  }
  return asked;
}

}  // namespace

// {"amount":"25.00","currency":"EUR"}
std::string PriceToJson(const domain::Price& price) {
  return boost::json::serialize(
      boost::json::object{{"amount", price.amount}, {"currency", price.currency}});
}

domain::Price PriceFromJson(const std::string& text) {
  auto v = boost::json::parse(text).as_object();
  return {std::string(v.at("amount").as_string()), std::string(v.at("currency").as_string())};
}

// {"value":"1.0825","sources":["chainlink:1","ecb"],"at":1764700000000}: the
// value as decimal text with its written precision, so it reads back exactly.
std::string RateToJson(const domain::CurrencyRate& rate) {
  boost::json::array sources;
  for (const auto& s : rate.sources) sources.emplace_back(s);
  std::string value = domain::FormatUnits(rate.value.answer);
  return boost::json::serialize(boost::json::object{{"answer", value},
                                                    {"decimals", rate.value.decimals},
                                                    {"sources", std::move(sources)},
                                                    {"at", rate.at}});
}

domain::CurrencyRate RateFromJson(const std::string& text) {
  auto v = boost::json::parse(text).as_object();
  domain::CurrencyRate rate;
  rate.value.answer = Units(std::string(v.at("answer").as_string()));
  rate.value.decimals = v.at("decimals").to_number<unsigned>();
  for (const auto& s : v.at("sources").as_array()) rate.sources.emplace_back(s.as_string());
  rate.at = v.at("at").to_number<base::TimeMs>();
  return rate;
}

domain::PaymentIntent ReadIntent(const Query& q) {
  domain::PaymentIntent i;
  i.id = q.Text(0);
  i.tenant_id = q.Text(1);
  i.integration_id = q.Text(2);
  i.payment_link_id = q.OptText(3);
  i.status = domain::ParseIntentStatus(q.Text(4)).value_or(domain::IntentStatus::kCreated);
  i.exception = domain::ParseIntentException(q.Text(5));
  i.chain_id = q.Int(6);
  i.token_symbol = q.Text(7);
  i.token_address = q.OptText(8);
  i.decimals = static_cast<unsigned>(q.Int(9));
  i.recipient = q.Text(10);
  i.requested_amount = Units(q.Text(11));
  i.amount = Units(q.Text(12));
  i.amount_usd = q.OptText(13);
  i.received = Units(q.Text(14));
  i.sender_hint = q.OptText(15);
  i.metadata_json = q.Text(16);
  i.required_confirmations = q.Text(17);
  i.confirmations = q.Int(18);
  i.expires_at = q.Int(19);
  i.created_at = q.Int(20);
  i.confirmed_at = q.OptInt(21);
  i.tx_hash = q.OptText(22);
  i.sender_address = q.OptText(23);
  i.sender_hint_source = domain::ParseHintSource(q.OptText(24).value_or(""));
  i.keyless = q.Int(25) != 0;
  if (auto asked = q.OptText(26)) i.asked = AskedFromJson(*asked);
  i.chosen_at = q.OptInt(27);
  if (auto resolution = q.OptText(28)) {
    auto v = boost::json::parse(*resolution).as_object();
    i.resolution = domain::Resolution{
        v.at("outcome").as_string() == "paid", std::string(v.at("note").as_string()),
        std::string(v.at("actor").as_string()), v.at("at").as_int64()};
  }
  i.canceled_at = q.OptInt(29);
  i.return_url = q.OptText(30);
  if (auto price = q.OptText(31)) i.price = PriceFromJson(*price);
  if (auto rate = q.OptText(32)) i.rate = RateFromJson(*rate);
  if (auto shortfall = q.OptText(33)) i.near_amount_shortfall = Units(*shortfall);
  return i;
}

std::string ResolutionToJson(const domain::Resolution& r) {
  return boost::json::serialize(boost::json::object{{"outcome", r.paid ? "paid" : "not_paid"},
                                                    {"note", r.note},
                                                    {"actor", r.actor},
                                                    {"at", r.at}});
}

void BindIntent(Query& q, const domain::PaymentIntent& i) {
  q.Bind(1, i.id)
      .Bind(2, i.tenant_id)
      .Bind(3, i.integration_id)
      .Bind(4, i.payment_link_id)
      .Bind(5, std::string(domain::IntentStatusName(i.status)))
      .Bind(6, std::string(domain::IntentExceptionName(i.exception)))
      .Bind(7, i.chain_id)
      .Bind(8, i.token_symbol)
      .Bind(9, i.token_address)
      .Bind(10, static_cast<std::int64_t>(i.decimals))
      .Bind(11, i.recipient)
      .Bind(12, domain::FormatUnits(i.requested_amount))
      .Bind(13, domain::FormatUnits(i.amount))
      .Bind(14, i.amount_usd)
      .Bind(15, domain::FormatUnits(i.received))
      .Bind(16, i.sender_hint)
      .Bind(17, i.metadata_json)
      .Bind(18, i.required_confirmations)
      .Bind(19, i.confirmations)
      .Bind(20, i.expires_at)
      .Bind(21, i.created_at)
      .Bind(22, i.confirmed_at)
      .Bind(23, i.tx_hash)
      .Bind(24, i.sender_address);
  if (i.sender_hint_source == domain::HintSource::kNone) {
    q.BindNull(25);
  } else {
    q.Bind(25, std::string(domain::HintSourceName(i.sender_hint_source)));
  }
  q.Bind(26, i.keyless);
  if (i.asked) {
    q.Bind(27, AskedToJson(*i.asked));
  } else {
    q.BindNull(27);
  }
  q.Bind(28, i.chosen_at);
  q.Bind(29,
         i.resolution ? std::optional<std::string>(ResolutionToJson(*i.resolution)) : std::nullopt);
  q.Bind(30, i.canceled_at);
  q.Bind(31, i.return_url);
  q.Bind(32, i.price ? std::optional<std::string>(PriceToJson(*i.price)) : std::nullopt);
  q.Bind(33, i.rate ? std::optional<std::string>(RateToJson(*i.rate)) : std::nullopt);
  q.Bind(34, OptUnits(i.near_amount_shortfall));
}

std::string PaidWithToJson(const domain::PaidWith& w) {
  return boost::json::serialize(boost::json::object{
      {"token", w.token},
      {"tokenAddress", w.token_address ? boost::json::value(*w.token_address) : nullptr},
      {"decimals", w.decimals},
      {"amount", domain::FormatUnits(w.amount)},
      {"payer", w.payer}});
}

domain::PaidWith PaidWithFromJson(const std::string& text) {
  auto v = boost::json::parse(text).as_object();
  domain::PaidWith w;
  w.token = std::string(v.at("token").as_string());
  if (v.at("tokenAddress").is_string())
    w.token_address = std::string(v.at("tokenAddress").as_string());
  w.decimals = v.at("decimals").to_number<unsigned>();
  w.amount = Units(std::string(v.at("amount").as_string()));
  w.payer = std::string(v.at("payer").as_string());
  return w;
}

domain::Payment ReadPayment(const Query& q) {
  domain::Payment p;
  p.id = q.Text(0);
  p.tenant_id = q.Text(1);
  p.intent_id = q.OptText(2);
  auto& t = p.transfer;
  t.chain_id = q.Int(3);
  t.token_symbol = q.Text(4);
  t.token_address = q.OptText(5);
  t.decimals = static_cast<unsigned>(q.Int(6));
  t.amount = Units(q.Text(7));
  t.tx_hash = q.Text(8);
  t.position = q.Text(9);
  t.log_index = q.OptInt(10);
  t.block_number = q.Int(11);
  t.block_hash = q.Text(12);
  t.block_time = q.Int(13);
  t.sender = q.Text(14);
  t.recipient = q.Text(15);
  p.status = domain::ParsePaymentStatus(q.Text(16)).value_or(domain::PaymentStatus::kPending);
  p.confirmations = q.Int(17);
  p.created_at = q.Int(18);
  p.confirmed_at = q.OptInt(19);
  p.refunded = Units(q.Text(20));
  p.candidate_intent_id = q.OptText(21);
  if (auto shortfall = q.OptText(22)) p.near_amount_shortfall = Units(*shortfall);
  p.swap_check = q.Int(23) != 0;
  if (auto paid_with = q.OptText(24)) p.paid_with = PaidWithFromJson(*paid_with);
  return p;
}

void BindPayment(Query& q, const domain::Payment& p) {
  const auto& t = p.transfer;
  q.Bind(1, p.id)
      .Bind(2, p.tenant_id)
      .Bind(3, p.intent_id)
      .Bind(4, t.chain_id)
      .Bind(5, t.token_symbol)
      .Bind(6, t.token_address)
      .Bind(7, static_cast<std::int64_t>(t.decimals))
      .Bind(8, domain::FormatUnits(t.amount))
      .Bind(9, t.tx_hash)
      .Bind(10, t.position)
      .Bind(11, t.log_index)
      .Bind(12, t.block_number)
      .Bind(13, t.block_hash)
      .Bind(14, t.block_time)
      .Bind(15, t.sender)
      .Bind(16, t.recipient)
      .Bind(17, std::string(domain::PaymentStatusName(p.status)))
      .Bind(18, p.confirmations)
      .Bind(19, p.created_at)
      .Bind(20, p.confirmed_at)
      .Bind(21, domain::FormatUnits(p.refunded))
      .Bind(22, p.candidate_intent_id)
      .Bind(23, OptUnits(p.near_amount_shortfall))
      .Bind(24, p.swap_check)
      .Bind(25,
            p.paid_with ? std::optional<std::string>(PaidWithToJson(*p.paid_with)) : std::nullopt);
}

domain::WebhookDelivery ReadDelivery(const Query& q) {
  domain::WebhookDelivery d;
  d.id = q.Text(0);
  d.tenant_id = q.Text(1);
  d.event_id = q.Text(2);
  d.endpoint_id = q.Text(3);
  d.endpoint_url = q.Text(4);
  d.type = q.Text(5);
  d.status = domain::ParseDeliveryStatus(q.Text(6)).value_or(domain::DeliveryStatus::kPending);
  d.attempts = static_cast<int>(q.Int(7));
  if (auto s = q.OptInt(8)) d.last_response_status = static_cast<int>(*s);
  d.last_error = q.OptText(9);
  d.next_attempt_at = q.OptInt(10);
  d.delivered_at = q.OptInt(11);
  d.created_at = q.Int(12);
  return d;
}

int InsertEventRow(Connection& c, const domain::Event& e,
                   const std::optional<std::string>& only_endpoint) {
  c.Prepare(
       "INSERT INTO events(id, tenant_id, type, data, created_at, data_v1, object_id) "
       "VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, e.id)
      .Bind(2, e.tenant_id)
      .Bind(3, e.type)
      .Bind(4, e.data_json)
      .Bind(5, e.created_at)
      .Bind(6, e.data_v1_json)
      .Bind(7, domain::EventObjectId(e))
      .Run();
  // The people it concerns, by email (a redelivery to one endpoint is not news).
  if (!only_endpoint) QueueEventEmails(c, e);
  // The outbox: a delivery per subscribed endpoint, in the event's transaction.
  if (e.type == domain::event_type::kWebhookSent) return 0;
  std::vector<std::pair<std::string, std::string>> targets;
  {
    auto q = c.Prepare(
        "SELECT id, url, event_types FROM webhook_endpoints WHERE tenant_id = ? AND enabled = 1");
    q.Bind(1, e.tenant_id);
    while (q.Step()) {
      if (only_endpoint && q.Text(0) != *only_endpoint) continue;
      // Test events go to every enabled endpoint: testing one must not depend on its filter.
      if (!q.IsNull(2) && e.type != domain::kWebhookTestEvent) {
        auto types = StringsFromJson(q.Text(2));
        if (std::find(types.begin(), types.end(), e.type) == types.end()) continue;
      }
      targets.emplace_back(q.Text(0), q.Text(1));
    }
  }
  for (const auto& [endpoint_id, url] : targets) {
    c.Prepare(
         "INSERT INTO webhook_deliveries(id, tenant_id, event_id, endpoint_id, endpoint_url, type, "
         "status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, 'PENDING', 0, "
         "?, ?)")
        .Bind(1, base::NewId("whd_"))
        .Bind(2, e.tenant_id)
        .Bind(3, e.id)
        .Bind(4, endpoint_id)
        .Bind(5, url)
        .Bind(6, e.type)
        .Bind(7, e.created_at)
        .Bind(8, e.created_at)
        .Run();
  }
  if (!targets.empty()) c.queued_deliveries = true;
  return static_cast<int>(targets.size());
}

std::optional<domain::PaymentIntent> IntentById(Connection& c, const std::string& id) {
  static const std::string sql =
      "SELECT " + std::string(kIntentColumns) + " FROM payment_intents WHERE id = ?";
  auto q = c.Prepare(sql);
  q.Bind(1, id);
  if (!q.Step()) return std::nullopt;
  return ReadIntent(q);
}

}  // namespace payd::store::sql
