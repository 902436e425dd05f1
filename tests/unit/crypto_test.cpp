#include "base/crypto.h"

#include <gtest/gtest.h>

#include "domain/money/address.h"

namespace payd {
namespace {

TEST(Crypto, Keccak256IsEthereumsNotSha3) {
  EXPECT_EQ(base::HexEncode(base::Keccak256("")),
            "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  // keccak256("Transfer(address,address,uint256)"), the ERC-20 Transfer topic.
  EXPECT_EQ(base::HexEncode(base::Keccak256("Transfer(address,address,uint256)")),
            "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
}

TEST(Crypto, HmacSha256Rfc4231Case2) {
  EXPECT_EQ(base::HexEncode(base::HmacSha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(Crypto, Base64RoundTripAndUrlAlphabet) {
  std::string bytes("\xfb\xff\x00\x10", 4);
  EXPECT_EQ(base::Base64Encode(bytes), "+/8AEA==");
  EXPECT_EQ(base::Base64UrlEncode(bytes), "-_8AEA");
  EXPECT_EQ(base::Base64Decode("+/8AEA=="), bytes);
  EXPECT_FALSE(base::Base64Decode("abc"));
}

TEST(Crypto, ConstantTimeEquals) {
  EXPECT_TRUE(base::ConstantTimeEquals("abc", "abc"));
  EXPECT_FALSE(base::ConstantTimeEquals("abc", "abd"));
  EXPECT_FALSE(base::ConstantTimeEquals("abc", "abcd"));
}

// The vectors of EIP-55 itself.
TEST(Address, Eip55Vectors) {
  for (const char* address :
       {"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"}) {
    std::string lower(address);
    for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    EXPECT_EQ(domain::ParseAddress(lower), address);
    EXPECT_EQ(domain::ParseAddress(address), address);
  }
}

TEST(Address, RejectsBadChecksumAndShapes) {
  EXPECT_FALSE(domain::ParseAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"));
  EXPECT_FALSE(domain::ParseAddress("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
  EXPECT_FALSE(domain::ParseAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA"));
  EXPECT_FALSE(domain::ParseAddress("0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
  EXPECT_TRUE(domain::ParseAddress("0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED"));
}

}  // namespace
}  // namespace payd
