// GET/HEAD/POST /pay/<plink_…>: a payment link's page. It shows the link's
// name, description and amount, an amount field when the payer chooses the
// amount, and the chains and tokens the integration takes; its form creates
// the intent through the same domain code as the public endpoint
// (domain::CreateKeylessIntent, which enforces the link's terms) and answers
// 303 to the intent page. A refusal shows the form again, status 400, with
// the GOV.UK error pattern (a summary linking to the field, inline messages).
#pragma once

#include "domain/integration.h"
#include "domain/links/payment_link.h"
#include "http/message.h"
#include "pages/pages_context.h"

namespace payd::pages {

http::Response LinkPage(const http::Request& req, http::RequestContext& rctx,
                        const PagesContext& ctx, const domain::PaymentLink& link,
                        const domain::Integration& integration);

// The link's public view as JSON (GET /pay/<plink_…> with Accept preferring
// JSON): what the widget needs to present it. Everything in it is on the
// page anyway; CORS admits the integration's allowed origins (and payd's own).
http::Response LinkJson(const http::Request& req, const PagesContext& ctx,
                        const domain::PaymentLink& link, const domain::Integration& integration);

http::Response SubmitLinkForm(const http::Request& req, http::RequestContext& rctx,
                              const PagesContext& ctx, const domain::PaymentLink& link,
                              const domain::Integration& integration);

}  // namespace payd::pages
