<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AccountsDialog</name>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="61"/>
        <source>&amp;Test</source>
        <translation>&amp;Testen</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="63"/>
        <source>Provider accounts</source>
        <translation>Anbieterkonten</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="66"/>
        <source>Trust this server?</source>
        <translation>Diesem Server vertrauen?</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="67"/>
        <source>The server at %1 presented a certificate Berth has not seen before.

SHA-256 fingerprint:
%2

Compare it with the server&apos;s own (lxc info on the server shows certificate_fingerprint). Trust it from now on?</source>
        <translation>Der Server unter %1 hat ein Zertifikat vorgelegt, das Berth noch nicht kennt.

SHA-256-Fingerabdruck:
%2

Vergleichen Sie ihn mit dem des Servers (lxc info auf dem Server zeigt certificate_fingerprint). Ab jetzt vertrauen?</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="74"/>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="74"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="83"/>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="84"/>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="90"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="91"/>
        <source>T&amp;ype:</source>
        <translation>&amp;Typ:</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="92"/>
        <source>&amp;Endpoint:</source>
        <translation>&amp;Endpunkt:</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="95"/>
        <source>Settings (empty: the default)</source>
        <translation>Einstellungen (leer: Standardwert)</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="97"/>
        <source>Secrets (never shown again; type to replace)</source>
        <translation>Geheimnisse (werden nie wieder angezeigt; zum Ersetzen eintippen)</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="101"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="160"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="200"/>
        <source>Name the new account, then Save.</source>
        <translation>Benennen Sie das neue Konto und speichern Sie es.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="232"/>
        <source>File…</source>
        <translation>Datei …</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="233"/>
        <source>Read %1 from a file</source>
        <translation>%1 aus einer Datei lesen</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="235"/>
        <source>Read %1 from</source>
        <translation>%1 lesen aus</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="240"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="245"/>
        <source>from %1 — Save to store</source>
        <translation>aus %1 — zum Ablegen speichern</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="253"/>
        <source>set — type to replace</source>
        <translation>gesetzt — zum Ersetzen eintippen</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="253"/>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="260"/>
        <source>This type of cloud keeps no secrets.</source>
        <translation>Dieser Cloud-Typ hat keine Geheimnisse.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="261"/>
        <source>Secrets go to the %1.</source>
        <translation>Geheimnisse werden hier abgelegt: %1.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="307"/>
        <source>Not saved: the server&apos;s certificate (SHA-256 %1) was not accepted.</source>
        <translation>Nicht gespeichert: Das Zertifikat des Servers (SHA-256 %1) wurde nicht angenommen.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="344"/>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="371"/>
        <source>Removed %1.</source>
        <translation>%1 entfernt.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="383"/>
        <source>Save the account before testing it.</source>
        <translation>Speichern Sie das Konto, bevor Sie es testen.</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="393"/>
        <source>Asking %1 for its instances…</source>
        <translation>Frage %1 nach seinen Instanzen …</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="400"/>
        <source>%1 did not answer: %2</source>
        <translation>%1 hat nicht geantwortet: %2</translation>
    </message>
    <message>
        <location filename="../ui/accountsdialog.cpp" line="403"/>
        <source>%1 answered: %2 region(s), %3 instance(s)</source>
        <translation>%1 hat geantwortet: %2 Region(en), %3 Instanz(en)</translation>
    </message>
</context>
<context>
    <name>AddMachineDialog</name>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="34"/>
        <source>Add machines</source>
        <translation>Maschinen hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="43"/>
        <source>Trust this host?</source>
        <translation>Diesem Host vertrauen?</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="44"/>
        <source>The authenticity of host %1 can&apos;t be established.

Host key fingerprint:
%2

Compare it with the host&apos;s own (ssh-keygen -lf on the host). Trust it from now on?</source>
        <translation>Die Echtheit des Hosts %1 kann nicht festgestellt werden.

Fingerabdruck des Host-Schlüssels:
%2

Vergleichen Sie ihn mit dem des Hosts (ssh-keygen -lf auf dem Host). Ab jetzt vertrauen?</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="51"/>
        <source>empty: a new machine; lxd, lxd:3, zone=…, region=…, ssh:user@host</source>
        <translation>leer: eine neue Maschine; lxd, lxd:3, zone=…, region=…, ssh:benutzer@host</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="53"/>
        <source>e.g. mem=16G cores=8</source>
        <translation>z. B. mem=16G cores=8</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="54"/>
        <source>&amp;Placement:</source>
        <translation>&amp;Platzierung:</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="55"/>
        <source>&amp;Number:</source>
        <translation>&amp;Anzahl:</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="56"/>
        <source>&amp;Base:</source>
        <translation>&amp;Basis:</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="57"/>
        <source>C&amp;onstraints:</source>
        <translation>&amp;Vorgaben:</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="69"/>
        <source>Give one placement directive; it applies to every machine.</source>
        <translation>Geben Sie eine Platzierungsangabe an; sie gilt für jede Maschine.</translation>
    </message>
    <message>
        <location filename="../ui/addmachinedialog.cpp" line="100"/>
        <source>Not added: the host key of %1 was not accepted.</source>
        <translation>Nicht hinzugefügt: Der Host-Schlüssel von %1 wurde nicht angenommen.</translation>
    </message>
</context>
<context>
    <name>AddUnitDialog</name>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="14"/>
        <source>Add units to %1</source>
        <translation>Einheiten zu %1 hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="18"/>
        <source>Place them later in the machine view</source>
        <translation>Später in der Maschinenansicht platzieren</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="22"/>
        <source>e.g. 3, lxd:3, zone=sim-east-b, region=sim-west</source>
        <translation>z. B. 3, lxd:3, zone=sim-east-b, region=sim-west</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="23"/>
        <source>on top of the application&apos;s, e.g. mem=8G</source>
        <translation>zusätzlich zu denen der Anwendung, z. B. mem=8G</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="24"/>
        <source>&amp;Units:</source>
        <translation>&amp;Einheiten:</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="25"/>
        <source>&amp;Placement:</source>
        <translation>&amp;Platzierung:</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="26"/>
        <source>C&amp;onstraints:</source>
        <translation>&amp;Vorgaben:</translation>
    </message>
    <message>
        <location filename="../ui/addunitdialog.cpp" line="39"/>
        <source>Units placed later cannot have placement directives.</source>
        <translation>Später platzierte Einheiten können keine Platzierungsangaben haben.</translation>
    </message>
</context>
<context>
    <name>ApplicationsModel</name>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="80"/>
        <source>%1 (subordinate)</source>
        <translation>%1 (untergeordnet)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/applicationsmodel.cpp" line="84"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n Einheit</numerusform>
            <numerusform>%n Einheiten</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="86"/>
        <source>%1 of %2 started, %3 failed</source>
        <translation>%1 von %2 gestartet, %3 fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="90"/>
        <source>%1 of %2 started</source>
        <translation>%1 von %2 gestartet</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="122"/>
        <location filename="../ui/applicationsmodel.cpp" line="127"/>
        <source>unplaced</source>
        <translation>nicht platziert</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="136"/>
        <source>subordinate of %1</source>
        <translation>untergeordnet zu %1</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="169"/>
        <source>Application / unit</source>
        <translation>Anwendung / Einheit</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="171"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="173"/>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="175"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="177"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/applicationsmodel.cpp" line="179"/>
        <source>Constraints</source>
        <translation>Vorgaben</translation>
    </message>
</context>
<context>
    <name>ChartExport</name>
    <message>
        <location filename="../ui/chartexport.cpp" line="21"/>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <location filename="../ui/chartexport.cpp" line="24"/>
        <source>PNG image (*.png);;PDF (*.pdf)</source>
        <translation>PNG-Bild (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/chartexport.cpp" line="30"/>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>ConstraintEditorDialog</name>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="33"/>
        <source>Constraints of model %1</source>
        <translation>Vorgaben des Modells %1</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="34"/>
        <source>Constraints of %1</source>
        <translation>Vorgaben von %1</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="38"/>
        <source>Every application of the model starts from these. A field holding only &quot;=&quot; sets that key to nothing, so applications cannot inherit it.</source>
        <translation>Jede Anwendung des Modells geht von diesen aus. Ein Feld, das nur &quot;=&quot; enthält, setzt den Schlüssel auf nichts, sodass Anwendungen ihn nicht erben.</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="40"/>
        <source>Keys left empty keep what the model sets (shown in grey); a field holding only &quot;=&quot; blocks the model&apos;s value.</source>
        <translation>Leere Felder übernehmen den Wert des Modells (grau angezeigt); ein Feld, das nur &quot;=&quot; enthält, sperrt den Wert des Modells.</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="63"/>
        <source>inherited: %1</source>
        <translation>geerbt: %1</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="66"/>
        <source>%1 is not supported by cloud %2</source>
        <translation>%1 wird von Cloud %2 nicht unterstützt</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="89"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="89"/>
        <source>Instance type</source>
        <translation>Instanztyp</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="89"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="151"/>
        <source>&lt;b&gt;Result:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Ergebnis:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="152"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="166"/>
        <source>fix the constraints first</source>
        <translation>zuerst die Vorgaben korrigieren</translation>
    </message>
    <message>
        <location filename="../ui/constrainteditordialog.cpp" line="170"/>
        <source>%1 cores, %2, %3, %4/h</source>
        <translation>%1 Kerne, %2, %3, %4/h</translation>
    </message>
</context>
<context>
    <name>DeployDialog</name>
    <message>
        <location filename="../ui/deploydialog.cpp" line="14"/>
        <source>Deploy an application</source>
        <translation>Anwendung bereitstellen</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="21"/>
        <source>Subordinate (runs beside the units it is related to)</source>
        <translation>Untergeordnet (läuft neben den Einheiten, mit denen sie verbunden ist)</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="22"/>
        <source>Place the units later in the machine view</source>
        <translation>Einheiten später in der Maschinenansicht platzieren</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="24"/>
        <source>same as the charm</source>
        <translation>wie der Charm</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="26"/>
        <source>e.g. 3, lxd:3, zone=sim-east-b (one per unit)</source>
        <translation>z. B. 3, lxd:3, zone=sim-east-b (eine je Einheit)</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="27"/>
        <source>e.g. mem=4G cores=2</source>
        <translation>z. B. mem=4G cores=2</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="28"/>
        <source>&amp;Charm:</source>
        <translation>&amp;Charm:</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="29"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="30"/>
        <source>&amp;Base:</source>
        <translation>&amp;Basis:</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="31"/>
        <source>&amp;Units:</source>
        <translation>&amp;Einheiten:</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="32"/>
        <source>&amp;Placement:</source>
        <translation>&amp;Platzierung:</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="33"/>
        <source>C&amp;onstraints:</source>
        <translation>&amp;Vorgaben:</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="63"/>
        <source>Give the charm to deploy.</source>
        <translation>Geben Sie den Charm an, der bereitgestellt werden soll.</translation>
    </message>
    <message>
        <location filename="../ui/deploydialog.cpp" line="71"/>
        <source>Units placed later cannot have placement directives.</source>
        <translation>Später platzierte Einheiten können keine Platzierungsangaben haben.</translation>
    </message>
</context>
<context>
    <name>MachineView</name>
    <message>
        <location filename="../ui/machineview.cpp" line="55"/>
        <source>&amp;Auto place</source>
        <translation>&amp;Automatisch platzieren</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="91"/>
        <source>Unplaced units</source>
        <translation>Nicht platzierte Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="94"/>
        <source>Machines</source>
        <translation>Maschinen</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="149"/>
        <source>Containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <location filename="../ui/machineview.cpp" line="150"/>
        <source>Containers of machine %1</source>
        <translation>Container von Maschine %1</translation>
    </message>
</context>
<context>
    <name>MachinesModel</name>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="136"/>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="138"/>
        <source>Life</source>
        <translation>Lebenszyklus</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="140"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="142"/>
        <source>Instance status</source>
        <translation>Instanzstatus</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="144"/>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="146"/>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="148"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="150"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="152"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="154"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="156"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="158"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/machinesmodel.cpp" line="160"/>
        <source>Constraints</source>
        <translation>Vorgaben</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="71"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="73"/>
        <source>Model: </source>
        <translation>Modell: </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="79"/>
        <source>Filter (name, zone, status, …)</source>
        <translation>Filter (Name, Zone, Status, …)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="82"/>
        <source>Problems only</source>
        <translation>Nur Probleme</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="112"/>
        <source>&amp;Overview</source>
        <translation>&amp;Übersicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="127"/>
        <source>&amp;Machine view</source>
        <translation>&amp;Maschinenansicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="132"/>
        <source>&amp;Charts</source>
        <translation>&amp;Diagramme</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="136"/>
        <source>Provisioning log</source>
        <translation>Bereitstellungsprotokoll</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="150"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="203"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="204"/>
        <source>&amp;Reload</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="209"/>
        <source>&amp;Open store…</source>
        <translation>Ablage ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="221"/>
        <source>Provider &amp;accounts…</source>
        <translation>&amp;Anbieterkonten …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="224"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="227"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="228"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="230"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="235"/>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="241"/>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="242"/>
        <source>&amp;Deploy…</source>
        <translation>&amp;Bereitstellen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="247"/>
        <source>Add &amp;machine…</source>
        <translation>&amp;Maschine hinzufügen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="253"/>
        <source>Model &amp;constraints…</source>
        <translation>Modell&amp;vorgaben …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="254"/>
        <source>&amp;Retry provisioning…</source>
        <translation>Bereitstellung &amp;wiederholen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="262"/>
        <source>&amp;Application</source>
        <translation>&amp;Anwendung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="263"/>
        <source>Add &amp;units…</source>
        <translation>&amp;Einheiten hinzufügen …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="270"/>
        <source>&amp;Constraints…</source>
        <translation>&amp;Vorgaben …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="274"/>
        <source>&amp;Placement policy…</source>
        <translation>&amp;Platzierungsrichtlinie …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="278"/>
        <source>&amp;Export chart…</source>
        <translation>Diagramm &amp;exportieren …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="280"/>
        <source>&amp;Auto place units</source>
        <translation>Einheiten &amp;automatisch platzieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="287"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="288"/>
        <source>&amp;About Berth</source>
        <translation>&amp;Über Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="289"/>
        <source>About Berth</source>
        <translation>Über Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="290"/>
        <source>&lt;b&gt;Berth&lt;/b&gt; keeps deployment models, places their units and provisions their machines.</source>
        <translation>&lt;b&gt;Berth&lt;/b&gt; verwaltet Bereitstellungsmodelle, platziert ihre Einheiten und stellt ihre Maschinen bereit.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="314"/>
        <source>%1 (read-only store) — Berth</source>
        <translation>%1 (schreibgeschützte Ablage) — Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="315"/>
        <source>%1 — Berth</source>
        <translation>%1 — Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="343"/>
        <source>provider accounts reloaded</source>
        <translation>Anbieterkonten neu geladen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="358"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source>
        <translation>Modell &lt;b&gt;%1&lt;/b&gt; auf %2/%3 · Vorgaben: %4</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="360"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="382"/>
        <source>%n machine(s)</source>
        <translation>
            <numerusform>%n Maschine</numerusform>
            <numerusform>%n Maschinen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="474"/>
        <source>provisioner: %1</source>
        <translation>Bereitstellung: %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="479"/>
        <source>provisioning %v of %m</source>
        <translation>Bereitstellung %v von %m</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="518"/>
        <source>Policies of %1 saved.</source>
        <translation>Richtlinien von %1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="522"/>
        <source>Placement policy</source>
        <translation>Platzierungsrichtlinie</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="548"/>
        <source>Constraints</source>
        <translation>Vorgaben</translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="20"/>
        <source>Open store</source>
        <translation>Ablage öffnen</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="22"/>
        <source>a SQLite file, or postgresql://user@host:5432/db</source>
        <translation>eine SQLite-Datei oder postgresql://benutzer@host:5432/db</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="24"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="27"/>
        <source>SQLite store</source>
        <translation>SQLite-Ablage</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="27"/>
        <source>SQLite stores (*.sqlite *.db)</source>
        <translation>SQLite-Ablagen (*.sqlite *.db)</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="35"/>
        <source>A team shares a PostgreSQL database: everyone sees changes as they are made, and one provisioner runs per model. Keep the password in ~/.pgpass rather than in the address.</source>
        <translation>Ein Team teilt sich eine PostgreSQL-Datenbank: Alle sehen Änderungen, sobald sie gemacht werden, und je Modell läuft eine Bereitstellung. Legen Sie das Passwort in ~/.pgpass ab statt in der Adresse.</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="46"/>
        <source>&amp;Store:</source>
        <translation>&amp;Ablage:</translation>
    </message>
    <message>
        <location filename="../ui/openstoredialog.cpp" line="67"/>
        <source>Give a SQLite file or a postgresql:// address.</source>
        <translation>Geben Sie eine SQLite-Datei oder eine postgresql://-Adresse an.</translation>
    </message>
</context>
<context>
    <name>PlaceUnitsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="18"/>
        <source>new machine</source>
        <translation>neue Maschine</translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="20"/>
        <source>place %1 on %2</source>
        <translation>%1 auf %2 platzieren</translation>
    </message>
</context>
<context>
    <name>PlacementView</name>
    <message>
        <location filename="../ui/placementview.cpp" line="24"/>
        <source>select a machine first: its containers are shown here</source>
        <translation>Wählen Sie zuerst eine Maschine: hier stehen ihre Container</translation>
    </message>
</context>
<context>
    <name>PolicyEditorDialog</name>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="57"/>
        <source>Placement policy of %1</source>
        <translation>Platzierungsrichtlinie von %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/policyeditordialog.cpp" line="60"/>
        <source>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit(s) now.</source>
        <translation>
            <numerusform>Wählen Sie die Regionen (oder Zonen), die %1 nutzen darf, und geben Sie jeder ein Gewicht; neue Einheiten kommen dorthin, wo das Ergebnis den Gewichten am nächsten kommt, nie über eine Obergrenze hinaus. Jetzt %n Einheit.</numerusform>
            <numerusform>Wählen Sie die Regionen (oder Zonen), die %1 nutzen darf, und geben Sie jeder ein Gewicht; neue Einheiten kommen dorthin, wo das Ergebnis den Gewichten am nächsten kommt, nie über eine Obergrenze hinaus. Jetzt %n Einheiten.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="73"/>
        <source>&amp;Regions</source>
        <translation>&amp;Regionen</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="74"/>
        <source>&amp;Zones</source>
        <translation>&amp;Zonen</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="85"/>
        <source>Which units go first when the application scales in; units in error always go first.</source>
        <translation>Welche Einheiten beim Verkleinern zuerst entfernt werden; fehlerhafte Einheiten immer zuerst.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="87"/>
        <source>Scale-in removes:</source>
        <translation>Beim Verkleinern entfernen:</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Use</source>
        <translation>Verwenden</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Cap</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Units now</source>
        <translation>Einheiten jetzt</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="110"/>
        <source>Target now</source>
        <translation>Ziel jetzt</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="135"/>
        <source>no cap</source>
        <translation>keine Obergrenze</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="161"/>
        <source>Give at least one checked region a weight above 0.</source>
        <translation>Geben Sie mindestens einer gewählten Region ein Gewicht über 0.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="163"/>
        <source>Give at least one checked zone a weight above 0.</source>
        <translation>Geben Sie mindestens einer gewählten Zone ein Gewicht über 0.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="174"/>
        <source>%1 holds %2 units, more than its cap %3: it gets no new ones.</source>
        <translation>%1 hat %2 Einheiten, mehr als die Obergrenze %3: dort kommen keine neuen hinzu.</translation>
    </message>
</context>
<context>
    <name>RegionChart</name>
    <message>
        <location filename="../ui/regionchart.cpp" line="23"/>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="41"/>
        <source>Select an application to see where its units are.</source>
        <translation>Wählen Sie eine Anwendung, um zu sehen, wo ihre Einheiten sind.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="56"/>
        <source>%1: %n unit(s), no placement policy</source>
        <translation>
            <numerusform>%1: %n Einheit, keine Platzierungsrichtlinie</numerusform>
            <numerusform>%1: %n Einheiten, keine Platzierungsrichtlinie</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="58"/>
        <location filename="../ui/regionchart.cpp" line="76"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="70"/>
        <source>%1: %n unit(s) by region, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n Einheit nach Region, gegen das gewichtete Ziel der Richtlinie</numerusform>
            <numerusform>%1: %n Einheiten nach Region, gegen das gewichtete Ziel der Richtlinie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="73"/>
        <source>%1: %n unit(s) by zone, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n Einheit nach Zone, gegen das gewichtete Ziel der Richtlinie</numerusform>
            <numerusform>%1: %n Einheiten nach Zone, gegen das gewichtete Ziel der Richtlinie</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="76"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="92"/>
        <location filename="../ui/regionchart.cpp" line="106"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="105"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
</context>
<context>
    <name>RetryDialog</name>
    <message>
        <location filename="../ui/retrydialog.cpp" line="14"/>
        <source>Retry provisioning</source>
        <translation>Bereitstellung wiederholen</translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="16"/>
        <source>Replace their constraints with:</source>
        <translation>Ihre Vorgaben ersetzen durch:</translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="23"/>
        <source>machine %1 — %2</source>
        <translation>Maschine %1 — %2</translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="30"/>
        <source>Machines in error:</source>
        <translation>Fehlerhafte Maschinen:</translation>
    </message>
    <message>
        <location filename="../ui/retrydialog.cpp" line="52"/>
        <source>No machine in error is checked.</source>
        <translation>Keine fehlerhafte Maschine ist ausgewählt.</translation>
    </message>
</context>
<context>
    <name>SetConstraintsCommand</name>
    <message>
        <location filename="../ui/placementcommands.cpp" line="57"/>
        <source>model constraints</source>
        <translation>Modellvorgaben</translation>
    </message>
    <message>
        <location filename="../ui/placementcommands.cpp" line="58"/>
        <source>constraints of %1</source>
        <translation>Vorgaben von %1</translation>
    </message>
</context>
<context>
    <name>ZoneChart</name>
    <message>
        <location filename="../ui/zonechart.cpp" line="33"/>
        <source>Units per zone in</source>
        <translation>Einheiten je Zone in</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="37"/>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="47"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="64"/>
        <source>all regions</source>
        <translation>allen Regionen</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="138"/>
        <source>%1 (skew %2)</source>
        <translation>%1 (Schieflage %2)</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="141"/>
        <source>no started units here</source>
        <translation>hier keine gestarteten Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="142"/>
        <source>every application is spread evenly</source>
        <translation>jede Anwendung ist gleichmäßig verteilt</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="143"/>
        <source>uneven: %1</source>
        <translation>ungleich: %1</translation>
    </message>
    <message>
        <location filename="../ui/zonechart.cpp" line="161"/>
        <source>%1 — skew %2</source>
        <translation>%1 — Schieflage %2</translation>
    </message>
</context>
</TS>
