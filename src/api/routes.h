// Every route payd serves, registered on the HTTP router. Start here to find
// where a request goes: each Add*Routes lives in the file of the same name.
//
//   GET  /healthz, /readyz                            health.cpp
//   GET  /public/integrations/:publicId (+ OPTIONS)   public_integrations.cpp
//   POST /public/integrations/:publicId/intent,
//   GET  /public/integrations/:publicId/intents/:id   public_intents.cpp
//   GET  /public/integrations/:publicId/intents/:id/events
//                                                     public_intent_events.cpp
//        (server-sent events: the payer view, live)
//   GET  /public/integrations/:publicId/intents/:id/sender-message,
//   POST /public/integrations/:publicId/intents/:id/sender-proof
//                                                     public_sender_proof.cpp
//   GET  /api/v1/payment-links[/:id], POST            payment_links.cpp
//   GET  /api/v1/payment-intents[/:id]                payment_intents.cpp
//   GET  /api/v1/payments[/:id]                       payment_intents.cpp
//   GET  /api/v1/events, /api/v1/webhooks             events.cpp
//   GET  /v1/payment_intents[/:id], /v1/payments[/:id] v1_reads.cpp
//   POST /v1/payment_intents                          v1_intents.cpp
//   /api/v1/webhook-endpoints[/:id][/test], /api/v1/webhooks/:id/redeliver,
//   POST /api/v1/webhook-secret/rotate, /v1/webhooks[/:id]
//                                                     webhook_endpoints.cpp
//   GET  /api/v1/audit-log                            audit_log.cpp
//   /api/v1/integrations[/:id]                        integrations.cpp
//   /api/v1/api-keys[/:id][/revoke|/rotate]           api_keys.cpp
//   POST /api/v1/payments/:id/attach, /api/v1/payment-intents/:id/resolve|sender-hint
//                                                     payment_exceptions.cpp
//   POST /v1/payment_intents/:id/cancel, /api/v1/payment-intents/:id/cancel
//                                                     intent_cancel.cpp
//   /api/v1/payments/:id/refunds, /api/v1/refunds[/:id][/cancel|/address-page|/safe-batch]
//                                                     refunds.cpp
//   /v1/refunds[/:id][/cancel]                        v1_refunds.cpp
#pragma once

#include "api/api_context.h"
#include "http/router.h"

namespace payd::api {

void AddHealthRoutes(http::Router& router, ApiContext& api);
void AddPublicIntegrationRoutes(http::Router& router, ApiContext& api);
void AddPaymentLinkRoutes(http::Router& router, ApiContext& api);
void AddPublicIntentRoutes(http::Router& router, ApiContext& api);
void AddPublicIntentEventRoutes(http::Router& router, ApiContext& api);
void AddSenderProofRoutes(http::Router& router, ApiContext& api);
void AddPaymentIntentRoutes(http::Router& router, ApiContext& api);
void AddEventRoutes(http::Router& router, ApiContext& api);
void AddV1ReadRoutes(http::Router& router, ApiContext& api);
void AddV1IntentRoutes(http::Router& router, ApiContext& api);
void AddWebhookEndpointRoutes(http::Router& router, ApiContext& api);
void AddAuditLogRoutes(http::Router& router, ApiContext& api);
void AddIntegrationRoutes(http::Router& router, ApiContext& api);
void AddApiKeyRoutes(http::Router& router, ApiContext& api);
void AddPaymentExceptionRoutes(http::Router& router, ApiContext& api);
void AddIntentCancelRoutes(http::Router& router, ApiContext& api);
void AddRefundRoutes(http::Router& router, ApiContext& api);
void AddPayoutRoutes(http::Router& router, ApiContext& api);
void AddV1RefundRoutes(http::Router& router, ApiContext& api);
void AddConversionRoutes(http::Router& router, ApiContext& api);

inline void RegisterRoutes(http::Router& router, ApiContext& api) {
  AddHealthRoutes(router, api);
  AddPublicIntegrationRoutes(router, api);
  AddPaymentLinkRoutes(router, api);
  AddPublicIntentRoutes(router, api);
  AddPublicIntentEventRoutes(router, api);
  AddSenderProofRoutes(router, api);
  AddPaymentIntentRoutes(router, api);
  AddEventRoutes(router, api);
  AddV1ReadRoutes(router, api);
  AddV1IntentRoutes(router, api);
  AddWebhookEndpointRoutes(router, api);
  AddAuditLogRoutes(router, api);
  AddIntegrationRoutes(router, api);
  AddApiKeyRoutes(router, api);
  AddPaymentExceptionRoutes(router, api);
  AddIntentCancelRoutes(router, api);
  AddRefundRoutes(router, api);
  AddPayoutRoutes(router, api);
  AddV1RefundRoutes(router, api);
  AddConversionRoutes(router, api);
}

}  // namespace payd::api
