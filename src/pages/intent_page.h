// GET/HEAD /pay/<pi_…>: one payment intent, to pay and to follow; once paid,
// its receipt (printable, stable URL). Rendered whole on the server, so it
// reads with JavaScript off; web/js/checkout.js adds copy buttons, live state
// and wallets on top of the DOM contract (/work/issue9-contract.md) it renders.
#pragma once

#include <span>
#include <string_view>

#include "http/message.h"
#include "pages/pages_context.h"

namespace payd::pages {

// The catalog keys of the intent page's status sentences it also hands its
// script (payd-messages), which says them itself when it cannot fetch the
// page's new rendering: every language must have each of them.
std::span<const std::string_view> ScriptStatusKeys();

http::Response IntentPage(const http::Request& req, http::RequestContext& rctx,
                          const PagesContext& ctx, const domain::PaymentIntent& intent);

}  // namespace payd::pages
