// What the dashboard's handlers need from the rest of the process, handed
// over once by the composition root (cli/serve_command.cpp), like
// pages::PagesContext for the payer's pages. It outlives the server.
#pragma once

#include <string>

#include "domain/credentials.h"
#include "domain/session.h"
#include "domain/store.h"
#include "pages/assets.h"
#include "pages/templates.h"

namespace payd::dashboard {

struct DashboardContext {
  domain::Store& store;
  const pages::Assets& assets;
  const pages::Templates& templates;
  domain::Environment environment;
  domain::SessionPolicy sessions;
  std::string public_url = {};  // set once listening; an https one makes the cookie Secure
};

}  // namespace payd::dashboard
