// What a token's symbol() answers, decoded as chain/token_check.h reads it:
// an ABI `string` (most tokens), or a `bytes32` (MKR and a few old ones).
#include "chain/token_check.h"

#include <gtest/gtest.h>

namespace payd::chain {
namespace {

// ABI encoding by hand (Solidity ABI spec: offset word, length word, data
// right-padded to 32 bytes).
std::string AbiString(const std::string& hex_text, std::size_t length) {
  char len[65];
  std::snprintf(len, sizeof len, "%064zx", length);
  std::string data = hex_text + std::string(64 - hex_text.size() % 64, '0');
  return "0x" + std::string(62, '0') + "20" + len + data;
}

TEST(TokenCheck, SymbolsDecodeAsTheAbiSays) {
  EXPECT_EQ(DecodeAbiString(AbiString("55534443", 4)), "USDC");
  // USD₮0 (Arbitrum's USDT), UTF-8: 55 53 44 e2 82 ae 30.
  EXPECT_EQ(DecodeAbiString(AbiString("555344e282ae30", 7)),
            "USD\xe2\x82\xae"
            "0");
  EXPECT_EQ(DecodeAbiString(AbiString("", 0)), "");
  // bytes32, as MKR answers: "MKR" right-padded with zeros.
  EXPECT_EQ(DecodeAbiString("0x4d4b52" + std::string(58, '0')), "MKR");
}

TEST(TokenCheck, WhatIsNotAStringIsNone) {
  EXPECT_EQ(DecodeAbiString("0x"), std::nullopt);
  EXPECT_EQ(DecodeAbiString("0x1234"), std::nullopt);
  // A length past the data.
  std::string lying = AbiString("55534443", 4);
  lying.replace(2 + 64 + 62, 2, "ff");
  EXPECT_EQ(DecodeAbiString(lying), std::nullopt);
  // An offset that is not a multiple of 32, or far past the data.
  EXPECT_EQ(DecodeAbiString("0x" + std::string(62, '0') + "21" + std::string(128, '0')),
            std::nullopt);
  EXPECT_EQ(
      DecodeAbiString("0x" + std::string(48, 'f') + std::string(16, '0') + std::string(128, '0')),
      std::nullopt);
}

}  // namespace
}  // namespace payd::chain
