// Every route of the payer's pages, registered on the HTTP router beside the
// API's (api/routes.h). Each Add*Routes lives in the file of the same name.
//
//   GET/HEAD /pay/<plink_…>      link page (a GET counts a view)  pay_routes.cpp, link_page.cpp
//   POST     /pay/<plink_…>      link form: 303 to the intent     pay_routes.cpp, link_page.cpp
//   GET/HEAD /pay/<pi_…>         intent page, receipt once paid   pay_routes.cpp, intent_page.cpp
//   POST     /pay/<pi_…>/receipt the payer's "email me a receipt": 303 back  receipt_request.cpp
//   GET/HEAD /pay/<other>        404 page (JSON by Accept)        pay_routes.cpp, page_common.cpp
//   GET/POST /refund/<token>     the payer's refund page          refund_page.cpp
//   GET/HEAD /assets/<dir>/<file> web/<dir>/<file>                asset_routes.cpp
//   GET/HEAD /favicon.ico        web/img/favicon.ico              asset_routes.cpp
//   GET/HEAD /widget.js          web/js/widget.js                 asset_routes.cpp
//   GET/HEAD /sdk/payd.js, /sdk/payd.d.ts, /sdk/api-types.d.ts  asset_routes.cpp
//   GET/HEAD /openapi.json       docs/openapi.yaml as JSON         reference_routes.cpp
//   GET/HEAD /docs, /docs/redoc.standalone.js  the API reference (Redoc)  reference_routes.cpp
#pragma once

#include "http/router.h"
#include "pages/pages_context.h"

namespace payd::pages {

void AddPayRoutes(http::Router& router, PagesContext& pages);
void AddAssetRoutes(http::Router& router, PagesContext& pages);
void AddReferenceRoutes(http::Router& router, PagesContext& pages);
void AddRefundPageRoutes(http::Router& router, PagesContext& pages);

inline void RegisterPageRoutes(http::Router& router, PagesContext& pages) {
  AddPayRoutes(router, pages);
  AddAssetRoutes(router, pages);
  AddReferenceRoutes(router, pages);
  AddRefundPageRoutes(router, pages);
}

}  // namespace payd::pages
