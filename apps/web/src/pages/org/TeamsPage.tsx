// The club's teams (spec section 2 'lists of teams', section 7 GET /v1/clubs/{id}/teams):
// a table with a switch that hides custom teams (is_custom=false), the add-team
// lightbox, and deleting a team after confirmation.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { sectionLabelKey } from "../../layouts/dashboard-sections.ts";
import { listStateOf } from "../../lib/list-state.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { sportLabel } from "../../lib/sports.ts";
import { trpc } from "../../lib/trpc.ts";
import { ClubPicker, useWorkingClub } from "../../lib/working-club.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { SwitchField } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { AddTeamDialog } from "./AddTeamDialog.tsx";
import { teamName, type Team } from "./org.ts";
import "../../styles/admin.css";

export default function TeamsPage() {
  const { t } = useTranslation("org");
  const { t: tc } = useTranslation();
  const { t: td } = useTranslation("dashboard");
  const auth = useAuth();
  const toast = useToast();
  const utils = trpc.useUtils();
  const { clubId, chooseClub } = useWorkingClub();
  const [hideCustom, setHideCustom] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const teams = trpc.teams.ofClub.useQuery(
    { id: clubId ?? 0, ...(hideCustom ? { is_custom: false } : {}) },
    { enabled: clubId !== null },
  );
  const remove = trpc.teams.delete.useMutation({
    onSuccess: async () => {
      toast.success(t("teams.deleted"));
      setDeleting(null);
      await utils.teams.ofClub.invalidate({ id: clubId ?? 0 });
    },
    onError: (error) => toast.error(failureMessage(error, t("teams.not_deleted"))),
  });

  const state = clubId === null ? "none" : listStateOf(teams);
  const title = tc(sectionLabelKey("teams", auth.scope));

  return (
    <div className="admin-page">
      <PageHeader title={title} subtitle={t("teams.subtitle")}>
        <div className="admin-actions">
          <ClubPicker value={clubId} onChange={chooseClub} />
          <button
            type="button"
            className="button button--primary"
            onClick={() => setAdding(true)}
            disabled={clubId === null}
          >
            <Icon name="plus" size={18} />
            {t("teams.add")}
          </button>
        </div>
      </PageHeader>

      <div className="admin-toolbar">
        <SwitchField
          label={t("teams.hide_custom")}
          hint={t("teams.hide_custom_hint")}
          checked={hideCustom}
          onChange={(event) => setHideCustom(event.target.checked)}
        />
      </div>

      {state === "none" && <EmptyState title={t("teams.choose_club")} icon="users" />}
      {state === "error" && <ErrorState onRetry={() => void teams.refetch()} />}
      {(state === "loading" || state === "ready" || state === "empty") && (
        <DataTable
          caption={title}
          loading={state === "loading"}
          rows={state === "ready" ? (teams.data?.data ?? []) : []}
          rowKey={(team) => team.id}
          empty={
            <EmptyState
              title={teams.data?.message ?? t("teams.empty")}
              text={t("teams.empty_text")}
              icon="users"
              action={
                <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
                  <Icon name="plus" size={18} />
                  {t("teams.add")}
                </button>
              }
            />
          }
          columns={[
            { key: "name", header: t("teams.name"), primary: true, cell: (team) => teamName(team) },
            { key: "parent", header: t("teams.parent"), cell: (team) => team.parent?.fullname ?? "—" },
            { key: "sport", header: t("teams.sport"), cell: (team) => sportLabel(team.sport, tc) },
            {
              key: "kind",
              header: t("teams.kind"),
              cell: (team) => (
                <span className={`admin-tag${team.is_custom ? " admin-tag--muted" : ""}`}>
                  {team.is_custom ? t("teams.custom") : t("teams.club_team")}
                </span>
              ),
            },
          ]}
          rowActions={(team) => (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setDeleting(team)}
              aria-label={t("teams.delete_named", { team: teamName(team) })}
            >
              <Icon name="trash" size={16} />
              <span className="admin-hide-narrow">{td("actions.delete")}</span>
            </button>
          )}
        />
      )}

      {clubId !== null && <AddTeamDialog open={adding} clubId={clubId} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t("teams.delete_title")}
        text={deleting ? t("teams.delete_text", { team: teamName(deleting) }) : ""}
        confirmLabel={td("actions.delete")}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && clubId !== null && remove.mutate({ club: clubId, team: deleting.id })}
      />
    </div>
  );
}
