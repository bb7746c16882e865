// The OpenStack session's token handling, against a peer on loopback that
// answers with replies recorded from the real rig (tests/providers/openstack/
// replies/): a token Nova refuses is replaced once, a refused credential is
// not asked again and again, and a token about to expire is renewed first.
#include "providers/openstack/openstacksession.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>

using namespace berth;

namespace {

QString S(const char *text)
{
    return QString::fromUtf8(text);
}

QJsonObject recordedBody(const char *name)
{
    QFile file(S(SOURCE_DIR "/tests/providers/openstack/replies/") + S(name) + S(".json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the recorded reply %s", name);
    return QJsonDocument::fromJson(file.readAll()).object().value(S("body")).toObject();
}

// An HTTP/1.1 peer on 127.0.0.1 that answers each request through `answer`
// and closes the connection.
class ScriptedPeer : public QObject
{
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QByteArray token;
    };
    struct Answer
    {
        int status = 200;
        QJsonObject body;
        QByteArray subjectToken;
    };
    std::function<Answer(const Request &)> answer;
    QList<Request> seen;

    ScriptedPeer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    int count(const QByteArray &path) const
    {
        return int(std::count_if(seen.cbegin(), seen.cend(),
                                 [&](const Request &r) { return r.path == path; }));
    }

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        Request request;
        const QList<QByteArray> first = lines.first().trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        qsizetype length = 0;
        for (const QByteArray &line : lines) {
            const qsizetype colon = line.indexOf(':');
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1).trimmed();
            if (name == "content-length")
                length = value.toLongLong();
            else if (name == "x-auth-token")
                request.token = value;
        }
        if (buffer.size() < end + 4 + length)
            return; // the body is still coming
        m_buffers.remove(socket);
        seen << request;
        const Answer a = answer(request);
        const QByteArray body = QJsonDocument(a.body).toJson(QJsonDocument::Compact);
        QByteArray reply = "HTTP/1.1 " + QByteArray::number(a.status) +
                           " X\r\nContent-Type: application/json\r\nConnection: close\r\n";
        if (!a.subjectToken.isEmpty())
            reply += "X-Subject-Token: " + a.subjectToken + "\r\n";
        reply += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        socket->write(reply);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

// The recorded token reply with its catalog pointed at `peer`, expiring at `expires`.
QJsonObject tokenReply(const ScriptedPeer &peer, const QDateTime &expires)
{
    QByteArray text = QJsonDocument(recordedBody("keystone-token-application-credential")).toJson();
    text.replace("http://127.0.0.1:8774/v2.1", QByteArray(peer.url().toUtf8() + "/compute"));
    text.replace("http://127.0.0.1:8784/v2.1", QByteArray(peer.url().toUtf8() + "/compute2"));
    QJsonObject reply = QJsonDocument::fromJson(text).object();
    QJsonObject token = reply.value(S("token")).toObject();
    token.insert(S("expires_at"), expires.toString(Qt::ISODateWithMs));
    reply.insert(S("token"), token);
    return reply;
}

// Keystone's answer issuing "token-<number>", living `seconds` more.
ScriptedPeer::Answer issue(const ScriptedPeer &peer, int number, int seconds = 3600)
{
    return {201, tokenReply(peer, QDateTime::currentDateTimeUtc().addSecs(seconds)),
            "token-" + QByteArray::number(number)};
}

OpenStackCredentials credentialsFor(const ScriptedPeer &peer)
{
    OpenStackCredentials c;
    c.identity = QUrl(peer.url() + S("/identity/v3"));
    c.applicationCredentialId = S("d32a0ca3");
    c.applicationCredentialSecret = "secret";
    return c;
}

const QByteArray tokensPath = "/identity/v3/auth/tokens";
const QByteArray zonesPath = "/compute/os-availability-zone";

} // namespace

class TestOpenStackSession : public QObject
{
    Q_OBJECT

private slots:
    void aTokenNovaRefusesIsReplacedOnce();
    void refusedCredentialsAreAskedOnce();
    void aServiceThatRefusesEveryTokenIsNotAskedForever();
    void aTokenAboutToExpireIsRenewedFirst();
};

void TestOpenStackSession::aTokenNovaRefusesIsReplacedOnce()
{
    ScriptedPeer peer;
    int issued = 0;
    peer.answer = [&](const ScriptedPeer::Request &r) -> ScriptedPeer::Answer {
        if (r.path == tokensPath)
            return issue(peer, ++issued);
        // The first token was revoked: Nova refuses it.
        if (r.token == "token-1")
            return {401, recordedBody("nova-401-bad-token"), {}};
        return {200, recordedBody("nova-availability-zones"), {}};
    };
    OpenStackSession session(credentialsFor(peer));
    const OpenStackReply reply = session.call(
        "GET", S("RegionOne"), OpenStackSession::Service::Compute, S("/os-availability-zone"));
    QVERIFY2(reply.ok(), qPrintable(reply.error.message));
    QCOMPARE(reply.body.value(S("availabilityZoneInfo")).toArray().size(), 2);
    QCOMPARE(peer.count(tokensPath), 2);
    QCOMPARE(peer.count(zonesPath), 2);
    QCOMPARE(session.token(), QByteArray("token-2"));
    // The next call keeps the new token.
    QVERIFY(session
                .call("GET", S("RegionOne"), OpenStackSession::Service::Compute,
                      S("/os-availability-zone"))
                .ok());
    QCOMPARE(peer.count(tokensPath), 2);
}

void TestOpenStackSession::refusedCredentialsAreAskedOnce()
{
    ScriptedPeer peer;
    peer.answer = [&](const ScriptedPeer::Request &) -> ScriptedPeer::Answer {
        return {401, recordedBody("keystone-401-wrong-secret"), {}};
    };
    OpenStackSession session(credentialsFor(peer));
    const OpenStackReply reply = session.call(
        "GET", S("RegionOne"), OpenStackSession::Service::Compute, S("/os-availability-zone"));
    QCOMPARE(reply.error.kind, ProviderError::Kind::Auth);
    QVERIFY2(reply.error.message.contains(S("refused the application credential")),
             qPrintable(reply.error.message));
    QVERIFY(!reply.error.message.contains(S("secret\""))); // the secret is never said
    QCOMPARE(peer.seen.size(), 1);
}

void TestOpenStackSession::aServiceThatRefusesEveryTokenIsNotAskedForever()
{
    ScriptedPeer peer;
    int issued = 0;
    peer.answer = [&](const ScriptedPeer::Request &r) -> ScriptedPeer::Answer {
        if (r.path == tokensPath)
            return issue(peer, ++issued);
        return {401, recordedBody("nova-401-bad-token"), {}};
    };
    OpenStackSession session(credentialsFor(peer));
    const OpenStackReply reply = session.call(
        "GET", S("RegionOne"), OpenStackSession::Service::Compute, S("/os-availability-zone"));
    QCOMPARE(reply.error.kind, ProviderError::Kind::Auth);
    QCOMPARE(peer.count(tokensPath), 2); // re-authenticated once, then given up
    QCOMPARE(peer.count(zonesPath), 2);
}

void TestOpenStackSession::aTokenAboutToExpireIsRenewedFirst()
{
    ScriptedPeer peer;
    int issued = 0;
    peer.answer = [&](const ScriptedPeer::Request &r) -> ScriptedPeer::Answer {
        if (r.path == tokensPath) {
            // The first lives two more minutes, the second an hour.
            ++issued;
            return issue(peer, issued, issued == 1 ? 120 : 3600);
        }
        return {200, recordedBody("nova-availability-zones"), {}};
    };
    OpenStackSession session(credentialsFor(peer));
    QVERIFY(session.authenticate().ok());
    QCOMPARE(session.token(), QByteArray("token-1"));
    QVERIFY(session
                .call("GET", S("RegionOne"), OpenStackSession::Service::Compute,
                      S("/os-availability-zone"))
                .ok());
    // Renewed before the call: Nova never saw the token about to expire.
    QCOMPARE(session.token(), QByteArray("token-2"));
    QCOMPARE(peer.seen.last().token, QByteArray("token-2"));
    QCOMPARE(peer.count(tokensPath), 2);
}

QTEST_GUILESS_MAIN(TestOpenStackSession)
#include "tst_openstacksession.moc"
