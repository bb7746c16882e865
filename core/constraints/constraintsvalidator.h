#pragma once

#include "core/constraints/constraints.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace berth {

// What a provider says about constraints: keys it ignores (a warning),
// vocabularies of allowed values (an error listing them), and keys that
// conflict with each other (used when merging levels: an upper level's key
// knocks out the conflicting keys of the level below).
class ConstraintsValidator
{
public:
    struct Report
    {
        QString error;
        QStringList warnings;
        bool ok() const { return error.isEmpty(); }
    };

    void registerUnsupported(const QList<ConstraintKey> &keys);
    void registerVocabulary(ConstraintKey key, const QStringList &values);
    void registerConflicts(const QList<ConstraintKey> &reds, const QList<ConstraintKey> &blues);

    bool isSupported(ConstraintKey key) const { return !m_unsupported.contains(key); }
    QStringList vocabulary(ConstraintKey key) const { return m_vocabularies.value(key); }
    QList<ConstraintKey> conflictsWith(ConstraintKey key) const;

    Report validate(const Constraints &constraints) const;

    // `upper` over `lower`: every key upper sets (including "key=") wins; keys of
    // lower that conflict with a key upper sets to a value are dropped; the rest
    // come from lower.
    Constraints merge(const Constraints &lower, const Constraints &upper) const;

private:
    QSet<ConstraintKey> m_unsupported;
    QHash<ConstraintKey, QStringList> m_vocabularies;
    QList<QPair<QList<ConstraintKey>, QList<ConstraintKey>>> m_conflicts;
};

} // namespace berth
