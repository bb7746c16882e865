#pragma once

#include <QString>
#include <QStringList>

namespace berth {

// An operating system base, `os@channel` (ubuntu@22.04). Immutable once set on
// an application, unit or machine; units only go to machines of the same base.
class Base
{
public:
    struct ParseResult;

    Base() = default;
    static ParseResult parse(const QString &text);
    // The bases Berth knows on every cloud (README, "Bases"): Juju's Ubuntu
    // LTS releases and CentOS, and the Debian releases LXD images exist for.
    static const QStringList &knownBases();
    // Empty when `base` (its track: ubuntu@22.04/edge is ubuntu@22.04) is one
    // Berth knows or one `cloudBases` maps to an image; otherwise the refusal.
    static QString unsupported(const Base &base, const QStringList &cloudBases);

    bool isValid() const { return !m_os.isEmpty(); }
    QString os() const { return m_os; }
    QString channel() const { return m_channel; }
    QString toString() const { return m_os + u'@' + m_channel; }
    // Juju's series name of an Ubuntu base ("jammy" for ubuntu@22.04); empty
    // for a base that has none.
    QString series() const;
    bool operator==(const Base &) const = default;

private:
    Base(QString os, QString channel)
        : m_os(std::move(os))
        , m_channel(std::move(channel))
    {}
    QString m_os;
    QString m_channel;
};

struct Base::ParseResult
{
    Base base;
    QString error;
    bool ok() const { return error.isEmpty(); }
};

} // namespace berth
