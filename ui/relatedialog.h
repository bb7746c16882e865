#pragma once

#include <QDialog>

#include <optional>
#include <utility>

class QComboBox;
class QLabel;
class QPushButton;

namespace berth {

// Relating two principal applications: the endpoints each side uses, as
// Juju's integrate names them (wordpress:db mysql:db), picked from those the
// application already uses or typed; either may stay empty. What is typed
// is checked with berthctl's rule as it is typed, and OK waits for it.
class RelateDialog final : public QDialog
{
    Q_OBJECT

public:
    // `firstKnown` and `secondKnown`: the endpoints each application already
    // uses in other relations, offered first.
    RelateDialog(const QString &first, const QStringList &firstKnown, const QString &second,
                 const QStringList &secondKnown, QWidget *parent = nullptr);

    QComboBox *firstEndpoint() const { return m_first; }
    QComboBox *secondEndpoint() const { return m_second; }
    // "app" or "app:endpoint" for each side, as relate takes them.
    std::pair<QString, QString> sides() const;

private:
    void check();

    QString m_firstApp;
    QString m_secondApp;
    QComboBox *m_first;
    QComboBox *m_second;
    QLabel *m_problem;
    QPushButton *m_ok = nullptr;
};

} // namespace berth
