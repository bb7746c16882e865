#pragma once

#include "core/cloud/secretstore.h"

#include <QJsonObject>

namespace berth {

// Secrets in one JSON file that only its owner may read or write (mode 0600),
// for machines with no keychain service. It is created with that mode and
// replaced atomically; a file others can read is refused, not used.
class FileSecretStore final : public SecretStore
{
public:
    explicit FileSecretStore(QString path);
    // ~/.config/berth/secrets.json (the user's config location).
    static QString defaultPath();

    QString backend() const override;
    std::optional<QByteArray> read(const QString &account, const QString &key) override;
    void write(const QString &account, const QString &key, const QByteArray &value) override;
    void remove(const QString &account, const QString &key) override;

private:
    QJsonObject load() const;
    void save(const QJsonObject &all) const;

    QString m_path;
};

} // namespace berth
