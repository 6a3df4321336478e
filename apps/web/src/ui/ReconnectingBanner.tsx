// "Reconnecting…" while the server or the network is lost (a restart, a phone
// between cells). Queries and the socket retry on their own; on recovery every
// shown query refreshes, so what changed meanwhile (a score, a kick-off)
// reaches the page. The live region stays in the page so the change is read out.
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useReconnecting } from "../lib/connectivity.ts";

export function ReconnectingBanner() {
  const { t } = useTranslation();
  const reconnecting = useReconnecting();
  const queryClient = useQueryClient();
  const wasReconnecting = useRef(false);

  useEffect(() => {
    if (wasReconnecting.current && !reconnecting) void queryClient.invalidateQueries();
    wasReconnecting.current = reconnecting;
  }, [reconnecting, queryClient]);

  return (
    <div className="reconnecting" role="status" aria-live="polite">
      {reconnecting && <p className="reconnecting__text">{t("connection.reconnecting")}</p>}
    </div>
  );
}
