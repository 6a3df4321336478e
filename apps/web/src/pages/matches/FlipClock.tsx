// The flip-clock countdown to kick-off of an upcoming match.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdownParts } from "../../lib/dates.ts";

function FlipUnit({ value, label }: { value: number; label: string }) {
  const digits = String(value).padStart(2, "0");
  return (
    <div className="flip-unit">
      <div className="flip-unit__digits">
        {[...digits].map((digit, index) => (
          // A new key per value replays the flip animation when the digit changes.
          <span key={`${index}-${digit}`} className="flip-card">
            {digit}
          </span>
        ))}
      </div>
      <span className="flip-unit__label">{label}</span>
    </div>
  );
}

export function FlipClock({ target }: { target: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(new Date(target).getTime(), now);
  if (parts.done) return <p className="flip-clock__done display">{t("match.starting_now")}</p>;
  return (
    <div className="flip-clock">
      <p className="flip-clock__caption">{t("match.starts_in")}</p>
      <div
        className="flip-clock__units"
        role="timer"
        aria-label={t("match.countdown_label", { days: parts.days, hours: parts.hours, minutes: parts.minutes })}
      >
        <div className="flip-clock__visual" aria-hidden="true">
          <FlipUnit value={parts.days} label={t("match.days")} />
          <FlipUnit value={parts.hours} label={t("match.hours")} />
          <FlipUnit value={parts.minutes} label={t("match.minutes")} />
          <FlipUnit value={parts.seconds} label={t("match.seconds")} />
        </div>
      </div>
    </div>
  );
}
