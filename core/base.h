#pragma once

#include <QString>

// An operating system base, `os@channel` (ubuntu@22.04). Immutable once set on
// an application, unit or machine; units only go to machines of the same base.
class Base
{
public:
    struct ParseResult;

    Base() = default;
    static ParseResult parse(const QString &text);

    bool isValid() const { return !m_os.isEmpty(); }
    QString os() const { return m_os; }
    QString channel() const { return m_channel; }
    QString toString() const { return m_os + u'@' + m_channel; }
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
