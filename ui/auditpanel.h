#pragma once

#include "core/model/audit.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;
class QTreeWidget;

namespace berth {

// The model's audit trail beside the views: every committed change, newest
// first, with who made it (and who staged it), when, and from which program
// and host; narrowed by a text and a person, or widened to every model. Read
// off the window's thread on a connection of its own.
class AuditPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit AuditPanel(QString storeLocation, QWidget *parent = nullptr);

    void setModel(const QString &model);
    QTreeWidget *list() const { return m_list; }
    QLineEdit *textFilter() const { return m_text; }
    QLineEdit *userFilter() const { return m_user; }
    QCheckBox *everyModel() const { return m_everyModel; }
    // The newest entries the panel shows at most.
    static constexpr int shownAtMost = 1000;

public slots:
    // Reads the trail again, as the filters say (when hidden, once shown).
    void refresh();

signals:
    void shown();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void show(const QList<AuditRecord> &entries, const QString &error);

    QString m_location;
    QString m_model;
    QLineEdit *m_text;
    QLineEdit *m_user;
    QCheckBox *m_everyModel;
    QTreeWidget *m_list;
    QLabel *m_status;
    QTimer *m_typing; // a refresh once the user stops typing
    int m_generation = 0;
    bool m_stale = false; // changed while hidden: read when shown
};

} // namespace berth
