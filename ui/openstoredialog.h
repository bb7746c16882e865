#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

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
    void accept() override;

private:
    QLineEdit *m_location;
    QLabel *m_message;
};
