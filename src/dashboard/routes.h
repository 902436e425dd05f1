// Every route of the merchant dashboard (issue 18), registered on the HTTP
// router beside the API's and the payer's pages. The dashboard is one more
// client of domain/: its pages call the same operations as /api/v1 and the CLI.
//
//   GET/HEAD /dashboard            overview (signed in) or 303 to sign-in   overview_routes.cpp
//   GET/HEAD /dashboard/sign-in    the sign-in form                          sign_in_routes.cpp
//   POST     /dashboard/sign-in    address and password: 303 /dashboard      sign_in_routes.cpp
//   POST     /dashboard/sign-out   this session, or every one (everywhere=1) sign_in_routes.cpp
//   GET/HEAD /dashboard/link       a one-time link: the choose-a-password form  sign_in_routes.cpp
//   POST     /dashboard/link       the password chosen: signed in, 303       sign_in_routes.cpp
//   GET/POST /dashboard/sign-in/code   the second step: a TOTP or recovery code  sign_in_routes.cpp
//   GET      /dashboard/two-factor      one's own second factor: state, QR code
//   two_factor_routes.cpp POST     /dashboard/two-factor/start|confirm|recovery-codes|off
//   two_factor_routes.cpp GET      /dashboard/settings/people   owners: people, roles, two-factor
//   rule  people_routes.cpp POST     /dashboard/settings/people/invite|two-factor-rule
//   people_routes.cpp POST
//   /dashboard/settings/people/:id/role|disable|enable|sign-in-link|reset-two-factor any
//   /dashboard/<other>    the 404 page                              overview_routes.cpp
#pragma once

#include "dashboard/dashboard_context.h"
#include "http/router.h"

namespace payd::dashboard {

void AddSignInRoutes(http::Router& router, DashboardContext& dashboard);
void AddOverviewRoutes(http::Router& router, DashboardContext& dashboard);
void AddTwoFactorRoutes(http::Router& router, DashboardContext& dashboard);
void AddPeopleRoutes(http::Router& router, DashboardContext& dashboard);

inline void RegisterDashboardRoutes(http::Router& router, DashboardContext& dashboard) {
  AddSignInRoutes(router, dashboard);
  AddTwoFactorRoutes(router, dashboard);
  AddPeopleRoutes(router, dashboard);
  AddOverviewRoutes(router, dashboard);
}

}  // namespace payd::dashboard
