#include "keychain/keychainsecretstore.h"

#include "core/bertherror.h"
#include "core/berthmodule.h"

#include <QFileInfo>

namespace berth {

namespace {

const QString service = QStringLiteral("berth");

// Whether a keychain could be reached at all: the Secret Service and KWallet
// answer on the session bus, found from DBUS_SESSION_BUS_ADDRESS, the user
// bus in XDG_RUNTIME_DIR, or started for a graphical session on demand.
// Without one, the keychain module (QtKeychain, Qt D-Bus, libsecret, GLib's
// GIO: some milliseconds to load) is not loaded to find out.
bool sessionBusReachable()
{
    if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS") ||
        !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return true;
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    return !runtime.isEmpty() && QFileInfo::exists(runtime + QStringLiteral("/bus"));
}

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
    const bool bus = sessionBusReachable();
    QString missing;
    KeychainAccess::Run access = nullptr;
    if (bus) {
        access = BerthModule::resolve<KeychainAccess::Run>(QStringLiteral("berth-keychain"),
                                                           KeychainAccess::runSymbol, &missing);
    }
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
        if (!bus || (access && qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))) {
            m_why = QStringLiteral("this session has no D-Bus session bus to reach a keychain "
                                   "(Secret Service or KWallet) on");
        } else if (!access) {
            m_why = QStringLiteral("Berth's keychain module is missing (%1)").arg(missing);
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
