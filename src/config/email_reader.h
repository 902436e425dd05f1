// The [email] table of payd's configuration (DECISIONS §18): the SMTP server,
// the sender, and how long one message may take. The password is not a key
// of the file: PAYD_SMTP_PASSWORD (LoadConfig), so a config file can be shared.
#pragma once

#include "config/config.h"
#include "config/toml_reader.h"

namespace payd::config {

// Throws ConfigError naming the key at fault.
void ReadEmail(TomlReader& r, EmailSettings& email);

}  // namespace payd::config
