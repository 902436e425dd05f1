// `payd refund create|list|show|cancel|page`: the operator's side of refunds
// (domain/management/refunds.h), the same operations the API calls, recorded
// in the audit log as `cli`. A refund in a price currency needs the server's
// rate sources: the CLI refunds token units only (--amount), or all that is left.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/management/refunds.h"
#include "domain/money/pricing.h"
#include "domain/refunds/refund_view.h"

namespace payd::cli {

namespace {

struct RefundFlags {
  std::string tenant;
  std::string id;
  std::string amount;
  std::string reason = "requested_by_customer";
  std::string status;
  std::string payment;
};

void AddRefundCreate(CLI::App& refund, CommandContext& ctx) {
  auto f = std::make_shared<RefundFlags>();
  auto* create = refund.add_subcommand("create", "Refund a confirmed payment, in full or in part");
  create->add_option("PAYMENT_ID", f->id, "Payment id (pay_...)")->required();
  create->add_option("--tenant", f->tenant, "Tenant id")->required();
  create->add_option("--amount", f->amount, "Smallest token units; default: all that is left");
  create->add_option("--reason", f->reason,
                     "requested_by_customer, duplicate, fraudulent or other");
  create->callback(Guarded([&ctx, f] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, f->tenant);
    domain::StaticPrices rates;  // the CLI runs no rate source; it refunds token units
    domain::RefundRequest request;
    request.payment_id = f->id;
    if (!f->amount.empty()) request.amount = f->amount;
    request.reason = f->reason;
    auto made = WithFlagNames({{"id", "PAYMENT_ID"}}, [&] {
      return domain::CreateRefund(CliChange(*store, f->tenant), config.catalog, rates, request);
    });
    ctx.Print(domain::RefundView(*made.object));
  }));
}

void AddRefundById(
    CLI::App& refund, CommandContext& ctx, const char* name, const char* help,
    std::function<boost::json::value(CommandContext::Opened&, const RefundFlags&)> run) {
  auto f = std::make_shared<RefundFlags>();
  auto* sub = refund.add_subcommand(name, help);
  sub->add_option("REFUND_ID", f->id, "Refund id (re_...)")->required();
  sub->add_option("--tenant", f->tenant, "Tenant id")->required();
  sub->callback(Guarded([&ctx, f, run] {
    auto opened = ctx.Open();
    RequireTenant(*opened.store, f->tenant);
    auto out = WithFlagNames({{"id", "REFUND_ID"}}, [&] { return run(opened, *f); });
    ctx.Print(out);
  }));
}

[[noreturn]] void NoRefund(const std::string& id) {
  throw domain::Error(domain::ErrorKind::kNotFound, "No such refund: " + id, "REFUND_ID");
}

}  // namespace

void AddRefundCommands(CLI::App& app, CommandContext& ctx) {
  auto* refund = app.add_subcommand("refund", "Refund a tenant's payments (DECISIONS §15)");
  refund->require_subcommand(1);
  AddRefundCreate(*refund, ctx);

  auto f = std::make_shared<RefundFlags>();
  auto* list = refund->add_subcommand("list", "A tenant's refunds, newest first");
  list->add_option("--tenant", f->tenant, "Tenant id")->required();
  list->add_option("--status", f->status, "Only refunds in this status");
  list->add_option("--payment", f->payment, "Only the refunds of this payment (pay_...)");
  list->callback(Guarded([&ctx, f] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, f->tenant);
    domain::RefundQuery query;
    query.limit = 1000;
    if (!f->status.empty()) {
      query.status = domain::ParseRefundStatus(f->status);
      if (!query.status)
        throw domain::Error(domain::ErrorKind::kInvalidRequest, "No such status: " + f->status,
                            "status");
    }
    if (!f->payment.empty()) query.payment_id = f->payment;
    boost::json::array out;
    for (const auto& r : store->ListRefunds(f->tenant, query)) out.push_back(domain::RefundView(r));
    ctx.Print(out);
  }));

  AddRefundById(*refund, ctx, "show", "One refund", [](auto& opened, const RefundFlags& flags) {
    auto r = opened.store->FindRefund(flags.tenant, flags.id);
    if (!r) NoRefund(flags.id);
    return boost::json::value(domain::RefundView(*r));
  });
  AddRefundById(*refund, ctx, "cancel", "Cancel a refund whose transfer is not on chain",
                [](auto& opened, const RefundFlags& flags) {
                  auto r = domain::CancelRefund(CliChange(*opened.store, flags.tenant), flags.id);
                  if (!r) NoRefund(flags.id);
                  return boost::json::value(domain::RefundView(*r));
                });
  AddRefundById(*refund, ctx, "page", "A new link to the payer's refund page (shown once)",
                [](auto& opened, const RefundFlags& flags) {
                  auto page =
                      domain::NewRefundPage(CliChange(*opened.store, flags.tenant), flags.id);
                  if (!page) NoRefund(flags.id);
                  return boost::json::value(boost::json::object{
                      {"url", PublicUrlOf(opened.config) + domain::RefundPagePath(page->token)},
                      {"expiresAt", base::FormatTimestamp(*page->refund.page_expires_at)}});
                });
}

}  // namespace payd::cli
