// `payd payout create|list|show|cancel`: the operator's side of payouts
// (domain/management/payouts.h), the same operations the API and the
// dashboard call, recorded in the audit log as `cli`. `create` reads the
// lines from a CSV file as the dashboard's upload does (domain/payouts/payout_csv.h).
#include <CLI/CLI.hpp>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/command_context.h"
#include "domain/error.h"
#include "domain/management/payouts.h"
#include "domain/payouts/payout_csv.h"
#include "domain/payouts/payout_view.h"

namespace payd::cli {

namespace {

struct PayoutFlags {
  std::string tenant;
  std::string id;
  std::string name;
  std::int64_t chain = 0;
  std::string token;
  std::string from;
  std::string csv;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw domain::Error(domain::ErrorKind::kInvalidRequest, "Cannot read " + path, "--csv");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void AddPayoutCreate(CLI::App& payout, CommandContext& ctx) {
  auto f = std::make_shared<PayoutFlags>();
  auto* create = payout.add_subcommand("create", "Prepare a payout from a CSV of its transfers");
  create->add_option("--tenant", f->tenant, "Tenant id")->required();
  create->add_option("--name", f->name, "What it is for")->required();
  create->add_option("--chain", f->chain, "Chain id")->required();
  create->add_option("--token", f->token, "Token symbol (USDC, ETH...)")->required();
  create->add_option("--from", f->from, "The payout address that sends; default: the only one");
  create
      ->add_option("--csv", f->csv,
                   "File of rows recipient,amount,reference (amounts in the token's decimals)")
      ->required();
  create->callback(Guarded([&ctx, f] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, f->tenant);
    domain::PayoutRequest request;
    request.name = f->name;
    request.chain_id = f->chain;
    request.token = f->token;
    if (!f->from.empty()) request.from = f->from;
    auto csv = domain::PayoutLinesFromCsv(ReadFile(f->csv), "--csv");
    auto made =
        WithFlagNames({{"chainId", "--chain"}, {"token", "--token"}, {"from", "--from"}}, [&] {
          return domain::CreatePayoutFromCsv(CliChange(*store, f->tenant), config.catalog, request,
                                             csv, "--csv");
        });
    ctx.Print(domain::PayoutView(*made.object));
  }));
}

[[noreturn]] void NoPayout(const std::string& id) {
  throw domain::Error(domain::ErrorKind::kNotFound, "No such payout: " + id, "PAYOUT_ID");
}

}  // namespace

void AddPayoutCommands(CLI::App& app, CommandContext& ctx) {
  auto* payout = app.add_subcommand("payout", "Pay anyone from a payout address, in batches");
  payout->require_subcommand(1);
  AddPayoutCreate(*payout, ctx);

  auto f = std::make_shared<PayoutFlags>();
  auto* list = payout->add_subcommand("list", "A tenant's payouts, newest first, without lines");
  list->add_option("--tenant", f->tenant, "Tenant id")->required();
  list->callback(Guarded([&ctx, f] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, f->tenant);
    boost::json::array out;
    for (const auto& p : store->ListPayouts(f->tenant, domain::PayoutQuery{1000, 0}))
      out.push_back(domain::PayoutSummaryView(p));
    ctx.Print(out);
  }));

  for (bool cancel : {false, true}) {
    auto g = std::make_shared<PayoutFlags>();
    auto* sub = payout->add_subcommand(
        cancel ? "cancel" : "show",
        cancel ? "Cancel a payout's transfers not yet sent" : "One payout with its transfers");
    sub->add_option("PAYOUT_ID", g->id, "Payout id (po_...)")->required();
    sub->add_option("--tenant", g->tenant, "Tenant id")->required();
    sub->callback(Guarded([&ctx, g, cancel] {
      auto [config, store] = ctx.Open();
      RequireTenant(*store, g->tenant);
      auto p = WithFlagNames({{"id", "PAYOUT_ID"}}, [&] {
        return cancel ? domain::CancelPayout(CliChange(*store, g->tenant), g->id)
                      : store->FindPayout(g->tenant, g->id);
      });
      if (!p) NoPayout(g->id);
      ctx.Print(domain::PayoutView(*p));
    }));
  }
}

}  // namespace payd::cli
