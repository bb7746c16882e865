#pragma once

#include "core/commands/modelchange.h"

#include <QDialog>

#include <functional>

class QDialogButtonBox;
class QFormLayout;
class QLabel;

namespace berth {

class ChangeSubmitter;

// The frame of the window's command dialogs (deploy, add unit, add machine,
// retry): a form whose fields are checked as they change with the core's
// own rules and messages, OK enabled only when they pass, and the command
// run on OK; when the store refuses it, its one-line reason is shown and the
// dialog stays open with nothing changed. It opens with the focus in its
// first field, says nothing is wrong before anything is typed (OK stays off
// until the fields pass), and Return means OK whatever order the style puts
// the buttons in.
class CommandDialog : public QDialog
{
    Q_OBJECT

public:
    CommandDialog(Workspace &workspace, QString model, const QString &title,
                  QWidget *parent = nullptr);

    // Why the fields cannot be used as they are; empty when they can.
    QString problem() const { return m_problem; }
    // What the command reported when it ran.
    const CommandResult &commandResult() const { return m_result; }
    QString shownMessage() const;
    // The window's changes: the dialog's change is staged or applied as
    // they are, and undone like them. Without one it applies at once.
    void setSubmitter(ChangeSubmitter *submitter) { m_submitter = submitter; }

public slots:
    // Runs the command when the fields pass; applied() follows (at once,
    // or once the work applyLater() started is done).
    void accept() override;

signals:
    void applied();

protected:
    void showEvent(QShowEvent *event) override;
    QFormLayout *form() const { return m_form; }
    Workspace &workspace() const { return m_workspace; }
    const QString &model() const { return m_model; }
    // Call from subclass constructors once the fields exist, and on every change.
    void revalidate();
    // Checks the fields; throws BerthError with the reason when they are not usable.
    virtual void check() const = 0;
    // Runs the command; throws BerthError when the store refuses it.
    virtual CommandResult apply() = 0;
    // For a command that must first ask a host or a cloud: starts that work
    // off the window's thread and returns true; the work then calls finish().
    virtual bool applyLater() { return false; }
    // Applies `change`, or stages it as the submitter does; throws BerthError when refused.
    CommandResult submit(const ModelChange &change);
    // Runs `command` (throwing BerthError when refused) and accepts, or shows
    // why not.
    void finish(const std::function<CommandResult()> &command);

private:
    Workspace &m_workspace;
    QString m_model;
    QFormLayout *m_form;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
    QString m_problem;
    bool m_shown = false;
    bool m_speaks = false; // what is wrong is said once a field changed, or on OK
    ChangeSubmitter *m_submitter = nullptr;
    CommandResult m_result;
};

} // namespace berth
