#include "core/store/changelistener.h"

#include "core/bertherror.h"
#include "core/store/store.h"

#include <QSqlDriver>

namespace berth {

ChangeListener::ChangeListener(const QString &location, QObject *parent)
    : QObject(parent)
    , m_store(std::make_unique<Store>(location))
{
    if (m_store->backend() != Store::Backend::Postgres)
        throw BerthError(QStringLiteral("only PostgreSQL stores announce their changes"));
    QSqlDriver *driver = m_store->sql().database().driver();
    if (!driver->subscribeToNotification(Store::changeChannel()))
        throw BerthError(
            QStringLiteral("cannot listen for changes on %1").arg(m_store->displayLocation()));
    connect(driver, &QSqlDriver::notification, this, &ChangeListener::committed);
}

ChangeListener::~ChangeListener() = default;

} // namespace berth
