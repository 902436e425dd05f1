#include "webhooks/http_post.h"

#include <curl/curl.h>

namespace payd::webhooks {

namespace {

std::size_t Discard(char*, std::size_t size, std::size_t count, void*) {
  return size * count;
}

bool IsIpLiteral(const std::string& host) {
  boost::system::error_code ec;
  boost::asio::ip::make_address(host, ec);
  return !ec;
}

// "host:port:addr1,[addr6]" for CURLOPT_RESOLVE.
std::string Pin(const Target& target) {
  std::string pin = target.host + ":" + std::to_string(target.port) + ":";
  for (std::size_t i = 0; i < target.addresses.size(); ++i) {
    bool v6 = target.addresses[i].find(':') != std::string::npos;
    pin += (i ? "," : "") + (v6 ? "[" + target.addresses[i] + "]" : target.addresses[i]);
  }
  return pin;
}

}  // namespace

domain::AttemptOutcome PostWebhook(void* handle, const std::string& url, const Target& target,
                                   const std::vector<std::string>& headers, const std::string& body,
                                   std::chrono::milliseconds timeout) {
  CURL* curl = static_cast<CURL*>(handle);
  domain::AttemptOutcome outcome;
  curl_easy_reset(curl);
  curl_slist* header_list = nullptr;
  for (const auto& h : headers) header_list = curl_slist_append(header_list, h.c_str());
  curl_slist* resolve = nullptr;
  if (!IsIpLiteral(target.host)) {
    resolve = curl_slist_append(nullptr, Pin(target).c_str());
    curl_easy_setopt(curl, CURLOPT_RESOLVE, resolve);
  }
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  // An empty proxy disables the *_proxy environment variables; NOPROXY "*"
  // says the same to any later default.
  curl_easy_setopt(curl, CURLOPT_PROXY, "");
  curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, header_list);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Discard);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout.count()));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  CURLcode rc = curl_easy_perform(curl);
  if (rc == CURLE_OK) {
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    outcome.http_status = static_cast<int>(status);
    curl_off_t retry_after = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK &&
        retry_after > 0) {
      outcome.retry_after_s = static_cast<long long>(retry_after);
    }
    if (status < 200 || status >= 300) outcome.error = "HTTP " + std::to_string(status);
  } else {
    outcome.error = curl_easy_strerror(rc);
  }
  curl_slist_free_all(header_list);
  curl_slist_free_all(resolve);
  return outcome;
}

}  // namespace payd::webhooks
