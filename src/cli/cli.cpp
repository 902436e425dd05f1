#include "cli/cli.h"

#include <CLI/CLI.hpp>

#include "cli/command_context.h"

namespace payd::cli {

int Main(int argc, char** argv) {
  CLI::App app{"payd: self-hosted, non-custodial crypto payments", "payd"};
  app.set_version_flag("--version", PAYD_VERSION);
  app.require_subcommand(1);
  CommandContext ctx;
  app.add_option_function<std::string>(
      "--config", [&ctx](const std::string& v) { ctx.command_line.config_file = v; },
      "Config file (TOML); default: $PAYD_CONFIG, else ./payd.toml if present");
  app.add_option_function<std::string>(
      "--data-dir", [&ctx](const std::string& v) { ctx.command_line.data_dir = v; },
      "Data directory holding the SQLite database; default ./data");
  app.add_flag("--json", ctx.json, "Machine-readable output on stdout (admin commands)");

  AddServeCommand(app, ctx);
  AddMigrateCommand(app, ctx);
  AddAdminCommands(app, ctx);
  AddWebhookCommands(app, ctx);
  AddDecisionCommands(app, ctx);
  AddRefundCommands(app, ctx);
  AddPayoutCommands(app, ctx);
  AddDbCommands(app, ctx);
  AddChainCommands(app, ctx);
  AddEmailCommands(app, ctx);
  // Global options may follow the subcommand: `payd key list --tenant X --json`.
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->fallthrough();
    for (CLI::App* leaf : sub->get_subcommands({})) leaf->fallthrough();
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return 0;
}

}  // namespace payd::cli
