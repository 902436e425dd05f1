#include "cli/cli.h"

int main(int argc, char** argv) {
  return payd::cli::Main(argc, argv);
}
