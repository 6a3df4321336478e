// The greeting by time of day (spec section 1): morning before 12:00,
// afternoon from 12:00 to 17:00, evening after, on the viewer's clock.
import { useTranslation } from "react-i18next";
import { greetingFor } from "@clubcast/shared";

export function Greeting({ name, now = new Date() }: { name: string; now?: Date }) {
  const { t } = useTranslation();
  const greeting = t(`greeting.${greetingFor(now.getHours())}`);
  return <>{t("greeting.named", { greeting, name })}</>;
}
