import type en from "./en.ts";

const de: typeof en = {
  auth: {
    brand_title: "Dein Verein im Bild",
    brand_text: "Verwalte Kameras, plane Spiele und teile die besten Momente mit deinem Verein.",
    email: "E-Mail-Adresse",
    password: "Passwort",
    password_confirmation: "Passwort wiederholen",
    first_name: "Vorname",
    last_name: "Nachname",
    password_hint: "Mindestens 8 Zeichen.",
    failed: "Das hat nicht geklappt. Bitte versuche es erneut.",
    login: {
      title: "Anmelden",
      subtitle: "Willkommen zurück. Melde dich beim Dashboard deines Vereins an.",
      submit: "Anmelden",
      submitting: "Anmeldung läuft…",
      forgot: "Passwort vergessen?",
      no_account: "Noch kein Konto?",
      register: "Konto erstellen",
    },
    register: {
      title: "Konto erstellen",
      subtitle: "Begleite deinen Verein auf Clubcast.",
      submit: "Konto erstellen",
      submitting: "Konto wird erstellt…",
      have_account: "Du hast schon ein Konto?",
      login: "Anmelden",
    },
    forgot: {
      title: "Passwort vergessen?",
      subtitle: "Gib deine E-Mail-Adresse ein, dann schicken wir dir einen Link, um ein neues Passwort zu wählen.",
      submit: "Link zum Zurücksetzen senden",
      submitting: "Wird gesendet…",
      back: "Zurück zur Anmeldung",
    },
    reset: {
      title: "Neues Passwort wählen",
      subtitle: "Wähle ein Passwort, das du nirgendwo sonst verwendest.",
      submit: "Passwort speichern",
      submitting: "Wird gespeichert…",
      missing_token: "Dieser Link ist unvollständig. Fordere einen neuen an.",
      request_new: "Neuen Link anfordern",
    },
  },
};

export default de;
