#include "chain/rpc_client.h"

#include <curl/curl.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>
#include <initializer_list>
#include <mutex>
#include <thread>

#include "base/strings.h"

namespace payd::chain {

namespace {

std::size_t Append(char* data, std::size_t size, std::size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

const boost::json::value& ResultOf(const boost::json::value& reply) {
  const auto* object = reply.if_object();
  if (!object) throw RpcError(RpcError::Kind::kMalformed, "JSON-RPC reply is not an object");
  if (const auto* error = object->if_contains("error"); error && !error->is_null()) {
    long code = 0;
    std::string message = "JSON-RPC error";
    if (const auto* e = error->if_object()) {
      if (const auto* c = e->if_contains("code"); c && c->is_int64())
        code = static_cast<long>(c->as_int64());
      if (const auto* m = e->if_contains("message"); m && m->is_string())
        message = std::string(m->as_string());
    }
    throw RpcError(RpcError::Kind::kRpc, message, code);
  }
  const auto* result = object->if_contains("result");
  if (!result) throw RpcError(RpcError::Kind::kMalformed, "JSON-RPC reply has no result");
  return *result;
}

}  // namespace

namespace {

bool MentionsAny(const std::string& lower_text, std::initializer_list<const char*> phrases) {
  for (const char* phrase : phrases) {
    if (lower_text.find(phrase) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

bool RpcError::IsRangeTooLarge() const {
  if (kind_ != Kind::kRpc) return false;
  if (code_ == -32005) return true;  // EIP-1474 "limit exceeded"
  return MentionsAny(base::AsciiLower(what()),
                     {"range", "too many", "limit", "exceed", "too large", "10000 results"});
}

bool RpcError::IsMethodMissing() const {
  if (kind_ != Kind::kRpc) return false;
  if (code_ == -32601) return true;  // EIP-1474 "method not found"
  std::string text = base::AsciiLower(what());
  // "the method debug_x does not exist/is not available", but not "block not found".
  return text.find("method") != std::string::npos &&
         MentionsAny(text, {"not found", "not supported", "does not exist", "unsupported",
                            "not available", "not enabled"});
}

RpcClient::RpcClient(std::vector<std::string> urls, RpcOptions options)
    : urls_(std::move(urls)), options_(options) {
  if (urls_.empty()) throw std::invalid_argument("RpcClient needs at least one URL");
  GlobalInit();
  curl_ = curl_easy_init();
  if (!curl_) throw std::runtime_error("curl_easy_init failed");
}

RpcClient::~RpcClient() {
  curl_easy_cleanup(static_cast<CURL*>(curl_));
}

std::string RpcClient::current_endpoint() const {
  auto url = boost::urls::parse_uri(urls_[current_]);
  if (!url) return "(unparsable URL)";
  std::string out = std::string(url->scheme()) + "://" + std::string(url->encoded_host());
  if (url->has_port()) out += ":" + std::string(url->port());
  return out;
}

boost::json::value RpcClient::PostOnce(const std::string& url, const std::string& body) {
  CURL* curl = static_cast<CURL*>(curl_);
  curl_easy_reset(curl);
  std::string response;
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count()));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options_.connect_timeout.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  if (rc == CURLE_OPERATION_TIMEDOUT) {
    throw RpcError(RpcError::Kind::kTimeout, "no answer from the node within " +
                                                 std::to_string(options_.timeout.count()) + " ms");
  }
  if (rc != CURLE_OK) throw RpcError(RpcError::Kind::kTransport, curl_easy_strerror(rc));
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  boost::json::error_code ec;
  boost::json::value reply = boost::json::parse(response, ec);
  // Some providers put a JSON-RPC error in a 4xx body; that is the node speaking.
  if (status >= 400 && (ec || status == 429 || status >= 500)) {
    throw RpcError(RpcError::Kind::kTransport, "HTTP " + std::to_string(status), status);
  }
  if (ec) throw RpcError(RpcError::Kind::kMalformed, "reply is not JSON: " + ec.message());
  return reply;
}

boost::json::value RpcClient::Post(const std::string& body) {
  // Every URL once, then a few more rounds with a short pause: a provider
  // that drops or hangs on one request in a few should cost a retry, not the
  // whole pass. Answers from the node itself (kRpc) are not retried here.
  std::size_t attempts = urls_.size() + options_.extra_attempts;
  auto pause = std::chrono::milliseconds(100);
  for (std::size_t attempt = 0;; ++attempt) {
    try {
      return PostOnce(urls_[current_], body);
    } catch (const RpcError& e) {
      bool node_side =
          e.kind() == RpcError::Kind::kTransport || e.kind() == RpcError::Kind::kTimeout;
      if (!node_side || attempt + 1 >= attempts) throw;
      current_ = (current_ + 1) % urls_.size();
      if (attempt + 1 >= urls_.size()) {
        std::this_thread::sleep_for(pause);
        pause *= 2;
      }
    }
  }
}

boost::json::value RpcClient::Call(const std::string& method, boost::json::array params) {
  boost::json::object request{
      {"jsonrpc", "2.0"}, {"id", next_id_++}, {"method", method}, {"params", std::move(params)}};
  boost::json::value reply = Post(boost::json::serialize(request));
  return ResultOf(reply);
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
  boost::json::value reply = Post(boost::json::serialize(requests));
  const auto* answers = reply.if_array();
  if (!answers) {
    ResultOf(reply);  // a single error object for the whole batch
    throw RpcError(RpcError::Kind::kMalformed, "batch reply is not an array");
  }
  std::vector<boost::json::value> results(calls.size());
  std::vector<bool> seen(calls.size(), false);
  for (const auto& answer : *answers) {
    const auto* object = answer.if_object();
    const auto* id = object ? object->if_contains("id") : nullptr;
    if (!id || !id->is_int64())
      throw RpcError(RpcError::Kind::kMalformed, "batch answer without id");
    auto index = id->as_int64() - first_id;
    if (index < 0 || index >= static_cast<long>(calls.size())) {
      throw RpcError(RpcError::Kind::kMalformed, "batch answer with an unknown id");
    }
    results[static_cast<std::size_t>(index)] = ResultOf(answer);
    seen[static_cast<std::size_t>(index)] = true;
  }
  for (bool s : seen) {
    if (!s) throw RpcError(RpcError::Kind::kMalformed, "batch reply is missing answers");
  }
  return results;
}

}  // namespace payd::chain
