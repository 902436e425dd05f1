// `payd user create|list|role|disable|enable|reset|reset-two-factor`: the operator's side of
// the people operations (domain/management/users.h), the ones the dashboard's
// Settings > People uses, recorded in the audit log as `cli`. A person gets a
// one-time link to choose their password (/dashboard/link), or the operator
// gives it on standard input, never on the command line (which shells keep
// in their history and every user of the machine can read in ps).
#include <CLI/CLI.hpp>
#include <boost/json/array.hpp>
#include <iostream>

#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"

namespace payd::cli {

namespace {

// One line of standard input, without its line ending.
std::string ReadPasswordLine() {
  std::string line;
  if (!std::getline(std::cin, line)) {
    domain::ThrowInvalid("password-stdin", "no password on standard input");
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

// The user an operator names by address.
domain::User FindByEmail(domain::Store& store, const std::string& text) {
  auto user = store.FindUserByEmail(domain::CheckEmail(text));
  if (!user) throw domain::Error(domain::ErrorKind::kNotFound, "No such user: " + text, "EMAIL");
  return *user;
}

// The user's view with a new one-time sign-in link (shown once).
boost::json::object WithLink(const config::Config& config, domain::Store& store,
                             const domain::User& user, domain::LinkPurpose purpose) {
  auto issued = domain::IssueSignInLink(CliChange(store, user.tenant_id), user.id, purpose);
  boost::json::object view = domain::UserView(user);
  view["signInUrl"] = PublicUrlOf(config) + domain::SignInLinkPath(issued->token);
  view["signInUrlExpiresAt"] = base::FormatTimestamp(issued->link.expires_at);
  return view;
}

template <typename Fn>
auto WithUserFlags(Fn&& fn) {
  return WithFlagNames({{"password", "password-stdin"}}, std::forward<Fn>(fn));
}

void AddUserCreate(CLI::App& user, CommandContext& ctx) {
  auto* create = user.add_subcommand(
      "create", "Add a person to a tenant (with --password-stdin, the password they sign in with)");
  auto req = std::make_shared<domain::UserRequest>();
  auto tenant = std::make_shared<std::string>();
  auto from_stdin = std::make_shared<bool>(false);
  create->add_option("--tenant", *tenant, "Tenant id (ten_...)")->required();
  create->add_option("--email", req->email, "Their sign-in address")->required();
  create->add_option("--role", req->role, "owner, admin, developer or viewer")->required();
  create->add_option("--name", req->name, "Display name (default: the address's local part)");
  create->add_flag("--password-stdin", *from_stdin, "Read their password from standard input");
  create->callback(Guarded([&ctx, req, tenant, from_stdin] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, *tenant);
    if (*from_stdin) req->password = ReadPasswordLine();
    auto made = WithUserFlags([&] { return domain::CreateUser(CliChange(*store, *tenant), *req); });
    // Without a password, the link they choose one with.
    ctx.Print(req->password
                  ? domain::UserView(*made.object)
                  : WithLink(config, *store, *made.object, domain::LinkPurpose::kWelcome));
  }));
}

// `role`, `disable` and `enable`: one change to the user named by address.
void AddPatch(CLI::App& user, CommandContext& ctx, const char* name, const char* help,
              std::function<void(CLI::App&, domain::UserPatch&)> options) {
  auto* sub = user.add_subcommand(name, help);
  auto email = std::make_shared<std::string>();
  auto patch = std::make_shared<domain::UserPatch>();
  sub->add_option("EMAIL", *email, "The user's address")->required();
  options(*sub, *patch);
  sub->callback(Guarded([&ctx, email, patch] {
    auto [config, store] = ctx.Open();
    domain::User found = FindByEmail(*store, *email);
    ctx.Print(domain::UserView(
        *domain::UpdateUser(CliChange(*store, found.tenant_id), found.id, *patch)));
  }));
}

void AddReset(CLI::App& user, CommandContext& ctx) {
  auto* reset = user.add_subcommand(
      "reset", "A one-time link to choose a new password (or, --password-stdin, set it now)");
  auto email = std::make_shared<std::string>();
  auto from_stdin = std::make_shared<bool>(false);
  reset->add_option("EMAIL", *email, "The user's address")->required();
  reset->add_flag("--password-stdin", *from_stdin, "Read the new password from standard input");
  reset->callback(Guarded([&ctx, email, from_stdin] {
    auto [config, store] = ctx.Open();
    domain::User found = FindByEmail(*store, *email);
    if (!*from_stdin) {
      ctx.Print(WithLink(config, *store, found, domain::LinkPurpose::kReset));
      return;
    }
    std::string password = ReadPasswordLine();
    auto updated = WithUserFlags([&] {
      return domain::SetUserPassword(CliChange(*store, found.tenant_id), found.id, password);
    });
    ctx.Print(domain::UserView(*updated));
  }));
}

// A lost phone: only the operator removes another person's second factor.
void AddResetTwoFactor(CLI::App& user, CommandContext& ctx) {
  auto* sub = user.add_subcommand(
      "reset-two-factor", "Remove a person's second factor (a lost phone); their sessions end");
  auto email = std::make_shared<std::string>();
  sub->add_option("EMAIL", *email, "The user's address")->required();
  sub->callback(Guarded([&ctx, email] {
    auto [config, store] = ctx.Open();
    domain::User found = FindByEmail(*store, *email);
    domain::TurnOffTwoFactor(CliChange(*store, found.tenant_id), found);
    ctx.Print(domain::UserView(found));
  }));
}

}  // namespace

void AddUserCommands(CLI::App& app, CommandContext& ctx) {
  auto* user = app.add_subcommand("user", "Manage the people who sign in to the dashboard");
  user->require_subcommand(1);
  AddUserCreate(*user, ctx);
  AddTenantList(*user, ctx, "List a tenant's users", [](domain::Store& store, const auto& tenant) {
    boost::json::array out;
    for (const auto& u : store.ListUsers(tenant)) out.push_back(domain::UserView(u));
    return out;
  });
  AddPatch(*user, ctx, "role", "Give a user another role",
           [](CLI::App& sub, domain::UserPatch& patch) {
             sub.add_option_function<std::string>(
                    "--role", [&patch](const std::string& v) { patch.role = v; },
                    "owner, admin, developer or viewer")
                 ->required();
           });
  AddPatch(*user, ctx, "disable", "Stop a user signing in and revoke the keys they made",
           [](CLI::App& sub, domain::UserPatch& p) {
             p.disabled = true;
             sub.add_flag("--keep-keys", p.keep_keys, "Leave the keys they made working");
           });
  AddPatch(*user, ctx, "enable", "Let a disabled user sign in again",
           [](CLI::App&, domain::UserPatch& p) { p.disabled = false; });
  AddReset(*user, ctx);
  AddResetTwoFactor(*user, ctx);
}

}  // namespace payd::cli
