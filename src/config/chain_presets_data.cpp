// payd's chain catalog (chain_presets.h). Every contract address is copied
// from its issuer's own published list, named in `source` beside it, and
// written in EIP-55 mixed case (tests/unit/chain_presets_test.cpp checks
// each checksum, so a changed digit fails the tests). `contract_symbol` is
// what the contract's symbol() answers, where it is known for certain; the
// chain's check at start compares decimals() always and symbol() where it is
// set. Why each chain's confirmations are what they are: `why`, and
// docs/operator-guide.md.
#include "config/chain_presets.h"

namespace payd::config {

const char* const kChainPresetsToml = R"toml(
# ------------------------------------------------------------ Ethereum
[[preset]]
key = "ethereum"
pair = "sepolia"
id = 1
name = "Ethereum"
block_time_ms = 12000
confirmations = "finalized"
why = "about 13 minutes, as long as exchanges wait: a finalized block cannot be reverted without a third of all stake being slashed; 12 blocks (2.4 minutes) is faster and weaker, \"safe\" (a justified checkpoint) lies between"
poll_interval_ms = 2000
explorer_url = "https://etherscan.io"
native = { symbol = "ETH", name = "Ether", decimals = 18, price_feed = "0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=ethereum" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

[[preset.tokens]]
symbol = "USDT"
name = "Tether USD"
address = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
decimals = 6
usd_pegged = true
source = "Tether: https://tether.to/en/supported-protocols (deployments as listed in github.com/tetherto/wdk-agent-skills skills/wdk/references/deployments.md)"
contract_symbol = "USDT"

[[preset.tokens]]
symbol = "DAI"
name = "Dai"
contract_symbol = "DAI"
address = "0x6B175474E89094C44Da98b954EedeAC495271d0F"
decimals = 18
usd_pegged = true
source = "Sky (MakerDAO) chainlog, MCD_DAI: https://chainlog.sky.money"

# ------------------------------------------------------------ Ethereum Sepolia
[[preset]]
key = "sepolia"
pair = "ethereum"
testnet = true
id = 11155111
name = "Ethereum Sepolia"
block_time_ms = 12000
confirmations = 3
why = "a testnet: a few blocks show the flow without waiting; Sepolia's reorganisations are as rare as Ethereum's"
poll_interval_ms = 2000
explorer_url = "https://sepolia.etherscan.io"
native = { symbol = "ETH", name = "Sepolia Ether", decimals = 18, price_feed = "0x694AA1769357215DE4FAC081bf1f309aDC325306", price_max_age_s = 172800, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=ethereum&page=1#sepolia-testnet" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

# ------------------------------------------------------------ Base
[[preset]]
key = "base"
pair = "base-sepolia"
id = 8453
name = "Base"
block_time_ms = 2000
confirmations = "safe"
why = "a block is safe once the sequencer's batch holding it is posted to Ethereum (usually a minute or two): before that, a sequencer failure can replace it; a block count (10 blocks, 20 s) is faster and trusts the sequencer"
poll_interval_ms = 1000
explorer_url = "https://basescan.org"
wallet_rpc_url = "https://mainnet.base.org"
native = { symbol = "ETH", name = "Ether", decimals = 18, price_feed = "0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=base" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

# ------------------------------------------------------------ Base Sepolia
[[preset]]
key = "base-sepolia"
pair = "base"
testnet = true
id = 84532
name = "Base Sepolia"
block_time_ms = 2000
confirmations = 5
why = "a testnet: 5 blocks (10 s) show the flow without waiting for the batch on Ethereum; set \"safe\" to rehearse Base's own rule"
poll_interval_ms = 1000
explorer_url = "https://sepolia.basescan.org"
wallet_rpc_url = "https://sepolia.base.org"
native = { symbol = "ETH", name = "Sepolia Ether", decimals = 18, price_feed = "0x4aDC67696bA383F43DD60A9e78F2C97Fbbfc7cb1", price_max_age_s = 172800, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=base&page=1#base-sepolia-testnet" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x036CbD53842c5426634e7929541eC2318f3dCF7e"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

# ------------------------------------------------------------ Arbitrum One
[[preset]]
key = "arbitrum"
pair = "arbitrum-sepolia"
id = 42161
name = "Arbitrum One"
block_time_ms = 250
confirmations = "safe"
why = "a block is safe once the sequencer's batch holding it is posted to Ethereum (a few minutes): before that only the sequencer vouches for it; a block count (20 blocks, 5 s) is faster and trusts the sequencer"
poll_interval_ms = 1000
explorer_url = "https://arbiscan.io"
wallet_rpc_url = "https://arb1.arbitrum.io/rpc"
native = { symbol = "ETH", name = "Ether", decimals = 18, price_feed = "0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=arbitrum" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

[[preset.tokens]]
symbol = "USDT"
name = "Tether USD"
address = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9"
decimals = 6
usd_pegged = true
source = "USDT0: https://docs.usdt0.to/technical-documentation/deployments (and Tether's list, github.com/tetherto/wdk-agent-skills)"

[[preset.tokens]]
symbol = "DAI"
name = "Dai"
contract_symbol = "DAI"
address = "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"
decimals = 18
usd_pegged = true
source = "Maker's Arbitrum DAI bridge: https://github.com/makerdao/arbitrum-dai-bridge"

# ------------------------------------------------------------ Arbitrum Sepolia
[[preset]]
key = "arbitrum-sepolia"
pair = "arbitrum"
testnet = true
id = 421614
name = "Arbitrum Sepolia"
block_time_ms = 250
confirmations = 20
why = "a testnet: 20 blocks (5 s) show the flow without waiting for the batch on Ethereum; set \"safe\" to rehearse Arbitrum One's own rule"
poll_interval_ms = 1000
explorer_url = "https://sepolia.arbiscan.io"
wallet_rpc_url = "https://sepolia-rollup.arbitrum.io/rpc"
native = { symbol = "ETH", name = "Sepolia Ether", decimals = 18 }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

# ------------------------------------------------------------ OP Mainnet
[[preset]]
key = "optimism"
pair = "optimism-sepolia"
id = 10
name = "OP Mainnet"
block_time_ms = 2000
confirmations = "safe"
why = "a block is safe once the sequencer's batch holding it is posted to Ethereum (usually a minute or two): before that, a sequencer failure can replace it; a block count (10 blocks, 20 s) is faster and trusts the sequencer"
poll_interval_ms = 1000
explorer_url = "https://optimistic.etherscan.io"
wallet_rpc_url = "https://mainnet.optimism.io"
native = { symbol = "ETH", name = "Ether", decimals = 18, price_feed = "0x13e3Ee699D1909E989722E753853AE30b17e08c5", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=optimism" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

[[preset.tokens]]
symbol = "USDT"
name = "Tether USD"
address = "0x01bFF41798a0BcF287b996046Ca68b395DbC1071"
decimals = 6
usd_pegged = true
source = "USDT0: https://docs.usdt0.to/technical-documentation/deployments (and Tether's list, github.com/tetherto/wdk-agent-skills)"

[[preset.tokens]]
symbol = "DAI"
name = "Dai"
contract_symbol = "DAI"
address = "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"
decimals = 18
usd_pegged = true
source = "Maker's Optimism DAI bridge: https://github.com/makerdao/optimism-dai-bridge"

# ------------------------------------------------------------ OP Sepolia
[[preset]]
key = "optimism-sepolia"
pair = "optimism"
testnet = true
id = 11155420
name = "OP Sepolia"
block_time_ms = 2000
confirmations = 5
why = "a testnet: 5 blocks (10 s) show the flow without waiting for the batch on Ethereum; set \"safe\" to rehearse OP Mainnet's own rule"
poll_interval_ms = 1000
explorer_url = "https://sepolia-optimism.etherscan.io"
wallet_rpc_url = "https://sepolia.optimism.io"
native = { symbol = "ETH", name = "Sepolia Ether", decimals = 18, price_feed = "0x61Ec26aA57019C486B10502285c5A3D4A4750AD7", price_max_age_s = 172800, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=optimism&page=1#optimism-sepolia" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x5fd84259d66Cd46123540766Be93DFE6D43130D7"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

# ------------------------------------------------------------ Polygon PoS
[[preset]]
key = "polygon"
pair = "polygon-amoy"
id = 137
name = "Polygon PoS"
block_time_ms = 2000
confirmations = "finalized"
why = "Polygon PoS has been reorganised dozens of blocks deep in the past; its validators' milestones now finalise blocks within seconds to a minute, and \"finalized\" follows them"
poll_interval_ms = 1000
explorer_url = "https://polygonscan.com"
wallet_rpc_url = "https://polygon-rpc.com"
native = { symbol = "POL", name = "POL", decimals = 18, price_feed = "0xAB594600376Ec9fD91F8e885dADF0CE036862dE0", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=polygon (listed as MATIC / USD)" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

[[preset.tokens]]
symbol = "USDT"
name = "Tether USD"
address = "0xc2132D05D31c914a87C6611C10748AEb04B58e8F"
decimals = 6
usd_pegged = true
source = "USDT0: https://docs.usdt0.to/technical-documentation/deployments (and Tether's list, github.com/tetherto/wdk-agent-skills)"

# ------------------------------------------------------------ Polygon Amoy
[[preset]]
key = "polygon-amoy"
pair = "polygon"
testnet = true
id = 80002
name = "Polygon Amoy"
block_time_ms = 2000
confirmations = "finalized"
why = "a testnet: the same rules as Polygon PoS"
poll_interval_ms = 1000
explorer_url = "https://amoy.polygonscan.com"
wallet_rpc_url = "https://rpc-amoy.polygon.technology"
native = { symbol = "POL", name = "POL", decimals = 18, price_feed = "0x001382149eBa3441043c1c66972b4772963f5D43", price_max_age_s = 172800, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=polygon&page=1#polygon-amoy-testnet (listed as MATIC / USD)" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

# ------------------------------------------------------------ BNB Smart Chain
[[preset]]
key = "bsc"
pair = "bsc-testnet"
id = 56
name = "BNB Smart Chain"
block_time_ms = 750
confirmations = "finalized"
why = "BNB Smart Chain's fast finality (BEP-126) finalises a block two or three blocks later, in a few seconds; \"finalized\" costs little and no block count is as sound"
poll_interval_ms = 1000
explorer_url = "https://bscscan.com"
wallet_rpc_url = "https://bsc-dataseed.bnbchain.org"
native = { symbol = "BNB", name = "BNB", decimals = 18, price_feed = "0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=bnb-chain" }

[[preset.tokens]]
symbol = "USDT"
name = "Tether USD"
address = "0x55d398326f99059fF775485246999027B3197955"
decimals = 18
usd_pegged = true
source = "Binance-Peg BSC-USD, Binance's bridged USDT (not issued by Tether): https://bscscan.com/token/0x55d398326f99059fF775485246999027B3197955, named in BNB Chain's docs"

# ------------------------------------------------------------ BNB Smart Chain Testnet
[[preset]]
key = "bsc-testnet"
pair = "bsc"
testnet = true
id = 97
name = "BNB Smart Chain Testnet"
block_time_ms = 750
confirmations = "finalized"
why = "a testnet: the same rules as BNB Smart Chain"
poll_interval_ms = 1000
explorer_url = "https://testnet.bscscan.com"
wallet_rpc_url = "https://data-seed-prebsc-1-s1.bnbchain.org:8545"
native = { symbol = "BNB", name = "Test BNB", decimals = 18, price_feed = "0x2514895c72f50D8bd4B4F9b1110F0D6bD2c97526", price_max_age_s = 172800, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=bnb-chain&page=1#bnb-chain-testnet" }

# ------------------------------------------------------------ Avalanche C-Chain
[[preset]]
key = "avalanche"
pair = "avalanche-fuji"
id = 43114
name = "Avalanche C-Chain"
block_time_ms = 2000
confirmations = 1
why = "Avalanche's consensus accepts a block once and for all, and nodes serve only accepted blocks: the block that holds the transfer is final"
poll_interval_ms = 1000
explorer_url = "https://snowtrace.io"
wallet_rpc_url = "https://api.avax.network/ext/bc/C/rpc"
native = { symbol = "AVAX", name = "Avalanche", decimals = 18, price_feed = "0x0A77230d17318075983913bC2145DB16C7366156", price_max_age_s = 3900, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=avalanche" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"

[[preset.tokens]]
symbol = "USDT"
name = "Tether USD"
address = "0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7"
decimals = 6
usd_pegged = true
source = "Tether: https://tether.to/en/supported-protocols (deployments as listed in github.com/tetherto/wdk-agent-skills skills/wdk/references/deployments.md)"

# ------------------------------------------------------------ Avalanche Fuji
[[preset]]
key = "avalanche-fuji"
pair = "avalanche"
testnet = true
id = 43113
name = "Avalanche Fuji"
block_time_ms = 2000
confirmations = 1
why = "a testnet: the same rules as the C-Chain"
poll_interval_ms = 1000
explorer_url = "https://testnet.snowtrace.io"
wallet_rpc_url = "https://api.avax-test.network/ext/bc/C/rpc"
native = { symbol = "AVAX", name = "Avalanche", decimals = 18, price_feed = "0x5498BB86BC934c8D34FDA08E81D444153d0D06aD", price_max_age_s = 172800, source = "Chainlink: https://docs.chain.link/data-feeds/price-feeds/addresses?network=avalanche&page=1#avalanche-testnet" }

[[preset.tokens]]
symbol = "USDC"
name = "USD Coin"
contract_symbol = "USDC"
address = "0x5425890298aed601595a70AB815c96711a31Bc65"
decimals = 6
usd_pegged = true
source = "Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses"
)toml";

}  // namespace payd::config
