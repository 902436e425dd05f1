// The calls of Uniswap v3's periphery that payd prepares for a payer's wallet
// and reads with eth_call (DECISIONS §16), ABI-encoded here: static tuples of
// addresses and integers, and multicall's one bytes[]. No general ABI codec:
// these few shapes are all payd sends, each checked against a real deployment
// (tests/e2e/conversion.test.mjs) and against known encodings (unit tests).
//
//   QuoterV2.quoteExactOutputSingle((tokenIn, tokenOut, amount, fee, 0))
//   SwapRouter02.multicall(deadline, [exactOutputSingle((tokenIn, tokenOut,
//       fee, recipient, amountOut, amountInMaximum, 0)), refundETH()?])
//   ERC-20 approve(spender, amount), allowance(owner, spender)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/money/amount.h"

namespace payd::domain {

// "0x" and the first four bytes of keccak256(signature), as hex.
std::string Selector(std::string_view signature);

std::string QuoteExactOutputSingleData(const std::string& token_in, const std::string& token_out,
                                       const Uint256& amount_out, unsigned fee);

struct ExactOutputSingle {
  std::string token_in;
  std::string token_out;
  unsigned fee = 0;  // the pool's fee tier, in hundredths of a basis point (500 = 0.05%)
  std::string recipient;
  Uint256 amount_out = 0;
  Uint256 amount_in_maximum = 0;
};
std::string ExactOutputSingleData(const ExactOutputSingle& swap);
// SwapRouter02's refundETH(): what the swap did not use goes back to the sender.
std::string RefundEthData();
// multicall(uint256 deadline, bytes[] data): every call, or none after `deadline` (unix s).
std::string MulticallData(std::int64_t deadline, const std::vector<std::string>& calls);

std::string ApproveData(const std::string& spender, const Uint256& amount);
std::string AllowanceData(const std::string& owner, const std::string& spender);

// The first 32-byte word of a call's return data (hex, with or without 0x) as
// an unsigned integer: QuoterV2's amountIn, ERC-20's allowance. None when
// shorter than a word or not hex.
std::optional<Uint256> FirstWord(std::string_view hex);

}  // namespace payd::domain
