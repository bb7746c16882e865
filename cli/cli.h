#pragma once

#include <QStringList>
#include <QTextStream>

// berthctl: parses the global options, opens the store, and runs one command.
// Returns the process exit code: 0 success, 1 a failed command (one line on
// err, nothing changed), 2 an unknown command.
class Cli
{
public:
    Cli(QTextStream &out, QTextStream &err)
        : m_out(out)
        , m_err(err)
    {}
    int run(const QStringList &args);

private:
    void printHelp();
    QTextStream &m_out;
    QTextStream &m_err;
};
