import type en from "./en.ts";

const nl: typeof en = {
  actions: {
    save: "Opslaan",
    saving: "Bezig met opslaan…",
    cancel: "Annuleren",
    delete: "Verwijderen",
    edit: "Bewerken",
    create: "Aanmaken",
    confirm: "Bevestigen",
    close: "Sluiten",
    back: "Terug",
  },
  table: {
    select_all: "Alle rijen selecteren",
    select_all_short: "Alles selecteren",
    select_row: "{{name}} selecteren",
    selected: "{{count}} geselecteerd",
    clear_selection: "Selectie wissen",
    bulk_actions: "Acties voor de geselecteerde rijen",
    actions: "Acties",
  },
  busy: "Bezig…",
  confirm_delete: "Weet je zeker dat je dit wilt verwijderen?",
  copy: {
    copy: "Kopiëren",
    copy_what: "{{what}} kopiëren",
    copied: "Gekopieerd",
    copied_what: "{{what}} gekopieerd",
    failed: "Kopiëren lukte niet. Selecteer de tekst en kopieer hem zelf.",
    hidden: "Verborgen tot je hem toont",
  },
};

export default nl;
