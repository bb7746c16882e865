#pragma once

#include "printable.h"

#include <QString>

#include <exception>

// A user-facing failure: one line saying what is wrong and what is expected.
// Thrown inside a store transaction, it rolls the whole command back.
class BerthError final : public std::exception
{
public:
    explicit BerthError(const QString &message)
        : m_message(printable(message))
        , m_utf8(m_message.toUtf8())
    {}
    const QString &message() const { return m_message; }
    const char *what() const noexcept override { return m_utf8.constData(); }

private:
    QString m_message;
    QByteArray m_utf8;
};
