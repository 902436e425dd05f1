// SPDX-License-Identifier: MIT
// A Chainlink-style aggregator (the AggregatorV3Interface read side) whose
// answer, update time and description ("EUR / USD") tests set: a stand-in for
// a real price feed.
pragma solidity ^0.8.20;

contract PriceFeed {
    uint8 public immutable decimals;
    int256 private answer;
    uint256 private updatedAt;
    uint80 private roundId;
    string public description;

    constructor(uint8 decimals_, int256 answer_) {
        decimals = decimals_;
        set(answer_, block.timestamp);
    }

    function set(int256 answer_, uint256 updatedAt_) public {
        answer = answer_;
        updatedAt = updatedAt_;
        roundId += 1;
    }

    function describe(string calldata description_) external {
        description = description_;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (roundId, answer, updatedAt, updatedAt, roundId);
    }
}
