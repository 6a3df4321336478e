// Server messages in en, nl and de. English defines the keys; the other
// languages must translate every one (the type checker enforces it).
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from "@clubcast/shared";

const en = {
  "auth.bad_credentials": "Bad credentials",
  "auth.unauthenticated": "Unauthenticated.",
  "auth.token_expired": "Your session has expired. Please sign in again.",
  "auth.forbidden": "You are not allowed to do this.",
  "auth.too_many_attempts": "Too many attempts. Try again in {seconds} seconds.",
  "auth.email_taken": "This e-mail address is already registered.",
  "auth.reset_link_sent": "If this e-mail address is registered, a reset link is on its way.",
  "auth.reset_invalid": "This reset link is invalid or has expired.",
  "auth.password_reset": "Your password has been reset.",
  "auth.logged_out": "Logged out.",
  "auth.reset_mail_subject": "Reset your Clubcast password",
  "auth.reset_mail_body":
    "Hello {name},\n\nSomeone asked to reset the password of your Clubcast account. Open this link within {minutes} minutes to choose a new one:\n\n{link}\n\nIf it wasn't you, ignore this e-mail: your password stays as it is.",
  "validation.failed": "The given data was invalid.",
  "validation.required": "The {field} field is required.",
  "validation.invalid_type": "The {field} field must be a {expected}.",
  "validation.unknown_field": "The {field} field is not allowed.",
  "validation.too_small": "The {field} field must be at least {minimum}.",
  "validation.too_big": "The {field} field may not be greater than {maximum}.",
  "validation.too_short": "The {field} field must be at least {minimum} characters.",
  "validation.too_long": "The {field} field may not be longer than {maximum} characters.",
  "validation.invalid_email": "The {field} field must be a valid e-mail address.",
  "validation.invalid_value": "The selected {field} is invalid.",
  "validation.invalid_format": "The {field} field format is invalid.",
  "validation.malformed_json": "The request body is not valid JSON.",
  "validation.passwords_differ": "The password confirmation does not match.",
  "not_found.generic": "Not found.",
  "not_found.route": "Route {method}:{url} not found.",
  "match.invalid_transition": "This match is {from}; it cannot be {event}.",
  "server.error": "Something went wrong.",
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const nl: Catalogue = {
  "auth.bad_credentials": "Onjuiste inloggegevens",
  "auth.unauthenticated": "Niet ingelogd.",
  "auth.token_expired": "Je sessie is verlopen. Log opnieuw in.",
  "auth.forbidden": "Je mag dit niet doen.",
  "auth.too_many_attempts": "Te veel pogingen. Probeer het over {seconds} seconden opnieuw.",
  "auth.email_taken": "Dit e-mailadres is al geregistreerd.",
  "auth.reset_link_sent": "Als dit e-mailadres bekend is, is er een resetlink onderweg.",
  "auth.reset_invalid": "Deze resetlink is ongeldig of verlopen.",
  "auth.password_reset": "Je wachtwoord is opnieuw ingesteld.",
  "auth.logged_out": "Uitgelogd.",
  "auth.reset_mail_subject": "Stel je Clubcast-wachtwoord opnieuw in",
  "auth.reset_mail_body":
    "Hallo {name},\n\nIemand heeft gevraagd het wachtwoord van je Clubcast-account opnieuw in te stellen. Open binnen {minutes} minuten deze link om een nieuw wachtwoord te kiezen:\n\n{link}\n\nWas jij dit niet? Negeer dan deze e-mail: je wachtwoord blijft ongewijzigd.",
  "validation.failed": "De opgegeven gegevens zijn ongeldig.",
  "validation.required": "Het veld {field} is verplicht.",
  "validation.invalid_type": "Het veld {field} moet een {expected} zijn.",
  "validation.unknown_field": "Het veld {field} is niet toegestaan.",
  "validation.too_small": "Het veld {field} moet minimaal {minimum} zijn.",
  "validation.too_big": "Het veld {field} mag niet groter zijn dan {maximum}.",
  "validation.too_short": "Het veld {field} moet minimaal {minimum} tekens bevatten.",
  "validation.too_long": "Het veld {field} mag niet langer zijn dan {maximum} tekens.",
  "validation.invalid_email": "Het veld {field} moet een geldig e-mailadres zijn.",
  "validation.invalid_value": "De gekozen waarde voor {field} is ongeldig.",
  "validation.invalid_format": "Het formaat van {field} is ongeldig.",
  "validation.malformed_json": "De inhoud van het verzoek is geen geldige JSON.",
  "validation.passwords_differ": "De wachtwoordbevestiging komt niet overeen.",
  "not_found.generic": "Niet gevonden.",
  "not_found.route": "Route {method}:{url} niet gevonden.",
  "match.invalid_transition": "Deze wedstrijd is {from}; {event} kan niet.",
  "server.error": "Er is iets misgegaan.",
};

const de: Catalogue = {
  "auth.bad_credentials": "Ungültige Anmeldedaten",
  "auth.unauthenticated": "Nicht angemeldet.",
  "auth.token_expired": "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.",
  "auth.forbidden": "Das darfst du nicht.",
  "auth.too_many_attempts": "Zu viele Versuche. Versuche es in {seconds} Sekunden erneut.",
  "auth.email_taken": "Diese E-Mail-Adresse ist bereits registriert.",
  "auth.reset_link_sent": "Falls diese E-Mail-Adresse registriert ist, ist ein Link zum Zurücksetzen unterwegs.",
  "auth.reset_invalid": "Dieser Link ist ungültig oder abgelaufen.",
  "auth.password_reset": "Dein Passwort wurde zurückgesetzt.",
  "auth.logged_out": "Abgemeldet.",
  "auth.reset_mail_subject": "Setze dein Clubcast-Passwort zurück",
  "auth.reset_mail_body":
    "Hallo {name},\n\njemand hat angefordert, das Passwort deines Clubcast-Kontos zurückzusetzen. Öffne diesen Link innerhalb von {minutes} Minuten, um ein neues zu wählen:\n\n{link}\n\nWarst du das nicht, ignoriere diese E-Mail: dein Passwort bleibt unverändert.",
  "validation.failed": "Die angegebenen Daten sind ungültig.",
  "validation.required": "Das Feld {field} ist erforderlich.",
  "validation.invalid_type": "Das Feld {field} muss vom Typ {expected} sein.",
  "validation.unknown_field": "Das Feld {field} ist nicht erlaubt.",
  "validation.too_small": "Das Feld {field} muss mindestens {minimum} sein.",
  "validation.too_big": "Das Feld {field} darf nicht größer als {maximum} sein.",
  "validation.too_short": "Das Feld {field} muss mindestens {minimum} Zeichen lang sein.",
  "validation.too_long": "Das Feld {field} darf höchstens {maximum} Zeichen lang sein.",
  "validation.invalid_email": "Das Feld {field} muss eine gültige E-Mail-Adresse sein.",
  "validation.invalid_value": "Der gewählte Wert für {field} ist ungültig.",
  "validation.invalid_format": "Das Format von {field} ist ungültig.",
  "validation.malformed_json": "Der Inhalt der Anfrage ist kein gültiges JSON.",
  "validation.passwords_differ": "Die Passwortbestätigung stimmt nicht überein.",
  "not_found.generic": "Nicht gefunden.",
  "not_found.route": "Route {method}:{url} nicht gefunden.",
  "match.invalid_transition": "Dieses Spiel ist {from}; {event} ist nicht möglich.",
  "server.error": "Etwas ist schiefgelaufen.",
};

const CATALOGUES: Record<LocaleCode, Catalogue> = { en, nl, de };

export function translate(locale: LocaleCode, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = CATALOGUES[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The best of our locales for an Accept-Language header (q-values honoured). */
export function localeFromAcceptLanguage(header: string | undefined): LocaleCode {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...attrs] = part.trim().split(";");
      const q = attrs.map((a) => /^q=([\d.]+)$/.exec(a.trim())?.[1]).find(Boolean);
      return { language: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { language } of ranked) {
    if ((LOCALES as readonly string[]).includes(language)) return language as LocaleCode;
  }
  return DEFAULT_LOCALE;
}
