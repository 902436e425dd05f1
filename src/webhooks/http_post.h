// One webhook POST with libcurl, connected only to the addresses the target
// guard approved (the name is pinned with CURLOPT_RESOLVE), never through a
// proxy named in the environment (a proxy resolves the name itself and
// reaches whatever it points to), no redirects, TLS verified, bounded in time.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "domain/webhooks/delivery_rules.h"
#include "webhooks/target_guard.h"

namespace payd::webhooks {

// `curl` is an easy handle owned by the calling worker; it is reset here, so
// its connection cache survives from one delivery to the next.
domain::AttemptOutcome PostWebhook(void* curl, const std::string& url, const Target& target,
                                   const std::vector<std::string>& headers, const std::string& body,
                                   std::chrono::milliseconds timeout);

}  // namespace payd::webhooks
