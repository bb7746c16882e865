#include "keychain/keychainsecretstore.h"

#include "core/bertherror.h"
#include "core/berthmodule.h"

namespace berth {

namespace {

const QString service = QStringLiteral("berth");

} // namespace

KeychainSecretStore::KeychainSecretStore(QString fallbackPath)
    : m_file(std::move(fallbackPath))
{}

QString KeychainSecretStore::backend() const
{
    if (m_fallingBack)
        return QStringLiteral("%1, as %2").arg(m_file.backend(), m_why);
    return QStringLiteral("system keychain");
}

bool KeychainSecretStore::run(Op op, const QString &account, const QString &key,
                              const QByteArray &value, std::optional<QByteArray> *out)
{
    QString missing;
    const auto access = BerthModule::resolve<KeychainAccess::Run>(
        QStringLiteral("berth-keychain"), KeychainAccess::runSymbol, &missing);
    KeychainAccess::Reply reply;
    if (access)
        access({op, service, account + u'/' + key, value}, reply);
    switch (reply.outcome) {
    case KeychainAccess::Outcome::Done:
        if (out)
            *out = reply.value;
        return true;
    case KeychainAccess::Outcome::NotFound:
        return true; // nothing stored: nothing to read or remove
    case KeychainAccess::Outcome::NoKeychain:
        m_fallingBack = true;
        // In words a user can act on, not the library's (which names the
        // D-Bus programs it tried to run).
        if (!access) {
            m_why = QStringLiteral("Berth's keychain module is missing (%1)").arg(missing);
        } else if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")) {
            m_why = QStringLiteral("this session has no D-Bus session bus to reach a keychain "
                                   "(Secret Service or KWallet) on");
        } else {
            m_why = QStringLiteral("no keychain service (Secret Service or KWallet) answered on "
                                   "the session bus");
        }
        return false;
    case KeychainAccess::Outcome::Refused:
        break;
    }
    // The keychain is there but refused: say so rather than write secrets elsewhere.
    throw BerthError(QStringLiteral("the system keychain refused access to %1/%2: %3")
                         .arg(account, key, reply.error));
}

std::optional<QByteArray> KeychainSecretStore::read(const QString &account, const QString &key)
{
    std::optional<QByteArray> value;
    if (!m_fallingBack && run(Op::Read, account, key, {}, &value))
        return value;
    return m_file.read(account, key);
}

void KeychainSecretStore::write(const QString &account, const QString &key, const QByteArray &value)
{
    if (!m_fallingBack && run(Op::Write, account, key, value, nullptr))
        return;
    m_file.write(account, key, value);
}

void KeychainSecretStore::remove(const QString &account, const QString &key)
{
    if (!m_fallingBack && run(Op::Remove, account, key, {}, nullptr))
        return;
    m_file.remove(account, key);
}

} // namespace berth
