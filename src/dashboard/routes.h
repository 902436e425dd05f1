// Every route of the merchant dashboard (issue 18), registered on the HTTP
// router beside the API's and the payer's pages. The dashboard is one more
// client of domain/: its pages call the same operations as /api/v1 and the CLI.
// Each signed-in route goes through AddSignedInRoute (dashboard_http.h).
//
// sign_in_routes.cpp     /dashboard/sign-in (GET, POST), /sign-in/code (GET, POST),
//                        /sign-out (POST), /link (GET, POST: a one-time link)
// two_factor_routes.cpp  /dashboard/two-factor (GET), /two-factor/start|confirm|
//                        recovery-codes|off (POST)
// people_routes.cpp      /dashboard/settings/people (GET), /invite, /two-factor-rule,
//                        /:id/role|disable|enable|sign-in-link|reset-two-factor (POST)
// payments_routes.cpp    /dashboard/payments (GET, filters), /payments/export.csv (GET),
//                        /transfers/:id/attach (POST), /live (GET: server-sent events)
// intent_routes.cpp      /dashboard/payments/:id (GET), /:id/resolve|sender-hint (POST)
// api_key_routes.cpp     /dashboard/settings/api-keys[/integration-keys] (GET, POST),
//                        /api-keys/:id/revoke|rotate (POST)
// general_settings_routes.cpp  /dashboard/settings/general (GET), /general/account-keys
//                        [/:id/rotate|revoke], /general/webhook-secret/reveal|rotate,
//                        /general/test-email (POST)
// notification_routes.cpp /dashboard/settings/notifications (GET, POST), and the
//                        messages' one-click /dashboard/unsubscribe (GET, POST)
// preferences_routes.cpp /dashboard/settings/preferences (GET, POST): language, time zone
// webhook_routes.cpp     /dashboard/webhooks...
// event_audit_routes.cpp /dashboard/events, /dashboard/audit-log (GET)
// link_routes.cpp        /dashboard/links[/new|/:id[/edit|/deactivate|/activate]]
// integration_routes.cpp /dashboard/integrations[/new|/:id[/edit|/disable|/enable]]
// refund_routes.cpp      /dashboard/refunds[/:id[/safe-batch.json|/address-page|/cancel]],
//                        /dashboard/transfers/:id/refund (GET, POST)
// overview_routes.cpp    /dashboard (GET), and the 404 page for any other /dashboard path
#pragma once

#include "dashboard/dashboard_context.h"
#include "http/router.h"

namespace payd::dashboard {

void AddSignInRoutes(http::Router& router, DashboardContext& dashboard);
void AddOverviewRoutes(http::Router& router, DashboardContext& dashboard);
void AddTwoFactorRoutes(http::Router& router, DashboardContext& dashboard);
void AddPeopleRoutes(http::Router& router, DashboardContext& dashboard);
void AddPaymentsRoutes(http::Router& router, DashboardContext& dashboard);
void AddIntentRoutes(http::Router& router, DashboardContext& dashboard);
void AddApiKeyRoutes(http::Router& router, DashboardContext& dashboard);
void AddGeneralSettingsRoutes(http::Router& router, DashboardContext& dashboard);
void AddWebhookRoutes(http::Router& router, DashboardContext& dashboard);
void AddEventAndAuditRoutes(http::Router& router, DashboardContext& dashboard);
void AddLinkRoutes(http::Router& router, DashboardContext& dashboard);
void AddIntegrationRoutes(http::Router& router, DashboardContext& dashboard);
void AddRefundRoutes(http::Router& router, DashboardContext& dashboard);
void AddPayoutRoutes(http::Router& router, DashboardContext& dashboard);
void AddNotificationRoutes(http::Router& router, DashboardContext& dashboard);
void AddPreferencesRoutes(http::Router& router, DashboardContext& dashboard);

inline void RegisterDashboardRoutes(http::Router& router, DashboardContext& dashboard) {
  AddSignInRoutes(router, dashboard);
  AddTwoFactorRoutes(router, dashboard);
  AddPeopleRoutes(router, dashboard);
  AddPaymentsRoutes(router, dashboard);  // before the intents': /payments/export.csv is no id
  AddRefundRoutes(router, dashboard);
  AddPayoutRoutes(router, dashboard);
  AddIntentRoutes(router, dashboard);
  AddApiKeyRoutes(router, dashboard);
  AddGeneralSettingsRoutes(router, dashboard);
  AddNotificationRoutes(router, dashboard);
  AddPreferencesRoutes(router, dashboard);
  AddWebhookRoutes(router, dashboard);
  AddEventAndAuditRoutes(router, dashboard);
  AddLinkRoutes(router, dashboard);
  AddIntegrationRoutes(router, dashboard);
  AddOverviewRoutes(router, dashboard);
}

}  // namespace payd::dashboard
