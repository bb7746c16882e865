#include "keychain/filesecretstore.h"

#include "core/bertherror.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

#include <cerrno>
#include <cstdio>

#include <sys/stat.h>
#include <unistd.h>

namespace berth {

namespace {

constexpr auto ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
constexpr auto othersAny = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                           QFileDevice::ExeGroup | QFileDevice::ReadOther |
                           QFileDevice::WriteOther | QFileDevice::ExeOther;

} // namespace

FileSecretStore::FileSecretStore(QString path)
    : m_path(std::move(path))
{}

QString FileSecretStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/berth/secrets.json");
}

QString FileSecretStore::backend() const
{
    return QStringLiteral("file %1 (mode 0600)").arg(m_path);
}

QJsonObject FileSecretStore::load() const
{
    QFile file(m_path);
    if (!file.exists())
        return {};
    // Someone else's file could have been planted for us to trust (or to fill).
    if (const QFileInfo info(m_path); info.ownerId() != uint(::geteuid())) {
        throw BerthError(QStringLiteral("secrets file %1 belongs to user %2, not to you (user "
                                        "%3); expected a file of your own")
                             .arg(m_path)
                             .arg(info.ownerId())
                             .arg(::geteuid()));
    }
    if (file.permissions() & othersAny) {
        throw BerthError(QStringLiteral("secrets file %1 can be read or written by other users; "
                                        "expected mode 0600 (chmod 600 %1)")
                             .arg(m_path));
    }
    if (!file.open(QIODevice::ReadOnly))
        throw BerthError(QStringLiteral("cannot read secrets file %1").arg(m_path));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (!doc.isObject())
        throw BerthError(
            QStringLiteral("secrets file %1 is damaged: expected a JSON object").arg(m_path));
    return doc.object();
}

void FileSecretStore::save(const QJsonObject &all) const
{
    // The folder is the owner's alone, whatever the umask: mkdir with 0700.
    const QString folder = QFileInfo(m_path).absolutePath();
    if (!QFileInfo::exists(folder)) {
        QDir().mkpath(QFileInfo(folder).absolutePath());
        if (::mkdir(QFile::encodeName(folder).constData(), 0700) != 0 && errno != EEXIST)
            throw BerthError(QStringLiteral("cannot create the secrets folder %1").arg(folder));
    }
    // Written beside the file with owner-only permissions from the start, then
    // renamed over it: never readable by others, never half written.
    const QString temporary = m_path + QStringLiteral(".new");
    QFile::remove(temporary);
    QFile file(temporary);
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly, ownerOnly))
        throw BerthError(QStringLiteral("cannot write secrets file %1").arg(temporary));
    const QByteArray data = QJsonDocument(all).toJson(QJsonDocument::Compact);
    if (file.write(data) != data.size() || !file.flush()) {
        file.remove();
        throw BerthError(QStringLiteral("cannot write secrets file %1").arg(temporary));
    }
    file.close();
    if (std::rename(QFile::encodeName(temporary).constData(),
                    QFile::encodeName(m_path).constData()) != 0) {
        QFile::remove(temporary);
        throw BerthError(QStringLiteral("cannot replace secrets file %1").arg(m_path));
    }
}

// Each secret is kept as {"base64": "..."}: JSON strings cannot hold any
// bytes. A plain string is a secret from an earlier Berth (UTF-8 text).
std::optional<QByteArray> FileSecretStore::read(const QString &account, const QString &key)
{
    const QJsonValue value = load().value(account).toObject().value(key);
    if (value.isString())
        return value.toString().toUtf8();
    const QJsonValue encoded = value.toObject().value(QStringLiteral("base64"));
    if (!encoded.isString())
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(encoded.toString().toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        throw BerthError(QStringLiteral("secrets file %1 is damaged: %2/%3 is not base64")
                             .arg(m_path, account, key));
    return *decoded;
}

void FileSecretStore::write(const QString &account, const QString &key, const QByteArray &value)
{
    QJsonObject all = load();
    QJsonObject secrets = all.value(account).toObject();
    secrets.insert(key,
                   QJsonObject{{QStringLiteral("base64"), QString::fromLatin1(value.toBase64())}});
    all.insert(account, secrets);
    save(all);
}

void FileSecretStore::remove(const QString &account, const QString &key)
{
    QJsonObject all = load();
    QJsonObject secrets = all.value(account).toObject();
    if (!secrets.contains(key))
        return;
    secrets.remove(key);
    if (secrets.isEmpty())
        all.remove(account);
    else
        all.insert(account, secrets);
    save(all);
}

} // namespace berth
