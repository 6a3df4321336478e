import type en from "./en.ts";

const de: typeof en = {
  actions: {
    save: "Speichern",
    cancel: "Abbrechen",
    delete: "Löschen",
    edit: "Bearbeiten",
    create: "Erstellen",
    confirm: "Bestätigen",
    close: "Schließen",
    back: "Zurück",
  },
  confirm_delete: "Möchtest du das wirklich löschen?",
};

export default de;
