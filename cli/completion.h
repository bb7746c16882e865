#pragma once

#include "cli/clicontext.h"

#include <QStringList>

namespace berth {

// Shell completion's answers (`berthctl __complete WORD...`, called by the
// bash and zsh scripts in resources/completion): the candidates for the last
// word, given the words before it. Commands and options come from the
// commands' own parsers; application, unit, machine, model and cloud names
// from the store.
namespace Completion {

QStringList candidates(const QStringList &words, const QList<CommandSpec> &table,
                       const ProviderTypes &types, const QString &storeLocation);

} // namespace Completion

} // namespace berth
