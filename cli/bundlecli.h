#pragma once

#include "cli/clicontext.h"

namespace berth {

// berthctl's bundle commands: deploy BUNDLE (from deploy), diff-bundle and
// export-bundle.
namespace BundleCli {

// A deploy argument that names a bundle file rather than a charm: a path
// (with a slash) or a .yaml/.yml file.
bool namesBundle(const QString &argument);
// The options deploy takes for a bundle only.
QList<QCommandLineOption> deployOptions();
// deploy BUNDLE with deploy's parsed arguments.
void deploy(CliContext &ctx, const CommandArgs &parser);

} // namespace BundleCli

void registerBundleCommands(QList<CommandSpec> &table);

} // namespace berth
