import type en from "./en.ts";

const nl: typeof en = {
  actions: {
    save: "Opslaan",
    cancel: "Annuleren",
    delete: "Verwijderen",
    edit: "Bewerken",
    create: "Aanmaken",
    confirm: "Bevestigen",
    close: "Sluiten",
    back: "Terug",
  },
  confirm_delete: "Weet je zeker dat je dit wilt verwijderen?",
};

export default nl;
