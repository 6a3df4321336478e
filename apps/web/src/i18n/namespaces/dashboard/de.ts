import type en from "./en.ts";

const de: typeof en = {
  actions: {
    save: "Speichern",
    saving: "Wird gespeichert…",
    cancel: "Abbrechen",
    delete: "Löschen",
    edit: "Bearbeiten",
    create: "Erstellen",
    confirm: "Bestätigen",
    close: "Schließen",
    back: "Zurück",
  },
  table: {
    select_all: "Alle Zeilen auswählen",
    select_all_short: "Alle auswählen",
    select_row: "{{name}} auswählen",
    selected: "{{count}} ausgewählt",
    clear_selection: "Auswahl aufheben",
    bulk_actions: "Aktionen für die ausgewählten Zeilen",
    actions: "Aktionen",
  },
  busy: "Wird ausgeführt…",
  confirm_delete: "Möchtest du das wirklich löschen?",
  copy: {
    copy: "Kopieren",
    copy_what: "{{what}} kopieren",
    copied: "Kopiert",
    copied_what: "{{what}} kopiert",
    failed: "Kopieren hat nicht geklappt. Markiere den Text und kopiere ihn selbst.",
    hidden: "Verborgen, bis du ihn anzeigst",
  },
};

export default de;
