#pragma once

#include "keychain/filesecretstore.h"
#include "keychain/keychainaccess.h"

namespace berth {

// Secrets in the system keychain (Secret Service, KWallet, … through
// QtKeychain). Where no keychain service runs, the first call finds out and
// every secret goes to the owner-only file instead; backend() says which.
class KeychainSecretStore final : public SecretStore
{
public:
    explicit KeychainSecretStore(QString fallbackPath = FileSecretStore::defaultPath());

    QString backend() const override;
    std::optional<QByteArray> read(const QString &account, const QString &key) override;
    void write(const QString &account, const QString &key, const QByteArray &value) override;
    void remove(const QString &account, const QString &key) override;
    bool usesKeychain() const { return !m_fallingBack; }

private:
    using Op = KeychainAccess::Op;
    // Runs one keychain job to its end; false when no keychain service answered.
    bool run(Op op, const QString &account, const QString &key, const QByteArray &value,
             std::optional<QByteArray> *out);

    FileSecretStore m_file;
    bool m_fallingBack = false;
    QString m_why;
};

} // namespace berth
