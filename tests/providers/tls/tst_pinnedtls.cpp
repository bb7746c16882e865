// The providers' wait for an HTTP answer: a server that answers byte by byte,
// never pausing long enough to trip a transfer timeout, is given up on at the
// deadline, so one such call cannot hold back a provisioner for ever.
#include "providers/tls/pinnedtls.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace berth;

class TestPinnedTls : public QObject
{
    Q_OBJECT

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
        QNetworkAccessManager network;
        QNetworkRequest request(
            QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(server.serverPort())));
        request.setTransferTimeout(1'000); // never tripped: a byte comes every 100 ms
        QNetworkReply *reply = network.get(request);
        QElapsedTimer took;
        took.start();
        QVERIFY(!PinnedTls::waitFor(reply, nullptr, 2'000));
        QVERIFY2(took.elapsed() >= 1'900 && took.elapsed() < 10'000,
                 qPrintable(QString::number(took.elapsed())));
        QVERIFY(reply->isFinished());
        QCOMPARE(reply->error(), QNetworkReply::OperationCanceledError);
        delete reply;
    }

    void anAnswerInTimeIsNotCut()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        connect(&server, &QTcpServer::newConnection, this, [&] {
            QTcpSocket *client = server.nextPendingConnection();
            connect(client, &QTcpSocket::readyRead, client, [client] {
                client->readAll();
                client->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            });
        });
        QNetworkAccessManager network;
        QNetworkReply *reply = network.get(
            QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(server.serverPort()))));
        QVERIFY(PinnedTls::waitFor(reply, nullptr, 5'000));
        QCOMPARE(reply->readAll(), QByteArray("ok"));
        delete reply;
    }
};

QTEST_GUILESS_MAIN(TestPinnedTls)
#include "tst_pinnedtls.moc"
