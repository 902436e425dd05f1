// The [rates] table of payd's configuration: the bound between sources, the
// fixed rates of development, and the ECB's daily reference rates.
#pragma once

#include "config/config.h"
#include "config/toml_reader.h"

namespace payd::config {

// Throws ConfigError naming the key at fault.
void ReadRates(TomlReader& r, RateSettings& rates);

}  // namespace payd::config
