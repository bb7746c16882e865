#pragma once

#include "core/model/modelrecords.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <optional>

namespace berth {

// `berthctl status PATTERN...`: the part of a model the patterns select, by
// Juju's rules. A pattern names an application, a unit (APP/N), a machine
// (a machine selects its containers too) or a status word (error, waiting,
// pending, ...); `*` and `?` are wildcards. A selected unit brings its
// application, its machine and that machine's hosts, its subordinates (or,
// for a subordinate, its principal); a selected machine brings the units on
// it; a selected application brings its units.
class StatusSelection
{
    Q_DECLARE_TR_FUNCTIONS(StatusSelection)

public:
    // Throws BerthError naming a pattern that can match nothing a model holds
    // (an empty one, or characters no name or status has).
    explicit StatusSelection(QStringList patterns);

    bool isEmpty() const { return m_patterns.isEmpty(); }
    const QStringList &patterns() const { return m_patterns; }

    // The names a store may read around instead of the whole model: every
    // pattern is a plain name (no wildcard, no status word). Empty when the
    // whole model has to be read.
    struct PlainNames
    {
        QStringList applications; // also each unit's application
        QStringList units;
        QStringList machines;
    };
    std::optional<PlainNames> plainNames() const;

    // The selected part of `model` (which may be the whole model or a part
    // read around plainNames(): the answer is the same), in the order given.
    ModelSnapshot apply(const ModelSnapshot &model) const;

private:
    bool matches(const QString &name) const;
    QStringList m_patterns;
    QList<QRegularExpression> m_wildcards;
};

} // namespace berth
