// The wallet proof of a sender hint: the message payd issues and EIP-191
// signature recovery. The signatures were made with viem
// (privateKeyToAccount(key).signMessage({message})) with anvil's public test
// keys #1 (0x70997970C51812dc3A010C7d01b50e0d17dc79C8) and #3
// (0x90F79bf6EB2c4f870365E785982E1f101E93b906).
#include "domain/intents/wallet_proof.h"

#include <gtest/gtest.h>

namespace payd {
namespace {

constexpr const char* kPayer = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
constexpr const char* kOther = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
// Account #1 over the message below.
constexpr const char* kPayerSignature =
    "0x4d2538cd2aef0336f1a2fb33fdc3bb6c562008b5e8ee44d05edad013968da512762fc26d6e66fdd5f31f0119"
    "2ef33b3ffc51d29e2ea583da6ab769f56065551a1c";
// Account #3 over the same message.
constexpr const char* kOtherSignature =
    "0x7eba9db011cc1b0c6b89d239f94ba875fcdae4ccc975f06145cb46b22561dbfe04acf995e502d4b17a64f831"
    "96851de69195563cbb6477d0b86ecd809b2770161c";
// Account #1 over "hello".
constexpr const char* kHelloSignature =
    "0x76930d64d2e5eb4b3f4572ce806eda50e1e2329d51d9ca5a713a9befcb9d20883e3d4885c3c5eaf775fc8c9f"
    "cf4882a28b582b427bc0270565f3294d935549221b";

std::string Message() {
  return domain::SenderProofMessage("https://pay.example.com", "pi_uc5oiz3jydtnwitxmymoyrnqhu",
                                    kPayer, 8453);
}

std::optional<std::string> Recover(const std::string& message, const std::string& signature) {
  auto bytes = domain::ParseSignature(signature);
  if (!bytes) return std::nullopt;
  return domain::RecoverPersonalSigner(message, *bytes);
}

TEST(WalletProof, MessageNamesTheIntentWalletChainAndService) {
  EXPECT_EQ(Message(),
            "Sign to prove that this wallet pays the payment below. Signing is free: it sends no "
            "transaction.\n\nPayment intent: pi_uc5oiz3jydtnwitxmymoyrnqhu\nWallet: "
            "0x70997970C51812dc3A010C7d01b50e0d17dc79C8\nChain ID: 8453\nService: "
            "https://pay.example.com");
}

TEST(WalletProof, RecoversTheSignerOfViemSignatures) {
  EXPECT_EQ(Recover(Message(), kPayerSignature), kPayer);
  EXPECT_EQ(Recover(Message(), kOtherSignature), kOther);
  EXPECT_EQ(Recover("hello", kHelloSignature), kPayer);
}

TEST(WalletProof, AnotherMessageRecoversAnotherAddress) {
  std::string other_intent = domain::SenderProofMessage(
      "https://pay.example.com", "pi_aaaaaaaaaaaaaaaaaaaaaaaaaa", kPayer, 8453);
  std::string other_chain = domain::SenderProofMessage("https://pay.example.com",
                                                       "pi_uc5oiz3jydtnwitxmymoyrnqhu", kPayer, 1);
  std::string other_service = domain::SenderProofMessage(
      "https://evil.example", "pi_uc5oiz3jydtnwitxmymoyrnqhu", kPayer, 8453);
  for (const auto& message : {other_intent, other_chain, other_service}) {
    auto signer = Recover(message, kPayerSignature);
    EXPECT_NE(signer.value_or(""), kPayer) << message;
  }
}

TEST(WalletProof, RecoveryIdsZeroAndOneMeanTwentySevenAndTwentyEight) {
  std::string raw = std::string(kPayerSignature).substr(0, 130) + "01";  // 0x1c is 28
  EXPECT_EQ(Recover(Message(), raw), kPayer);
  std::string upper = "0X" + std::string(kPayerSignature).substr(2);
  EXPECT_EQ(Recover(Message(), upper), kPayer);
}

TEST(WalletProof, MalformedSignaturesAreRefused) {
  std::string good = kPayerSignature;
  for (const std::string& bad : {
           std::string(""),
           good.substr(2),                      // no 0x
           good.substr(0, 130),                 // 64 bytes (EIP-2098 compact form)
           good + "00",                         // 66 bytes
           good.substr(0, 130) + "1d",          // v = 29
           good.substr(0, 130) + "02",          // v = 2
           "0x" + std::string(128, 'g') + "1b"  // not hex
       }) {
    EXPECT_FALSE(domain::ParseSignature(bad)) << bad;
  }
}

TEST(WalletProof, SignaturesNoKeyMadeRecoverNobody) {
  std::string good = kPayerSignature;
  std::string zero_r = "0x" + std::string(64, '0') + good.substr(66);
  std::string zero_s = good.substr(0, 66) + std::string(64, '0') + good.substr(130);
  // r equal to the group order n is out of range.
  std::string r_is_n =
      "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141" + good.substr(66);
  // The same signature with s replaced by n - s (and v flipped) recovers the same
  // key on a lax verifier; wallets never make it (EIP-2), so it is refused.
  std::string high_s =
      "0x4d2538cd2aef0336f1a2fb33fdc3bb6c562008b5e8ee44d05edad013968da51289d03d929199022a0ce0fee6"
      "d10cc4bebe5d0a4880a31c61551af4976fd0ec271b";
  for (const auto& bad : {zero_r, zero_s, r_is_n, high_s}) {
    EXPECT_FALSE(Recover(Message(), bad)) << bad;
  }
  EXPECT_FALSE(domain::RecoverPersonalSigner(Message(), "short"));
}

}  // namespace
}  // namespace payd
