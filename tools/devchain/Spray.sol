// SPDX-License-Identifier: MIT
// Makes many real ERC-20 transfers in one transaction, for benchmarks.
pragma solidity ^0.8.20;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract Spray {
    // Sends `first`, `first + 1`, ... `first + n - 1` units of `token` to `to`.
    function spray(IERC20 token, address to, uint256 first, uint256 n) external {
        for (uint256 i = 0; i < n; ++i) {
            require(token.transfer(to, first + i), "transfer failed");
        }
    }
}
