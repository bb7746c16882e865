#include "core/store/changelistener.h"

#include "core/bertherror.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QSqlDriver>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(ChangeListener)
};

} // namespace

ChangeListener::ChangeListener(const QString &location, QObject *parent)
    : QObject(parent)
    , m_store(std::make_unique<Store>(location))
{
    if (m_store->backend() != Store::Backend::Postgres)
        throw BerthError(Text::tr("only PostgreSQL stores announce their changes"));
    QSqlDriver *driver = m_store->sql().database().driver();
    if (!driver->subscribeToNotification(Store::changeChannel()))
        throw BerthError(
            Text::tr("cannot listen for changes on %1").arg(m_store->displayLocation()));
    connect(driver, &QSqlDriver::notification, this, &ChangeListener::committed);
}

ChangeListener::~ChangeListener() = default;

} // namespace berth
