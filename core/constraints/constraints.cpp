#include "core/constraints/constraints.h"

#include <QHash>

#include "core/bertherror.h"
#include "core/printable.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <cmath>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Constraints)
};

} // namespace

namespace {

enum class Kind { Arch, Container, Count, CountOrMax, Size, Text, List, Bool };

struct KeyInfo
{
    ConstraintKey key;
    const char *name;
    Kind kind;
};

constexpr std::array<KeyInfo, ConstraintKeyCount> keyTable{{
    {ConstraintKey::Arch, "arch", Kind::Arch},
    {ConstraintKey::Container, "container", Kind::Container},
    {ConstraintKey::Cores, "cores", Kind::CountOrMax},
    {ConstraintKey::CpuPower, "cpu-power", Kind::Count},
    {ConstraintKey::InstanceType, "instance-type", Kind::Text},
    {ConstraintKey::Mem, "mem", Kind::Size},
    {ConstraintKey::RootDisk, "root-disk", Kind::Size},
    {ConstraintKey::RootDiskSource, "root-disk-source", Kind::Text},
    {ConstraintKey::Tags, "tags", Kind::List},
    {ConstraintKey::Spaces, "spaces", Kind::List},
    {ConstraintKey::VirtType, "virt-type", Kind::Text},
    {ConstraintKey::Zones, "zones", Kind::List},
    {ConstraintKey::AllocatePublicIp, "allocate-public-ip", Kind::Bool},
    {ConstraintKey::ImageId, "image-id", Kind::Text},
}};

const QStringList &knownArches()
{
    static const QStringList arches{QStringLiteral("amd64"), QStringLiteral("arm64"),
                                    QStringLiteral("ppc64el"), QStringLiteral("s390x"),
                                    QStringLiteral("riscv64")};
    return arches;
}

// Splits on unescaped white space; "\ " is a space inside a value.
QStringList tokenize(const QString &text)
{
    QStringList tokens;
    QString current;
    bool inToken = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        // "\ " is a space inside a value and "\\" a backslash; any other "\" is literal.
        if (c == u'\\' && i + 1 < text.size() &&
            (text.at(i + 1) == u' ' || text.at(i + 1) == u'\\')) {
            current += text.at(i + 1);
            inToken = true;
            ++i;
        } else if (c.isSpace()) {
            if (inToken)
                tokens << current;
            current.clear();
            inToken = false;
        } else {
            current += c;
            inToken = true;
        }
    }
    if (inToken)
        tokens << current;
    return tokens;
}

std::optional<quint64> parseCount(const QString &value)
{
    if (value.isEmpty())
        return std::nullopt;
    for (QChar c : value) {
        if (!c.isDigit() || c.unicode() > 127)
            return std::nullopt;
    }
    bool ok = false;
    const quint64 n = value.toULongLong(&ok);
    return ok ? std::optional<quint64>(n) : std::nullopt;
}

std::optional<quint64> parseSizeMiB(const QString &value)
{
    if (value.isEmpty())
        return std::nullopt;
    double multiplier = 1;
    QString number = value;
    switch (value.back().unicode()) {
    case 'M':
        number.chop(1);
        break;
    case 'G':
        multiplier = 1024.0;
        number.chop(1);
        break;
    case 'T':
        multiplier = 1024.0 * 1024;
        number.chop(1);
        break;
    case 'P':
        multiplier = 1024.0 * 1024 * 1024;
        number.chop(1);
        break;
    default:
        break;
    }
    // Plain decimal notation only: no sign, exponent, hex or "inf".
    bool seenDot = false;
    bool seenDigit = false;
    for (QChar c : number) {
        if (c == u'.' && !seenDot)
            seenDot = true;
        else if (c.unicode() >= '0' && c.unicode() <= '9')
            seenDigit = true;
        else
            return std::nullopt;
    }
    if (!seenDigit)
        return std::nullopt;
    bool ok = false;
    const double parsed = number.toDouble(&ok);
    if (!ok)
        return std::nullopt;
    const double mib = std::ceil(parsed * multiplier);
    if (!std::isfinite(mib) || mib >= 9.0e15)
        return std::nullopt;
    return quint64(mib);
}

QString escape(const QString &value)
{
    QString out = value;
    out.replace(u'\\', QStringLiteral("\\\\"));
    out.replace(u' ', QStringLiteral("\\ "));
    return out;
}

QString expectation(const KeyInfo &info)
{
    switch (info.kind) {
    case Kind::Arch:
        return Text::tr("must be one of ") + knownArches().join(QStringLiteral(", "));
    case Kind::Container:
        return Text::tr("must be \"none\" or \"lxd\"");
    case Kind::Count:
        return Text::tr("must be a non-negative integer");
    case Kind::CountOrMax:
        return Text::tr("must be a non-negative integer or \"max\"");
    case Kind::Size:
        return Text::tr("must be a non-negative float with optional M/G/T/P suffix");
    case Kind::Text:
        return Text::tr("must be a single word");
    case Kind::List:
        return Text::tr("must be a comma-separated list of names");
    case Kind::Bool:
        return Text::tr("must be \"true\" or \"false\"");
    }
    return {};
}

// A tag or zone of a list: not empty; a tag has no white space and may be
// negated with "^"; a zone name may hold spaces (written "\ "), as in Juju.
bool validListItem(const QString &item, ConstraintKey key)
{
    QStringView name = item;
    if (key != ConstraintKey::Zones && name.startsWith(u'^'))
        name = name.mid(1);
    if (name.isEmpty())
        return false;
    for (QChar c : name) {
        if ((c.isSpace() && key != ConstraintKey::Zones) || c == u'^' || c == u',')
            return false;
    }
    return true;
}

// Juju's space names: lower-case letters and digits in runs joined by single
// hyphens.
bool validSpaceName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9]+(?:-[a-z0-9]+)*\\z"));
    return pattern.match(name).hasMatch();
}

std::optional<ConstraintValue> parseValue(const KeyInfo &info, const QString &raw)
{
    ConstraintValue v;
    if (raw.isEmpty()) {
        v.empty = true;
        return v;
    }
    const bool maxAllowed = info.key == ConstraintKey::Mem || info.key == ConstraintKey::Cores ||
                            info.key == ConstraintKey::RootDisk;
    if (maxAllowed && raw == u"max") {
        v.max = true;
        return v;
    }
    switch (info.kind) {
    case Kind::Arch:
        if (!knownArches().contains(raw))
            return std::nullopt;
        v.text = raw;
        return v;
    case Kind::Container:
        if (raw != u"none" && raw != u"lxd")
            return std::nullopt;
        v.text = raw;
        return v;
    case Kind::Count:
    case Kind::CountOrMax:
    case Kind::Size: {
        const auto n = info.kind == Kind::Size ? parseSizeMiB(raw) : parseCount(raw);
        if (!n)
            return std::nullopt;
        v.number = *n;
        v.empty = *n == 0; // no minimum: as "key=", and printed so
        return v;
    }
    case Kind::Text:
        v.text = raw;
        return v;
    case Kind::List: {
        const QStringList items = raw.split(u',');
        for (const QString &item : items) {
            if (!validListItem(item, info.key))
                return std::nullopt;
        }
        v.list = items;
        return v;
    }
    case Kind::Bool:
        if (raw != u"true" && raw != u"false")
            return std::nullopt;
        v.flag = raw == u"true";
        return v;
    }
    return std::nullopt;
}

QString formatValue(const KeyInfo &info, const ConstraintValue &v)
{
    if (v.empty)
        return {};
    if (v.max)
        return QStringLiteral("max");
    switch (info.kind) {
    case Kind::Count:
    case Kind::CountOrMax:
        return QString::number(v.number);
    case Kind::Size:
        return formatMiB(v.number);
    case Kind::List:
        return escape(v.list.join(u','));
    case Kind::Bool:
        return v.flag ? QStringLiteral("true") : QStringLiteral("false");
    case Kind::Arch:
    case Kind::Container:
    case Kind::Text:
        return escape(v.text);
    }
    return {};
}

} // namespace

QString formatMiB(quint64 mib)
{
    return QString::number(mib) + u'M';
}

QString Constraints::keyName(ConstraintKey key)
{
    return QString::fromLatin1(keyTable[std::size_t(key)].name);
}

std::optional<ConstraintKey> Constraints::keyFromName(const QString &name)
{
    if (name == u"cpu-cores")
        return ConstraintKey::Cores;
    for (const KeyInfo &info : keyTable) {
        if (name == QLatin1StringView(info.name))
            return info.key;
    }
    return std::nullopt;
}

Constraints::ParseResult Constraints::parse(const QString &text)
{
    ParseResult result;
    for (const QString &token : tokenize(text)) {
        const qsizetype eq = token.indexOf(u'=');
        if (eq <= 0) {
            result.error = Text::tr("malformed constraint \"%1\"").arg(printable(token));
            return result;
        }
        const QString name = token.left(eq);
        const auto key = keyFromName(name);
        if (!key) {
            result.error = Text::tr("unknown constraint \"%1\"").arg(printable(name));
            return result;
        }
        const KeyInfo &info = keyTable[std::size_t(*key)];
        const QString raw = token.mid(eq + 1);
        // Juju reads "allocate-public-ip=" as not given at all: it blocks
        // nothing the model sets, and is never "already set".
        if (*key == ConstraintKey::AllocatePublicIp && raw.isEmpty())
            continue;
        if (result.constraints.has(*key)) {
            result.error = Text::tr("bad \"%1\" constraint: already set").arg(name);
            return result;
        }
        if (*key == ConstraintKey::Spaces && !raw.isEmpty()) {
            for (const QString &item : raw.split(u',')) {
                const QString space = item.startsWith(u'^') ? item.mid(1) : item;
                if (!validSpaceName(space)) {
                    result.error = Text::tr("bad \"%1\" constraint: \"%2\" is not a valid space "
                                            "name")
                                       .arg(name, printable(space));
                    return result;
                }
            }
        }
        auto value = parseValue(info, raw);
        if (!value) {
            result.error = Text::tr("bad \"%1\" constraint: %2").arg(name, expectation(info));
            return result;
        }
        result.constraints.set(*key, std::move(*value));
    }
    return result;
}

Constraints Constraints::parseOrThrow(const QString &text)
{
    auto parsed = parse(text);
    if (!parsed.ok())
        throw BerthError(parsed.error);
    return parsed.constraints;
}

QString Constraints::toString() const
{
    QStringList parts;
    for (const KeyInfo &info : keyTable) {
        const auto &v = m_values[std::size_t(info.key)];
        if (v)
            parts << QLatin1StringView(info.name) + u'=' + formatValue(info, *v);
    }
    return parts.join(u' ');
}

bool Constraints::isEmpty() const
{
    for (const auto &v : m_values) {
        if (v)
            return false;
    }
    return true;
}

std::optional<quint64> Constraints::minimum(ConstraintKey key) const
{
    const auto &v = m_values[index(key)];
    if (!v || v->empty || v->max || v->number == 0)
        return std::nullopt;
    return v->number;
}

QString Constraints::text(ConstraintKey key) const
{
    const auto &v = m_values[index(key)];
    return v ? v->text : QString();
}

QStringList Constraints::list(ConstraintKey key) const
{
    const auto &v = m_values[index(key)];
    return v ? v->list : QStringList();
}

QString archFromKernel(const QString &kernelArch)
{
    static const QHash<QString, QString> names{
        {QStringLiteral("x86_64"), QStringLiteral("amd64")},
        {QStringLiteral("aarch64"), QStringLiteral("arm64")},
        {QStringLiteral("i686"), QStringLiteral("i386")},
        {QStringLiteral("ppc64le"), QStringLiteral("ppc64el")},
        {QStringLiteral("armv7l"), QStringLiteral("armhf")},
    };
    return names.value(kernelArch, kernelArch);
}

} // namespace berth
