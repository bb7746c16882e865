#include "core/constraints/constraintsvalidator.h"
#include <QCoreApplication>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Constraints)
};

} // namespace

void ConstraintsValidator::registerUnsupported(const QList<ConstraintKey> &keys)
{
    for (ConstraintKey key : keys)
        m_unsupported.insert(key);
}

void ConstraintsValidator::registerVocabulary(ConstraintKey key, const QStringList &values)
{
    m_vocabularies.insert(key, values);
}

void ConstraintsValidator::registerConflicts(const QList<ConstraintKey> &reds,
                                             const QList<ConstraintKey> &blues)
{
    m_conflicts.append({reds, blues});
}

QList<ConstraintKey> ConstraintsValidator::conflictsWith(ConstraintKey key) const
{
    QList<ConstraintKey> result;
    for (const auto &[reds, blues] : m_conflicts) {
        if (reds.contains(key))
            result += blues;
        if (blues.contains(key))
            result += reds;
    }
    return result;
}

ConstraintsValidator::Report ConstraintsValidator::validate(const Constraints &constraints) const
{
    Report report;
    QStringList unsupported;
    for (int i = 0; i < ConstraintKeyCount; ++i) {
        const auto key = ConstraintKey(i);
        if (!constraints.hasValue(key))
            continue;
        if (m_unsupported.contains(key)) {
            unsupported << Constraints::keyName(key);
            continue;
        }
        const auto vocab = m_vocabularies.find(key);
        if (vocab == m_vocabularies.end())
            continue;
        const auto &value = *constraints.value(key);
        const QStringList values = value.list.isEmpty() ? QStringList{value.text} : value.list;
        for (QString item : values) {
            if (item.startsWith(u'^'))
                item.remove(0, 1);
            if (!vocab->contains(item)) {
                report.error =
                    Text::tr("bad \"%1\" constraint: \"%2\" is not available; "
                             "valid values are: %3")
                        .arg(Constraints::keyName(key), item, vocab->join(QStringLiteral(", ")));
                return report;
            }
        }
    }
    if (!unsupported.isEmpty())
        report.warnings << QStringLiteral("unsupported constraints ignored: ") +
                               unsupported.join(QStringLiteral(", "));
    return report;
}

Constraints ConstraintsValidator::merge(const Constraints &lower, const Constraints &upper) const
{
    Constraints result = lower;
    for (int i = 0; i < ConstraintKeyCount; ++i) {
        const auto key = ConstraintKey(i);
        if (!upper.has(key))
            continue;
        if (upper.hasValue(key)) {
            for (ConstraintKey conflicting : conflictsWith(key)) {
                if (!upper.has(conflicting))
                    result.unset(conflicting);
            }
        }
        result.set(key, *upper.value(key));
    }
    return result;
}

} // namespace berth
