#include "cli/help.h"

#include "core/bertherror.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/modelcommands.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"

#include <QMap>

#include <array>

namespace berth {

namespace CliHelp {

namespace {

// Help touches no secret: the handler stops at its parser.
class NoSecrets final : public SecretStore
{
public:
    QString backend() const override { return QStringLiteral("none"); }
    std::optional<QByteArray> read(const QString &, const QString &) override { return {}; }
    void write(const QString &, const QString &, const QByteArray &) override
    {
        throw BerthError(QStringLiteral("help keeps no secrets"));
    }
    void remove(const QString &, const QString &) override {}
};

// One to five examples a command, as a Juju user would type them.
struct Example
{
    const char *command;
    std::array<const char *, 5> lines;
};
constexpr Example exampleTable[] = {
    {"clouds", {"berthctl clouds"}},
    {"show-cloud", {"berthctl show-cloud sim"}},
    {"add-model",
     {"berthctl add-model staging",
      "berthctl add-model metal sim/sim-metal --config harvest-mode=none"}},
    {"models", {"berthctl models --format yaml"}},
    {"switch", {"berthctl switch staging"}},
    {"destroy-model",
     {"berthctl destroy-model staging", "berthctl destroy-model staging --force --no-wait"}},
    {"model-config",
     {"berthctl model-config", "berthctl model-config retry-count=3 harvest-mode=all"}},
    {"set-model-constraints", {"berthctl set-model-constraints mem=4G cores=2"}},
    {"model-constraints", {"berthctl model-constraints"}},
    {"deploy",
     {"berthctl deploy mysql -n 3 --constraints \"mem=8G cores=4\"",
      "berthctl deploy wordpress blog --to lxd:0",
      "berthctl deploy ./ceph.yaml --overlay local.yaml --dry-run"}},
    {"add-unit", {"berthctl add-unit mysql -n 2", "berthctl add-unit mysql --to zone=sim-east-b"}},
    {"remove-unit",
     {"berthctl remove-unit mysql/2 --dry-run",
      "berthctl remove-unit mysql -n 2 --criteria OLDEST_FIRST"}},
    {"place-unit", {"berthctl place-unit mysql/0 --to 3"}},
    {"unplace-unit", {"berthctl unplace-unit mysql/0"}},
    {"remove-application",
     {"berthctl remove-application wordpress",
      "berthctl remove-application wordpress mysql --dry-run"}},
    {"set-constraints",
     {"berthctl set-constraints mysql mem=16G", "berthctl set-constraints mysql mem="}},
    {"constraints", {"berthctl constraints mysql"}},
    {"relate", {"berthctl relate ntp mysql"}},
    {"integrate", {"berthctl integrate ntp mysql"}},
    {"machines", {"berthctl machines", "berthctl machines --format json"}},
    {"show-machine", {"berthctl show-machine 0 1/lxd/0"}},
    {"show-unit", {"berthctl show-unit mysql/0"}},
    {"show-application", {"berthctl show-application mysql --format json"}},
    {"show-model", {"berthctl show-model", "berthctl show-model staging"}},
    {"remove-relation", {"berthctl remove-relation ntp mysql"}},
    {"diff-bundle",
     {"berthctl diff-bundle ceph.yaml",
      "berthctl diff-bundle ceph.yaml --overlay local.yaml --format json"}},
    {"export-bundle", {"berthctl export-bundle", "berthctl export-bundle --filename model.yaml"}},
    {"status",
     {"berthctl status", "berthctl status mysql 3 --relations",
      "berthctl status 'web/*' error --format yaml", "berthctl status --watch 2s --format summary",
      "berthctl status --format oneline -o status.txt"}},
    {"wait-for",
     {"berthctl wait-for application web",
      "berthctl wait-for unit web/0 --query 'life==\"alive\" && agent-status==\"idle\"' "
      "--timeout 5m",
      "berthctl wait-for model prod --query 'forEach(machines, m => m.status == \"started\")'",
      "berthctl wait-for application db --query 'zone-skew <= 1 && len(units) >= 3' "
      "--summary"}},
    {"add-machine",
     {"berthctl add-machine -n 2 --constraints mem=4G", "berthctl add-machine lxd:0",
      "berthctl add-machine ssh:ubuntu@10.0.0.5"}},
    {"remove-machine",
     {"berthctl remove-machine 3", "berthctl remove-machine 0 --force --dry-run",
      "berthctl remove-machine 4 --keep-instance"}},
    {"show-status-log", {"berthctl show-status-log 0", "berthctl show-status-log mysql/1"}},
    {"add-cloud",
     {"berthctl add-cloud lab --type lxd --endpoint https://10.0.0.2:8443 "
      "--client-cert lab.crt --client-key lab.key --accept-fingerprint FP",
      "berthctl add-cloud os --type openstack --endpoint "
      "https://10.0.0.2:5000/v3 --config application-credential-id=ID "
      "--secret-file application-credential-secret=app.secret "
      "--accept-fingerprint FP"}},
    {"set-secret", {"berthctl set-secret lab password < password.txt"}},
    {"update-cloud",
     {"berthctl update-cloud sim --config latency-ms=100 --config "
      "fault-rate=0.2"}},
    {"remove-cloud", {"berthctl remove-cloud lab"}},
    {"instances", {"berthctl instances sim --region sim-west"}},
    {"provision", {"berthctl provision", "berthctl provision --until-idle --timeout 300"}},
    {"retry-provisioning",
     {"berthctl retry-provisioning 3", "berthctl retry-provisioning --all --constraints mem=8G"}},
    {"placement-plan",
     {"berthctl placement-plan --policy regions.yaml --action "
      "CLUSTER_SCALE_OUT --current '{\"sim-east\": 2}' --inputs "
      "'{\"count\": 3}'"}},
    {"set-placement-policy",
     {"berthctl set-placement-policy web regions.yaml",
      "berthctl set-placement-policy web anti-affinity.yaml"}},
    {"placement-policy", {"berthctl placement-policy web"}},
    {"set-spread",
     {"berthctl set-spread web --level zone --max-skew 1 --min-domains 3",
      "berthctl set-spread db --level machine --max-skew 1",
      "berthctl set-spread web --level zone --max-skew 2 --when-unsatisfiable anyway"}},
    {"unset-spread", {"berthctl unset-spread web --level zone"}},
    {"rebalance",
     {"berthctl rebalance --dry-run", "berthctl rebalance web --dry-run --format json",
      "berthctl rebalance web --max-surge 2 && berthctl commit"}},
    {"remove-placement-policy", {"berthctl remove-placement-policy web --kind region"}},
    {"scale-application",
     {"berthctl scale-application web --adjustment-type EXACT_CAPACITY "
      "--number 12",
      "berthctl scale-application web --adjustment-type "
      "CHANGE_IN_PERCENTAGE --number -20 --min-step 1"}},
    {"changes", {"berthctl changes --format yaml"}},
    {"log",
     {"berthctl log", "berthctl log --all-models --since 7d",
      "berthctl log --user alice --grep remove -n 20", "berthctl log --format json"}},
    {"search",
     {"berthctl search web/3", "berthctl search error is:machine",
      "berthctl search zone:sim-east-b model:prod \"no capacity\"",
      "berthctl search t3.large --limit 20 --format json"}},
    {"debug-log",
     {"berthctl debug-log", "berthctl debug-log --replay --no-tail",
      "berthctl debug-log -n 50 --utc"}},
    {"resolved", {"berthctl resolved web/3", "berthctl resolved --all"}},
    {"resolve", {"berthctl resolve web/3"}},
    {"commit", {"berthctl commit"}},
    {"discard", {"berthctl discard", "berthctl discard 4 5"}},
};

QString optionNames(const QCommandLineOption &option)
{
    QStringList names;
    for (const QString &name : option.names())
        names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    QString text = names.join(QStringLiteral(", "));
    if (!option.valueName().isEmpty())
        text += u' ' + option.valueName();
    return text;
}

QString optionMeaning(const QCommandLineOption &option)
{
    QString text = option.description();
    if (!option.defaultValues().isEmpty())
        text += QStringLiteral(" (default: %1)").arg(option.defaultValues().join(u','));
    return text;
}

// Rows of two columns, the second starting where the longest first one ends.
QString columns(const QList<QPair<QString, QString>> &rows)
{
    qsizetype width = 0;
    for (const auto &[left, right] : rows)
        width = std::max(width, left.size());
    QString text;
    for (const auto &[left, right] : rows)
        text += QStringLiteral("  ") + left.leftJustified(width + 2) + right + u'\n';
    return text;
}

// A Markdown table row: the option's names and meaning, bars escaped.
QString tableRow(const QCommandLineOption &option)
{
    QString names = optionNames(option);
    QString meaning = optionMeaning(option);
    names.replace(u'|', QStringLiteral("\\|"));
    meaning.replace(u'|', QStringLiteral("\\|"));
    return QStringLiteral("| `%1` | %2 |\n").arg(names, meaning);
}

QString escapeRoff(QString text)
{
    text.replace(u'\\', QStringLiteral("\\e"));
    text.replace(u'-', QStringLiteral("\\-"));
    text.replace(u'"', QStringLiteral("\\(dq"));
    if (text.startsWith(u'.') || text.startsWith(u'\''))
        text.prepend(QStringLiteral("\\&"));
    return text;
}

} // namespace

QList<QCommandLineOption> globalOptions()
{
    return {
        {QStringLiteral("db"),
         QStringLiteral("the store: a SQLite file or a postgresql:// URL (default: $BERTH_DB, "
                        "else ~/.local/share/berth/berth.sqlite)"),
         QStringLiteral("PATH|URL")},
        {{QStringLiteral("m"), QStringLiteral("model")},
         QStringLiteral("the model to work on (default: the current one, see switch)"),
         QStringLiteral("MODEL")},
        {QStringLiteral("format"), QStringLiteral("output as json, yaml or tabular"),
         QStringLiteral("FORMAT"), QStringLiteral("tabular")},
        {QStringLiteral("stage"),
         QStringLiteral("add the model change to the change set instead of applying it")},
        {QStringLiteral("debug"),
         QStringLiteral("below an error, show what lies under it (the store driver's text)")},
        {{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("this help")},
        {QStringLiteral("version"), QStringLiteral("berthctl's version")},
    };
}

QStringList examples(const QString &command)
{
    QStringList lines;
    for (const Example &example : exampleTable) {
        if (command != QLatin1String(example.command))
            continue;
        for (const char *line : example.lines) {
            if (line)
                lines << QString::fromUtf8(line);
        }
    }
    return lines;
}

CommandDoc describe(const CommandSpec &spec, const ProviderTypes &types)
{
    CommandDoc doc;
    doc.name = spec.name;
    doc.summary = spec.summary;
    doc.usage = QStringLiteral("berthctl ") + spec.name;
    doc.examples = examples(spec.name);
    // The handler itself, asked for help: its parser stops it before it does
    // anything, on a store that is thrown away.
    try {
        Store store(QStringLiteral(":memory:"));
        const CloudRegistry clouds = CloudAccounts::registry(store, types);
        Workspace workspace(store, clouds);
        ModelCommands(workspace).ensureDefaultModel();
        QString sink;
        QTextStream out(&sink);
        QTextStream err(&sink);
        NoSecrets secrets;
        CliContext context{workspace, types, secrets, out, err, {}, Output::Format::Tabular,
                           false,     false, 0};
        spec.handler(context, {QStringLiteral("--help")});
    } catch (const HelpRequested &help) {
        doc.usage = help.usage;
        doc.options = help.options;
        doc.fromParser = true;
    } catch (const BerthError &) {
        // A command that reads before it parses: its summary is all there is.
    }
    return doc;
}

QList<CommandDoc> describeAll(const QList<CommandSpec> &table, const ProviderTypes &types)
{
    QList<CommandDoc> docs;
    for (const CommandSpec &spec : table)
        docs << describe(spec, types);
    return docs;
}

QString general(const QList<CommandSpec> &table)
{
    QString text = QStringLiteral("Usage: berthctl [global options] COMMAND [ARGS]\n\n"
                                  "Berth keeps models of applications, units and machines, "
                                  "places units and\nprovisions machines, in Juju's words.\n\n"
                                  "Commands:\n");
    QList<QPair<QString, QString>> rows;
    for (const CommandSpec &spec : table)
        rows.append({spec.name, spec.summary});
    text += columns(rows);
    text += QStringLiteral("\nGlobal options:\n");
    rows.clear();
    for (const QCommandLineOption &option : globalOptions())
        rows.append({optionNames(option), optionMeaning(option)});
    text += columns(rows);
    text += QStringLiteral(
        "\n\"berthctl help COMMAND\" (or COMMAND --help) shows a command's options and "
        "examples.\n--stage adds a model change (deploy, add-unit, place-unit, remove-*, "
        "relate,\nset-constraints, add-machine, ...) to the model's change set instead of "
        "applying\nit; \"berthctl changes\" shows the set with a preview, \"berthctl commit\" "
        "applies\nit in one transaction, \"berthctl discard\" drops it.\n");
    return text;
}

QString text(const CommandDoc &doc)
{
    QString text = QStringLiteral("Usage: ") + doc.usage + QStringLiteral("\n\nSummary:\n") +
                   doc.summary + u'\n';
    if (!doc.options.isEmpty()) {
        text += QStringLiteral("\nOptions:\n");
        QList<QPair<QString, QString>> rows;
        for (const QCommandLineOption &option : doc.options)
            rows.append({optionNames(option), optionMeaning(option)});
        text += columns(rows);
    }
    if (!doc.examples.isEmpty()) {
        text += QStringLiteral("\nExamples:\n");
        for (const QString &example : doc.examples)
            text += QStringLiteral("  ") + example + u'\n';
    }
    text += QStringLiteral("\nGlobal options (-m MODEL, --format, --db, --stage, --debug): "
                           "see \"berthctl help\".\n");
    return text;
}

QString markdown(const QList<CommandDoc> &docs)
{
    QString text = QStringLiteral(
        "# berthctl commands\n\n"
        "Generated from berthctl's own help (`berthctl help COMMAND` prints the same); "
        "`scripts/cli-docs` writes this file again and a test checks it is current.\n\n"
        "## Global options\n\n| option | meaning |\n| --- | --- |\n");
    for (const QCommandLineOption &option : globalOptions())
        text += tableRow(option);
    for (const CommandDoc &doc : docs) {
        text += QStringLiteral("\n## %1\n\n%2.\n\nUsage: `%3`\n")
                    .arg(doc.name, doc.summary.left(1).toUpper() + doc.summary.mid(1), doc.usage);
        if (!doc.options.isEmpty()) {
            text += QStringLiteral("\n| option | meaning |\n| --- | --- |\n");
            for (const QCommandLineOption &option : doc.options)
                text += tableRow(option);
        }
        if (!doc.examples.isEmpty()) {
            text += QStringLiteral("\nExamples:\n\n```sh\n");
            for (const QString &example : doc.examples)
                text += example + u'\n';
            text += QStringLiteral("```\n");
        }
    }
    return text + differences();
}

QString jujuVersions();

QString differences()
{
    return QStringLiteral(
               "\n## Where berthctl differs from Juju on purpose\n\n"
               "berthctl follows Juju's commands, words and rules; where it goes further or "
               "elsewhere, it does so on purpose:\n\n"
               "| Berth | Juju | why |\n| --- | --- | --- |\n"
               "| `mem=max`, `cores=max`, `root-disk=max`: the largest the cloud offers | no `max` "
               "| asked for by Juju users (an enhancement the seeds list) |\n"
               "| `add-unit --constraints`: a unit's own constraints over the application's | "
               "application-level only | one unit can need more than its peers |\n"
               "| `region=NAME` placement directive; Senlin placement policies and "
               "`scale-application` | one region per model | applications over several regions |\n"
               "| `--stage`, `changes`, `commit`, `discard`: a change set with a preview | every "
               "command applies at once | look before starting instances (the Juju GUI did this) "
               "|\n"
               "| `destroy-model` refuses while instances run unless `--force`, naming them; it "
               "asks "
               "only under `mode=requires-prompts` | asks to confirm | scripts cannot answer "
               "prompts; "
               "a refusal says what would stop |\n"
               "| `default-mem` model setting | 2 GiB hard-coded | clouds differ |\n"
               "| `provision` runs the provisioner in the foreground (the window runs it too) | "
               "the "
               "controller runs it | no controller to install |\n"
               "| `relate`/`integrate` take `APP:ENDPOINT` and keep the endpoints; only "
               "subordinate "
               "relations place units | every relation joins charms | Berth models placement, not "
               "charms' endpoints |\n"
               "| `status`: a unit's workload is `unknown` once its machine runs, `error` when the "
               "machine failed (with its message); no addresses, ports or versions | the charm "
               "sets "
               "the workload status | Berth runs no charms; what it knows is the machine |\n"
               "| `status`: Model, App, Unit and Machine tables with constraints, region and "
               "instance "
               "type; no Controller column | the controller and agent versions | no controller; "
               "placement is what Berth is for |\n"
               "| `deploy BUNDLE`: the changes and their lines are Juju's bundle planner's, "
               "without "
               "`upload charm` lines; an "
               "application with no `num_units` and no `to` that is in a relation is a subordinate "
               "(or as `berth.subordinate` says); `berth.regions`, `berth.zones`, `berth.deletion` "
               "and "
               "`berth.server-group` annotations carry placement policies | the charm says what is "
               "a "
               "subordinate | Berth "
               "fetches no charms; policies spread units, \"9 units, 3 per zone\" "
               "(docs/bundles.md) |\n"
               "| a bundle deployed again finds the machines it made (each is marked with its "
               "bundle "
               "machine id) | `--map-machines=existing` | deploying the same bundle twice changes "
               "nothing |\n") +
           jujuVersions();
}

QString jujuVersions()
{
    return QStringLiteral(
        "\n## Juju 3.6, Juju 4 and Berth\n\n"
        "What a Juju user's scripts type, and what each does:\n\n"
        "| command | Juju 3.6 | Juju 4 | Berth |\n| --- | --- | --- | --- |\n"
        "| `wait-for model\\|application\\|machine\\|unit NAME --query EXPR` | waits on the "
        "controller's deltas | removed: poll `status --format=json` | Juju's query language, "
        "checked before it waits (exit 2 and the column of a bad query), woken by the store's "
        "commits; exit 1 on `--timeout` names the part that is false; `any`, `count`, "
        "`contains` and Berth's fields (`zones`, `zone-skew`, `changes`) too |\n"
        "| `status --watch INTERVAL` | redraws every interval | removed | redraws when the "
        "model changes, at most once per interval (default 1s); draws nothing while nothing "
        "changes; one document per change on a pipe |\n"
        "| `status --format short\\|line\\|oneline\\|summary`, `-o FILE`, `--utc`, "
        "`--integrations` | yes | yes | yes; `summary` also counts machines by region and zone; "
        "the table leaves out the columns that matter least to fit the terminal (`COLUMNS`) |\n"
        "| `model-config num-provision-workers`, `provisioner-harvest-mode` | settings | "
        "settings | the same settings as `provision-workers` and `harvest-mode`; setting `all` "
        "warns of what it stops |\n"
        "| `model-config num-container-provision-workers` | containers at once on each host | "
        "the same | the same (default 4); the hosts' containers start side by side |\n"
        "| `model-config resource-tags` | tags on each instance | the same | tags on each "
        "instance: the sim's, LXD's (`user.` keys) and OpenStack's (metadata) |\n"
        "| `model-config mode=requires-prompts` | destructive commands ask | the same | "
        "`remove-machine`, `remove-unit`, `remove-application` and `destroy-model` ask on a "
        "terminal, and with no terminal are refused unless `--no-prompt` |\n"
        "| `resolved`, `resolve` | runs a failed hook again | the same | starts the unit's "
        "failed machine again, as `retry-provisioning` |\n"
        "| `deploy --channel --revision --config --trust` | charm settings | the same | taken, "
        "with a note that they change nothing; `--series` chooses the base |\n"
        "| `scale-application APP N` | Kubernetes models only | the same | any application, "
        "with its placement and deletion policies |\n"
        "| `remove-* --force --no-wait` | skip hooks, do not wait | the same | taken; Berth "
        "waits on no agent |\n");
}

QString manPage(const QList<CommandDoc> &docs)
{
    QString text = QStringLiteral(
        ".TH BERTHCTL 1 \"\" \"Berth " BERTH_VERSION "\" \"User Commands\"\n"
        ".SH NAME\nberthctl \\- model and placement management in Juju's words\n"
        ".SH SYNOPSIS\n.B berthctl\n[\\fIglobal options\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n"
        ".SH DESCRIPTION\nBerth keeps models of applications, units and machines, places "
        "units and provisions machines. berthctl is its command line; berth is its "
        "window.\n.SH GLOBAL OPTIONS\n");
    for (const QCommandLineOption &option : globalOptions()) {
        text += QStringLiteral(".TP\n.B %1\n%2\n")
                    .arg(escapeRoff(optionNames(option)), escapeRoff(optionMeaning(option)));
    }
    text += QStringLiteral(".SH COMMANDS\n");
    for (const CommandDoc &doc : docs) {
        text += QStringLiteral(".SS %1\n%2\n.PP\n.B %3\n")
                    .arg(escapeRoff(doc.name), escapeRoff(doc.summary), escapeRoff(doc.usage));
        for (const QCommandLineOption &option : doc.options) {
            text += QStringLiteral(".TP\n.B %1\n%2\n")
                        .arg(escapeRoff(optionNames(option)), escapeRoff(optionMeaning(option)));
        }
        for (const QString &example : doc.examples)
            text += QStringLiteral(".PP\n.nf\n%1\n.fi\n").arg(escapeRoff(example));
    }
    text += QStringLiteral(".SH FILES\nThe store defaults to ~/.local/share/berth/berth.sqlite, "
                           "or $BERTH_DB.\n.SH SEE ALSO\n.BR berth (1)\n");
    return text;
}

} // namespace CliHelp

} // namespace berth
