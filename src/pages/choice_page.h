// GET/POST /pay/<pi_…> for an intent asked on /v1 (DECISIONS §12): the payer
// chooses the chain and token among the options the merchant allowed, and the
// form records the choice (domain::ChooseOption, which reserves the exact
// amount) and answers 303 to the intent page. While nothing is seen on chain
// the payer may come back (?choose=1, linked from the intent page) and choose
// again. Plain HTML: it works without a script.
#pragma once

#include "domain/intents/payment_intent.h"
#include "http/message.h"
#include "pages/pages_context.h"

namespace payd::pages {

// Whether GET /pay/<id> shows the choice rather than the intent page: an
// asked intent not chosen yet, or one whose payer asked to choose again while
// it still takes a choice.
bool ShowsChoice(const http::Request& req, const domain::PaymentIntent& intent);

http::Response ChoicePage(const http::Request& req, http::RequestContext& rctx,
                          const PagesContext& ctx, const domain::PaymentIntent& intent);

http::Response SubmitChoice(const http::Request& req, http::RequestContext& rctx,
                            const PagesContext& ctx, const domain::PaymentIntent& intent);

}  // namespace payd::pages
