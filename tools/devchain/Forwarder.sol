// SPDX-License-Identifier: MIT
// Pays ETH on to an address from inside a contract: an "internal" transfer,
// visible only in traces, not in the block's transaction list.
pragma solidity ^0.8.20;

contract Forwarder {
    function pay(address payable to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "transfer failed");
    }

    // Pays from `depth` nested calls down, like a wallet behind routers and
    // proxies: a call trace far deeper than JSON parsers expect by default.
    function payDeep(address payable to, uint256 depth) external payable {
        if (depth == 0) {
            (bool ok, ) = to.call{value: msg.value}("");
            require(ok, "transfer failed");
            return;
        }
        this.payDeep{value: msg.value}(to, depth - 1);
    }
}
