#pragma once

#include <QSortFilterProxyModel>

namespace berth {

// Filtering and sorting for Berth's trees: a text that any column may
// contain, "problems only" (errors, dying machines, unplaced units), and
// "unplaced only" for the machine view's unit column. A parent stays when a
// child matches; numbers sort as numbers.
class TreeFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit TreeFilterModel(QObject *parent = nullptr);

    void setText(const QString &text);
    void setProblemsOnly(bool on);
    // Only child rows without a machine (and the parents that have such children).
    void setUnplacedOnly(bool on);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    bool m_problemsOnly = false;
    bool m_unplacedOnly = false;
};

} // namespace berth
