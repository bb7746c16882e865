#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"

#include <QDialog>
#include <QHash>

#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QMenu;
class QTableWidget;

namespace berth {

class Workspace;

// Edits the model's or an application's constraints one key at a time: each
// field is checked as it is typed (the same parser and cloud rules as the
// command line), an application shows what it inherits from the model, and
// the merged result is shown with the instance type every region would pick
// for it, or why none fits. A key the cloud lists the values of (arch,
// instance-type, zones) is picked from them as well as typed: completed as
// typed, and chosen from a menu on the field (zones several at once).
class ConstraintEditorDialog final : public QDialog
{
    Q_OBJECT

public:
    enum PreviewColumn { RegionColumn, TypeColumn, DetailColumn, PreviewColumnCount };

    // `application` empty: the model's own constraints. `shown`: the
    // application's constraints as the window shows them, for one that is
    // only staged (not in the store until the change set is committed).
    ConstraintEditorDialog(Workspace &workspace, const QString &model, const QString &application,
                           QWidget *parent = nullptr,
                           const std::optional<Constraints> &shown = std::nullopt);

    QLineEdit *field(ConstraintKey key) const { return m_fields.value(int(key)); }
    // The values the field of `key` offers (none: typed only), and the menu
    // they are picked from.
    QStringList choices(ConstraintKey key) const { return m_choices.value(int(key)); }
    QMenu *choiceMenu(ConstraintKey key) const { return m_menus.value(int(key)); }
    QString fieldError(ConstraintKey key) const;
    // The constraints as edited, canonical; valid only when problem() is empty.
    QString constraints() const { return m_edited.toString(); }
    QString merged() const { return m_merged.toString(); }
    QString problem() const { return m_problem; }
    QTableWidget *preview() const { return m_preview; }
    QString initialConstraints() const { return m_initial; }

private:
    void revalidate();
    // The picker of `key`'s values on its field.
    void offerChoices(ConstraintKey key, QLineEdit *edit, const QStringList &values);

    ModelRecord m_model;
    CloudInfo m_cloud;
    QString m_application;
    QString m_initial;
    Constraints m_inherited;
    Constraints m_edited;
    Constraints m_merged;
    QString m_problem;
    QHash<int, QLineEdit *> m_fields;
    QHash<int, QLabel *> m_errors;
    QHash<int, QStringList> m_choices;
    QHash<int, QMenu *> m_menus;
    QLabel *m_mergedLabel = nullptr;
    QTableWidget *m_preview = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace berth
