#pragma once

#include <QSet>
#include <QWidget>

#include <functional>

class QLabel;
class QTreeView;

namespace berth {

class ApplicationsModel;
class CloudRegistry;
class DetailsPane;
class MachinesModel;
class TreeFilterModel;
struct MachineRecord;

// The window's Overview tab: a header line, the applications with their
// units beside the machines with their containers (sorted, filtered, in the
// user's column order and widths, the rows the user had open kept open
// across a filter), and the details of the selected row below.
class OverviewPage final : public QWidget
{
    Q_OBJECT

public:
    using Clouds = std::function<const CloudRegistry &()>;
    OverviewPage(ApplicationsModel *applications, MachinesModel *machines,
                 const QString &storeLocation, Clouds clouds, QWidget *parent = nullptr);

    QLabel *header() const { return m_header; }
    QTreeView *applicationView() const { return m_applicationView; }
    QTreeView *machineTree() const { return m_machineTree; }
    DetailsPane *details() const { return m_details; }

    // Rows matching `text` (any column), and only those with a problem when
    // `problemsOnly`; every parent of a match is opened while filtered.
    void setFilter(const QString &text, bool problemsOnly);
    // The model's first snapshot is in: applications opened, columns fitted
    // (unless the user's own were restored).
    void firstSnapshotShown();
    // Every snapshot: columns the user has not sized widen to what they hold.
    void snapshotShown();
    // The selected principal application; empty when none is.
    QString selectedApplication() const;
    void selectApplication(const QString &name);
    // Selects these units (and nothing else), their applications opened.
    void selectUnits(const QStringList &units);
    QStringList selectedUnits() const;
    QStringList selectedApplications() const;
    // Machines and containers.
    QStringList selectedMachines() const;
    bool hasCurrentRow() const;
    // The user's column order and widths, kept for the next run.
    void saveColumns() const;

signals:
    // The selection in the applications' tree (or the machines') changed;
    // the details already show it.
    void selectionChanged(bool applications);
    // No row is current any more.
    void nothingSelected();
    // A row's context menu was asked for at `pos` of `tree`'s viewport.
    void contextMenuRequested(QTreeView *tree, const QPoint &pos);

private:
    void showCurrent(QTreeView *tree);
    static QStringList selectedNames(const QTreeView *tree, bool children);

    ApplicationsModel *m_applications;
    MachinesModel *m_machines;
    TreeFilterModel *m_applicationFilter;
    TreeFilterModel *m_machineFilter;
    QLabel *m_header;
    QTreeView *m_applicationView;
    QTreeView *m_machineTree;
    DetailsPane *m_details;
    bool m_columnsRestored = false;
    bool m_filtering = false;
    QSet<QString> m_expandedApplications; // open before a filter was set
    QSet<QString> m_expandedMachines;
};

} // namespace berth
