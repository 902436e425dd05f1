// A fresh SQLite store in a temporary directory, with one tenant and one
// integration, for tests of domain rules that need persistence.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "base/ids.h"
#include "domain/event.h"
#include "domain/integration.h"
#include "domain/payment_intent.h"
#include "store/sqlite/sqlite_store.h"

namespace payd::testing {

inline domain::ChainCatalog TestCatalog() {
  domain::ChainInfo chain;
  chain.id = 31337;
  chain.name = "Localnet";
  chain.rpc_urls = {"http://127.0.0.1:8545"};
  chain.native = {"ETH", "Ether", std::nullopt, 18, false, std::nullopt, std::string("3000")};
  chain.tokens.push_back({"USDC", "USD Coin",
                          std::string("0x5FbDB2315678afecb367f032d93F642f64180aa3"), 6, true,
                          std::nullopt, std::nullopt});
  return domain::ChainCatalog({chain});
}

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / base::NewId("payd-test-");
    std::filesystem::create_directories(dir_);
    store_ = std::make_unique<store::sqlite::SqliteStore>(dir_.string());
    store_->Migrate();
    tenant_ = {base::NewId("ten_"), "Shop", 1};
    store_->InsertTenant(tenant_, {tenant_.id, "whsec_x", 1, std::nullopt});
    domain::IntegrationRequest req{tenant_.id,
                                   "Web",
                                   {31337},
                                   {"USDC", "ETH"},
                                   "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                                   {"https://shop.example"},
                                   std::nullopt,
                                   false};
    integration_ = domain::CreateIntegration(*store_, catalog_, req, 2);
  }
  void TearDown() override {
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  // A USDC intent of the test integration asking for `requested`, not stored yet.
  domain::PaymentIntent UsdcIntent(domain::Uint256 requested, base::TimeMs created,
                                   base::TimeMs expires) const {
    domain::PaymentIntent intent;
    intent.id = base::NewId("pi_");
    intent.tenant_id = tenant_.id;
    intent.integration_id = integration_.id;
    intent.chain_id = 31337;
    intent.token_symbol = "USDC";
    intent.token_address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    intent.decimals = 6;
    intent.recipient = integration_.payout_address;
    intent.requested_amount = requested;
    intent.amount = requested;
    intent.required_confirmations = "2";
    intent.created_at = created;
    intent.expires_at = expires;
    return intent;
  }

  // Stores it with its PAYMENT_CREATED event, as the API does; `intent.amount` becomes exact.
  void StoreIntent(domain::PaymentIntent& intent) {
    store_->InsertIntent(
        intent, nullptr, {},
        [&](const domain::PaymentIntent& i) {
          return domain::Store::IntentCreated{
              {201, "{}"}, domain::NewEvent(i.tenant_id, "PAYMENT_CREATED", "{}", i.created_at)};
        },
        intent.created_at);
  }

  std::filesystem::path dir_;
  domain::ChainCatalog catalog_ = TestCatalog();
  std::unique_ptr<store::sqlite::SqliteStore> store_;
  domain::Tenant tenant_;
  domain::Integration integration_;
};

}  // namespace payd::testing
