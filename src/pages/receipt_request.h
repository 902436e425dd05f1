// The payer's "email me a receipt" on the payment page (issue 39 item 3,
// DECISIONS §18), shown while the intent waits for its payment when payd
// sends email: an optional address, posted to /pay/<pi_…>/receipt
// (Post/Redirect/Get, so it works without JavaScript and in the widget's
// frame alike), kept until the intent is paid and then deleted as its
// receipt is queued (EmailQueue::RequestReceipt). The page never shows the
// address again: anyone with the intent's link can open the page.
#pragma once

#include <boost/json/object.hpp>

#include "domain/intents/payment_intent.h"
#include "html/i18n.h"
#include "http/message.h"
#include "pages/pages_context.h"

namespace payd::pages {

// The form's part of the intent page's model: "receiptForm" (shown),
// "receiptNote" (what a request did, from ?receipt=), "receiptError".
void AddReceiptRequest(boost::json::object& model, const html::Catalog& t, const PagesContext& ctx,
                       const http::Request& req, const domain::PaymentIntent& intent);

// POST /pay/<pi_…>/receipt: `email` and `lang`; 303 back to the page
// (#receipt) saying what happened.
http::Response SubmitReceiptRequest(const http::Request& req, const PagesContext& ctx,
                                    const domain::PaymentIntent& intent);

}  // namespace payd::pages
