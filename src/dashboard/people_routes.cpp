// Settings > People (routes.h), for owners: who may sign in to this account
// and with which role; invitations by one-time link; disabling (their
// sessions end at once, and the keys they made are revoked unless the owner
// unticks it); each person's keys; a new sign-in link for a forgotten password;
// and the rule that everyone must have two factors. A lost phone's second
// factor is the operator's to remove (`payd user reset-two-factor`), not an
// owner's: with it and a reset link, an owner could take over a colleague's
// account. Every change is domain/management/users.h or two_factor.h, the
// same operations as `payd user`, audited with the owner's id.
#include <map>

#include "dashboard/dashboard_http.h"
#include "dashboard/routes.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr std::string_view kPeopleHome = "/dashboard/settings/people";
const Gate kOwners{domain::Permission::kPeople};

boost::json::array RoleOptions(domain::Role selected) {
  boost::json::array out;
  for (auto role : {domain::Role::kOwner, domain::Role::kAdmin, domain::Role::kDeveloper,
                    domain::Role::kViewer}) {
    out.push_back({{"value", domain::RoleName(role)}, {"selected", role == selected}});
  }
  return out;
}

// What the invitation form had typed in it, when it comes back with errors.
struct TypedPerson {
  std::string email, name, role = "viewer";
};

http::Response PeoplePage(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                          http::Status status, const TypedPerson& typed,
                          const boost::json::array& errors) {
  boost::json::object model = PageModel(ctx, html::Translatable("People"), &visitor);
  model["navSettings"] = true;
  model["subPeople"] = true;
  // The keys each person made that still work: disabling offers to revoke them.
  base::TimeMs now = base::NowMs();
  std::map<std::string, boost::json::array> keys_by_maker;
  for (const auto& key : ctx.store.ListApiKeys(visitor.current.user.tenant_id)) {
    if (!key.created_by || !domain::KeyUsable(key, now)) continue;
    keys_by_maker[*key.created_by].push_back(
        {{"id", key.id}, {"name", key.name}, {"prefix", key.prefix}, {"last4", key.last4}});
  }
  boost::json::array people;
  const auto everyone = ctx.store.ListUsers(visitor.current.user.tenant_id);
  for (const auto& user : everyone) {
    boost::json::object person = domain::UserView(user);
    boost::json::array keys = std::move(keys_by_maker[user.id]);
    person["keyCount"] = keys.size();
    person["hasKeys"] = !keys.empty();
    person["keys"] = std::move(keys);
    auto factor = ctx.store.FindSecondFactor(user.id);
    person["twoFactor"] = factor && factor->enabled_at;
    person["disabled"] = user.disabled_at.has_value();
    person["you"] = user.id == visitor.current.user.id;
    person["roles"] = RoleOptions(user.role);
    // Never offered what would be refused: the account keeps an owner who can sign in.
    person["lastOwner"] = domain::IsLastActiveOwner(user, everyone);
    // A refused change to this person is said on their card (ToPerson).
    for (const auto& e : errors) {
      if (e.as_object().at("field").as_string() == "person-" + user.id) {
        person["error"] = e.as_object().at("message");
      }
    }
    people.push_back(std::move(person));
  }
  model["people"] = std::move(people);
  model["required"] = ctx.store.TenantRequiresTwoFactor(visitor.current.user.tenant_id);
  model["inviteEmail"] = typed.email;
  model["inviteName"] = typed.name;
  model["inviteRoles"] = RoleOptions(domain::ParseRole(typed.role).value_or(domain::Role::kViewer));
  AddErrors(model, errors);
  return Page(req, ctx, status, "people", model);
}

auto RedrawPeople(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                  TypedPerson typed = {}) {
  return [&req, &ctx, &visitor, typed](const boost::json::array& errors) {
    return PeoplePage(req, ctx, visitor, http::Status::bad_request, typed, errors);
  };
}

// The page that shows a one-time link, this once, for the owner to pass on;
// or, when it went by email, says so without showing it.
http::Response LinkShown(const http::Request& req, DashboardContext& ctx, const Visitor& visitor,
                         const domain::User& user, const domain::IssuedLink& link) {
  bool welcome = link.link.purpose == domain::LinkPurpose::kWelcome;
  const char* title = link.emailed ? (welcome ? html::Translatable("Invitation sent")
                                              : html::Translatable("Sign-in link sent"))
                                   : (welcome ? html::Translatable("Invitation ready")
                                              : html::Translatable("Sign-in link ready"));
  boost::json::object model = PageModel(ctx, title, &visitor);
  model["navSettings"] = true;
  model["subPeople"] = true;
  model["welcome"] = welcome;
  model["emailed"] = link.emailed;
  model["person"] = domain::UserView(user);
  if (!link.emailed) model["url"] = ctx.public_url + domain::SignInLinkPath(link.token);
  model["expiresAt"] = base::FormatTimestamp(link.link.expires_at);
  return Page(req, ctx, http::Status::ok, "person_link", model);
}

http::Response Invite(const http::Request& req, DashboardContext& ctx, const Visitor& v) {
  TypedPerson typed{http::FormValue(req.body(), "email"), http::FormValue(req.body(), "name"),
                    http::FormValue(req.body(), "role")};
  return OrFieldError(
      [&] {
        domain::Change change = ChangeBy(ctx, v);
        auto created = domain::CreateUser(change, {typed.email, typed.name, typed.role, {}});
        auto link =
            domain::IssueSignInLink(change, created.object->id, domain::LinkPurpose::kWelcome);
        return LinkShown(req, ctx, v, *created.object, *link);
      },
      RedrawPeople(req, ctx, v, typed));
}

// A change to one person of the tenant: another tenant's id is not found.
template <typename Fn>
SignedInHandler ToPerson(DashboardContext& ctx, Fn fn) {
  return [&ctx, fn](const http::Request& req, http::RequestContext& rctx, const Visitor& v) {
    auto user = ctx.store.FindUser(v.current.user.tenant_id, std::string(rctx.Param("id")));
    if (!user) return NotFoundPage(req, ctx, &v);
    return OrFieldError([&] { return fn(req, v, *user); },
                        [&](boost::json::array errors) {
                          for (auto& e : errors) e.as_object()["field"] = "person-" + user->id;
                          return RedrawPeople(req, ctx, v)(errors);
                        });
  };
}

}  // namespace

void AddPeopleRoutes(http::Router& router, DashboardContext& ctx) {
  const std::string home(kPeopleHome);
  AddSignedInRoute(router, http::Verb::get, home, ctx, kOwners,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return PeoplePage(req, ctx, v, http::Status::ok, {}, {});
                   });
  AddSignedInRoute(router, http::Verb::post, home + "/invite", ctx, kOwners,
                   [&ctx](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     return Invite(req, ctx, v);
                   });
  AddSignedInRoute(router, http::Verb::post, home + "/two-factor-rule", ctx, kOwners,
                   [&ctx, home](const http::Request& req, http::RequestContext&, const Visitor& v) {
                     bool required = http::FormValue(req.body(), "required") == "1";
                     return OrFieldError(
                         [&] {
                           domain::RequireTwoFactor(ChangeBy(ctx, v), v.current.user, required);
                           return Redirect(req, home);
                         },
                         RedrawPeople(req, ctx, v));
                   });
  AddSignedInRoute(router, http::Verb::post, home + "/:id/role", ctx, kOwners,
                   ToPerson(ctx, [&ctx, home](const http::Request& req, const Visitor& v,
                                              const domain::User& user) {
                     domain::UserPatch patch;
                     patch.role = http::FormValue(req.body(), "role");
                     domain::UpdateUser(ChangeBy(ctx, v), user.id, patch);
                     return Redirect(req, home);
                   }));
  for (bool disable : {true, false}) {
    AddSignedInRoute(router, http::Verb::post, home + (disable ? "/:id/disable" : "/:id/enable"),
                     ctx, kOwners,
                     ToPerson(ctx, [&ctx, home, disable](const http::Request& req, const Visitor& v,
                                                         const domain::User& user) {
                       domain::UserPatch patch;
                       patch.disabled = disable;
                       // The form offers revoking their keys, ticked by default;
                       // unticked, the keys keep working.
                       patch.keep_keys = http::FormValue(req.body(), "keysOffered") == "1" &&
                                         http::FormValue(req.body(), "revokeKeys") != "1";
                       domain::UpdateUser(ChangeBy(ctx, v), user.id, patch);
                       return Redirect(req, home);
                     }));
  }
  AddSignedInRoute(
      router, http::Verb::post, home + "/:id/sign-in-link", ctx, kOwners,
      ToPerson(ctx, [&ctx](const http::Request& req, const Visitor& v, const domain::User& user) {
        auto purpose =
            user.password_hash ? domain::LinkPurpose::kReset : domain::LinkPurpose::kWelcome;
        auto link = domain::IssueSignInLink(ChangeBy(ctx, v), user.id, purpose);
        return LinkShown(req, ctx, v, user, *link);
      }));
}

}  // namespace payd::dashboard
