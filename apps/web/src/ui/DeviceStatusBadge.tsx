// A configuration's, camera's, computer's or router's status now, as the server
// answers it by the one online rule (@clubcast/shared device-status.ts).
import { useTranslation } from "react-i18next";
import type { DeviceStatusName } from "@clubcast/shared";
import "../styles/operations.css";

export function DeviceStatusBadge({ status }: { status: DeviceStatusName }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`ops-status ops-status--${status}`}>
      <span className="ops-status__dot" aria-hidden="true" />
      {t(`monitoring.statuses.${status}`)}
    </span>
  );
}
