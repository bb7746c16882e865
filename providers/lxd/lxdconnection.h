#pragma once

#include "core/cloud/provider.h"
#include "providers/tls/httpsclient.h"

#include <QJsonObject>
#include <QUrl>

#include <atomic>
#include <memory>

namespace berth {

// How to reach one LXD server: its URL, the client certificate Berth presents
// and the SHA-256 fingerprint its own certificate must have.
struct LxdEndpoint
{
    QUrl url;
    QByteArray clientCert;   // PEM
    QByteArray clientKey;    // PEM, EC or RSA
    QByteArray pinnedSha256; // lowercase hex without colons; empty: nothing is trusted yet
    QString project = QStringLiteral("default");
    int timeoutMs = 300'000; // for one background operation
    int requestTimeoutMs = 30'000;
};

// What LXD answered: the HTTP status, its JSON envelope's metadata, or the
// error, classified for the provisioner.
struct LxdReply
{
    int httpStatus = 0;
    QJsonValue metadata;
    ProviderError error;
    bool ok() const { return error.ok(); }
};

// Classifies a failed LXD call by its HTTP status and LXD's error text.
ProviderError classifyLxdError(int httpStatus, const QString &lxdError);

// One HTTPS conversation with an LXD server, made by one thread within one
// provider call; requests are synchronous for the caller. The server's
// certificate must match the pin; otherwise nothing is sent.
class LxdConnection
{
public:
    explicit LxdConnection(const LxdEndpoint &endpoint, const std::atomic<bool> *cancel = nullptr);

    // One request. `path` is below the server root ("/1.0/instances"); the
    // project is added to it.
    LxdReply call(const QByteArray &verb, const QString &path, const QJsonObject &body = {});
    // A request that starts a background operation, then waits for it (in
    // slices, up to the endpoint's timeout; cancelled on timeout or cancel).
    LxdReply run(const QByteArray &verb, const QString &path, const QJsonObject &body = {});

private:
    LxdReply send(const QByteArray &verb, const QUrl &url, const QByteArray &body, int timeoutMs);
    LxdReply waitFor(const QString &operation);
    QUrl urlFor(const QString &path, bool withProject) const;
    bool cancelled() const { return m_cancel && *m_cancel; }

    LxdEndpoint m_endpoint;
    const std::atomic<bool> *m_cancel;
    std::unique_ptr<HttpsClient> m_client; // opened at the first request
    ProviderError m_noClient;              // why it could not be
};

} // namespace berth
