#pragma once

#include "core/printable.h"

#include <QString>

#include <exception>

namespace berth {

// A user-facing failure: one line saying what is wrong and what is expected.
// Thrown inside a store transaction, it rolls the whole command back.
class BerthError final : public std::exception
{
public:
    // `transient`: the store could not serialise this transaction with another
    // one; running it again can succeed (the store does, a few times).
    explicit BerthError(const QString &message, bool transient = false)
        : BerthError(message, QString(), transient)
    {}
    // `detail`: what lies under the message (a driver's own text, the statement
    // it ran), for someone debugging; shown only when asked for (--debug).
    BerthError(const QString &message, const QString &detail, bool transient = false)
        : m_message(printable(message))
        , m_detail(printable(detail))
        , m_utf8(m_message.toUtf8())
        , m_transient(transient)
    {}
    const QString &message() const { return m_message; }
    const QString &detail() const { return m_detail; }
    bool transient() const { return m_transient; }
    const char *what() const noexcept override { return m_utf8.constData(); }

private:
    QString m_message;
    QString m_detail;
    QByteArray m_utf8;
    bool m_transient = false;
};

} // namespace berth
