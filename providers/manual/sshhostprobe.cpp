#include "providers/manual/sshhostprobe.h"

#include "core/constraints/constraints.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>

#include <libssh/libssh.h>

#include <memory>

namespace berth {

namespace {

struct SessionDeleter
{
    void operator()(ssh_session session) const
    {
        if (ssh_is_connected(session))
            ssh_disconnect(session);
        ssh_free(session);
    }
};
using Session = std::unique_ptr<std::remove_pointer_t<ssh_session>, SessionDeleter>;

struct ChannelDeleter
{
    void operator()(ssh_channel channel) const { ssh_channel_free(channel); }
};
using Channel = std::unique_ptr<std::remove_pointer_t<ssh_channel>, ChannelDeleter>;

// The server key's SHA-256 fingerprint as OpenSSH prints it ("SHA256:...").
QString fingerprintOf(ssh_session session)
{
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(session, &key) != SSH_OK)
        return {};
    unsigned char *hash = nullptr;
    size_t length = 0;
    QString text;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) == 0) {
        char *printable = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
        text = QString::fromLatin1(printable);
        ssh_string_free_char(printable);
        ssh_clean_pubkey_hash(&hash);
    }
    ssh_key_free(key);
    return text;
}

} // namespace

const char *SshHostProbe::script()
{
    return "echo \"arch=$(uname -m)\"; "
           "echo \"cores=$(nproc 2>/dev/null || grep -c ^processor /proc/cpuinfo)\"; "
           "echo \"mem-kib=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)\"; "
           "echo \"disk-kib=$(df -Pk / | awk 'NR==2 {print $2}')\"; "
           "echo \"hostname=$(hostname)\"; "
           "sed 's/^/os-/' /etc/os-release";
}

QString SshHostProbe::parseFacts(const QString &output, HostFacts *facts)
{
    QHash<QString, QString> values;
    for (const QString &line : output.split(u'\n', Qt::SkipEmptyParts)) {
        const qsizetype eq = line.indexOf(u'=');
        if (eq <= 0)
            continue;
        QString value = line.mid(eq + 1).trimmed();
        if (value.size() >= 2 && (value.startsWith(u'"') || value.startsWith(u'\'')))
            value = value.mid(1, value.size() - 2);
        values.insert(line.left(eq).trimmed(), value);
    }
    facts->arch = archFromKernel(values.value(QStringLiteral("arch")));
    facts->cores = values.value(QStringLiteral("cores")).toULongLong();
    facts->memMiB = values.value(QStringLiteral("mem-kib")).toULongLong() / 1024;
    facts->rootDiskMiB = values.value(QStringLiteral("disk-kib")).toULongLong() / 1024;
    facts->hostname = values.value(QStringLiteral("hostname"));
    const QString os = values.value(QStringLiteral("os-ID"));
    QString version = values.value(QStringLiteral("os-VERSION_ID"));
    QStringList missing;
    if (facts->arch.isEmpty())
        missing << QStringLiteral("architecture (uname -m)");
    if (facts->cores == 0)
        missing << QStringLiteral("cores (nproc)");
    if (facts->memMiB == 0)
        missing << QStringLiteral("memory (/proc/meminfo)");
    if (os.isEmpty() || version.isEmpty())
        missing << QStringLiteral("ID and VERSION_ID in /etc/os-release");
    if (!missing.isEmpty())
        return QStringLiteral("could not read the host's %1")
            .arg(missing.join(QStringLiteral(", ")));
    facts->base = os + u'@' + version;
    return {};
}

HostProbe::Result SshHostProbe::probe(const Target &target)
{
    Result result;
    const QString where = (target.user.isEmpty() ? QString() : target.user + u'@') + target.host +
                          (target.port == 22 ? QString() : QStringLiteral(":%1").arg(target.port));
    Session session(ssh_new());
    if (!session) {
        result.error = QStringLiteral("cannot start an SSH session");
        return result;
    }
    // ~/.ssh as Qt sees home (HOME), for known_hosts, keys and config alike.
    const QString sshDir = QDir::homePath() + QStringLiteral("/.ssh");
    const QByteArray host = target.host.toUtf8();
    const QByteArray dir = QFile::encodeName(sshDir);
    const unsigned int port = unsigned(target.port);
    const long timeoutSeconds = 15;
    ssh_options_set(session.get(), SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(session.get(), SSH_OPTIONS_PORT, &port);
    ssh_options_set(session.get(), SSH_OPTIONS_SSH_DIR, dir.constData());
    ssh_options_set(session.get(), SSH_OPTIONS_TIMEOUT, &timeoutSeconds);
    if (!target.user.isEmpty()) {
        const QByteArray user = target.user.toUtf8();
        ssh_options_set(session.get(), SSH_OPTIONS_USER, user.constData());
    }
    const auto failed = [&](const QString &what) {
        result.error = QStringLiteral("%1: %2").arg(where, what);
        return result;
    };
    if (ssh_connect(session.get()) != SSH_OK)
        return failed(QStringLiteral("cannot connect: ") +
                      QString::fromUtf8(ssh_get_error(session.get())));

    const QString fingerprint = fingerprintOf(session.get());
    switch (ssh_session_is_known_server(session.get())) {
    case SSH_KNOWN_HOSTS_OK:
        break;
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
        // known_hosts names a host on another port "[host]:port", and so must ssh-keygen -R.
        return failed(
            QStringLiteral("the host key has changed (now %1); refusing to connect. "
                           "If the change is expected, remove the old key with "
                           "ssh-keygen -R %2")
                .arg(fingerprint,
                     target.port == 22
                         ? target.host
                         : QStringLiteral("'[%1]:%2'").arg(target.host).arg(target.port)));
    case SSH_KNOWN_HOSTS_NOT_FOUND:
    case SSH_KNOWN_HOSTS_UNKNOWN:
        if (target.acceptFingerprint.trimmed() != fingerprint) {
            result.unknownKey = fingerprint;
            return failed(
                target.acceptFingerprint.isEmpty()
                    ? QStringLiteral("the host key is not known; its fingerprint is %1. Check it "
                                     "(ssh-keygen -lf on the host) and add --accept-host-key %1")
                          .arg(fingerprint)
                    : QStringLiteral("the host key's fingerprint is %1, not the %2 you accepted")
                          .arg(fingerprint, target.acceptFingerprint.trimmed()));
        }
        QDir().mkpath(sshDir);
        QFile::setPermissions(sshDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        if (ssh_session_update_known_hosts(session.get()) != SSH_OK)
            return failed(QStringLiteral("cannot record the host key in %1/known_hosts: %2")
                              .arg(sshDir, QString::fromUtf8(ssh_get_error(session.get()))));
        break;
    case SSH_KNOWN_HOSTS_ERROR:
        return failed(QStringLiteral("cannot check the host key: ") +
                      QString::fromUtf8(ssh_get_error(session.get())));
    }

    if (ssh_userauth_publickey_auto(session.get(), nullptr, nullptr) != SSH_AUTH_SUCCESS)
        return failed(QStringLiteral("the host refused Berth's keys (your ssh agent and the "
                                     "keys in %1); authorise one of them on the host")
                          .arg(sshDir));

    Channel channel(ssh_channel_new(session.get()));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK ||
        ssh_channel_request_exec(channel.get(), script()) != SSH_OK)
        return failed(QStringLiteral("cannot run commands: ") +
                      QString::fromUtf8(ssh_get_error(session.get())));
    QByteArray output;
    char buffer[4096];
    for (;;) {
        const int n = ssh_channel_read_timeout(channel.get(), buffer, sizeof buffer, 0,
                                               int(timeoutSeconds * 1000));
        if (n <= 0)
            break;
        output.append(buffer, n);
        if (output.size() > 1 << 20)
            break; // an answer this big is not ours
    }
    ssh_channel_send_eof(channel.get());
    ssh_channel_close(channel.get());
    const QString problem = parseFacts(QString::fromUtf8(output), &result.facts);
    if (!problem.isEmpty())
        return failed(problem);
    return result;
}

} // namespace berth
