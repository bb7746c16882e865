#include "providers/manual/sshhostprobe.h"

#include "core/berthmodule.h"
#include "core/constraints/constraints.h"
#include "providers/manual/sshsession.h"

#include <QDir>
#include <QHash>

namespace berth {

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
    const auto failed = [&](const QString &what) {
        result.error = QStringLiteral("%1: %2").arg(where, what);
        return result;
    };
    QString missing;
    const auto run = BerthModule::resolve<SshSession::Run>(QStringLiteral("berth-ssh"),
                                                           SshSession::runSymbol, &missing);
    if (!run)
        return failed(QStringLiteral("SSH support is missing (%1); build or install Berth whole")
                          .arg(missing));
    SshSession::Request request;
    request.user = target.user;
    request.host = target.host;
    request.port = target.port;
    request.acceptFingerprint = target.acceptFingerprint;
    // ~/.ssh as Qt sees home (HOME), for known_hosts, keys and config alike.
    request.sshDir = QDir::homePath() + QStringLiteral("/.ssh");
    request.script = script();
    SshSession::Reply reply;
    run(request, reply);
    result.unknownKey = reply.unknownKey;
    if (!reply.error.isEmpty())
        return failed(reply.error);
    const QString problem = parseFacts(QString::fromUtf8(reply.output), &result.facts);
    if (!problem.isEmpty())
        return failed(problem);
    return result;
}

} // namespace berth
