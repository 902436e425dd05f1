// The ledger against a real store (SQLite, and PostgreSQL when
// PAYD_TEST_DATABASE_URL names a server), fed chain updates by hand: the
// fixture of ledger_test.cpp and ledger_near_amount_test.cpp.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include "base/ids.h"
#include "chain_blocks.h"
#include "domain/ledger/ledger.h"
#include "domain/store.h"
#include "store_fixture.h"

namespace payd::testing {

constexpr const char* kUsdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
constexpr const char* kPayer = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

class LedgerTest : public testing::StoreTest {
 protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (IsSkipped()) return;
    domain::ChainInfo chain = catalog_.chains().front();
    chain.confirmations = {domain::ConfirmationPolicy::Kind::kBlocks, 3};
    ledger_catalog_ = domain::ChainCatalog({chain});
    ledger_ = std::make_unique<domain::Ledger>(
        *store_, ledger_catalog_, domain::Representation{ledger_catalog_, "http://payd.test"});
  }

  void SetConfirmations(unsigned blocks) {
    domain::ChainInfo chain = ledger_catalog_.chains().front();
    chain.confirmations.blocks = blocks;
    ledger_catalog_ = domain::ChainCatalog({chain});
  }

  // `hinted`: kPayer is its sender hint, proven by the wallet. Each test's
  // first intent at a price has the price plus one unit as its exact amount
  // (DECISIONS §5 rule 1): 5000001 for 5000000 asked.
  std::string CreateIntent(domain::Uint256 amount, base::TimeMs created, base::TimeMs expires,
                           bool hinted = false) {
    auto intent = UsdcIntent(amount, created, expires);
    intent.required_confirmations = "3";
    if (hinted) {
      intent.sender_hint = kPayer;
      intent.sender_hint_source = domain::HintSource::kWallet;
    }
    StoreIntent(intent);
    return intent.id;
  }

  domain::ObservedTransfer Transfer(domain::Uint256 amount, const std::string& tx,
                                    const domain::BlockHeader& block) {
    domain::ObservedTransfer t;
    t.chain_id = 31337;
    t.token_symbol = "USDC";
    t.token_address = kUsdc;
    t.decimals = 6;
    t.amount = amount;
    t.tx_hash = Hash(tx);
    t.position = "log:0";
    t.log_index = 0;
    t.block_number = block.number;
    t.block_hash = block.hash;
    t.block_time = block.time;
    t.sender = kPayer;
    t.recipient = integration_.payout_address;
    return t;
  }

  // One poll that saw `blocks` (ascending) after an optional rewind, with the
  // chain's head at the last of them.
  void Advance(std::vector<domain::BlockHeader> blocks,
               std::vector<domain::ObservedTransfer> transfers,
               std::optional<std::int64_t> rewind_to = std::nullopt) {
    domain::ChainUpdate u;
    u.chain_id = 31337;
    u.rewind_to = rewind_to;
    u.blocks = blocks;
    u.cursor = blocks.back();
    u.cursor_before = store_->LoadCursor(31337);  // as a watcher that leads alone
    u.head = {blocks.back().number, std::nullopt, std::nullopt, blocks.back().time};
    u.transfers = std::move(transfers);
    u.watched = store_->WatchedAddresses(31337, base::NowMs());
    ledger_->Advance(u, base::NowMs());
  }

  domain::PaymentIntent Intent(const std::string& id) {
    return *store_->FindIntent(tenant_.id, id);
  }
  // A second tenant whose integration watches the same payout address for USDC.
  domain::Tenant OtherTenantOnTheSameAddress() {
    domain::Tenant other{base::NewId("ten_"), "Other shop", 1};
    store_->InsertTenant(other, {other.id, "whsec_y", 1, std::nullopt});
    store_->InsertIntegration(domain::PrepareIntegration(catalog_,
                                                         {other.id,
                                                          "Web",
                                                          {31337},
                                                          {"USDC"},
                                                          integration_.payout_address,
                                                          {"https://other.example"},
                                                          std::nullopt,
                                                          false},
                                                         2));
    return other;
  }

  std::vector<domain::Payment> Payments() {
    return store_->ListPayments(tenant_.id, std::nullopt, 100, 0);
  }
  std::vector<std::string> EventTypes() {
    std::vector<std::string> out;
    auto events = store_->RecentEvents(tenant_.id, 100);
    for (auto it = events.rbegin(); it != events.rend(); ++it) out.push_back(it->type);
    return out;
  }

  domain::ChainCatalog ledger_catalog_;
  std::unique_ptr<domain::Ledger> ledger_;
};

}  // namespace payd::testing
