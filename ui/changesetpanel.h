#pragma once

#include "core/commands/changeset.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace berth {

class CloudRegistry;

// The model's change set beside the views: the staged changes in order
// (each with whether it would apply now, and why not), what committing them
// would start and cost and how applications would be spread over zones, and
// Commit, Discard and Remove. The preview is computed off the window's
// thread on a connection of its own.
class ChangeSetPanel final : public QWidget
{
    Q_OBJECT

public:
    ChangeSetPanel(Workspace &workspace, QString storeLocation, QWidget *parent = nullptr);

    void setModel(const QString &model);
    QTreeWidget *list() const { return m_list; }
    QString summary() const;
    const ChangeSet::Preview &preview() const { return m_preview; }
    // Commit… and Discard all… (each asks first); enabled when they can act.
    QPushButton *commitButton() const { return m_commit; }
    QPushButton *discardButton() const { return m_discard; }

public slots:
    // Computes the preview again.
    void refresh();
    // Applies the set at once (the Commit button asks first).
    void commit();
    // Drops every staged change (the Discard button asks first).
    void discardAll();
    // Drops the changes selected in the list.
    void removeSelected();

signals:
    void previewShown();
    // `applied`: the changes as applied, planned names resolved.
    void committed(const CommandResult &result, const QList<ModelChange> &applied);
    void failed(const QString &message);

private:
    void show(const ChangeSet::Preview &preview, const QString &error);
    void confirmCommit();

    Workspace &m_ws;
    QString m_location;
    QString m_model;
    QTreeWidget *m_list;
    QLabel *m_summary;
    QPushButton *m_commit;
    QPushButton *m_discard;
    QPushButton *m_remove;
    ChangeSet::Preview m_preview;
    int m_generation = 0; // answers to an older refresh are dropped
};

} // namespace berth
