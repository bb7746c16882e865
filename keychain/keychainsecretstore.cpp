#include "keychain/keychainsecretstore.h"

#include "core/bertherror.h"

#include <QEventLoop>

#include <qt6keychain/keychain.h>

#include <memory>

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
    std::unique_ptr<QKeychain::Job> job;
    switch (op) {
    case Op::Read:
        job = std::make_unique<QKeychain::ReadPasswordJob>(service);
        break;
    case Op::Write: {
        auto write = std::make_unique<QKeychain::WritePasswordJob>(service);
        write->setBinaryData(value);
        job = std::move(write);
        break;
    }
    case Op::Remove:
        job = std::make_unique<QKeychain::DeletePasswordJob>(service);
        break;
    }
    job->setAutoDelete(false);
    job->setKey(account + u'/' + key);
    QEventLoop loop;
    QObject::connect(job.get(), &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job->start();
    loop.exec();
    switch (job->error()) {
    case QKeychain::NoError:
        if (out)
            *out = static_cast<QKeychain::ReadPasswordJob *>(job.get())->binaryData();
        return true;
    case QKeychain::EntryNotFound:
        return true; // nothing stored: nothing to read or remove
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError:
        m_fallingBack = true;
        // In words a user can act on, not the library's (which names the
        // D-Bus programs it tried to run).
        m_why = qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")
                    ? QStringLiteral("this session has no D-Bus session bus to reach a keychain "
                                     "(Secret Service or KWallet) on")
                    : QStringLiteral("no keychain service (Secret Service or KWallet) answered on "
                                     "the session bus");
        return false;
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        break;
    }
    // The keychain is there but refused: say so rather than write secrets elsewhere.
    throw BerthError(QStringLiteral("the system keychain refused access to %1/%2: %3")
                         .arg(account, key, job->errorString()));
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
