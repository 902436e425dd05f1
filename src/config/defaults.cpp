// The embedded defaults: what `payd serve` runs with when nothing is
// configured. The token address is where the first contract deployed by
// anvil's default deployer lands, which is how `make run` deploys the test USDC.
#include "config/config.h"

namespace payd::config {

const char* const kDefaultConfigToml = R"toml(
environment = "testnet"
listen = "127.0.0.1:8080"
data_dir = "./data"

[[chains]]
id = 31337
name = "Localnet"
rpc_urls = ["http://127.0.0.1:8545"]
confirmations = 2
poll_interval_ms = 500
native = { symbol = "ETH", name = "Ether", decimals = 18, price_usd = "3000" }

[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
decimals = 6
usd_pegged = true

# Development rates for the local chain (docs/operator-guide.md "Currencies"):
# US dollars per unit, never stale. A config file starts without them.
[rates]
fixed = { EUR = "1.08", GBP = "1.27" }
)toml";

}  // namespace payd::config
