#include "core/berthmodule.h"

#include <QCoreApplication>
#include <QHash>
#include <QLibrary>
#include <QMutex>

#include <memory>

namespace berth {

QFunctionPointer BerthModule::resolve(const QString &name, const char *symbol, QString *error)
{
    // Loaded once a process, never unloaded: its functions may run on any thread.
    Q_CONSTINIT static QBasicMutex mutex;
    static QHash<QString, std::shared_ptr<QLibrary>> loaded;
    const QMutexLocker lock(&mutex);
    std::shared_ptr<QLibrary> &library = loaded[name];
    if (!library) {
        library = std::make_shared<QLibrary>(QCoreApplication::applicationDirPath() +
                                             QStringLiteral("/../lib/berth/") + name);
        library->setLoadHints(QLibrary::PreventUnloadHint);
    }
    const QFunctionPointer function = library->resolve(symbol);
    if (!function && error)
        *error = library->errorString();
    return function;
}

} // namespace berth
