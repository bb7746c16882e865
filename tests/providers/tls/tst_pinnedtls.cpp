// The providers' HTTP exchanges, through the HTTPS module: a server that
// answers byte by byte, never pausing long enough to trip a transfer
// timeout, is given up on at the deadline, so one such call cannot hold back
// a provisioner for ever; an answer in time comes back whole, headers and
// all; no server at all is told in one line. (A certificate other than the
// pinned one: tst_lxd.)
#include "providers/tls/httpsclient.h"
#include "providers/tls/pinnedtls.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace berth;

class TestPinnedTls : public QObject
{
    Q_OBJECT

private:
    static HttpsClient::Request get(const QTcpServer &server, const QString &scheme)
    {
        HttpsClient::Request request;
        request.url =
            QUrl(QStringLiteral("%1://127.0.0.1:%2/").arg(scheme).arg(server.serverPort()));
        return request;
    }

private slots:
    void aTricklingAnswerIsGivenUpAtTheDeadline()
    {
        // Headers promise a long body, which then comes a byte at a time.
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QTimer drip;
        QTcpSocket *client = nullptr;
        connect(&server, &QTcpServer::newConnection, this, [&] {
            client = server.nextPendingConnection();
            connect(client, &QTcpSocket::readyRead, client, [&] {
                client->readAll();
                client->write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n");
                drip.start(100);
            });
        });
        connect(&drip, &QTimer::timeout, this, [&] {
            if (client)
                client->write("x");
        });
        ProviderError missing;
        const std::unique_ptr<HttpsClient> https = HttpsClient::open(&missing);
        QVERIFY2(https, qPrintable(missing.message));
        HttpsClient::Request request = get(server, QStringLiteral("http"));
        request.transferTimeoutMs = 1'000; // never tripped: a byte comes every 100 ms
        request.deadlineMs = 2'000;
        QElapsedTimer took;
        took.start();
        const HttpsClient::Reply reply = https->exchange(request);
        QVERIFY(!reply.inTime);
        QVERIFY2(took.elapsed() >= 1'900 && took.elapsed() < 10'000,
                 qPrintable(QString::number(took.elapsed())));
        const ProviderError error = PinnedTls::failure(request, reply, QStringLiteral("LXD"),
                                                       QStringLiteral("here"), {}, {});
        QCOMPARE(error.kind, ProviderError::Kind::Transient);
        QCOMPARE(error.message,
                 QStringLiteral("LXD at here did not finish answering within 2 s; given up"));
    }

    void anAnswerInTimeIsNotCut()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QByteArray asked;
        connect(&server, &QTcpServer::newConnection, this, [&] {
            QTcpSocket *client = server.nextPendingConnection();
            connect(client, &QTcpSocket::readyRead, client, [client, &asked] {
                asked += client->readAll();
                client->write("HTTP/1.1 201 Created\r\nX-Subject-Token: t0k3n\r\n"
                              "Content-Length: 2\r\n\r\nok");
            });
        });
        ProviderError missing;
        const std::unique_ptr<HttpsClient> https = HttpsClient::open(&missing);
        QVERIFY2(https, qPrintable(missing.message));
        HttpsClient::Request request = get(server, QStringLiteral("http"));
        request.verb = "POST";
        request.headers = {{"X-Auth-Token", "secret"}};
        request.body = "{}";
        request.deadlineMs = 5'000;
        const HttpsClient::Reply reply = https->exchange(request);
        QVERIFY(reply.inTime);
        QCOMPARE(reply.httpStatus, 201);
        QCOMPARE(reply.body, QByteArray("ok"));
        QCOMPARE(reply.header("x-subject-token"), QByteArray("t0k3n"));
        QVERIFY(PinnedTls::failure(request, reply, {}, {}, {}, {}).ok());
        QVERIFY2(asked.startsWith("POST / HTTP/1.1\r\n"), asked.constData());
        QVERIFY2(asked.contains("X-Auth-Token: secret\r\n"), asked.constData());
        QVERIFY(asked.endsWith("\r\n\r\n{}"));
    }

    void noServerIsToldInOneLine()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        HttpsClient::Request request = get(server, QStringLiteral("http"));
        server.close(); // nothing listens there now
        ProviderError missing;
        const std::unique_ptr<HttpsClient> https = HttpsClient::open(&missing);
        QVERIFY2(https, qPrintable(missing.message));
        const HttpsClient::Reply reply = https->exchange(request);
        QCOMPARE(reply.httpStatus, 0);
        const ProviderError error = PinnedTls::failure(request, reply, QStringLiteral("OpenStack"),
                                                       QStringLiteral("there"), {}, {});
        QCOMPARE(error.kind, ProviderError::Kind::Transient);
        QVERIFY2(error.message.startsWith(QLatin1String("cannot reach OpenStack at there: ")) &&
                     error.message.contains(QLatin1String("refused")),
                 qPrintable(error.message));
    }
};

QTEST_GUILESS_MAIN(TestPinnedTls)
#include "tst_pinnedtls.moc"
