// How the dashboard words the domain's refusals on a form (issue 18: "every
// form validates on the server with the API's messages, naming the field").
#include "dashboard/dashboard_http.h"

#include <gtest/gtest.h>

namespace payd::dashboard {
namespace {

TEST(DashboardForms, AnApiMessageBecomesASentenceThatNamesTheFieldInWords) {
  EXPECT_EQ(Sentence("payoutAddress must be an EIP-55 address"),
            "Payout address must be an EIP-55 address");
  EXPECT_EQ(Sentence("role must be owner, admin, developer or viewer"),
            "Role must be owner, admin, developer or viewer");
  EXPECT_EQ(Sentence("EIP-55 checksum does not match"), "EIP-55 checksum does not match");
  EXPECT_EQ(Sentence("There is already a user"), "There is already a user");
  EXPECT_EQ(Sentence(""), "");
  // An initialism stays one.
  EXPECT_EQ(Sentence("qrCode is one of eip681, address, eip681_compatible."),
            "QR code is one of eip681, address, eip681_compatible.");
  EXPECT_EQ(Sentence("returnUrl must be an https URL"), "Return URL must be an https URL");
  EXPECT_EQ(Sentence("integrationId is required"), "Integration ID is required");
}

}  // namespace
}  // namespace payd::dashboard
