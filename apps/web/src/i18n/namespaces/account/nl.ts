import type en from "./en.ts";

const nl: typeof en = {
  auth: {
    brand_title: "Je club in beeld",
    brand_text: "Beheer camera's, plan wedstrijden en deel de mooiste momenten met je club.",
    email: "E-mailadres",
    password: "Wachtwoord",
    password_confirmation: "Herhaal wachtwoord",
    first_name: "Voornaam",
    last_name: "Achternaam",
    password_hint: "Minstens 8 tekens.",
    failed: "Dat lukte niet. Probeer het opnieuw.",
    login: {
      title: "Inloggen",
      subtitle: "Welkom terug. Log in op het dashboard van je club.",
      submit: "Inloggen",
      submitting: "Bezig met inloggen…",
      forgot: "Wachtwoord vergeten?",
      no_account: "Nog geen account?",
      register: "Account aanmaken",
    },
    register: {
      title: "Account aanmaken",
      subtitle: "Sluit je aan bij je club op Clubcast.",
      submit: "Account aanmaken",
      submitting: "Account wordt aangemaakt…",
      have_account: "Heb je al een account?",
      login: "Inloggen",
    },
    forgot: {
      title: "Wachtwoord vergeten?",
      subtitle: "Vul je e-mailadres in, dan sturen we je een link om een nieuw wachtwoord te kiezen.",
      submit: "Resetlink versturen",
      submitting: "Bezig met versturen…",
      back: "Terug naar inloggen",
    },
    reset: {
      title: "Kies een nieuw wachtwoord",
      subtitle: "Kies een wachtwoord dat je nergens anders gebruikt.",
      submit: "Wachtwoord opslaan",
      submitting: "Bezig met opslaan…",
      missing_token: "Deze resetlink is onvolledig. Vraag een nieuwe aan.",
      request_new: "Nieuwe link aanvragen",
    },
  },
};

export default nl;
