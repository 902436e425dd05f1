// What a webhook endpoint receives as `data`: the /api/v1 shape, or the /v1
// one for endpoints made through /v1 (DECISIONS §12). A payment event stores
// one body and derives the /v1 one; it must be exactly what
// Representation::PaymentV1 makes.
#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include "domain/views/representation.h"
#include "domain/webhooks/event.h"
#include "store_fixture.h"

namespace payd::domain {
namespace {

Payment UnmatchedPayment(PaymentStatus status) {
  Payment p;
  p.id = "pay_u6dlpbrsv6r7vct36nmml5hdxe";
  p.tenant_id = "ten_1";
  p.transfer.chain_id = 31337;
  p.transfer.token_symbol = "USDC";
  p.transfer.token_address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  p.transfer.decimals = 6;
  p.transfer.amount = 5000001;
  p.transfer.tx_hash = "0x145217db72d68dd05e2f1b70d412fa163756b8d86853f12a8f61269db14bb911";
  p.transfer.position = "log:1";
  p.transfer.log_index = 1;
  p.transfer.block_number = 6;
  p.transfer.block_hash = "0x658d5bfb983b59d4d3adcf31cc6e53f0e53da19b6d63ca6bf55c3b13945be95a";
  p.transfer.block_time = 1764306408000;
  p.transfer.sender = "0x8464135c8F25Da09e49BC8782676a84730C318bC";
  p.transfer.recipient = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  p.status = status;
  p.confirmations = status == PaymentStatus::kPending ? 0 : 2000;
  p.created_at = 1764306408873;
  if (status == PaymentStatus::kConfirmed) p.confirmed_at = p.created_at;
  return p;
}

TEST(EventData, APaymentEventGivesEachEndpointItsShape) {
  auto catalog = testing::TestCatalog();
  Representation representation{catalog, "http://payd.test"};
  for (auto status :
       {PaymentStatus::kPending, PaymentStatus::kConfirmed, PaymentStatus::kReorged}) {
    Payment p = UnmatchedPayment(status);
    Event e = representation.PaymentEvent(event_type::kPaymentUnmatched, p, 1764306408873);
    SCOPED_TRACE(std::string(PaymentStatusName(status)));
    EXPECT_EQ(e.DataFor(false), boost::json::serialize(representation.Payment(p)));
    EXPECT_EQ(e.DataFor(true), boost::json::serialize(representation.PaymentV1(p)));
    EXPECT_EQ(EventObjectId(e), p.id);
  }
}

TEST(EventData, AStoredV1BodyIsTakenAsItIs) {
  Event e = NewEvent("ten_1", event_type::kPaymentConfirmed, R"({"id":"pi_1","status":"PAID"})",
                     1764306408873);
  e.data_v1_json = R"({"id":"pi_1","status":"paid","amount":"5.00"})";
  EXPECT_EQ(e.DataFor(true), *e.data_v1_json);
  EXPECT_EQ(e.DataFor(false), e.data_json);
}

TEST(EventData, ObjectsWhoseShapesAgreeAreSentAsStored) {
  // A payment link (and a test event) has one shape for both.
  Event link = NewEvent("ten_1", event_type::kPaymentLinkCreated,
                        R"({"id":"plink_1","status":"ACTIVE"})", 1764306408873);
  EXPECT_EQ(link.DataFor(true), link.data_json);
  Event odd = NewEvent("ten_1", event_type::kPaymentUnmatched, "not json", 1764306408873);
  EXPECT_EQ(odd.DataFor(true), "not json");
}

}  // namespace
}  // namespace payd::domain
