#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace berth {

// File → Open store…: a SQLite file or a shared PostgreSQL database
// (postgresql://user[:password]@host[:port]/db). The store is opened off the
// window's thread before the dialog accepts, so a wrong one says why at once.
class OpenStoreDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit OpenStoreDialog(const QString &current, QWidget *parent = nullptr);

    QString location() const;
    QLineEdit *locationEdit() const { return m_location; }
    QString message() const;

public slots:
    // Opens the store off the window's thread; accepted when it opens,
    // otherwise still open with the reason shown. tried() follows either way.
    void accept() override;

signals:
    void tried(const QString &problem);

private:
    QLineEdit *m_location;
    QLabel *m_message;
};

} // namespace berth
