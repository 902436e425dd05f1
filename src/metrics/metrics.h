// What payd counts for Prometheus ([metrics] listen, off by default;
// docs/operator-guide.md lists every family). The rest of payd records into
// these functions without knowing Prometheus: each is cheap and thread-safe,
// and does nothing until Enable() has been called (the CLI's other commands,
// the unit tests, and `payd serve` without a metrics listener).
//
// Labels are kept few and bounded: a route is its template ("/pay/:id"), never
// the path; a method is one of HTTP's names or "other"; an RPC endpoint is
// its index in the chain's rpc_urls, never a URL (providers put API keys in
// them). Values read from the database (intents and payments by status, the
// webhook queue) are set by a scrape hook that serve_command installs.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace payd::metrics {

// Creates the registry and the families; `version` goes into payd_build_info.
void Enable(std::string_view version);
bool Enabled();

// --- HTTP (http::Server) ---
// One request answered; `route` is the matched template, "unmatched" when none.
// A stream (server-sent events) counts, but stays out of the latency histogram.
void HttpRequest(std::string_view method, std::string_view route, unsigned status, double seconds,
                 bool stream);
void HttpInFlight(int delta);
void HttpConnections(int delta);

// --- Chains (chain::ChainWatcher, chain::RpcClient) ---
void ChainHead(std::int64_t chain_id, std::int64_t head);
void ChainProcessed(std::int64_t chain_id, std::int64_t block);
void ChainLeading(std::int64_t chain_id, bool leading);
// One failed attempt at an endpoint (retried or not); `kind` as RpcError names it.
void RpcError(std::int64_t chain_id, std::size_t endpoint_index, std::string_view kind);
// A provider of several (its index in the chain's providers) outvoted by a
// quorum, proven wrong by a block's receipts, leaving out a transfer they hold, or
// (the reader) behind the quorum's head.
void ProviderWrong(std::int64_t chain_id, std::size_t provider_index, std::string_view kind);
// A pass not recorded because the providers disagree and no quorum settles it.
void ChainDisagreement(std::int64_t chain_id);

// --- Webhooks (webhooks::Dispatcher) ---
// `outcome`: delivered, retrying or failed (the delivery's status after the attempt).
void WebhookAttempt(std::string_view outcome, double seconds);

// --- Email (email::OutboxSender) ---
// `outcome`: sent, retrying or failed (the message's status after the attempt).
void EmailAttempt(std::string_view outcome);

// --- Database (the stores' transactions) ---
void DbTransaction(std::string_view kind, double seconds);  // kind: read or write
void DbConflict();  // a transaction run again after a serialization failure or lost race

// --- Set at scrape time by the hook ---
void IntentsByStatus(std::string_view status, std::int64_t count);
void PaymentsByStatus(std::string_view status, std::int64_t count);
void RefundsByStatus(std::string_view status, std::int64_t count);
void PayoutLinesByStatus(std::string_view status, std::int64_t count);
void WebhookQueue(std::int64_t depth);
void WebhookQueueAge(double oldest_due_age_seconds);
void DatabaseUp(bool up);

// Called before every scrape (one at a time), to set the gauges read from elsewhere.
void SetScrapeHook(std::function<void()> hook);
// The text exposition format (version 0.0.4) of everything recorded.
std::string Scrape();

}  // namespace payd::metrics
