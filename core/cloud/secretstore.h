#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

#include <optional>

namespace berth {

// Where account secrets (passwords, keys) live: the system keychain, or a file
// only its owner can read. Never the model store, never a log line. Secrets
// are bytes, kept exactly as given (a PEM file, a binary key).
// An account's secrets by key.
using Secrets = QMap<QString, QByteArray>;

class SecretStore
{
public:
    virtual ~SecretStore() = default;
    // Where secrets go, for the user ("system keychain", "file … (mode 0600)").
    virtual QString backend() const = 0;
    // Throw BerthError when the backend fails.
    virtual std::optional<QByteArray> read(const QString &account, const QString &key) = 0;
    virtual void write(const QString &account, const QString &key, const QByteArray &value) = 0;
    virtual void remove(const QString &account, const QString &key) = 0;
};

} // namespace berth
