// SPDX-License-Identifier: MIT
// Pays ETH on to an address through `depth` nested calls of itself, so that
// the payment sits that deep in the transaction's call tree (an internal
// transfer only traces show, and a deep trace for the node's reply).
pragma solidity ^0.8.20;

contract Relay {
    function pay(address payable to, uint256 depth) external payable {
        if (depth == 0) {
            (bool ok, ) = to.call{value: msg.value}("");
            require(ok, "transfer failed");
        } else {
            this.pay{value: msg.value}(to, depth - 1);
        }
    }
}
