#include "config/chain_presets.h"

#include <toml++/toml.h>

#include "config/chain_reader.h"
#include "config/toml_reader.h"

namespace payd::config {

namespace {

std::vector<ChainPreset> Parse() {
  toml::table root = toml::parse(ChainPresetsToml());
  TomlReader r(root, "<chain presets>", "");
  std::vector<ChainPreset> presets;
  for (TomlReader& t : r.TableArray("preset")) {
    ChainPreset preset;
    preset.key = t.RequiredString("key");
    preset.testnet = t.Bool("testnet").value_or(false);
    preset.pair = t.String("pair").value_or("");
    preset.block_time_ms = static_cast<unsigned>(t.Int("block_time_ms").value_or(0));
    preset.why = t.RequiredString("why");
    for (TomlReader& p : t.TableArray("suggested_providers")) {
      preset.suggested_providers.push_back({p.RequiredString("url"), p.RequiredString("operator")});
      p.RejectUnknown();
    }
    ChainProvider unused;
    preset.chain = ReadChain(t, unused, {.base = nullptr, .rpc_required = false});
    presets.push_back(std::move(preset));
  }
  r.RejectUnknown();
  return presets;
}

}  // namespace

const std::vector<ChainPreset>& ChainPresets() {
  static const std::vector<ChainPreset> presets = Parse();
  return presets;
}

const ChainPreset* FindPreset(std::string_view key) {
  for (const auto& preset : ChainPresets()) {
    if (preset.key == key) return &preset;
  }
  return nullptr;
}

const ChainPreset* FindPresetById(std::int64_t id) {
  for (const auto& preset : ChainPresets()) {
    if (preset.chain.id == id) return &preset;
  }
  return nullptr;
}

}  // namespace payd::config
