#include "rates/https_get.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>

namespace payd::rates {

namespace {

// Collects the body up to kHttpsGetMaxBytes; past it, tells curl to abort.
struct HttpsGetSink {
  std::string body;
  bool over = false;
};

std::size_t HttpsGetAppend(char* data, std::size_t size, std::size_t count, void* out) {
  auto* sink = static_cast<HttpsGetSink*>(out);
  std::size_t n = size * count;
  if (sink->body.size() + n > kHttpsGetMaxBytes) {
    sink->over = true;
    return 0;  // CURLE_WRITE_ERROR
  }
  // No exception may unwind through curl's C frames.
  try {
    sink->body.append(data, n);
  } catch (...) {
    return 0;
  }
  return n;
}

constexpr long kHttpsGetConnectTimeoutMs = 5000;

struct HttpsGetCurlFree {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};

}  // namespace

FetchResult HttpsGet(const std::string& url, const HttpsGetOptions& opts) {
  FetchResult result;
  try {
    static std::once_flag init;
    std::call_once(init, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    std::unique_ptr<CURL, HttpsGetCurlFree> handle(curl_easy_init());
    if (!handle) {
      result.problem = "curl_easy_init failed";
      return result;
    }
    CURL* curl = handle.get();
    HttpsGetSink sink;
    char error[CURL_ERROR_SIZE] = {};
    const char* protocols = opts.allow_http ? "http,https" : "https";
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, protocols);
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, protocols);
    // A redirect is a problem to show the operator, not a place to go: the
    // configured URL is the one trusted.
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "payd/" PAYD_VERSION);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, HttpsGetAppend);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    // A Content-Length over the cap is refused before the body comes.
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(kHttpsGetMaxBytes));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(opts.timeout.count()));
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, kHttpsGetConnectTimeoutMs);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (!opts.ca_file.empty()) curl_easy_setopt(curl, CURLOPT_CAINFO, opts.ca_file.c_str());
    CURLcode rc = curl_easy_perform(curl);
    if (sink.over || rc == CURLE_FILESIZE_EXCEEDED) {
      result.problem = "the reply is larger than " + std::to_string(kHttpsGetMaxBytes) + " bytes";
      return result;
    }
    if (rc == CURLE_OPERATION_TIMEDOUT) {
      curl_off_t connected_us = 0;
      curl_easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connected_us);
      result.problem =
          connected_us == 0
              ? "no connection within " +
                    std::to_string(
                        std::min<long long>(kHttpsGetConnectTimeoutMs, opts.timeout.count())) +
                    " ms"
              : "no complete answer within " + std::to_string(opts.timeout.count()) + " ms";
      return result;
    }
    if (rc != CURLE_OK) {
      // curl's own words for this transfer ("Failed to connect to ... port 443 after 5001
      // ms: ..."), or its code's.
      result.problem = error[0] != '\0' ? std::string(error) : curl_easy_strerror(rc);
      while (!result.problem.empty() &&
             std::isspace(static_cast<unsigned char>(result.problem.back())))
        result.problem.pop_back();
      return result;
    }
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (status != 200) {
      result.problem = "HTTP " + std::to_string(status);
      return result;
    }
    result.body = std::move(sink.body);
  } catch (const std::exception& e) {
    result.body.reset();
    result.problem = e.what();
  }
  return result;
}

}  // namespace payd::rates
