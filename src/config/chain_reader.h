// Reading one chain's TOML table into the catalog's ChainInfo: a chain
// configured by hand ([[chains]], or [chain.<name>] for a name payd does not
// know), a preset of payd's own catalog (chain_presets.h), or an operator's
// overrides of a preset, where every key is optional and a key that is set
// replaces the preset's. Errors name the file and the dotted key.
#pragma once

#include "config/config.h"
#include "config/toml_reader.h"
#include "domain/money/chain_catalog.h"

namespace payd::config {

struct ChainReadOptions {
  // The preset this table overrides; none for a chain configured by hand,
  // which needs id, name and native.
  const domain::ChainInfo* base = nullptr;
  // rpc_urls must end up non-empty (false only for the catalog's own presets).
  bool rpc_required = true;
};

domain::ChainInfo ReadChain(TomlReader& r, ChainProvider& provider,
                            const ChainReadOptions& options = {});

}  // namespace payd::config
