#include "domain/management/payment_links.h"

#include <boost/json/serialize.hpp>

#include "domain/error.h"
#include "domain/store.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

namespace {

template <typename T>
boost::json::value OrNull(const std::optional<T>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

const char* ActionOf(const PaymentLinkPatch& patch, const PaymentLink& before) {
  PaymentLinkPatch others = patch;
  others.active.reset();
  bool was_active = before.status == "active";
  if (!others.Empty() || !patch.active || *patch.active == was_active) return "payment_link.update";
  return *patch.active ? "payment_link.reactivate" : "payment_link.deactivate";
}

}  // namespace

boost::json::object PaymentLinkView(const PaymentLink& link, const std::string& public_url) {
  return {
      {"id", link.id},
      {"type", link.type},
      {"name", link.name},
      {"amount", link.amount},
      {"denominationType", link.denomination_type},
      {"currency", link.currency},
      {"url", public_url + "/pay/" + link.id},
      {"status", link.status},
      {"views", link.views},
      {"payments", link.payments},
      {"createdAt", base::FormatTimestamp(link.created_at)},
      {"integrationId", link.integration_id},
      {"returnUrl", OrNull(link.return_url)},
      {"description", OrNull(link.description)},
      {"allowCustomAmount", link.allow_custom_amount},
      {"minAmount", OrNull(link.min_amount)},
  };
}

Creation<PaymentLink> CreatePaymentLink(const Change& change, const ChainCatalog& catalog,
                                        const std::string& public_url,
                                        const PaymentLinkRequest& request) {
  Require(change, Operation::kCreatePaymentLink);
  PaymentLink link =
      PreparePaymentLink(change.store, catalog, change.tenant_id, request, change.now);
  std::string view = boost::json::serialize(PaymentLinkView(link, public_url));
  return CreateOnce(change, {201, view}, link, [&](ManagementTx& tx) {
    tx.InsertPaymentLink(link);
    tx.InsertEvent(NewEvent(change.tenant_id, event_type::kPaymentLinkCreated, view, change.now));
    RecordChange(tx, change, "payment_link.create", link.id, std::nullopt, view);
  });
}

std::optional<PaymentLink> UpdatePaymentLink(const Change& change, const ChainCatalog& catalog,
                                             const std::string& public_url, const std::string& id,
                                             const PaymentLinkPatch& patch) {
  Require(change, Operation::kChangePaymentLink);
  std::optional<PaymentLink> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindPaymentLink(change.tenant_id, id);
    if (!out) return;
    const PaymentLink before = *out;
    auto integration = tx.FindIntegration(change.tenant_id, before.integration_id);
    if (!integration) throw Error(ErrorKind::kNotFound, Say("No such payment link: {1}", id));
    PaymentLinkRequest terms = RequestOf(before);
    if (patch.name) terms.name = *patch.name;
    if (patch.description) terms.description = *patch.description;
    if (patch.amount) terms.amount = *patch.amount;
    if (patch.currency) terms.currency = *patch.currency;
    if (patch.denomination_type) terms.denomination_type = *patch.denomination_type;
    if (patch.allow_custom_amount) terms.allow_custom_amount = *patch.allow_custom_amount;
    if (patch.min_amount) terms.min_amount = *patch.min_amount;
    if (patch.return_url) terms.return_url = *patch.return_url;
    PaymentLink after = CheckLinkTerms(catalog, *integration, terms);
    after.id = before.id;
    after.created_at = before.created_at;
    after.views = before.views;
    after.payments = before.payments;
    after.status = patch.active ? (*patch.active ? "active" : "inactive") : before.status;
    *out = after;
    tx.UpdatePaymentLink(after);
    RecordChange(tx, change, ActionOf(patch, before), id,
                 boost::json::serialize(PaymentLinkView(before, public_url)),
                 boost::json::serialize(PaymentLinkView(after, public_url)));
  });
  return out;
}

}  // namespace payd::domain
