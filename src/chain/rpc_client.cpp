#include "chain/rpc_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

#include "base/log.h"
#include "chain/chain_status.h"
#include "chain/rpc_decode.h"
#include "metrics/metrics.h"

namespace payd::chain {

namespace {

// How long an endpoint that serves another chain is left alone before it is asked again.
constexpr auto kWrongChainRecheck = std::chrono::minutes(5);

// Collects a reply up to a byte cap; past it, tells curl to abort.
struct CappedSink {
  std::string body;
  std::size_t cap = 0;
  bool over = false;
};

std::size_t Append(char* data, std::size_t size, std::size_t count, void* out) {
  auto* sink = static_cast<CappedSink*>(out);
  std::size_t n = size * count;
  if (sink->body.size() + n > sink->cap) {
    sink->over = true;
    return 0;  // CURLE_WRITE_ERROR
  }
  sink->body.append(data, n);
  return n;
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string Request(long id, const std::string& method, boost::json::array params) {
  return boost::json::serialize(boost::json::object{
      {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
}

}  // namespace

std::string RedactedUrl(const std::string& text) {
  auto url = boost::urls::parse_uri(text);
  if (!url) return "(unparsable URL)";
  std::string out = std::string(url->scheme()) + "://" + std::string(url->encoded_host());
  if (url->has_port()) out += ":" + std::string(url->port());
  return out;
}

RpcClient::RpcClient(std::vector<std::string> urls, RpcOptions options) : options_(options) {
  if (urls.empty()) throw std::invalid_argument("RpcClient needs at least one URL");
  for (auto& url : urls) endpoints_.push_back({std::move(url), false, {}, {}});
  GlobalInit();
  curl_ = curl_easy_init();
  multi_ = curl_multi_init();
  if (!curl_ || !multi_) throw std::runtime_error("curl_easy_init failed");
  options_.max_batch = std::max<std::size_t>(1, options_.max_batch);
}

RpcClient::~RpcClient() {
  for (void* curl : parallel_) curl_easy_cleanup(static_cast<CURL*>(curl));
  curl_multi_cleanup(static_cast<CURLM*>(multi_));
  curl_easy_cleanup(static_cast<CURL*>(curl_));
}

std::string RpcClient::current_endpoint() const {
  return RedactedUrl(endpoints_[current_].url);
}

namespace {

// One request's curl state: what it posts, and where the reply goes.
struct Exchange {
  CappedSink sink;
  curl_slist* headers = nullptr;
  Exchange() = default;
  Exchange(const Exchange&) = delete;
  Exchange& operator=(const Exchange&) = delete;
  ~Exchange() { curl_slist_free_all(headers); }
};

void Prepare(CURL* curl, const std::string& url, const std::string& body, const RpcOptions& options,
             Exchange& exchange) {
  curl_easy_reset(curl);
  exchange.sink.cap = options.max_reply_bytes;
  exchange.headers = curl_slist_append(nullptr, "Content-Type: application/json");
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, exchange.headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &exchange.sink);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE,
                   static_cast<curl_off_t>(options.max_reply_bytes));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(options.timeout.count()));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options.connect_timeout.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  // Compressed replies are welcome (blocks and traces are large); the cap above
  // counts decompressed bytes.
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
}

boost::json::value Finish(CURL* curl, CURLcode rc, const Exchange& exchange,
                          const RpcOptions& options) {
  if (exchange.sink.over || rc == CURLE_FILESIZE_EXCEEDED) {
    throw RpcError(RpcError::Kind::kTooLarge, "reply larger than the cap of " +
                                                  std::to_string(options.max_reply_bytes) +
                                                  " bytes (rpc_max_reply_mb)");
  }
  if (rc == CURLE_OPERATION_TIMEDOUT) {
    throw RpcError(RpcError::Kind::kTimeout, "no answer from the node within " +
                                                 std::to_string(options.timeout.count()) + " ms");
  }
  if (rc != CURLE_OK) throw RpcError(RpcError::Kind::kTransport, curl_easy_strerror(rc));
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  // Some providers put a JSON-RPC error in a 4xx body; that is the node speaking.
  if (status == 429 || status >= 500) {
    throw RpcError(RpcError::Kind::kTransport, "HTTP " + std::to_string(status), status);
  }
  try {
    return ParseReply(exchange.sink.body);
  } catch (const RpcError&) {
    if (status >= 400)
      throw RpcError(RpcError::Kind::kTransport, "HTTP " + std::to_string(status), status);
    throw;
  }
}

}  // namespace

boost::json::value RpcClient::PostOnce(const std::string& url, const std::string& body) {
  CURL* curl = static_cast<CURL*>(curl_);
  Exchange exchange;
  Prepare(curl, url, body, options_, exchange);
  CURLcode rc = curl_easy_perform(curl);
  return Finish(curl, rc, exchange, options_);
}

std::vector<boost::json::value> RpcClient::PostAll(const std::vector<std::string>& bodies) {
  std::vector<boost::json::value> out(bodies.size());
  std::vector<std::size_t> again;  // to post once more, alone, with failover
  Endpoint& endpoint = endpoints_[current_];
  bool parallel = bodies.size() > 1 && options_.max_parallel > 1;
  if (parallel && !endpoint.verified) {
    try {
      Verify(endpoint);
    } catch (const RpcError&) {
      parallel = false;  // Post fails over, and says why if it cannot
    }
  }
  if (!parallel) {
    for (std::size_t i = 0; i < bodies.size(); ++i) out[i] = Post(bodies[i]);
    return out;
  }
  CURLM* multi = static_cast<CURLM*>(multi_);
  std::size_t slots = std::min(options_.max_parallel, bodies.size());
  while (parallel_.size() < slots) parallel_.push_back(curl_easy_init());
  std::vector<Exchange> exchanges(bodies.size());
  std::map<CURL*, std::size_t> in_flight;
  std::vector<CURL*> idle(parallel_.begin(), parallel_.begin() + static_cast<long>(slots));
  std::exception_ptr failure;
  std::size_t failed_at = SIZE_MAX, next = 0;
  while (next < bodies.size() || !in_flight.empty()) {
    while (next < bodies.size() && !idle.empty()) {
      CURL* curl = idle.back();
      idle.pop_back();
      Prepare(curl, endpoint.url, bodies[next], options_, exchanges[next]);
      curl_multi_add_handle(multi, curl);
      in_flight[curl] = next++;
    }
    int running = 0;
    curl_multi_perform(multi, &running);
    int queued = 0;
    while (CURLMsg* msg = curl_multi_info_read(multi, &queued)) {
      if (msg->msg != CURLMSG_DONE) continue;
      CURL* curl = msg->easy_handle;
      std::size_t i = in_flight.at(curl);
      CURLcode rc = msg->data.result;
      curl_multi_remove_handle(multi, curl);
      in_flight.erase(curl);
      idle.push_back(curl);
      try {
        out[i] = Finish(curl, rc, exchanges[i], options_);
      } catch (const RpcError& e) {
        NoteError(e);
        if (e.IsTransient()) {
          again.push_back(i);
        } else if (i < failed_at) {
          failed_at = i;
          failure = std::current_exception();
        }
      }
    }
    if (!in_flight.empty()) curl_multi_poll(multi, nullptr, 0, 100, nullptr);
  }
  if (failure) std::rethrow_exception(failure);
  std::sort(again.begin(), again.end());
  for (std::size_t i : again) out[i] = Post(bodies[i]);
  return out;
}

void RpcClient::Verify(Endpoint& endpoint) {
  if (!options_.chain_id) {
    endpoint.verified = true;
    return;
  }
  auto now = std::chrono::steady_clock::now();
  if (now < endpoint.skip_until)
    throw RpcError(RpcError::Kind::kWrongChain, "endpoint serves another chain");
  auto served = DecodeQuantity(
      ResultOf(PostOnce(endpoint.url, Request(next_id_++, "eth_chainId", {}))), "eth_chainId");
  if (served != static_cast<std::uint64_t>(*options_.chain_id)) {
    endpoint.skip_until = now + kWrongChainRecheck;
    base::LogError("RPC endpoint serves another chain; not using it",
                   {{"rpc", RedactedUrl(endpoint.url)},
                    {"servedChainId", served},
                    {"configuredChainId", *options_.chain_id},
                    {"recheckInS", std::chrono::seconds(kWrongChainRecheck).count()}});
    throw RpcError(RpcError::Kind::kWrongChain, "endpoint serves another chain");
  }
  endpoint.verified = true;
}

void RpcClient::UseEndpoint(std::size_t index) {
  if (index < endpoints_.size()) current_ = index;
}

void RpcClient::SetAside(std::size_t index, std::chrono::steady_clock::time_point until) {
  if (index < endpoints_.size()) endpoints_[index].aside_until = until;
}

bool RpcClient::IsAside(std::size_t index) const {
  return index < endpoints_.size() &&
         std::chrono::steady_clock::now() < endpoints_[index].aside_until;
}

void RpcClient::Advance(bool skip_current) {
  auto now = std::chrono::steady_clock::now();
  // One not set aside first; one set aside only when no other is left.
  for (bool aside_too : {false, true}) {
    for (std::size_t step = 1; step <= endpoints_.size(); ++step) {
      std::size_t next = (current_ + step) % endpoints_.size();
      if (next == current_ && skip_current) break;
      if (endpoints_[next].skip_until <= now &&
          (aside_too || endpoints_[next].aside_until <= now)) {
        current_ = next;
        return;
      }
    }
  }
  if (!skip_current) return;
  throw RpcError(RpcError::Kind::kWrongChain, "no configured RPC endpoint serves chain " +
                                                  std::to_string(options_.chain_id.value_or(0)) +
                                                  " (checked with eth_chainId)");
}

boost::json::value RpcClient::Post(const std::string& body) {
  // Every URL once, then a few more rounds with a short pause: a provider
  // that drops or hangs on one request in a few should cost a retry, not the
  // whole pass. Answers from the node itself (kRpc) are not retried here.
  std::size_t attempts = endpoints_.size() + options_.extra_attempts;
  auto pause = std::chrono::milliseconds(100);
  for (std::size_t attempt = 0;; ++attempt) {
    Endpoint& endpoint = endpoints_[current_];
    try {
      if (!endpoint.verified) Verify(endpoint);
      return PostOnce(endpoint.url, body);
    } catch (const RpcError& e) {
      NoteError(e);
      if (e.kind() == RpcError::Kind::kWrongChain) {
        Advance(true);
        continue;
      }
      if (!e.IsTransient() || attempt + 1 >= attempts) throw;
      // A failover behind the same URL may land on another node: check it again.
      endpoint.verified = false;
      Advance(false);
      if (attempt + 1 >= endpoints_.size()) {
        std::this_thread::sleep_for(pause);
        pause *= 2;
      }
    }
  }
}

void RpcClient::NoteError(const RpcError& e) const {
  metrics::RpcError(options_.chain_id.value_or(0), options_.first_endpoint_index + current_,
                    RpcError::KindName(e.kind()));
  // The kind only: a message may hold the endpoint's URL, and its key.
  if (options_.chain_id) NoteRpcError(*options_.chain_id, RpcError::KindName(e.kind()));
}

boost::json::value RpcClient::Call(const std::string& method, boost::json::array params) {
  boost::json::value reply = Post(Request(next_id_++, method, std::move(params)));
  try {
    return ResultOf(reply);
  } catch (const RpcError& e) {
    NoteError(e);  // the node answered with an error (or nonsense)
    throw;
  }
}

std::vector<boost::json::value> RpcClient::Batch(const std::vector<RpcCall>& calls) {
  return CallMany(calls, calls.size());
}

std::vector<boost::json::value> RpcClient::CallMany(const std::vector<RpcCall>& calls,
                                                    std::size_t per_request) {
  std::vector<boost::json::value> results;
  results.reserve(calls.size());
  std::size_t done = 0;
  while (done < calls.size()) {
    // One round: the requests for the calls left, each of at most `size` calls.
    std::size_t size =
        std::max<std::size_t>(1, std::min({per_request, options_.max_batch, batch_limit_}));
    std::vector<std::string> bodies;
    std::vector<std::pair<long, std::size_t>> ids;  // each request's first id and count
    for (std::size_t i = done; i < calls.size(); i += size) {
      std::size_t count = std::min(size, calls.size() - i);
      long first_id = next_id_;
      if (size == 1) {
        bodies.push_back(Request(next_id_++, calls[i].first, calls[i].second));
      } else {
        boost::json::array requests;
        for (std::size_t j = i; j < i + count; ++j) {
          requests.push_back(boost::json::object{{"jsonrpc", "2.0"},
                                                 {"id", next_id_++},
                                                 {"method", calls[j].first},
                                                 {"params", calls[j].second}});
        }
        bodies.push_back(boost::json::serialize(requests));
      }
      ids.push_back({first_id, count});
    }
    std::vector<boost::json::value> replies;
    try {
      replies = PostAll(bodies);
    } catch (const RpcError& e) {
      if (!e.IsBatchRefused() || size == 1) throw;
      RefuseBatches(size, e);
      continue;
    }
    try {
      for (std::size_t r = 0; r < replies.size(); ++r) {
        if (size == 1) {
          results.push_back(ResultOf(replies[r]));
          continue;
        }
        for (auto& result : BatchResults(replies[r], ids[r].first, ids[r].second))
          results.push_back(std::move(result));
      }
    } catch (const RpcError& e) {
      NoteError(e);  // the node answered with an error (or nonsense)
      if (!e.IsBatchRefused() || size == 1) throw;
      results.resize(done);
      RefuseBatches(size, e);
      continue;
    }
    done = calls.size();
  }
  return results;
}

void RpcClient::RefuseBatches(std::size_t size, const RpcError& e) {
  batch_limit_ = size / 2;
  base::LogInfo("the node refused a batch of calls; asking in smaller ones",
                {{"chainId", options_.chain_id.value_or(0)},
                 {"rpc", current_endpoint()},
                 {"refusedSize", size},
                 {"nowAtMost", batch_limit_},
                 {"error", e.what()}});
}

}  // namespace payd::chain
