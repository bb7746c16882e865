#pragma once

#include <QObject>

#include <memory>

namespace berth {

class Store;

// Hears every write commit to a PostgreSQL store as it happens (LISTEN on the
// store's change channel), on a connection of its own that runs no other
// query: Qt's driver only reports notifications reliably on such a one.
// Lives on the thread that made it; that thread needs an event loop.
class ChangeListener final : public QObject
{
    Q_OBJECT

public:
    // Throws BerthError when the store cannot be opened or is not PostgreSQL.
    explicit ChangeListener(const QString &location, QObject *parent = nullptr);
    ~ChangeListener() override;

signals:
    void committed();

private:
    std::unique_ptr<Store> m_store;
};

} // namespace berth
