<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="35"/>
        <source>Application / unit</source>
        <translation>Anwendung / Unit</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="35"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="35"/>
        <location filename="../ui/mainwindow.cpp" line="37"/>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="35"/>
        <location filename="../ui/mainwindow.cpp" line="38"/>
        <source>Constraints</source>
        <translation>Vorgaben</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="37"/>
        <source>Life</source>
        <translation>Lebenszyklus</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="37"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="37"/>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="38"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="38"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="47"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="48"/>
        <source>&amp;Reload</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="50"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="52"/>
        <source>&amp;Application</source>
        <translation>&amp;Anwendung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="54"/>
        <source>&amp;Placement policy…</source>
        <translation>&amp;Platzierungsrichtlinie …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="58"/>
        <source>&amp;Export chart…</source>
        <translation>Diagramm &amp;exportieren …</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="88"/>
        <source>%1 — Berth</source>
        <translation>%1 — Berth</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="90"/>
        <source>Model &lt;b&gt;%1&lt;/b&gt; on %2/%3 · constraints: %4</source>
        <translation>Modell &lt;b&gt;%1&lt;/b&gt; auf %2/%3 · Vorgaben: %4</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="92"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="130"/>
        <source>%n machine(s)</source>
        <translation>
            <numerusform>%n Maschine</numerusform>
            <numerusform>%n Maschinen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="180"/>
        <source>Policies of %1 saved.</source>
        <translation>Richtlinien von %1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="184"/>
        <source>Placement policy</source>
        <translation>Platzierungsrichtlinie</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="190"/>
        <location filename="../ui/mainwindow.cpp" line="195"/>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="191"/>
        <source>PNG image (*.png);;PDF (*.pdf)</source>
        <translation>PNG-Bild (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="195"/>
        <source>Could not write %1.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>PolicyEditorDialog</name>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="72"/>
        <source>Placement policy of %1</source>
        <translation>Platzierungsrichtlinie von %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/policyeditordialog.cpp" line="75"/>
        <source>Check the regions (or zones) %1 may use and give each a weight; new units go where the result comes closest to the weights, never past a cap. %n unit(s) now.</source>
        <translation>
            <numerusform>Wählen Sie die Regionen (oder Zonen), die %1 nutzen darf, und geben Sie jeder ein Gewicht; neue Einheiten kommen dorthin, wo das Ergebnis den Gewichten am nächsten kommt, nie über eine Obergrenze hinaus. Jetzt %n Einheit.</numerusform>
            <numerusform>Wählen Sie die Regionen (oder Zonen), die %1 nutzen darf, und geben Sie jeder ein Gewicht; neue Einheiten kommen dorthin, wo das Ergebnis den Gewichten am nächsten kommt, nie über eine Obergrenze hinaus. Jetzt %n Einheiten.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="88"/>
        <source>&amp;Regions</source>
        <translation>&amp;Regionen</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="89"/>
        <source>&amp;Zones</source>
        <translation>&amp;Zonen</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="100"/>
        <source>Which units go first when the application scales in; units in error always go first.</source>
        <translation>Welche Einheiten beim Verkleinern zuerst entfernt werden; fehlerhafte Einheiten immer zuerst.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="102"/>
        <source>Scale-in removes:</source>
        <translation>Beim Verkleinern entfernen:</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Use</source>
        <translation>Verwenden</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Cap</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Units now</source>
        <translation>Einheiten jetzt</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="125"/>
        <source>Target now</source>
        <translation>Ziel jetzt</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="150"/>
        <source>no cap</source>
        <translation>keine Obergrenze</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="176"/>
        <source>Give at least one checked region a weight above 0.</source>
        <translation>Geben Sie mindestens einer gewählten Region ein Gewicht über 0.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="178"/>
        <source>Give at least one checked zone a weight above 0.</source>
        <translation>Geben Sie mindestens einer gewählten Zone ein Gewicht über 0.</translation>
    </message>
    <message>
        <location filename="../ui/policyeditordialog.cpp" line="189"/>
        <source>%1 holds %2 units, more than its cap %3: it gets no new ones.</source>
        <translation>%1 hat %2 Einheiten, mehr als die Obergrenze %3: dort kommen keine neuen hinzu.</translation>
    </message>
</context>
<context>
    <name>RegionChart</name>
    <message>
        <location filename="../ui/regionchart.cpp" line="31"/>
        <source>Select an application to see where its units are.</source>
        <translation>Wählen Sie eine Anwendung, um zu sehen, wo ihre Einheiten sind.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="46"/>
        <source>%1: %n unit(s), no placement policy</source>
        <translation>
            <numerusform>%1: %n Einheit, keine Platzierungsrichtlinie</numerusform>
            <numerusform>%1: %n Einheiten, keine Platzierungsrichtlinie</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="48"/>
        <location filename="../ui/regionchart.cpp" line="66"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="60"/>
        <source>%1: %n unit(s) by region, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n Einheit nach Region, gegen das gewichtete Ziel der Richtlinie</numerusform>
            <numerusform>%1: %n Einheiten nach Region, gegen das gewichtete Ziel der Richtlinie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/regionchart.cpp" line="63"/>
        <source>%1: %n unit(s) by zone, against the policy&apos;s weighted target</source>
        <translation>
            <numerusform>%1: %n Einheit nach Zone, gegen das gewichtete Ziel der Richtlinie</numerusform>
            <numerusform>%1: %n Einheiten nach Zone, gegen das gewichtete Ziel der Richtlinie</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="66"/>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="82"/>
        <location filename="../ui/regionchart.cpp" line="96"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/regionchart.cpp" line="95"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
</context>
</TS>
