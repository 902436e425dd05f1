#include "domain/management/email_test.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "domain/email/address.h"
#include "domain/error.h"

namespace payd::domain {

std::string SendTestEmail(const Change& change) {
  Require(change, Operation::kSendTestEmail);
  if (!change.mailing) {
    ThrowInvalid("email",
                 "Email is off: the operator sets it up in the [email] table of payd's "
                 "configuration (see the operator guide).");
  }
  std::string account;
  if (auto tenant = change.store.FindTenant(change.tenant_id)) account = tenant->name;
  std::string id;
  change.store.WithManagement([&](ManagementTx& tx) {
    auto person = change.actor.role ? tx.FindUser(change.tenant_id, change.actor.id) : std::nullopt;
    if (!person)
      ThrowInvalid("email", "Only a person signed in to the dashboard gets a test email.");
    if (!IsMailAddress(person->email)) {
      ThrowInvalid("email", "Your address {1} cannot be sent email by payd.", person->email);
    }
    auto email = TestEmail(change.tenant_id, person->email, account,
                           person->name.empty() ? person->email : person->name, change.now);
    tx.QueueEmail(email);
    id = email.id;
    boost::json::object detail{{"to", person->email}, {"template", email.template_name}};
    RecordChange(tx, change, "email.test", email.id, std::nullopt, boost::json::serialize(detail));
  });
  return id;
}

}  // namespace payd::domain
