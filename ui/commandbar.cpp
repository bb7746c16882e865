#include "ui/commandbar.h"

#include <QAction>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <algorithm>

namespace berth {

namespace {

constexpr int actionRole = Qt::UserRole;
constexpr int lineRole = Qt::UserRole + 1;

// The words of a command line, as a shell splits them; "berthctl" first is
// left out.
QStringList wordsOf(const QString &line)
{
    QStringList words = QProcess::splitCommand(line.trimmed());
    if (!words.isEmpty() && words.first() == u"berthctl")
        words.removeFirst();
    return words;
}

} // namespace

CommandBar::CommandBar(QList<QAction *> actions, QStringList commands, LineRunner runLine,
                       QWidget *parent)
    : QDialog(parent)
    , m_actions(std::move(actions))
    , m_commands(std::move(commands))
    , m_runLine(std::move(runLine))
    , m_input(new QLineEdit(this))
    , m_list(new QListWidget(this))
    , m_output(new QLabel(this))
{
    setWindowTitle(tr("Find Action"));
    m_input->setPlaceholderText(m_runLine ? tr("An action, or a berthctl command line…")
                                          : tr("An action…"));
    m_input->setAccessibleName(tr("Action or command line"));
    m_list->setAccessibleName(tr("Matching actions"));
    m_list->setUniformItemSizes(true);
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_output->setAccessibleName(tr("Command output"));
    m_output->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_input);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_output);
    resize(560, 380);
    m_input->installEventFilter(this);
    connect(m_input, &QLineEdit::textChanged, this, &CommandBar::filter);
    connect(m_input, &QLineEdit::returnPressed, this, &CommandBar::runCurrent);
    connect(m_list, &QListWidget::itemActivated, this, &CommandBar::runCurrent);
    filter({});
}

QString CommandBar::nameOf(const QAction *action)
{
    QString name = action->text();
    name.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    name.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (name.endsWith(u'…'))
        name.chop(1);
    else if (name.endsWith(QStringLiteral("...")))
        name.chop(3);
    return name;
}

int CommandBar::score(const QString &pattern, const QString &text)
{
    if (pattern.isEmpty())
        return 0;
    int total = 0;
    qsizetype at = 0;
    qsizetype previous = -2;
    for (const QChar wanted : pattern) {
        if (wanted.isSpace())
            continue;
        const qsizetype found = text.indexOf(wanted, at, Qt::CaseInsensitive);
        if (found < 0)
            return -1;
        int points = 1;
        if (found == previous + 1)
            points += 5; // runs together
        if (found == 0 || !text.at(found - 1).isLetterOrNumber())
            points += 8;                                    // starts a word
        points -= int(std::min<qsizetype>(found - at, 10)); // the gap skipped
        total += points;
        previous = found;
        at = found + 1;
    }
    return std::max(total, 1);
}

bool CommandBar::isCommandLine(const QString &text) const
{
    const QStringList words = wordsOf(text);
    return m_runLine && !words.isEmpty() && m_commands.contains(words.first());
}

void CommandBar::filter(const QString &text)
{
    m_list->clear();
    if (isCommandLine(text)) {
        auto *run = new QListWidgetItem(tr("Run: %1").arg(text.trimmed()), m_list);
        run->setData(lineRole, text.trimmed());
        run->setToolTip(tr("Run this berthctl command on the model shown"));
    }
    struct Match
    {
        int score;
        QAction *action;
        QString name;
    };
    QList<Match> matches;
    for (QAction *action : std::as_const(m_actions)) {
        const QString name = nameOf(action);
        const int points = score(text.trimmed(), name);
        if (points >= 0)
            matches << Match{points, action, name};
    }
    std::stable_sort(matches.begin(), matches.end(),
                     [](const Match &a, const Match &b) { return a.score > b.score; });
    for (const Match &m : std::as_const(matches)) {
        const QString shortcut = m.action->shortcut().toString(QKeySequence::NativeText);
        auto *item = new QListWidgetItem(
            shortcut.isEmpty() ? m.name : QStringLiteral("%1\t%2").arg(m.name, shortcut), m_list);
        item->setData(actionRole, QVariant::fromValue(static_cast<QObject *>(m.action)));
        // Said whole to a screen reader: the name, then how to reach it directly.
        item->setData(Qt::AccessibleTextRole,
                      shortcut.isEmpty() ? m.name : tr("%1, shortcut %2").arg(m.name, shortcut));
        item->setToolTip(m.action->toolTip());
        if (!m.action->isEnabled()) {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
            item->setToolTip(tr("Not available now"));
        }
    }
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->flags() & Qt::ItemIsEnabled) {
            m_list->setCurrentRow(row);
            break;
        }
    }
}

void CommandBar::runCurrent()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item || !(item->flags() & Qt::ItemIsEnabled))
        return;
    const QString line = item->data(lineRole).toString();
    if (line.isEmpty()) {
        auto *action = qobject_cast<QAction *>(item->data(actionRole).value<QObject *>());
        accept();
        if (action)
            action->trigger();
        return;
    }
    const LineResult result = m_runLine(wordsOf(line));
    const bool ok = result.code == 0;
    const QString said = (ok ? result.out : result.err + result.out).trimmed();
    emit lineRan(line, ok, said);
    if (ok) {
        accept();
        return;
    }
    // Refused: the reason under the line, which stays to be corrected.
    m_output->setText(said);
    m_output->show();
    m_input->selectAll();
}

QString CommandBar::lastOutput() const
{
    return m_output->text();
}

bool CommandBar::eventFilter(QObject *watched, QEvent *event)
{
    // Up and Down move through the list while the typing goes on.
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp ||
            key == Qt::Key_PageDown) {
            QCoreApplication::sendEvent(m_list, event);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace berth
