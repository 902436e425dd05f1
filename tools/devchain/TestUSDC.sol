// SPDX-License-Identifier: MIT
// A 6-decimal ERC-20 standing in for USDC on the local development chain and in tests.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestUSDC is ERC20 {
    constructor() ERC20("USD Coin (test)", "USDC") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    // Anyone may mint: this token only exists on throwaway chains.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
