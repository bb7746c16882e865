#pragma once

#include <QDialog>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;

namespace berth {

// The command bar (Help ▸ Find Action…, Ctrl+Alt+I, as KDE applications
// have it): every action of the window by name, matched loosely as typed,
// with its shortcut; and a berthctl command line typed as it is
// ("add-unit web -n 3 --to zone=sim-east-a"), run on the window's model and
// store (staged when the window stages). Return runs the selected row.
class CommandBar final : public QDialog
{
    Q_OBJECT

public:
    // What running a command line gave: its exit code and its output.
    struct LineResult
    {
        int code = 0;
        QString out;
        QString err;
    };
    using LineRunner = std::function<LineResult(const QStringList &args)>;

    // `commands`: the berthctl command names a line may start with;
    // `runLine` runs one (none: only the actions are offered).
    CommandBar(QList<QAction *> actions, QStringList commands, LineRunner runLine,
               QWidget *parent = nullptr);

    QLineEdit *input() const { return m_input; }
    QListWidget *list() const { return m_list; }
    // What the last command line said (its output, or its error).
    QString lastOutput() const;

    // How well `pattern` matches `text` loosely: its characters in order,
    // any case, better when they run together and start words; -1 when
    // they are not all there in order.
    static int score(const QString &pattern, const QString &text);
    // An action's name as the bar lists it: no mnemonic, no ellipsis.
    static QString nameOf(const QAction *action);

signals:
    // A command line ran (`ok`: it was not refused); the window logs it.
    void lineRan(const QString &line, bool ok, const QString &output);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void filter(const QString &text);
    void runCurrent();
    bool isCommandLine(const QString &text) const;

    QList<QAction *> m_actions;
    QStringList m_commands;
    LineRunner m_runLine;
    QLineEdit *m_input;
    QListWidget *m_list;
    QLabel *m_output;
};

} // namespace berth
