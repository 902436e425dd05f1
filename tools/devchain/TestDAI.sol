// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

// A test stablecoin with ERC20's 18 decimals (TestUSDC has 6), for the
// Uniswap pools of tests/e2e/lib/uniswap.mjs. Anyone may mint: test chains only.
contract TestDAI is ERC20 {
    constructor() ERC20("Dai Stablecoin (test)", "DAI") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
