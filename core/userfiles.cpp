#include "core/userfiles.h"

#include "core/bertherror.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(UserFiles)
};

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// The open stores' database files, as given and made absolute, with a count
// each (two connections of one process to one store protect it twice).
Q_CONSTINIT QBasicMutex protectedMutex;
QHash<QString, int> &protectedFiles()
{
    static QHash<QString, int> files;
    return files;
}

const QStringList &companions()
{
    static const QStringList suffixes{QString(), QStringLiteral("-wal"), QStringLiteral("-shm"),
                                      QStringLiteral("-journal")};
    return suffixes;
}

void refuseProtected(const QString &path, const QString &name)
{
    if (UserFiles::isProtected(path))
        throw BerthError(
            Text::tr("%1 is a file of the store Berth has open; name another file").arg(name));
}

// What kind of thing a path that is not a regular file is, for the refusal.
QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return Text::tr("a directory");
    if (S_ISFIFO(mode))
        return Text::tr("a FIFO");
    if (S_ISSOCK(mode))
        return Text::tr("a socket");
    return Text::tr("a device");
}

class Descriptor
{
public:
    explicit Descriptor(int fd)
        : m_fd(fd)
    {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    int get() const { return m_fd; }
    // Closes now, so that a failure to write back is seen.
    int close()
    {
        const int result = ::close(m_fd);
        m_fd = -1;
        return result;
    }

private:
    int m_fd;
};

bool isSqliteDatabase(const QString &path)
{
    const Descriptor fd(
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    char header[16] = {};
    return fd.get() >= 0 && ::read(fd.get(), header, sizeof header) == sizeof header &&
           std::memcmp(header, "SQLite format 3", 16) == 0;
}

} // namespace

namespace UserFiles {

void protect(const QString &path)
{
    const QMutexLocker lock(&protectedMutex);
    ++protectedFiles()[absolutePath(path)];
}

void release(const QString &path)
{
    const QMutexLocker lock(&protectedMutex);
    const auto found = protectedFiles().find(absolutePath(path));
    if (found != protectedFiles().end() && --found.value() <= 0)
        protectedFiles().erase(found);
}

bool isProtected(const QString &path)
{
    const QString wanted = absolutePath(path);
    const auto own = identity(path);
    const QMutexLocker lock(&protectedMutex);
    for (auto it = protectedFiles().cbegin(); it != protectedFiles().cend(); ++it) {
        for (const QString &suffix : companions()) {
            const QString file = it.key() + suffix;
            if (file == wanted || (own && identity(file) == own))
                return true;
        }
    }
    return false;
}

QString absolutePath(const QString &path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

std::optional<QPair<quint64, quint64>> identity(const QString &path)
{
    struct stat info
    {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return std::nullopt;
    return QPair<quint64, quint64>(quint64(info.st_dev), quint64(info.st_ino));
}

QByteArray readDescriptor(int fd, const QString &name, qint64 maxBytes)
{
    QByteArray data;
    char chunk[64 * 1024];
    for (;;) {
        const ssize_t got = ::read(fd, chunk, sizeof chunk);
        if (got == 0)
            return data;
        if (got < 0) {
            if (errno == EINTR)
                continue;
            throw BerthError(Text::tr("cannot read %1: %2").arg(name, systemError(errno)));
        }
        if (data.size() + got > maxBytes) {
            throw BerthError(Text::tr("%1 is larger than %2 bytes; expected at most that")
                                 .arg(name)
                                 .arg(maxBytes));
        }
        data.append(chunk, got);
    }
}

QByteArray read(const QString &path, const QString &name, qint64 maxBytes, const QString &expected)
{
    refuseProtected(path, name);
    // Not blocking: a FIFO with no writer would otherwise wait for one for ever.
    const Descriptor fd(
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        throw BerthError(Text::tr("cannot read %1: %2").arg(name, systemError(errno)));
    struct stat info
    {};
    if (::fstat(fd.get(), &info) != 0)
        throw BerthError(Text::tr("cannot read %1: %2").arg(name, systemError(errno)));
    if (!S_ISREG(info.st_mode)) {
        throw BerthError(Text::tr("%1 is %2; expected %3")
                             .arg(name, kindOf(info.st_mode),
                                  expected.isEmpty() ? Text::tr("a file") : expected));
    }
    if (info.st_size > maxBytes) {
        throw BerthError(Text::tr("%1 is %2 bytes; expected at most %3")
                             .arg(name)
                             .arg(qint64(info.st_size))
                             .arg(maxBytes));
    }
    return readDescriptor(fd.get(), name, maxBytes);
}

void write(const QString &path, const QByteArray &data, const QString &name)
{
    refuseProtected(path, name);
    const QByteArray target = QFile::encodeName(path);
    struct stat existing
    {};
    const bool exists = ::stat(target.constData(), &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode))
        throw BerthError(Text::tr("%1 is %2; expected %3")
                             .arg(name, kindOf(existing.st_mode), Text::tr("a file")));
    if (exists && isSqliteDatabase(path)) {
        throw BerthError(
            Text::tr("%1 is a SQLite database (a store?); it is not overwritten: name another file")
                .arg(name));
    }
    QByteArray temporary =
        QFile::encodeName(QFileInfo(path).absolutePath() + QStringLiteral("/.") +
                          QFileInfo(path).fileName() + QStringLiteral(".XXXXXX"));
    Descriptor fd(::mkstemp(temporary.data()));
    if (fd.get() < 0)
        throw BerthError(Text::tr("cannot write %1: %2").arg(name, systemError(errno)));
    const auto fail = [&](int error) {
        ::unlink(temporary.constData());
        return BerthError(Text::tr("cannot write %1: %2").arg(name, systemError(error)));
    };
    // The file keeps the mode it had; a new one is readable as files usually are.
    if (::fchmod(fd.get(), exists ? existing.st_mode & 07777 : 0644) != 0)
        throw fail(errno);
    for (qint64 done = 0; done < data.size();) {
        const ssize_t wrote =
            ::write(fd.get(), data.constData() + done, size_t(data.size() - done));
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            throw fail(wrote < 0 ? errno : ENOSPC);
        done += wrote;
    }
    if (::fsync(fd.get()) != 0 || fd.close() != 0)
        throw fail(errno);
    if (::rename(temporary.constData(), target.constData()) != 0)
        throw fail(errno);
}

} // namespace UserFiles

} // namespace berth
