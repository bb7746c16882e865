<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AffinityPolicy</name>
    <message>
        <location filename="../core/placement/affinitypolicy.cpp" line="28"/>
        <source>invalid server group policy &quot;%1&quot;; expected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/affinitypolicy.cpp" line="43"/>
        <source>unknown policy type &quot;%1&quot;; expected senlin.policy.affinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/affinitypolicy.cpp" line="62"/>
        <source>invalid server group name &quot;%1&quot;; expected letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/affinitypolicy.cpp" line="74"/>
        <source>invalid max_server_per_host &quot;%1&quot;; expected a whole number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/affinitypolicy.cpp" line="85"/>
        <source>max_server_per_host goes with the anti-affinity policy only</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApplicationCommands</name>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="39"/>
        <source>added %1 units of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="43"/>
        <source>added unit %1 to machine %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="59"/>
        <source>%1 placement directive(s) ignored: only %2 unit(s) added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="117"/>
        <source>cannot deploy subordinate application &quot;%1&quot; with constraints: subordinates run on their principals&apos; machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="143"/>
        <source>application &quot;%1&quot; already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="152"/>
        <source>Deployed &quot;%1&quot; from charm &quot;%2&quot; (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="158"/>
        <source>--to and --unplaced exclude each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="221"/>
        <location filename="../core/commands/applicationcommands.cpp" line="275"/>
        <source>no units specified; expected APP/N ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="239"/>
        <source>placed unit %1 on machine %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="252"/>
        <source>unit %1 is unplaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="291"/>
        <source>cannot remove subordinate unit &quot;%1&quot; directly: remove its principal %2 or the relation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="296"/>
        <source>removed unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="318"/>
        <source>removed application %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="331"/>
        <source>cannot set constraints on subordinate application &quot;%1&quot;: subordinates follow their principals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="367"/>
        <source>cannot relate application &quot;%1&quot; to itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="369"/>
        <source>cannot relate &quot;%1&quot; and &quot;%2&quot;: both are subordinates; a subordinate relation needs one principal application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="394"/>
        <source>cannot relate &quot;%1&quot; (%2) and &quot;%3&quot; (%4): a subordinate relation needs matching bases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="380"/>
        <location filename="../core/commands/applicationcommands.cpp" line="400"/>
        <source>relation between &quot;%1&quot; and &quot;%2&quot; already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="385"/>
        <source>related %1 and %2: two principals, so neither follows the other (a subordinate charm is deployed with --subordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="410"/>
        <source>related %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="449"/>
        <source>there is no relation between &quot;%1&quot; and &quot;%2&quot;; &quot;berthctl status&quot; lists them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/applicationcommands.cpp" line="443"/>
        <location filename="../core/commands/applicationcommands.cpp" line="458"/>
        <source>removed the relation between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApplicationRows</name>
    <message>
        <location filename="../core/store/applicationrows.cpp" line="22"/>
        <source>application &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApplicationScaling</name>
    <message>
        <location filename="../core/commands/applicationscaling.cpp" line="144"/>
        <source>cannot remove %1 units of &quot;%2&quot;: it has %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Base</name>
    <message>
        <location filename="../core/model/base.cpp" line="50"/>
        <source>invalid base &quot;%1&quot;: expected os@channel (e.g. ubuntu@22.04) or a series name (focal, jammy, noble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/base.cpp" line="91"/>
        <source>unsupported base &quot;%1&quot;: expected one of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Bundle</name>
    <message>
        <location filename="../core/model/bundle.cpp" line="45"/>
        <source>%1: %2 must be a base (ubuntu@22.04) or a series name (jammy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="51"/>
        <location filename="../core/model/bundle.cpp" line="62"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="59"/>
        <source>%1: constraints must be one string (&quot;mem=4G cores=2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="71"/>
        <source>%1: %2 must be a map of names to values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="78"/>
        <source>%1: %2 &quot;%3&quot; must be a single value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="114"/>
        <source>%1 is not a bundle: expected a map with applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="120"/>
        <source>%1: overlay %2 is not a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="123"/>
        <source>%1: bundle overlay file used deprecated &apos;services&apos; key, this is not valid for bundle overlay files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="295"/>
        <source>%1 is a Kubernetes bundle (bundle: kubernetes); Berth deploys machine bundles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="299"/>
        <source>%1: saas (offers of other models) is not supported; remove it or deploy it with Juju</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="309"/>
        <source>%1: unknown key &quot;%2&quot;; expected applications, machines, relations, series or default-base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="315"/>
        <source>%1 gives both applications and services (their old name); expected one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="326"/>
        <source>%1: %2 is not a map; expected name: {...} entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="327"/>
        <source>%1: relations is not a list; expected a list of pairs ([[&quot;wordpress:db&quot;, &quot;mysql:db&quot;]])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="351"/>
        <source>%1: machines must be a map of machine ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="354"/>
        <source>%1: machine &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="357"/>
        <source>%1: a bundle machine id is a whole number (&quot;0&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="360"/>
        <source>%1: expected constraints, base, series or annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="374"/>
        <source>%1: unknown key &quot;%2&quot;; expected constraints, base, series or annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="394"/>
        <source>%1: a relation is a pair of endpoints ([&quot;wordpress:db&quot;, &quot;mysql:db&quot;])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="573"/>
        <source>%1 has no applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="601"/>
        <source>%1 has %2 units; expected at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="499"/>
        <location filename="../core/model/bundle.cpp" line="579"/>
        <source>%1: application &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="581"/>
        <source>%1: invalid application name; expected lower-case letters, digits and single hyphens, starting with a letter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="587"/>
        <source>%1: expected a map with charm, num_units, to, ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="412"/>
        <source>%1: revision must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="419"/>
        <source>%1: num_units must be a whole number from 0 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="429"/>
        <source>%1: to must be a list of placements (&quot;0&quot;, &quot;lxd:1&quot;, &quot;new&quot;, &quot;django/0&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="439"/>
        <source>%1: options must be a map of names to values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="445"/>
        <source>%1: expose must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="448"/>
        <source>%1: %2 belongs to Kubernetes bundles; Berth deploys machine bundles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="452"/>
        <source>%1: %2 is kept out: Berth does not act on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="453"/>
        <source>application &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="455"/>
        <source>%1: unknown key &quot;%2&quot;; expected charm, channel, revision, base, series, num_units, to, constraints, options, annotations or expose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="466"/>
        <source>%1: charm is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="469"/>
        <source>%1: cannot read a charm name from &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="475"/>
        <source>%1: berth.subordinate is &quot;%2&quot;; expected true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="481"/>
        <source>%1: a subordinate has no units of its own; its units follow its principals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="485"/>
        <source>%1: a subordinate takes no constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="487"/>
        <source>%1: %2 placements for %3 units; expected at most one a unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="585"/>
        <source>%1: base application &quot;%2&quot; has no body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="504"/>
        <source>%1: placement &quot;%2&quot;: Berth runs lxd containers only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="506"/>
        <source>%1: placement &quot;%2&quot;: zones are not placements in a bundle; use the zones= constraint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="514"/>
        <source>%1: placement &quot;%2&quot; names machine &quot;%3&quot;, which the bundle&apos;s machines do not hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="522"/>
        <source>%1: placement &quot;%2&quot; names unit %3, which the bundle does not make</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="526"/>
        <source>%1: placement &quot;%2&quot; names the application&apos;s own unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="533"/>
        <source>%1: placement &quot;%2&quot; names no other application with units in the bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="544"/>
        <source>%1: machine &quot;%2&quot; is not used by any placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/bundle.cpp" line="549"/>
        <source>%1: relation %2 - %3 names application &quot;%4&quot;, which the bundle does not hold</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BundleCommands</name>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="55"/>
        <source>%1: &quot;%2&quot; is not name=weight or name=weight/cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="208"/>
        <source>%1 &quot;%2&quot;: %3 is not a file in or below the directory of the bundle or an overlay; expected a path relative to the file that names it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="213"/>
        <source>include &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="228"/>
        <source>bundle &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="228"/>
        <source>overlay &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="244"/>
        <source>%1: machine &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="245"/>
        <source>%1: application &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="254"/>
        <source>option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="254"/>
        <source>annotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="341"/>
        <source>bad --map-machines entry &quot;%1&quot;: expected existing or BUNDLE=MODEL (1=4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="384"/>
        <source>%1: unknown spread level in &quot;%2&quot;; expected berth.spread.zone, berth.spread.region or berth.spread.machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="392"/>
        <source>%1: %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="410"/>
        <source>%1: %2 &quot;%3&quot;; expected OLDEST_FIRST, YOUNGEST_FIRST, OLDEST_PROFILE_FIRST or RANDOM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundlecommands.cpp" line="423"/>
        <source>%1: %2 &quot;%3&quot;; expected %4, or anti-affinity/N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="32"/>
        <location filename="../core/commands/bundledeployment.cpp" line="238"/>
        <source>application &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="59"/>
        <source>the bundle adds %1 units; a bundle is deployed in one transaction, of at most %2 units: deploy it in steps (fewer num_units first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="75"/>
        <source>%1 runs charm %2 in the model; the bundle asks for charm %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="79"/>
        <source>%1 is on %2 in the model; the bundle asks for %3 (a base is never changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="83"/>
        <source>%1 is %2 in the model; the bundle makes it %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="85"/>
        <location filename="../core/commands/bundledeployment.cpp" line="86"/>
        <source>a subordinate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="85"/>
        <location filename="../core/commands/bundledeployment.cpp" line="86"/>
        <source>a principal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="342"/>
        <source>the container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="359"/>
        <source>unit %1 was made where the plan said %2; nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="375"/>
        <source>unit %1 went to machine %2 where the plan said %3 on machine %4; nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="150"/>
        <source>--map-machines %1=%2: the bundle has no machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundledeployment.cpp" line="152"/>
        <source>--map-machines %1=%2: machine %2 is not in the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundleplan.cpp" line="495"/>
        <source>cycle in placement directives for: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundleplan.cpp" line="787"/>
        <source>bundle and machine mapping are inconsistent: need an explicit entry mapping bundle machine &quot;%1&quot;%2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/bundleplan.cpp" line="822"/>
        <source>the bundle&apos;s changes require each other</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChangeListener</name>
    <message>
        <location filename="../core/store/changelistener.cpp" line="27"/>
        <source>only PostgreSQL stores announce their changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/changelistener.cpp" line="31"/>
        <source>cannot listen for changes on %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChangeSet</name>
    <message>
        <location filename="../core/commands/changeset.cpp" line="60"/>
        <source>it names a machine a staged change before it was to make, and that change is gone or refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="63"/>
        <source>it names a unit a staged change before it was to make, and that change is gone or refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="94"/>
        <source>&quot;%1&quot; is not a change this Berth knows how to apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="276"/>
        <source>the change set would then add or remove %1 %2; one commit changes at most %3, as one command does (it is one transaction): commit or discard what is staged first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="280"/>
        <source>units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="280"/>
        <source>machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="347"/>
        <source>not tried: the store is read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="385"/>
        <source>model %1 has no staged changes to commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="421"/>
        <source>change %1 (%2) is refused: %3; nothing was committed and the change set is kept (discard it with its id: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/changeset.cpp" line="402"/>
        <source>committed %n change(s)</source>
        <translation>
            <numerusform>committed %n change</numerusform>
            <numerusform>committed %n changes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/commands/changeset.cpp" line="452"/>
        <source>the change set of model %1 has no change %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartExport</name>
    <message>
        <location filename="../ui/chartexport.cpp" line="24"/>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/chartexport.cpp" line="27"/>
        <source>PNG image (*.png);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/chartexport.cpp" line="33"/>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CloudCommands</name>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="18"/>
        <source>%1 clouds keep no secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="19"/>
        <source>unknown secret &quot;%1&quot; for %2 clouds; expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="35"/>
        <source>unknown %1 config key &quot;%2&quot;; valid keys are: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="46"/>
        <source>cloud %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="68"/>
        <source>no secret store to keep the secrets of cloud %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="71"/>
        <location filename="../core/commands/cloudcommands.cpp" line="200"/>
        <source>stored %1 of cloud %2 in the %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="82"/>
        <source>bad endpoint &quot;%1&quot;: expected a URL such as https://host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="87"/>
        <source>the endpoint &quot;%1&quot; carries a user name or password; give the endpoint without it, and the password with --secret-file password=FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="92"/>
        <source>--accept-fingerprint pins the certificate of an https endpoint; &quot;%1&quot; is not encrypted: give https://…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="110"/>
        <source>cloud &quot;%1&quot; already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="114"/>
        <source>added cloud %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="124"/>
        <source>update-cloud: nothing to change; expected --config k=v</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="129"/>
        <location filename="../core/commands/cloudcommands.cpp" line="147"/>
        <location filename="../core/commands/cloudcommands.cpp" line="191"/>
        <source>cloud &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="135"/>
        <source>updated cloud %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="151"/>
        <source>cloud &quot;%1&quot; is built in and cannot be removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="155"/>
        <source>cloud &quot;%1&quot; is used by model(s) %2; remove them first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="161"/>
        <source>removed cloud %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="168"/>
        <source>removed the secrets of cloud %1 from the %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/cloudcommands.cpp" line="196"/>
        <source>removed %1 of cloud %2 from the %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CloudRegistry</name>
    <message>
        <location filename="../core/cloud/cloudregistry.cpp" line="136"/>
        <source>cloud &quot;%1&quot; not found; known clouds: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/cloud/cloudregistry.cpp" line="163"/>
        <source>cloud &quot;%1&quot; has no provider in this process</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Constraints</name>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="163"/>
        <source>must be one of </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="165"/>
        <source>must be &quot;none&quot; or &quot;lxd&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="167"/>
        <source>must be a non-negative integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="169"/>
        <source>must be a non-negative integer or &quot;max&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="171"/>
        <source>must be a non-negative float with optional M/G/T/P suffix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="173"/>
        <source>must be a single word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="175"/>
        <source>must be a comma-separated list of names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="177"/>
        <source>must be &quot;true&quot; or &quot;false&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="314"/>
        <source>malformed constraint &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="320"/>
        <source>unknown constraint &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="330"/>
        <source>bad &quot;%1&quot; constraint: already set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="337"/>
        <source>bad &quot;%1&quot; constraint: &quot;%2&quot; is not a valid space name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraints.cpp" line="346"/>
        <source>bad &quot;%1&quot; constraint: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/constraints/constraintsvalidator.cpp" line="68"/>
        <source>bad &quot;%1&quot; constraint: &quot;%2&quot; is not available; valid values are: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeletionPolicy</name>
    <message>
        <location filename="../core/placement/deletionpolicy.cpp" line="78"/>
        <source>unknown policy type &quot;%1&quot;; expected senlin.policy.deletion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/deletionpolicy.cpp" line="93"/>
        <source>invalid criteria &quot;%1&quot;; expected OLDEST_FIRST, YOUNGEST_FIRST, OLDEST_PROFILE_FIRST or RANDOM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DirectivePlacement</name>
    <message>
        <location filename="../core/placement/directiveplacement.cpp" line="58"/>
        <source>invalid placement directive &quot;%1&quot;: ssh: is only valid for add-machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/directiveplacement.cpp" line="69"/>
        <source>add-machine: machine-id cannot be specified</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstanceTypeChooser</name>
    <message>
        <location filename="../core/cloud/instancetypechooser.cpp" line="102"/>
        <source>instance type &quot;%1&quot; is not available in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/cloud/instancetypechooser.cpp" line="158"/>
        <source>no instance types in %1 matching constraints &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Limits</name>
    <message>
        <location filename="../core/inputlimits.cpp" line="60"/>
        <source>bad %1: expected a whole number from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/inputlimits.cpp" line="72"/>
        <source>-n must be a positive number of %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/inputlimits.cpp" line="74"/>
        <source>-n %1 is more %2 than one command adds or removes (at most %3): a command is one transaction, and a larger one would keep other clients of the store waiting; add more with further commands</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineCommands</name>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="19"/>
        <location filename="../core/commands/machinecommands.cpp" line="73"/>
        <source>created machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="18"/>
        <source>created container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="41"/>
        <source>cannot use -n when specifying a placement directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="86"/>
        <source>created %1 machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="98"/>
        <source>constraints do not apply to ssh: hosts; the host&apos;s own hardware is recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="101"/>
        <source>add-machine %1: this program cannot reach hosts over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="117"/>
        <source>host %1 is already machine %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="132"/>
        <source>host %1 runs &quot;%2&quot;, which is not a base Berth knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="135"/>
        <source>host %1 runs %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="144"/>
        <source>host %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="160"/>
        <source>created machine %1 for host %2 (%3, %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="176"/>
        <source>machine %1 has unit &quot;%2&quot; assigned; remove the unit first or use --force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="182"/>
        <source>machine %1 is hosting containers &quot;%2&quot;; remove them first or use --force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="193"/>
        <source>removed unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="199"/>
        <source>removed machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="204"/>
        <source>machine %1 marked dead; the provisioner forgets host %2 and leaves it running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="209"/>
        <source>machine %1 marked dead; its instance will be stopped by the provisioner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="225"/>
        <source>machine %1 left the model; its instance %2 keeps running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="227"/>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="235"/>
        <source>no machines specified; expected machine ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="241"/>
        <source>machine %1 is already dead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="270"/>
        <source>no machines in error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="275"/>
        <source>machine %1 is not in error (status %2); only machines in error can be retried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="282"/>
        <source>machine %1 will be provisioned again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="289"/>
        <source>machine %1 will be provisioned with its host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="320"/>
        <source>no machine of model %1 waits to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/machinecommands.cpp" line="324"/>
        <source>%1 × %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/machinecommands.cpp" line="327"/>
        <source>%n that no instance type fits</source>
        <translation>
            <numerusform>%n that no instance type fits</numerusform>
            <numerusform>%n that no instance type fits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/machinecommands.cpp" line="329"/>
        <source>%n held by a spread bound</source>
        <translation>
            <numerusform>%n held by a spread bound</numerusform>
            <numerusform>%n held by a spread bound</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/machinecommands.cpp" line="330"/>
        <source>%n machine(s) of model %1 wait to start: %2; about %3 an hour</source>
        <translation>
            <numerusform>%n machine of model %1 waits to start: %2; about %3 an hour</numerusform>
            <numerusform>%n machines of model %1 wait to start: %2; about %3 an hour</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MachineRows</name>
    <message>
        <location filename="../core/store/machinerows.cpp" line="23"/>
        <source>machine %1 not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/machinerows.cpp" line="133"/>
        <source>cannot make machine %1: the name is not a %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/machinerows.cpp" line="135"/>
        <source>container of machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/machinerows.cpp" line="136"/>
        <source>machine number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/machinerows.cpp" line="203"/>
        <source>machine %1 is %2, not dead: it cannot be forgotten</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineState</name>
    <message>
        <location filename="../core/model/machinestate.cpp" line="153"/>
        <source>alive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="154"/>
        <source>dead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="155"/>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="156"/>
        <source>started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="157"/>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="158"/>
        <source>provisioning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="159"/>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="160"/>
        <source>provisioning error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="161"/>
        <source>start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="162"/>
        <source>record an instance for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="163"/>
        <source>forget the start of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="164"/>
        <source>schedule a retry of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="165"/>
        <source>record an error for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="166"/>
        <source>retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="167"/>
        <source>enlist a host as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="168"/>
        <source>hold for its host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="169"/>
        <source>remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/machinestate.cpp" line="190"/>
        <source>cannot %1 machine %2: it is %3, %4, instance %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelChange</name>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="24"/>
        <source>a new machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="27"/>
        <source>machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="258"/>
        <source>the bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="219"/>
        <source>unknown change &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="270"/>
        <source>will remove application %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="274"/>
        <source>will remove unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="279"/>
        <source>will remove machine %1, leaving instance %2 running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="282"/>
        <source>will remove machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="284"/>
        <source>will remove machine %1 and stop its instance %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelchange.cpp" line="285"/>
        <source>(starting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="223"/>
        <source>an existing host (ssh:) is added at once, when its key is accepted; add it without --stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="68"/>
        <source>deploy %1 (subordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/changekinds.cpp" line="70"/>
        <source>deploy %1, %n unit(s)</source>
        <translation>
            <numerusform>deploy %1, %n unit</numerusform>
            <numerusform>deploy %1, %n units</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="35"/>
        <source>%1, unplaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="37"/>
        <location filename="../core/commands/changekinds.cpp" line="214"/>
        <source>%1, to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/changekinds.cpp" line="91"/>
        <source>add %n unit(s) of %1</source>
        <translation>
            <numerusform>add %n unit of %1</numerusform>
            <numerusform>add %n units of %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="106"/>
        <source>place %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="119"/>
        <source>take %1 off its machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="133"/>
        <source>remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="145"/>
        <source>remove application %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="162"/>
        <source>set the model&apos;s constraints to &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="164"/>
        <source>set the constraints of %1 to &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="178"/>
        <source>relate %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="267"/>
        <source>deploy a bundle (applications: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="268"/>
        <source>deploy bundle %1 (applications: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="288"/>
        <source>unknown adjustment type &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="305"/>
        <source>scale %1 (%2 %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="337"/>
        <source>remove the placement policies of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="339"/>
        <source>set the placement policies of %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="354"/>
        <source>set the %1 spread of %2 (max-skew %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="368"/>
        <source>unknown spread level &quot;%1&quot;: expected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="374"/>
        <source>remove the %1 spread of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="390"/>
        <source>rebalance every spread application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="391"/>
        <source>rebalance %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="191"/>
        <source>remove the relation between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/changekinds.cpp" line="212"/>
        <source>add %n machine(s)</source>
        <translation>
            <numerusform>add %n machine</numerusform>
            <numerusform>add %n machines</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="216"/>
        <source>%1, with &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="242"/>
        <source>remove machine %1 and its units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="243"/>
        <source>remove machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/changekinds.cpp" line="245"/>
        <source>%1, keeping its instance</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelCommands</name>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="28"/>
        <source>harvest-mode=all also stops every instance of the cloud account that no machine of this model claims, those started by hand or by other tools included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="64"/>
        <source>region &quot;%1&quot; not found in cloud %2; expected one of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="71"/>
        <source>model &quot;%1&quot; already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="79"/>
        <source>add model %1 on %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="84"/>
        <source>Added &quot;%1&quot; model on %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="158"/>
        <source>Destroying model &quot;%1&quot; removes its applications (%2), units (%3) and machines (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="165"/>
        <source>It stops the instances of machines %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="169"/>
        <source>It forgets the existing hosts of machines %1 and leaves them running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="184"/>
        <source>model &quot;%1&quot; is already being destroyed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="193"/>
        <source>model &quot;%1&quot; has running instances (machines %2); destroying it stops them: give --force to go ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="198"/>
        <source>destroy model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="201"/>
        <source>Destroyed model &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="203"/>
        <source>Destroying model &quot;%1&quot;: the provisioner stops its instances, then removes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="217"/>
        <source>Current model is now &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="244"/>
        <source>set model config %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/modelcommands.cpp" line="259"/>
        <source>set model constraints %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelConfig</name>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="27"/>
        <source>base for applications and machines deployed without --base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="29"/>
        <source>memory required when neither mem nor instance-type is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="31"/>
        <source>which instances the provisioner removes: none, destroyed, unknown, all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="33"/>
        <source>requires-prompts: destructive commands ask on a terminal unless --no-prompt; empty: they do not ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="36"/>
        <source>containers started in parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="38"/>
        <source>instances started in parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="40"/>
        <source>tags every instance carries, for cost allocation: &quot;key=value ...&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="42"/>
        <source>attempts for a start that fails with a retryable error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="44"/>
        <source>delay before the first retry, doubled after each (e.g. 500ms, 10s, 1m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="46"/>
        <source>OpenStack server groups: none, anti-affinity[/N per host], soft-anti-affinity, affinity, soft-affinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="115"/>
        <source>bad value &quot;%1&quot; for model config &quot;%2&quot;: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="121"/>
        <source>expected an integer from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="128"/>
        <source>expected one of none, destroyed, unknown, all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="137"/>
        <source>expected requires-prompts, or nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="142"/>
        <source>expected key=value pairs separated by spaces, keys of letters, digits and _.:/- not starting with berth-</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="151"/>
        <source>expected a duration such as 500ms, 10s or 1m, up to 24h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="156"/>
        <source>expected none, %1, or anti-affinity/N with N from 1 to 1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="163"/>
        <source>expected a positive size such as 2G or 512M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="169"/>
        <source>expected a base such as ubuntu@22.04</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/modelconfig.cpp" line="177"/>
        <source>unknown model config key &quot;%1&quot;; valid keys are: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelRows</name>
    <message>
        <location filename="../core/store/modelrows.cpp" line="47"/>
        <source>model &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelTx</name>
    <message>
        <location filename="../core/store/modeltx.cpp" line="26"/>
        <source>region &quot;%1&quot; of model &quot;%2&quot; is not in cloud &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <location filename="../core/model/names.cpp" line="74"/>
        <source>invalid endpoint &quot;%1&quot;: expected lower-case letters and digits joined by single hyphens or underscores, starting with a letter (e.g. db, shared-db)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/names.cpp" line="84"/>
        <source>malformed setting &quot;%1&quot;: expected key=value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/names.cpp" line="91"/>
        <source>invalid application name &quot;%1&quot;: expected lower-case letters, digits and single hyphens, starting with a letter (e.g. wordpress, my-db2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/names.cpp" line="100"/>
        <source>invalid charm name &quot;%1&quot;: expected lower-case letters, digits and single hyphens, starting with a letter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/names.cpp" line="108"/>
        <source>invalid model name &quot;%1&quot;: expected lower-case letters, digits and hyphens, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/names.cpp" line="116"/>
        <source>invalid cloud name &quot;%1&quot;: expected lower-case letters, digits and hyphens, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaceUnitsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="25"/>
        <source>new machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="27"/>
        <source>place %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="61"/>
        <source>machine %1 of %2 has started</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlacementDirective</name>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="48"/>
        <source>invalid placement directive &quot;%1&quot;: expected ssh:[user@]host[:port]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="59"/>
        <source>invalid placement directive &quot;%1&quot;: port must be between 1 and 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="75"/>
        <source>empty placement directive: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="93"/>
        <source>invalid value &quot;%1&quot; for &quot;lxd&quot; scope: expected machine-id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="102"/>
        <source>invalid placement directive &quot;%1&quot;: unknown scope &quot;%2&quot;; expected lxd or ssh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="118"/>
        <source>invalid placement directive &quot;%1&quot;: unknown key &quot;%2&quot;; expected zone, region or system-id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="123"/>
        <source>invalid placement directive &quot;%1&quot;: expected %2=&lt;name&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/placementdirective.cpp" line="134"/>
        <source>invalid placement directive &quot;%1&quot;: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlacementPlanner</name>
    <message>
        <location filename="../core/placement/placementplanner.cpp" line="54"/>
        <source>No availability zone found available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementplanner.cpp" line="55"/>
        <source>No region is found usable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementplanner.cpp" line="76"/>
        <source>There is no feasible plan to handle all nodes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlacementPolicy</name>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="132"/>
        <source>unknown policy type &quot;%1&quot;; expected senlin.policy.region_placement or senlin.policy.zone_placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="141"/>
        <source>the policy lists %1 %2; expected at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="154"/>
        <source>unknown key &quot;%1&quot; in the %2 entry &quot;%3&quot;; expected name, weight and cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="167"/>
        <source>bad %1 %2 of &quot;%3&quot;: expected %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="173"/>
        <source>a whole number from 0 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="175"/>
        <source>-1 (no cap) or a whole number up to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="186"/>
        <source>the policy names no %1: expected properties.%1 with name, weight and cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="193"/>
        <source>every entry of properties.%1 needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="195"/>
        <source>weight of &quot;%1&quot; must be 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="197"/>
        <source>cap of &quot;%1&quot; must be -1 (none) or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="199"/>
        <source>weight or cap of &quot;%1&quot; is too large: expected a weight up to %2 and a cap up to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="207"/>
        <source>&quot;%1&quot; is listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="252"/>
        <source>The specified %1 &apos;[%2]&apos; could not be found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="94"/>
        <source>Invalid adjustment_type: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="97"/>
        <source>Missing number value for size adjustment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="99"/>
        <source>Missing adjustment_type value for size adjustment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="117"/>
        <source>strict must be true, false or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementpolicy.cpp" line="307"/>
        <source>unknown action &quot;%1&quot;; expected CLUSTER_SCALE_OUT, CLUSTER_SCALE_IN, CLUSTER_RESIZE or NODE_CREATE</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlacementRules</name>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="28"/>
        <source>machine %1 has %2, %3 needs %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="37"/>
        <source>machine %1 is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="46"/>
        <source>cannot assign unit &quot;%1&quot; (%2) to machine %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="61"/>
        <location filename="../core/placement/placementrules.cpp" line="126"/>
        <source>unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="79"/>
        <location filename="../core/placement/placementrules.cpp" line="122"/>
        <source>unit %1 is a subordinate: it follows its principal %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="83"/>
        <source>unit %1 is already on machine %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="87"/>
        <source>unable to place a %1 unit on the %2 machine %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="98"/>
        <location filename="../core/placement/placementrules.cpp" line="116"/>
        <source>machine %1 not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="102"/>
        <location filename="../core/placement/placementrules.cpp" line="120"/>
        <source>unit &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/placementrules.cpp" line="105"/>
        <source>application &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <location filename="../ui/itemroles.h" line="65"/>
        <source>to be removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/itemroles.h" line="66"/>
        <source>planned</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="52"/>
        <source>Which image alias each base starts from: base=alias pairs separated by commas, e.g. ubuntu@22.04=jammy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="58"/>
        <source>How long one LXD operation may take, in seconds from 1 to 86400</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="61"/>
        <source>LXD profiles every container gets, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="65"/>
        <source>The LXD project the containers are made in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="67"/>
        <source>The name Berth gives this LXD server as a region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="70"/>
        <source>The storage pool the containers&apos; root disks are in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="74"/>
        <source>The client certificate Berth presents (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="77"/>
        <source>The client certificate&apos;s private key (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/lxd/lxdprovider.cpp" line="79"/>
        <source>The SHA-256 fingerprint of the server&apos;s certificate, pinned on first trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="62"/>
        <source>The id of a Keystone application credential (instead of a user and password)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="67"/>
        <source>Which image each base starts from: base=image pairs (a name or id) separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="71"/>
        <source>The network (name or id) every server is attached to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="74"/>
        <source>How long one OpenStack call may take, in seconds from 1 to 86400</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="78"/>
        <source>The price of one core an hour, for choosing flavors and costs (e.g. 0.02)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="82"/>
        <source>The price of one GiB of memory an hour (e.g. 0.005)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="85"/>
        <source>The Keystone project the servers are made in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="88"/>
        <source>The domain of that project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="90"/>
        <source>The regions Berth uses, separated by commas (empty: every region of the catalogue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="94"/>
        <source>The domain of the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="97"/>
        <source>The Keystone user Berth signs in as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="100"/>
        <source>The application credential&apos;s secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="102"/>
        <source>The user&apos;s password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/openstack/openstackprovider.cpp" line="104"/>
        <source>The SHA-256 fingerprint of the endpoint&apos;s certificate, pinned on first trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="188"/>
        <source>The SHA-256 of the access key the cloud accepts (64 hex digits); empty: any key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="192"/>
        <source>How a drawn fault fails a start: transient (tried again), zone (the zone refuses) or permanent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="198"/>
        <source>The share of starts that fail, a number from 0 to 1 (default 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="201"/>
        <source>How long each cloud call takes, in milliseconds from 0 to 600000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="205"/>
        <source>A file listing the bare-metal nodes of the sim-metal region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="208"/>
        <source>The seed faults are drawn with, a non-negative whole number (the same seed, the same faults)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="212"/>
        <source>The file the sim cloud keeps its instances in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="215"/>
        <source>How many instances a zone holds before it refuses more, 0 to 600000 (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="219"/>
        <source>Zones that refuse every start, separated by commas (e.g. sim-west-b)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../providers/sim/simprovider.cpp" line="224"/>
        <source>The access key Berth presents to the cloud</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderTypes</name>
    <message>
        <location filename="../core/cloud/providertypes.cpp" line="27"/>
        <source>unknown cloud type &quot;%1&quot;; expected one of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Provisioner</name>
    <message>
        <location filename="../core/provisioning/leasekeeper.cpp" line="59"/>
        <source>another provisioner has taken the lease over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/leasekeeper.cpp" line="66"/>
        <source>the lease could not be renewed before it may expire (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="31"/>
        <source>provisioner stopping: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="86"/>
        <source>cannot list instances of %1: %2; will try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="101"/>
        <source>model %1: destroyed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="104"/>
        <location filename="../core/provisioning/pass.cpp" line="355"/>
        <source>model %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="178"/>
        <source>cannot list instances of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="185"/>
        <source>cannot stop %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="188"/>
        <source>stopped %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="213"/>
        <source>stray, harvest-mode=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="216"/>
        <source>leaving stray instance %1 (harvest-mode=%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="220"/>
        <source>machine %1: %2 from an interrupted run is %3; the next start takes it over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="228"/>
        <source>machine %1: adopted %2 started by an interrupted run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="236"/>
        <source>duplicate for machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="240"/>
        <source>instance %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="282"/>
        <source>machine %1 is dead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="290"/>
        <source>machine %1: removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="296"/>
        <source>machine %1: %2; will try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/passjobs.cpp" line="134"/>
        <source>machine %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/passjobs.cpp" line="158"/>
        <source>affinity policy of %1 ignored: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/passcrew.cpp" line="225"/>
        <source>provisioning worker stopped: </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/provisioning/passcrew.cpp" line="344"/>
        <source>%n machine(s) added meanwhile join the starts under way</source>
        <translation>
            <numerusform>%n machine added meanwhile joins the starts under way</numerusform>
            <numerusform>%n machines added meanwhile join the starts under way</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="44"/>
        <source>machine %1: starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="45"/>
        <source>machine %1: starting in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="233"/>
        <source>machine %1: cannot record %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="241"/>
        <source>machine %1: started %2 (%3) in %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="247"/>
        <source>machine %1: %2 was started and recorded by another start meanwhile; left as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="255"/>
        <source>machine %1 died while it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="256"/>
        <source>not recorded for machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="82"/>
        <source>machine %1: %2; trying %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="302"/>
        <source>machine %1: attempt %2 failed: %3; retrying in %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/machinestart.cpp" line="307"/>
        <location filename="../core/provisioning/pass.cpp" line="176"/>
        <source>machine %1: provisioning error: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/pass.cpp" line="335"/>
        <source>machine %1: cannot start: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/provisioner.cpp" line="218"/>
        <source>waiting: model %1 is provisioned by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/provisioner.cpp" line="229"/>
        <source>model %1 is idle (provisioned by %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/provisioning/passmoves.cpp" line="63"/>
        <source>rebalance: removed %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RebalancePlan</name>
    <message>
        <location filename="../core/placement/spread/rebalanceplan.cpp" line="559"/>
        <source>%1 cannot be brought within max-skew %2 at level %3: only %4 of the %5 %3 domains it needs are eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/rebalanceplan.cpp" line="567"/>
        <source>%1 cannot be brought within max-skew %2 at level %3: %4 units do not fit in the %5 eligible domains</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RebalancePlans</name>
    <message>
        <location filename="../core/placement/spread/rebalanceplans.cpp" line="60"/>
        <source>application &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/rebalanceplans.cpp" line="62"/>
        <source>application &quot;%1&quot; has no spread constraint; set one with berthctl set-spread %1 --level zone --max-skew 1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResizeParameters</name>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="51"/>
        <source>%1 %2 is out of bounds: expected %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="65"/>
        <source>a number of percent from -1e15 to 1e15 for CHANGE_IN_PERCENTAGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="71"/>
        <source>a whole number from %2 to %3 for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="83"/>
        <source>The number %1 does not fit: expected a finite number up to 1e15</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="88"/>
        <source>%1% of %2 nodes is a change of %3 nodes; at most %4 at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="95"/>
        <source>%1 takes a whole number of nodes up to %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="100"/>
        <source>The &apos;number&apos; must be non-negative integer for adjustment type &apos;EXACT_CAPACITY&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="158"/>
        <source>The target capacity (%1) is less than the specified min_size (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="162"/>
        <source>The target capacity (%1) is less than the cluster&apos;s min_size (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="166"/>
        <source>The target capacity (%1) is greater than the specified max_size (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="170"/>
        <source>The target capacity (%1) is greater than the cluster&apos;s max_size (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="176"/>
        <source>The specified min_size (%1) is greater than the specified max_size (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="181"/>
        <source>The specified min_size (%1) is greater than the current max_size (%2) of the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="186"/>
        <source>The specified min_size (%1) is greater than the current desired_capacity (%2) of the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="193"/>
        <source>The specified max_size (%1) is less than the current min_size (%2) of the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/resizeparameters.cpp" line="198"/>
        <source>The specified max_size (%1) is less than the current desired_capacity (%2) of the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RowMapping</name>
    <message>
        <location filename="../core/store/rowmapping.cpp" line="56"/>
        <source>the store holds a state of machine %1 this Berth does not know (%2, %3, %4): it is damaged, or was written by a newer Berth</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScalingCommands</name>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="88"/>
        <source>application &quot;%1&quot; is a subordinate: its units follow their principals and cannot be scaled or placed by a policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="124"/>
        <source>two %1 policies given; expected one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="130"/>
        <source>deletion policy properties ignored: %1 (units are removed at once and the size follows them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="177"/>
        <source>%1 policy set on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="66"/>
        <source>unknown policy type &quot;%1&quot;; expected senlin.policy.region_placement, senlin.policy.zone_placement, senlin.policy.deletion or senlin.policy.affinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="140"/>
        <source>affinity policy properties ignored: %1 (zones come from the zone policy and constraints)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="188"/>
        <source>invalid policy kind &quot;%1&quot;; expected region, zone, deletion or affinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="198"/>
        <source>application &quot;%1&quot; has no policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="199"/>
        <source>application &quot;%1&quot; has no %2 policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="204"/>
        <source>removed %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="226"/>
        <source>application &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="258"/>
        <source>--adjustment-type is required: EXACT_CAPACITY, CHANGE_IN_CAPACITY or CHANGE_IN_PERCENTAGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="273"/>
        <source>scaling %1 from %2 to %3 units would %4 %5 units; one command %4s at most %6 (it is one transaction, and a larger one would keep other clients of the store waiting): scale in steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="280"/>
        <source>add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="281"/>
        <source>remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="298"/>
        <source>%1 stays at %2 units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="302"/>
        <source>scaled %1 from %2 to %3 units: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/scalingcommands.cpp" line="334"/>
        <source>removed unit %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchQuery</name>
    <message>
        <location filename="../core/model/search.cpp" line="25"/>
        <source>search: a quote is not closed; expected &quot;words&quot; in pairs of double quotes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/search.cpp" line="70"/>
        <source>search: the query is %1 characters long; expected at most %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/search.cpp" line="83"/>
        <source>search: &quot;%1&quot; is not a field; expected one of %2, as in zone:sim-east-a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/search.cpp" line="88"/>
        <source>search: %1: has no value; expected %1:TEXT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/search.cpp" line="95"/>
        <source>search: &quot;%1&quot; is not a kind; expected is:application, is:unit or is:machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/search.cpp" line="99"/>
        <source>search: asks for two kinds at once; expected one is:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SenlinSpec</name>
    <message>
        <location filename="../core/placement/senlinspec.cpp" line="33"/>
        <source>unsupported version &quot;%1&quot; of %2; expected %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetConstraintsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="78"/>
        <source>model constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="79"/>
        <source>constraints of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpreadCommands</name>
    <message numerus="yes">
        <location filename="../core/commands/spreadcommands.cpp" line="31"/>
        <source>the surge: %n new machine(s), at most %1 at once</source>
        <translation>
            <numerusform>the surge: %n new machine, at most %1 at once</numerusform>
            <numerusform>the surge: %n new machines, at most %1 at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/spreadcommands.cpp" line="34"/>
        <source>the surge: %n new machine(s) of type %1, at most %2 at once: up to %3/h more while they start (%4/h each)</source>
        <translation>
            <numerusform>the surge: %n new machine of type %1, at most %2 at once: up to %3/h more while they start (%4/h each)</numerusform>
            <numerusform>the surge: %n new machines of type %1, at most %2 at once: up to %3/h more while they start (%4/h each)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="47"/>
        <source>application &quot;%1&quot; is a subordinate: its units follow their principals, which a spread constraint places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="72"/>
        <source>%1: spread at level %2 set (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="80"/>
        <source>%1 has skew %2 at level %3 now, above max-skew %4: new placements are judged from now on; berthctl rebalance %1 plans the moves that repair it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="88"/>
        <source>%1 has skew %2 at level %3 now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="104"/>
        <source>application &quot;%1&quot; has no spread at level %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="108"/>
        <source>%1: spread at level %2 removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="133"/>
        <source>bad --max-surge %1: expected a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="148"/>
        <source>a rebalance of %1 is still under way (%2 moves left); let it finish first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="189"/>
        <source>%1 is within its spread bounds: nothing to move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/spreadcommands.cpp" line="194"/>
        <source>%1 skew %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/commands/spreadcommands.cpp" line="199"/>
        <source>%1: %n move(s) planned (%2), launch before terminate, at most %3 new unit(s) starting at once</source>
        <translation>
            <numerusform>%1: %n move planned (%2), launch before terminate, at most %3 new unit(s) starting at once</numerusform>
            <numerusform>%1: %n moves planned (%2), launch before terminate, at most %3 new unit(s) starting at once</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SpreadConflict</name>
    <message>
        <location filename="../core/placement/spread/spreadconflict.cpp" line="25"/>
        <source>the %1 placement policy of %2 (weights %3) and its %1 spread (max-skew %4, wait) cannot both hold: unequal weights grow the skew with every unit; make the weights equal, use when-unsatisfiable=anyway, or drop one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpreadConstraint</name>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="26"/>
        <source>bad %1 &quot;%2&quot;: expected a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="76"/>
        <source>bad max-skew %1: expected a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="79"/>
        <source>bad min-domains %1: expected a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="82"/>
        <source>min-domains %1 needs when-unsatisfiable=wait: with anyway a placement is never held back, so there is nothing to wait for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="116"/>
        <source>bad spread &quot;%1&quot;: expected KEY=VALUE pairs such as max-skew=1,min-domains=3,when-unsatisfiable=wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="127"/>
        <location filename="../core/model/spreadconstraint.cpp" line="173"/>
        <source>bad when-unsatisfiable &quot;%1&quot;: expected wait or anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="130"/>
        <source>unknown spread key &quot;%1&quot;: expected max-skew, min-domains or when-unsatisfiable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="154"/>
        <source>unknown spread level &quot;%1&quot;: expected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="163"/>
        <source>bad %1: expected a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/model/spreadconstraint.cpp" line="184"/>
        <source>%1 max-skew %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpreadState</name>
    <message>
        <location filename="../core/placement/spread/spreadstate.cpp" line="214"/>
        <source>cannot place unit %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpreadStatus</name>
    <message>
        <location filename="../core/placement/spread/spreadstate.cpp" line="30"/>
        <source>%1 max-skew %2 (skew %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpreadTally</name>
    <message>
        <location filename="../core/placement/spread/spreadtally.cpp" line="54"/>
        <source>a new machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/spreadtally.cpp" line="54"/>
        <source>machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/spreadtally.cpp" line="66"/>
        <location filename="../core/placement/spread/spreadtally.cpp" line="93"/>
        <source>on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/spreadtally.cpp" line="67"/>
        <location filename="../core/placement/spread/spreadtally.cpp" line="94"/>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/spreadtally.cpp" line="69"/>
        <source>%1 would have %2 units %3 with %4 of the %5 %6 domains it needs: skew %7, max %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/spread/spreadtally.cpp" line="95"/>
        <source>%1 would have %2 units %3 against %4 %5: skew %6, max %7</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StartForecast</name>
    <message>
        <location filename="../core/placement/startforecast.cpp" line="156"/>
        <source>container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/startforecast.cpp" line="176"/>
        <source>the cloud has no region %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusSelection</name>
    <message>
        <location filename="../core/model/statusselection.cpp" line="50"/>
        <source>invalid status pattern &quot;%1&quot;: expected an application, unit or machine name or a status, with * and ? as wildcards</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <location filename="../core/store/store.cpp" line="134"/>
        <source>cannot open store &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="143"/>
        <source>cannot create directory &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="212"/>
        <source>it is not a Berth store: the database holds another program&apos;s tables, which Berth leaves untouched; name an empty database or a Berth store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="216"/>
        <source>it is not a Berth store: the file holds another program&apos;s database, which Berth leaves untouched; name a new file or a Berth store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="269"/>
        <source>expected postgresql://user[:password]@host[:port]/dbname</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="272"/>
        <source>Qt SQL&apos;s PostgreSQL driver is missing; install libqt6sql6-psql</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="317"/>
        <source>expected the URL&apos;s options without &quot;;&quot; (PostgreSQL settings as -c name=value, separated by spaces)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="568"/>
        <location filename="../core/store/store.cpp" line="589"/>
        <source>the store has schema version %1, newer than this Berth understands (%2); upgrade Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/store.cpp" line="574"/>
        <source>the store is read-only and has schema version %1, older than this Berth reads (%2); open it once where it can be written to upgrade it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreError</name>
    <message>
        <location filename="../core/store/storeerror.cpp" line="41"/>
        <source>the change conflicts with what the store holds (a record it refers to is gone, or one like it already exists); look at the model and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="48"/>
        <source>the store does not have the tables this Berth expects: it is damaged, or it was changed by another program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="55"/>
        <source>the store is busy: another client held it for longer than Berth waits (30 s); try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="67"/>
        <source>the store cannot be written (read-only file or file system); commands that only read the model still work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="71"/>
        <source>the disk reported an error while reading or writing the store; check the disk and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="76"/>
        <source>the store is damaged or is not a Berth store; open another with --db or restore it from a backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="80"/>
        <source>the disk holding the store is full; free some space and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="82"/>
        <source>the store&apos;s file cannot be opened (a missing, read-only or inaccessible folder?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="86"/>
        <source>the store may not be accessed by this user (permission denied)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="103"/>
        <source>the connection to the PostgreSQL server was lost; try again when it is back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="106"/>
        <source>the PostgreSQL server takes no writes (a read-only server or transaction); commands that only read the model still work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="110"/>
        <source>the PostgreSQL role may not do this (permission denied); ask the database&apos;s owner to grant it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="118"/>
        <source>the PostgreSQL server&apos;s disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="120"/>
        <source>the PostgreSQL server is out of resources (memory or connections); try again later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="124"/>
        <source>other clients&apos; changes kept conflicting with this one; try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="128"/>
        <source>the store is busy: another client held it for too long; try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="154"/>
        <source>the disk holding the store is full (%1 KiB free); even reading the store needs room for its -shm file; free some space and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="168"/>
        <source>the store failed to carry out this command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="171"/>
        <source>; nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="183"/>
        <source>the PostgreSQL server refused user &quot;%1&quot;: wrong or missing password (give it in the URL or in ~/.pgpass)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="189"/>
        <source>the PostgreSQL server has no database &quot;%1&quot;; create it or name another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="192"/>
        <source>the PostgreSQL server has no user &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="195"/>
        <source>the PostgreSQL server does not let user &quot;%1&quot; connect from here (pg_hba.conf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="199"/>
        <source>the PostgreSQL server at %1:%2 does not offer TLS, which the address asks for (sslmode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="204"/>
        <source>bad sslmode in the address: expected disable, allow, prefer, require, verify-ca or verify-full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="209"/>
        <source>the PostgreSQL server refused a setting in the address&apos;s options (expected -c name=value for settings it knows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="212"/>
        <source>the address has a setting PostgreSQL&apos;s client cannot read (a quote or a space in a value?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="215"/>
        <source>cannot reach the PostgreSQL server at %1:%2 (is it running, and is the address right?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="226"/>
        <source>the store &quot;%1&quot; was lost under this process: another program removed its write-ahead log while it was open here (after something in this process dropped its locks); what this process did since may not be kept, and it neither reads nor writes the store again. Reopen the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/storeerror.cpp" line="236"/>
        <source>the store &quot;%1&quot; is read-only: this command changes the model, and only commands that read it (status, show-…, the window&apos;s views) work on it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnitPlacer</name>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="31"/>
        <source>invalid placement directive &quot;%1&quot;: zone &quot;%2&quot; not found in %3; expected one of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="37"/>
        <source>invalid placement directive &quot;%1&quot;: region &quot;%2&quot; not found in cloud %3; expected one of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="45"/>
        <source>invalid placement directive &quot;%1&quot;: cloud %2 cannot check it in this process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="52"/>
        <source>invalid placement directive &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="138"/>
        <location filename="../core/commands/unitplacer.cpp" line="197"/>
        <source>cannot place unit %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="110"/>
        <source>the container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="110"/>
        <source>unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="196"/>
        <source>cannot place a unit of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="338"/>
        <source>cannot place unit %1: subordinate units follow their principals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="341"/>
        <source>cannot place unit %1: it is already on machine %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="363"/>
        <source>unit %1 is not placed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="365"/>
        <source>cannot unplace unit %1: subordinate units follow their principals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/commands/unitplacer.cpp" line="371"/>
        <source>cannot unplace unit %1: machine %2 has been started; remove the unit instead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnitRows</name>
    <message>
        <location filename="../core/store/unitrows.cpp" line="39"/>
        <source>invalid unit name &quot;%1&quot;: expected application/number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/unitrows.cpp" line="48"/>
        <source>unit &quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserFiles</name>
    <message>
        <location filename="../core/userfiles.cpp" line="53"/>
        <source>%1 is a file of the store Berth has open; name another file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="60"/>
        <source>a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="62"/>
        <source>a FIFO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="64"/>
        <source>a socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="65"/>
        <source>a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="161"/>
        <location filename="../core/userfiles.cpp" line="179"/>
        <location filename="../core/userfiles.cpp" line="183"/>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="164"/>
        <source>%1 is larger than %2 bytes; expected at most that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="185"/>
        <location filename="../core/userfiles.cpp" line="206"/>
        <source>%1 is %2; expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="187"/>
        <location filename="../core/userfiles.cpp" line="207"/>
        <source>a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="190"/>
        <source>%1 is %2 bytes; expected at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="210"/>
        <source>%1 is a SQLite database (a store?); it is not overwritten: name another file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/userfiles.cpp" line="218"/>
        <location filename="../core/userfiles.cpp" line="221"/>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <location filename="../core/store/workspace.cpp" line="77"/>
        <source>no current model; use -m MODEL or &quot;berthctl switch MODEL&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/workspace.cpp" line="91"/>
        <source>model &quot;%1&quot; is being destroyed; it cannot be changed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>YamlDocument</name>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="56"/>
        <source>%1 expands to more than %2 values (aliases included); expected a smaller document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="62"/>
        <location filename="../core/placement/yamldocument.cpp" line="295"/>
        <source>%1 nests deeper than %2 levels; expected a flatter document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="73"/>
        <source>%1: line %2: a key that is not plain text; expected name: value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="91"/>
        <source>%1: line %2: &quot;%3&quot; is given twice; expected each key once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="101"/>
        <source>%1: line %2: &quot;&lt;&lt;&quot; merges a mapping (or a list of them) into this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="254"/>
        <source>%1 is %2 bytes; expected at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="299"/>
        <source>%1 is not valid YAML: %2 (line %3, column %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="308"/>
        <source>a YAML file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/placement/yamldocument.cpp" line="318"/>
        <source>%1 holds %2 YAML documents; expected one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ZoneBounds</name>
    <message>
        <location filename="../core/placement/spread/zonebounds.cpp" line="76"/>
        <source>no zone it may use is healthy now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::AccountsDialog</name>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="67"/>
        <source>&amp;Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="69"/>
        <source>Provider accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="72"/>
        <source>Trust this server?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="73"/>
        <source>The server at %1 presented a certificate Berth has not seen before.

SHA-256 fingerprint:
%2

Compare it with the server&apos;s own (lxc info on the server shows certificate_fingerprint). Trust it from now on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="80"/>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="80"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="80"/>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="91"/>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="92"/>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="98"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="99"/>
        <source>T&amp;ype:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="100"/>
        <source>&amp;Endpoint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="103"/>
        <source>Settings (empty: the default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="105"/>
        <source>Secrets (never shown again; type to replace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="109"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="162"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="202"/>
        <source>Name the new account, then Save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="249"/>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="250"/>
        <source>Read %1 from a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="252"/>
        <source>Read %1 from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="262"/>
        <source>from %1 — Save to store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="270"/>
        <source>set — type to replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="270"/>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="278"/>
        <source>This type of cloud keeps no secrets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="279"/>
        <source>Secrets go to the %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="325"/>
        <source>Not saved: the server&apos;s certificate (SHA-256 %1) was not accepted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="379"/>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="407"/>
        <source>Removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="419"/>
        <source>Save the account before testing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="428"/>
        <source>Asking %1 for its instances…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="443"/>
        <source>%1 did not answer: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="445"/>
        <source>%1 answered: %2 region(s), %3 instance(s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::AddMachineDialog</name>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="36"/>
        <source>Add machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="45"/>
        <source>Trust this host?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="46"/>
        <source>The authenticity of host %1 can&apos;t be established.

Host key fingerprint:
%2

Compare it with the host&apos;s own (ssh-keygen -lf on the host). Trust it from now on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="53"/>
        <source>empty: a new machine; lxd, lxd:3, zone=…, region=…, ssh:user@host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="55"/>
        <source>e.g. mem=16G cores=8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="56"/>
        <source>&amp;Placement:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="57"/>
        <source>&amp;Number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="58"/>
        <source>&amp;Base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="59"/>
        <source>C&amp;onstraints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="71"/>
        <source>Give one placement directive; it applies to every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="122"/>
        <source>Not added: the host key of %1 was not accepted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::AddModelDialog</name>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="17"/>
        <source>Add model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="21"/>
        <source>e.g. staging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="26"/>
        <source>Where the model&apos;s machines are started; it cannot be changed later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="28"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="29"/>
        <source>&amp;Cloud/region:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="39"/>
        <source>No cloud is registered; add one under File ▸ Provider accounts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="42"/>
        <source>model &quot;%1&quot; already exists</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::AddUnitDialog</name>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="16"/>
        <source>Add units to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="20"/>
        <source>Place them later in the machine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="24"/>
        <source>e.g. 3, lxd:3, zone=sim-east-b, region=sim-west</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="25"/>
        <source>on top of the application&apos;s, e.g. mem=8G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="26"/>
        <source>&amp;Units:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="27"/>
        <source>&amp;Placement:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="28"/>
        <source>C&amp;onstraints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="41"/>
        <source>Units placed later cannot have placement directives.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ApplicationsModel</name>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="120"/>
        <source>%1 (subordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/applicationsmodel.cpp" line="124"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unit</numerusform>
            <numerusform>%n units</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="128"/>
        <source>%1 of %2 started, %3 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="132"/>
        <source>%1 of %2 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="144"/>
        <source>Subordinate application %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="145"/>
        <source>Application %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="178"/>
        <location filename="../ui/applicationsmodel.cpp" line="186"/>
        <source>unplaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="198"/>
        <source>subordinate of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="203"/>
        <source>Unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="204"/>
        <source>Unit %1 on machine %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="242"/>
        <source>Application / unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="244"/>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="246"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="248"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="250"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="252"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="254"/>
        <source>Spread</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::AuditPanel</name>
    <message>
        <location filename="../ui/auditpanel.cpp" line="31"/>
        <source>E&amp;very model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="36"/>
        <source>Filter changes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="38"/>
        <source>Filter the history by change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="39"/>
        <location filename="../ui/auditpanel.cpp" line="44"/>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="41"/>
        <source>Filter the history by user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="42"/>
        <source>Show the changes of every model in the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="44"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="44"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="44"/>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="44"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="45"/>
        <source>History of committed changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="52"/>
        <source>History status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="121"/>
        <source>%1 (staged by %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="124"/>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/auditpanel.cpp" line="133"/>
        <source>No committed change matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/auditpanel.cpp" line="135"/>
        <source>The newest %n change(s) shown; narrow the filter for older ones.</source>
        <translation>
            <numerusform>The newest %n change shown; narrow the filter for older ones.</numerusform>
            <numerusform>The newest %n changes shown; narrow the filter for older ones.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/auditpanel.cpp" line="138"/>
        <source>%n change(s).</source>
        <translation>
            <numerusform>%n change.</numerusform>
            <numerusform>%n changes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>berth::ChangeSetPanel</name>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="26"/>
        <source>&amp;Commit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="27"/>
        <source>D&amp;iscard all…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="28"/>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="31"/>
        <source>Staged changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="32"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="32"/>
        <source>Staged by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="32"/>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="42"/>
        <source>Apply every staged change in one transaction: all or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="43"/>
        <source>Drop every staged change; the model stays as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="44"/>
        <source>Drop the selected changes from the change set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="64"/>
        <source>Discard changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="65"/>
        <source>Drop all %n staged change(s)?</source>
        <translation>
            <numerusform>Drop all %n staged change?</numerusform>
            <numerusform>Drop all %n staged changes?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="113"/>
        <source>applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="113"/>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="133"/>
        <source>No staged changes. Changes made in the window wait here until you commit them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="141"/>
        <source>Commit starts %n instance(s), %1 per hour</source>
        <translation>
            <numerusform>Commit starts %n instance, %1 per hour</numerusform>
            <numerusform>Commit starts %n instances, %1 per hour</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="156"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="156"/>
        <location filename="../ui/changesetpanel.cpp" line="170"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="156"/>
        <location filename="../ui/changesetpanel.cpp" line="170"/>
        <source>Instance type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="156"/>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="156"/>
        <location filename="../ui/changesetpanel.cpp" line="171"/>
        <source>Cost/hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="146"/>
        <source>Commit stops %n instance(s), saving %1 per hour</source>
        <translation>
            <numerusform>Commit stops %n instance, saving %1 per hour</numerusform>
            <numerusform>Commit stops %n instances, saving %1 per hour</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="170"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="170"/>
        <source>Instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="183"/>
        <source>%1: zone skew %2 now, %3 after commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="200"/>
        <source>Machine %1 would not start: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="204"/>
        <source>Machine %1 would wait for a zone: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="210"/>
        <source>%n change(s) would be refused now (see the list); remove them to commit the rest.</source>
        <translation>
            <numerusform>%n change would be refused now (see the list); remove them to commit the rest.</numerusform>
            <numerusform>%n changes would be refused now (see the list); remove them to commit the rest.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="222"/>
        <source>Apply %n staged change(s)?</source>
        <translation>
            <numerusform>Apply %n staged change?</numerusform>
            <numerusform>Apply %n staged changes?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="224"/>
        <source>This starts %n instance(s) (%1 per hour).</source>
        <translation>
            <numerusform>This starts %n instance (%1 per hour).</numerusform>
            <numerusform>This starts %n instances (%1 per hour).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="231"/>
        <source>machine %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="232"/>
        <source>machine %1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/changesetpanel.cpp" line="234"/>
        <source>It stops %n instance(s), saving %1 per hour: %2.</source>
        <translation>
            <numerusform>It stops %n instance, saving %1 per hour: %2.</numerusform>
            <numerusform>It stops %n instances, saving %1 per hour: %2.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/changesetpanel.cpp" line="239"/>
        <source>Commit changes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ChangeSubmitter</name>
    <message>
        <location filename="../ui/changesubmitter.cpp" line="54"/>
        <source>new machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesubmitter.cpp" line="55"/>
        <source>place %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesubmitter.cpp" line="63"/>
        <source>model constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesubmitter.cpp" line="64"/>
        <source>constraints of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesubmitter.cpp" line="88"/>
        <source>staged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/changesubmitter.cpp" line="117"/>
        <source>&quot;%1&quot; can no longer be undone: %2; remove the unit instead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::CommandBar</name>
    <message>
        <location filename="../ui/commandbar.cpp" line="44"/>
        <source>Find Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="45"/>
        <source>An action, or a berthctl command line…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="46"/>
        <source>An action…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="47"/>
        <source>Action or command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="48"/>
        <source>Matching actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="52"/>
        <source>Command output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="114"/>
        <source>Run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="116"/>
        <source>Run this berthctl command on the model shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="140"/>
        <source>%1, shortcut %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commandbar.cpp" line="144"/>
        <source>Not available now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ConstraintEditorDialog</name>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="49"/>
        <source>Constraints of model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="50"/>
        <source>Constraints of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="54"/>
        <source>Every application of the model starts from these. A field holding only &quot;=&quot; sets that key to nothing, so applications cannot inherit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="56"/>
        <source>Keys left empty keep what the model sets (shown in grey); a field holding only &quot;=&quot; blocks the model&apos;s value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="66"/>
        <source>Spread: %1. Its zones are those zones= allows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="90"/>
        <source>inherited: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="96"/>
        <source>%1 is not supported by cloud %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="119"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="119"/>
        <source>Instance type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="119"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="172"/>
        <source>Choose from: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="226"/>
        <source>&lt;b&gt;Result:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="227"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="243"/>
        <source>fix the constraints first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="247"/>
        <source>%1 cores, %2, %3, %4/h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::DeployDialog</name>
    <message>
        <location filename="../ui/deploydialog.cpp" line="16"/>
        <source>Deploy an application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="23"/>
        <source>Subordinate (runs beside the units it is related to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="24"/>
        <source>Place the units later in the machine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="26"/>
        <source>same as the charm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="28"/>
        <source>e.g. 3, lxd:3, zone=sim-east-b (one per unit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="29"/>
        <source>e.g. mem=4G cores=2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="30"/>
        <source>&amp;Charm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="32"/>
        <source>&amp;Base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="33"/>
        <source>&amp;Units:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="34"/>
        <source>&amp;Placement:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="35"/>
        <source>C&amp;onstraints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="65"/>
        <source>Give the charm to deploy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="73"/>
        <source>Units placed later cannot have placement directives.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::DesktopSignals</name>
    <message>
        <location filename="../ui/desktopsignals.cpp" line="45"/>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::DetailsPane</name>
    <message>
        <location filename="../ui/detailspane.cpp" line="45"/>
        <source>%1 is no longer in the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/detailspane.cpp" line="77"/>
        <source>&lt;h3&gt;This model is empty&lt;/h3&gt;&lt;p&gt;Deploy an application with &lt;b&gt;Model &amp;#9656; Deploy…&lt;/b&gt; (%1), or add machines with &lt;b&gt;Model &amp;#9656; Add machine…&lt;/b&gt; (%2). From a terminal: &lt;code&gt;berthctl deploy mysql&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;What you change waits in the &lt;b&gt;Change set&lt;/b&gt; below until you commit it (&lt;b&gt;Edit &amp;#9656; Stage changes&lt;/b&gt;).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/detailspane.cpp" line="131"/>
        <source>Status history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/detailspane.cpp" line="136"/>
        <source>Nothing has happened yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::MachineView</name>
    <message>
        <location filename="../ui/machineview.cpp" line="72"/>
        <source>Auto &amp;place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="77"/>
        <location filename="../ui/machineview.cpp" line="120"/>
        <source>Unplaced units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="91"/>
        <source>Machines: drop units here to place them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="98"/>
        <source>Containers of the selected machine: drop units here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="123"/>
        <source>Machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="208"/>
        <source>Containers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="209"/>
        <source>Containers of machine %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::MachinesModel</name>
    <message numerus="yes">
        <location filename="../ui/machinesmodel.cpp" line="163"/>
        <source>%n container(s)</source>
        <translation>
            <numerusform>%n container</numerusform>
            <numerusform>%n containers</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="177"/>
        <source>Container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="177"/>
        <source>Machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="213"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="215"/>
        <source>Life</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="217"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="219"/>
        <source>Instance status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="221"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="223"/>
        <source>Instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="225"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="227"/>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="229"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="231"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="233"/>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="235"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="237"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::MainWindow</name>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="49"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="51"/>
        <source>Model: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="54"/>
        <source>Model shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="58"/>
        <source>Filter (name, zone, status, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="60"/>
        <source>Filter the rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="62"/>
        <source>Problems only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="75"/>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="86"/>
        <source>Mach&amp;ine view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="91"/>
        <source>&amp;Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowlayout.cpp" line="104"/>
        <source>%n unit(s) of %1 in %2 selected</source>
        <translation>
            <numerusform>%n unit of %1 in %2 selected</numerusform>
            <numerusform>%n units of %1 in %2 selected</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="110"/>
        <source>&amp;Relations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="120"/>
        <source>remove the relation between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="128"/>
        <location filename="../ui/mainwindowlayout.cpp" line="133"/>
        <source>Provisioning log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="137"/>
        <source>Change set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="152"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="159"/>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="314"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="83"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="84"/>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="89"/>
        <source>Read the models and the open model again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="90"/>
        <source>&amp;Open store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="100"/>
        <source>Open another store: a SQLite file or a PostgreSQL server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="103"/>
        <source>&amp;Import bundle…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="105"/>
        <source>Deploy a Juju bundle: what the model lacks of it is staged (or a bundle file dropped on the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="108"/>
        <source>&amp;Export bundle…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="109"/>
        <source>Write the model as a Juju bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="111"/>
        <source>Provider &amp;accounts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="113"/>
        <source>Add, change or remove the clouds Berth provisions on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="115"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="117"/>
        <source>Close Berth; staged changes stay in the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="122"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="123"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="125"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="131"/>
        <source>&amp;Commit changes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="133"/>
        <source>Apply every staged change in one transaction, after a last look</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="135"/>
        <source>&amp;Discard changes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="136"/>
        <source>Drop every staged change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="143"/>
        <source>&amp;Stage changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="145"/>
        <source>Hold changes in the change set until you commit them; off, every change applies at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="148"/>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="153"/>
        <source>Filter the rows by name, zone, status or message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="154"/>
        <source>Search &amp;every model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="163"/>
        <source>Find applications, units and machines in every model of the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="169"/>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="170"/>
        <source>&amp;New model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="171"/>
        <source>Add a model on a cloud and region, and open it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="173"/>
        <source>Model &amp;settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="174"/>
        <source>Harvest mode, retries, default base and the other settings of this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="177"/>
        <source>Des&amp;troy model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="179"/>
        <source>&amp;Deploy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="184"/>
        <source>Deploy an application with its units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="186"/>
        <source>Add &amp;machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="192"/>
        <source>Add empty machines or containers, or enlist an existing host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="194"/>
        <source>Model &amp;constraints…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="195"/>
        <source>Constraints every new machine of the model starts from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="196"/>
        <source>&amp;Retry provisioning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="200"/>
        <source>Start machines in error again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="201"/>
        <source>&amp;Provision this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="208"/>
        <source>Let this window start and stop this model&apos;s machines; it says first what waiting machines cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="216"/>
        <source>&amp;Application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="217"/>
        <source>Add &amp;units…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="223"/>
        <source>Add units to the selected application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="225"/>
        <source>&amp;Constraints…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="228"/>
        <source>Set the selected application&apos;s constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="230"/>
        <source>&amp;Placement policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="234"/>
        <source>Weigh and cap the regions or zones the application&apos;s units go to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="236"/>
        <source>&amp;Export chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="238"/>
        <source>Save the chart shown as PNG or PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="240"/>
        <source>&amp;Auto place units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="246"/>
        <source>Place the selected units on a machine you choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="258"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="260"/>
        <source>&amp;Find Action…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="262"/>
        <source>Run any action by name, or a berthctl command line on this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="264"/>
        <source>&amp;About Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="265"/>
        <source>About Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="69"/>
        <source>Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="51"/>
        <source>&lt;h3&gt;Berth %1&lt;/h3&gt;&lt;p&gt;Keeps deployment models, places their units and provisions their machines.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later; it comes with no warranty.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="44"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="78"/>
        <source>More actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="243"/>
        <source>Give every unplaced unit a machine: an idle started one that fits, else a new one, spread over zones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="267"/>
        <source>Version and licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="268"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="116"/>
        <source>%1 (destroying)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="124"/>
        <source>Remove this model and stop its instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="125"/>
        <source>The only model cannot be destroyed here: add another one first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="139"/>
        <source>%1 (read-only store) — Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="140"/>
        <source>%1 — Berth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="143"/>
        <source>Reading model &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="144"/>
        <source>Reading model %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="179"/>
        <source>Destroy model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="181"/>
        <source>This cannot be undone. Destroy it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="194"/>
        <source>model %1 waits for a provisioner to stop its instances (berthctl provision)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="205"/>
        <source>model %1 is destroyed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="235"/>
        <source>provider accounts reloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="259"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; is being destroyed: its machines go as their instances stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="261"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="264"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="290"/>
        <source>%n machine(s)</source>
        <translation>
            <numerusform>%n machine</numerusform>
            <numerusform>%n machines</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="407"/>
        <source>Policies of %1 staged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowlayout.cpp" line="190"/>
        <source>provisioning %v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="41"/>
        <source>this window no longer provisions model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="48"/>
        <source>the store is read-only: this window cannot provision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="49"/>
        <source>this window does not provision models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="57"/>
        <source>Provision model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="59"/>
        <source>Start them now, and whatever this model adds later while this window is open?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="68"/>
        <source>this window provisions model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="91"/>
        <source>Provisioning: off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="92"/>
        <source>Provisioning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowprovisioning.cpp" line="94"/>
        <source>· %n machine(s) of %1 wait</source>
        <translation>
            <numerusform>· %n machine of %1 waits</numerusform>
            <numerusform>· %n machines of %1 wait</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="97"/>
        <source>This window starts and stops the machines of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="98"/>
        <source>Machines of %1 wait: Model ▸ Provision this model starts them</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowprovisioning.cpp" line="135"/>
        <source>%n machine(s) started</source>
        <translation>
            <numerusform>%n machine started</numerusform>
            <numerusform>%n machines started</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowprovisioning.cpp" line="136"/>
        <source>%n machine(s) started, %1 failed</source>
        <translation>
            <numerusform>%n machine started, %1 failed</numerusform>
            <numerusform>%n machines started, %1 failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowprovisioning.cpp" line="139"/>
        <source>provisioning finished after %n second(s): %1</source>
        <translation>
            <numerusform>provisioning finished after %n second: %1</numerusform>
            <numerusform>provisioning finished after %n seconds: %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="144"/>
        <source>Provisioning of %1 finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="146"/>
        <source>Model ▸ Retry provisioning… shows why they failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="167"/>
        <source>&lt;b&gt;The store was lost under this window.&lt;/b&gt; Nothing is read from or written to it here any more; reopen it to go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="171"/>
        <source>Store lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowprovisioning.cpp" line="172"/>
        <source>Another program removed the store&apos;s write-ahead log while this window had it open, so this window stopped using it: what it showed since may be out of date, and its provisioner is stopped. Changes committed or staged before are kept in the store.

Reopen the store now?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="408"/>
        <source>Policies of %1 saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="413"/>
        <source>Placement policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="434"/>
        <source>%1 not on machine %2 (%3): on a new machine instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="485"/>
        <source>%1 %2 of model %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="512"/>
        <source>Show &amp;details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="580"/>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="39"/>
        <source>bundle &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="49"/>
        <source>%1: the model already holds everything the bundle asks for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="53"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowbundles.cpp" line="58"/>
        <source>Deploy %1 now? It makes %n change(s):</source>
        <translation>
            <numerusform>Deploy %1 now? It makes %n change:</numerusform>
            <numerusform>Deploy %1 now? It makes %n changes:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindowbundles.cpp" line="62"/>
        <source>… and %n more (see the log)</source>
        <translation>
            <numerusform>… and %n more (see the log)</numerusform>
            <numerusform>… and %n more (see the log)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="64"/>
        <location filename="../ui/mainwindowbundles.cpp" line="93"/>
        <source>Import bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="68"/>
        <source>Import bundle %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="82"/>
        <source>model %1 exported to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="93"/>
        <location filename="../ui/mainwindowbundles.cpp" line="102"/>
        <source>Juju bundles (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindowbundles.cpp" line="101"/>
        <source>Export bundle</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ModelActions</name>
    <message>
        <location filename="../ui/modelactions.cpp" line="16"/>
        <source>machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="17"/>
        <source>machine %1 (instance %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="44"/>
        <source>No machine is stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="45"/>
        <source>This stops %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="53"/>
        <source>Remove &amp;unit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="54"/>
        <source>Remove &amp;application…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="55"/>
        <source>Remove &amp;machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="56"/>
        <source>Place &amp;on…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="57"/>
        <source>&amp;Relate to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="58"/>
        <source>Remove r&amp;elation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="60"/>
        <source>Relate the selected application to a subordinate or principal application: a subordinate unit goes on every principal&apos;s machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="63"/>
        <source>Remove one of the selected application&apos;s relations, and the subordinate units it placed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="67"/>
        <source>Remove the selected units (their machines go with them when made for them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="69"/>
        <source>Remove the selected application and all its units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="71"/>
        <source>Remove the selected machines, with the units and containers they host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="72"/>
        <source>Put the selected unplaced units on a machine you choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="110"/>
        <source>Remove %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/modelactions.cpp" line="124"/>
        <source>Remove %1 and its %n unit(s)?</source>
        <translation>
            <numerusform>Remove %1 and its %n unit?</numerusform>
            <numerusform>Remove %1 and its %n units?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="151"/>
        <source>Remove machine %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="153"/>
        <source>Its units go with it: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="161"/>
        <source>Remove units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="164"/>
        <location filename="../ui/modelactions.cpp" line="176"/>
        <source>remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="171"/>
        <source>Remove application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="184"/>
        <source>Remove machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="188"/>
        <source>remove machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="234"/>
        <source>Relate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="234"/>
        <source>Relate %1 to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="254"/>
        <source>relate %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="277"/>
        <location filename="../ui/modelactions.cpp" line="295"/>
        <source>Remove relation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="277"/>
        <source>Remove the relation between %1 and:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="291"/>
        <source>Remove the relation between %1 and %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="293"/>
        <source>No unit goes with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="294"/>
        <source>Its units go: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="298"/>
        <source>remove the relation between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="312"/>
        <source>a new machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modelactions.cpp" line="313"/>
        <source>place %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ModelSettingsDialog</name>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="56"/>
        <source>Settings of model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="65"/>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="65"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="65"/>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="73"/>
        <source>Default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/modeldialogs.cpp" line="116"/>
        <source>model %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::OpenStoreDialog</name>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="23"/>
        <source>Open store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="25"/>
        <source>a SQLite file, or postgresql://user@host:5432/db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="27"/>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="29"/>
        <source>SQLite store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="30"/>
        <source>SQLite stores (*.sqlite *.db)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="38"/>
        <source>A team shares a PostgreSQL database: everyone sees changes as they are made, and one provisioner runs per model. Keep the password in ~/.pgpass rather than in the address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="49"/>
        <source>&amp;Store:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="70"/>
        <source>Give a SQLite file or a postgresql:// address.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::OverviewPage</name>
    <message>
        <location filename="../ui/overviewpage.cpp" line="54"/>
        <source>Applications and their units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/overviewpage.cpp" line="66"/>
        <source>Machines and their containers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::PlaceOnDialog</name>
    <message>
        <location filename="../ui/placeondialog.cpp" line="18"/>
        <source>container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placeondialog.cpp" line="19"/>
        <source>machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placeondialog.cpp" line="25"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/placeondialog.cpp" line="29"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unit</numerusform>
            <numerusform>%n units</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/placeondialog.cpp" line="40"/>
        <source>Place on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placeondialog.cpp" line="42"/>
        <source>Put %1 &amp;on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placeondialog.cpp" line="51"/>
        <source>A new machine, made to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/placeondialog.cpp" line="62"/>
        <source>would refuse: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::PlacementView</name>
    <message>
        <location filename="../ui/placementview.cpp" line="28"/>
        <source>select a machine first: its containers are shown here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::PolicyEditorDialog</name>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="64"/>
        <source>Placement policy of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/policyeditordialog.cpp" line="67"/>
        <source>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit(s) now.</source>
        <translation>
            <numerusform>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit now.</numerusform>
            <numerusform>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n units now.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="76"/>
        <source>Spread: %1. A weighted policy at the level of a wait bound cannot hold with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="88"/>
        <source>&amp;Regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="89"/>
        <source>&amp;Zones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="100"/>
        <source>Which units go first when the application scales in; units in error always go first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="102"/>
        <source>Scale-in removes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Units now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Target now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="150"/>
        <source>no cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="178"/>
        <source>Give at least one checked region a weight above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="181"/>
        <source>Give at least one checked zone a weight above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="202"/>
        <source>%1 holds %2 units, more than its cap %3: it gets no new ones.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ProvisionerWorker</name>
    <message>
        <location filename="../core/provisioning/provisionerworker.cpp" line="121"/>
        <source>model %1 is provisioned by %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::ProvisioningScope</name>
    <message>
        <location filename="../ui/provisioningscope.cpp" line="47"/>
        <source>provisioner: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::RegionChart</name>
    <message>
        <location filename="../ui/regionchart.cpp" line="24"/>
        <source>Units per region against the placement policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="28"/>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="50"/>
        <source>Select an application to see where its units are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="67"/>
        <source>%1: %n unit(s), no placement policy</source>
        <translation>
            <numerusform>%1: %n unit, no placement policy</numerusform>
            <numerusform>%1: %n units, no placement policy</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="69"/>
        <location filename="../ui/regionchart.cpp" line="88"/>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="82"/>
        <source>%1: %n unit(s) by region, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n unit by region, against the policy&apos;s weighted target</numerusform>
            <numerusform>%1: %n units by region, against the policy&apos;s weighted target</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="85"/>
        <source>%1: %n unit(s) by zone, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n unit by zone, against the policy&apos;s weighted target</numerusform>
            <numerusform>%1: %n units by zone, against the policy&apos;s weighted target</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="88"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="107"/>
        <location filename="../ui/regionchart.cpp" line="122"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="121"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="140"/>
        <source>cap %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="160"/>
        <source>units: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="162"/>
        <source>target: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="164"/>
        <source>cap: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::RelateDialog</name>
    <message>
        <location filename="../ui/relatedialog.cpp" line="26"/>
        <source>no endpoint named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relatedialog.cpp" line="41"/>
        <source>Relate %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relatedialog.cpp" line="43"/>
        <source>Name the endpoint each charm relates with (wordpress:db and mysql:db), or leave them empty: the relation is kept either way, and named endpoints label it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relatedialog.cpp" line="50"/>
        <location filename="../ui/relatedialog.cpp" line="51"/>
        <source>Endpoint of %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relatedialog.cpp" line="52"/>
        <location filename="../ui/relatedialog.cpp" line="53"/>
        <source>Endpoint of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relatedialog.cpp" line="61"/>
        <source>&amp;Relate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::RelationsView</name>
    <message>
        <location filename="../ui/relationsview.cpp" line="41"/>
        <source>Relations between applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="42"/>
        <source>Drag from one application to another to relate them; right-click a relation to remove it. Ctrl+wheel or +/- zooms, 0 fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="105"/>
        <source>%1 follows %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="106"/>
        <source>%1 and %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="121"/>
        <source>%1 (subordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="180"/>
        <source>%1 selected, related to nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="181"/>
        <source>%1 selected, related to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsview.cpp" line="387"/>
        <source>Remove the relation between %1 and %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsaccessible.cpp" line="64"/>
        <source>subordinate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/relationsaccessible.cpp" line="67"/>
        <source>no relations</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/relationsaccessible.cpp" line="68"/>
        <source>%n relation(s): %1</source>
        <translation>
            <numerusform>%n relation: %1</numerusform>
            <numerusform>%n relations: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>berth::RetryDialog</name>
    <message>
        <location filename="../ui/retrydialog.cpp" line="17"/>
        <source>Retry provisioning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="19"/>
        <source>Check &amp;all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="20"/>
        <source>Replace their constraints with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="27"/>
        <source>machine %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="45"/>
        <source>&amp;Machines in error:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="68"/>
        <source>No machine in error is checked.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>berth::SearchPanel</name>
    <message>
        <location filename="../ui/searchpanel.cpp" line="34"/>
        <source>Application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="36"/>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="38"/>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="55"/>
        <source>Search every model: web, error, zone:sim-east-a, is:machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="57"/>
        <source>Search every model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="59"/>
        <source>Every word must match a name, status, zone, instance type or message.
Narrow a word to one field: model:, name:, status:, zone:, type:, message:; one kind: is:application, is:unit, is:machine.
Enter or double-click a result to open its model and select it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="65"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="66"/>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="72"/>
        <source>Search status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="113"/>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="140"/>
        <source>on machine %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="149"/>
        <source>Type to search every model in the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/searchpanel.cpp" line="151"/>
        <source>Nothing matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/searchpanel.cpp" line="153"/>
        <source>%n result(s); more match: add a word to narrow them.</source>
        <translation>
            <numerusform>%n result; more match: add a word to narrow them.</numerusform>
            <numerusform>%n results; more match: add a word to narrow them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/searchpanel.cpp" line="156"/>
        <source>%n result(s).</source>
        <translation>
            <numerusform>%n result.</numerusform>
            <numerusform>%n results.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>berth::UnitDragView</name>
    <message numerus="yes">
        <location filename="../ui/unitdragview.cpp" line="16"/>
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>berth::ZoneChart</name>
    <message>
        <location filename="../ui/zonechart.cpp" line="27"/>
        <source>Units per zone in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="31"/>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="39"/>
        <source>Units per zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="40"/>
        <source>Region of the chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="43"/>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="63"/>
        <source>all regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="148"/>
        <source>%1 (skew %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="154"/>
        <source>%1 (past its bound: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="164"/>
        <source>No unit runs in a zone here yet: deploy an application (Model ▸ Deploy…) and let its machines start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="218"/>
        <source> — at most %1 a zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/zonechart.cpp" line="235"/>
        <location filename="../ui/zonechart.cpp" line="270"/>
        <source>%1 in %2: %n unit(s)</source>
        <translation>
            <numerusform>%1 in %2: %n unit</numerusform>
            <numerusform>%1 in %2: %n units</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="166"/>
        <source>every application is spread evenly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="167"/>
        <source>uneven: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="197"/>
        <source>%1 — skew %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
