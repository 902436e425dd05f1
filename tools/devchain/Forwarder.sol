// SPDX-License-Identifier: MIT
// Pays ETH on to an address from inside a contract: an "internal" transfer,
// visible only in traces, not in the block's transaction list.
pragma solidity ^0.8.20;

contract Forwarder {
    function pay(address payable to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "transfer failed");
    }
}
