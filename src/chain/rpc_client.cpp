#include "chain/rpc_client.h"

#include <curl/curl.h>

#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>
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

// Scheme, host and port only: providers put API keys in paths and queries.
std::string Redacted(const std::string& text) {
  auto url = boost::urls::parse_uri(text);
  if (!url) return "(unparsable URL)";
  std::string out = std::string(url->scheme()) + "://" + std::string(url->encoded_host());
  if (url->has_port()) out += ":" + std::string(url->port());
  return out;
}

std::string Request(long id, const std::string& method, boost::json::array params) {
  return boost::json::serialize(boost::json::object{
      {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
}

}  // namespace

RpcClient::RpcClient(std::vector<std::string> urls, RpcOptions options) : options_(options) {
  if (urls.empty()) throw std::invalid_argument("RpcClient needs at least one URL");
  for (auto& url : urls) endpoints_.push_back({std::move(url), false, {}});
  GlobalInit();
  curl_ = curl_easy_init();
  if (!curl_) throw std::runtime_error("curl_easy_init failed");
}

RpcClient::~RpcClient() {
  curl_easy_cleanup(static_cast<CURL*>(curl_));
}

std::string RpcClient::current_endpoint() const {
  return Redacted(endpoints_[current_].url);
}

boost::json::value RpcClient::PostOnce(const std::string& url, const std::string& body) {
  CURL* curl = static_cast<CURL*>(curl_);
  curl_easy_reset(curl);
  CappedSink sink;
  sink.cap = options_.max_reply_bytes;
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE,
                   static_cast<curl_off_t>(options_.max_reply_bytes));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count()));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options_.connect_timeout.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  // Compressed replies are welcome (blocks and traces are large); the cap above
  // counts decompressed bytes.
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  if (sink.over || rc == CURLE_FILESIZE_EXCEEDED) {
    throw RpcError(RpcError::Kind::kTooLarge, "reply larger than the cap of " +
                                                  std::to_string(options_.max_reply_bytes) +
                                                  " bytes (rpc_max_reply_mb)");
  }
  if (rc == CURLE_OPERATION_TIMEDOUT) {
    throw RpcError(RpcError::Kind::kTimeout, "no answer from the node within " +
                                                 std::to_string(options_.timeout.count()) + " ms");
  }
  if (rc != CURLE_OK) throw RpcError(RpcError::Kind::kTransport, curl_easy_strerror(rc));
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  // Some providers put a JSON-RPC error in a 4xx body; that is the node speaking.
  if (status == 429 || status >= 500) {
    throw RpcError(RpcError::Kind::kTransport, "HTTP " + std::to_string(status), status);
  }
  try {
    return ParseReply(sink.body);
  } catch (const RpcError&) {
    if (status >= 400)
      throw RpcError(RpcError::Kind::kTransport, "HTTP " + std::to_string(status), status);
    throw;
  }
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
                   {{"rpc", Redacted(endpoint.url)},
                    {"servedChainId", served},
                    {"configuredChainId", *options_.chain_id},
                    {"recheckInS", std::chrono::seconds(kWrongChainRecheck).count()}});
    throw RpcError(RpcError::Kind::kWrongChain, "endpoint serves another chain");
  }
  endpoint.verified = true;
}

void RpcClient::Advance(bool skip_current) {
  auto now = std::chrono::steady_clock::now();
  for (std::size_t step = 1; step <= endpoints_.size(); ++step) {
    std::size_t next = (current_ + step) % endpoints_.size();
    if (next == current_ && skip_current) break;
    if (endpoints_[next].skip_until <= now) {
      current_ = next;
      return;
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
  metrics::RpcError(options_.chain_id.value_or(0), current_, RpcError::KindName(e.kind()));
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

std::vector<boost::json::value> RpcClient::Batch(
    const std::vector<std::pair<std::string, boost::json::array>>& calls) {
  if (calls.empty()) return {};
  boost::json::array requests;
  long first_id = next_id_;
  for (const auto& [method, params] : calls) {
    requests.push_back(boost::json::object{
        {"jsonrpc", "2.0"}, {"id", next_id_++}, {"method", method}, {"params", params}});
  }
  auto reply = Post(boost::json::serialize(requests));
  try {
    return BatchResults(reply, first_id, calls.size());
  } catch (const RpcError& e) {
    NoteError(e);
    throw;
  }
}

}  // namespace payd::chain
