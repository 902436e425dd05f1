// A signed-in person's password, or a code from their authenticator app,
// typed again before a change that asks for it (domain::ConfirmPassword:
// checked and throttled as a sign-in is). Every page that asks says the same.
#pragma once

#include <optional>
#include <string>

#include "dashboard/dashboard_http.h"
#include "domain/people/password_proof.h"

namespace payd::dashboard {

struct Reconfirmed {
  std::optional<domain::PasswordProof> proof;  // set when it was right
  http::Status status = http::Status::bad_request;
  std::string message;  // why not, for the form's field
};

Reconfirmed Reconfirm(DashboardContext& ctx, const Visitor& visitor,
                      const http::RequestContext& rctx, const std::string& typed);

}  // namespace payd::dashboard
