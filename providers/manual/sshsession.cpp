#include "providers/manual/sshsession.h"

#include <QDir>
#include <QFile>

#include <libssh/libssh.h>

#include <memory>
#include <type_traits>

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

extern "C" Q_DECL_EXPORT void berth_ssh_run(const SshSession::Request &request,
                                            SshSession::Reply &reply)
{
    static_assert(std::is_same_v<decltype(&berth_ssh_run), SshSession::Run>);
    const auto failed = [&](const QString &what) { reply.error = what; };
    Session session(ssh_new());
    if (!session)
        return failed(QStringLiteral("cannot start an SSH session"));
    const QByteArray host = request.host.toUtf8();
    const QByteArray dir = QFile::encodeName(request.sshDir);
    const unsigned int port = unsigned(request.port);
    const long timeoutSeconds = request.timeoutSeconds;
    ssh_options_set(session.get(), SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(session.get(), SSH_OPTIONS_PORT, &port);
    ssh_options_set(session.get(), SSH_OPTIONS_SSH_DIR, dir.constData());
    ssh_options_set(session.get(), SSH_OPTIONS_TIMEOUT, &timeoutSeconds);
    if (!request.user.isEmpty()) {
        const QByteArray user = request.user.toUtf8();
        ssh_options_set(session.get(), SSH_OPTIONS_USER, user.constData());
    }
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
                     request.port == 22
                         ? request.host
                         : QStringLiteral("'[%1]:%2'").arg(request.host).arg(request.port)));
    case SSH_KNOWN_HOSTS_NOT_FOUND:
    case SSH_KNOWN_HOSTS_UNKNOWN:
        if (request.acceptFingerprint.trimmed() != fingerprint) {
            reply.unknownKey = fingerprint;
            return failed(
                request.acceptFingerprint.isEmpty()
                    ? QStringLiteral("the host key is not known; its fingerprint is %1. Check it "
                                     "(ssh-keygen -lf on the host) and add --accept-host-key %1")
                          .arg(fingerprint)
                    : QStringLiteral("the host key's fingerprint is %1, not the %2 you accepted")
                          .arg(fingerprint, request.acceptFingerprint.trimmed()));
        }
        QDir().mkpath(request.sshDir);
        QFile::setPermissions(request.sshDir,
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        if (ssh_session_update_known_hosts(session.get()) != SSH_OK)
            return failed(
                QStringLiteral("cannot record the host key in %1/known_hosts: %2")
                    .arg(request.sshDir, QString::fromUtf8(ssh_get_error(session.get()))));
        break;
    case SSH_KNOWN_HOSTS_ERROR:
        return failed(QStringLiteral("cannot check the host key: ") +
                      QString::fromUtf8(ssh_get_error(session.get())));
    }

    if (ssh_userauth_publickey_auto(session.get(), nullptr, nullptr) != SSH_AUTH_SUCCESS)
        return failed(QStringLiteral("the host refused Berth's keys (your ssh agent and the "
                                     "keys in %1); authorise one of them on the host")
                          .arg(request.sshDir));

    Channel channel(ssh_channel_new(session.get()));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK ||
        ssh_channel_request_exec(channel.get(), request.script.constData()) != SSH_OK)
        return failed(QStringLiteral("cannot run commands: ") +
                      QString::fromUtf8(ssh_get_error(session.get())));
    char buffer[4096];
    for (;;) {
        const int n = ssh_channel_read_timeout(channel.get(), buffer, sizeof buffer, 0,
                                               int(timeoutSeconds * 1000));
        if (n <= 0)
            break;
        reply.output.append(buffer, n);
        if (reply.output.size() > 1 << 20)
            break; // an answer this big is not ours
    }
    ssh_channel_send_eof(channel.get());
    ssh_channel_close(channel.get());
}

} // namespace berth
