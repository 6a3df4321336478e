// Users (spec section 2): system administrators see everyone, club
// administrators and holders of 'users.all' their club's users. A paged table
// with the page in the URL and the pagination in a bottom bar; create, edit,
// delete and remove from the club.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { sectionLabelKey } from "../../layouts/dashboard-sections.ts";
import { trpc } from "../../lib/trpc.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { userName, type User } from "./org.ts";
import { useUserActions } from "./user-actions.tsx";
import { mayManage } from "./user-form.ts";
import { UserDialog } from "./UserDialog.tsx";
import "../../styles/admin.css";

export const userPath = (id: number) => `/dashboard/users/${id}`;

export default function UsersPage() {
  const { t } = useTranslation("org");
  const { t: tc } = useTranslation();
  const { t: td } = useTranslation("dashboard");
  const auth = useAuth();
  const page = usePageParam();
  const users = trpc.users.list.useQuery({ page, limit: PAGINATION.defaultLimit });
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const actions = useUserActions();
  const title = tc(sectionLabelKey("users", auth.scope));
  const self = auth.user!.id;

  return (
    <div className="admin-page">
      <PageHeader title={title} subtitle={t("users.subtitle")}>
        <button type="button" className="button button--primary" onClick={() => setEditing("new")}>
          <Icon name="plus" size={18} />
          {t("users.add")}
        </button>
      </PageHeader>

      {users.isError ? (
        <ErrorState onRetry={() => void users.refetch()} />
      ) : (
        <DataTable
          caption={title}
          loading={users.isPending}
          skeletonRows={8}
          rows={users.data?.data ?? []}
          rowKey={(user) => user.id}
          empty={<EmptyState title={users.data?.message ?? t("users.empty")} icon="user" />}
          columns={[
            {
              key: "name",
              header: t("users.name"),
              primary: true,
              cell: (user) => (
                <LocalLink to={userPath(user.id)} className="text-link">
                  {userName(user)}
                </LocalLink>
              ),
            },
            {
              key: "email",
              header: t("users.email"),
              cell: (user) => <span className="admin-break">{user.email}</span>,
            },
            {
              key: "scope",
              header: t("users.scope"),
              cell: (user) => <span className={`admin-tag admin-tag--${user.scope}`}>{t(`scopes.${user.scope}`)}</span>,
            },
            ...(auth.scope === "system"
              ? [{ key: "club", header: t("users.club"), cell: (user: User) => user.club?.name ?? "—" }]
              : []),
            {
              key: "teams",
              header: t("users.teams"),
              cell: (user) => (user.teams.length ? user.teams.map((team) => team.fullname).join(", ") : "—"),
            },
          ]}
          rowActions={(user) =>
            mayManage(auth.scope, user) && (
              <>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing(user)}
                  aria-label={t("users.edit_named", { name: userName(user) })}
                >
                  <Icon name="pencil" size={16} />
                  <span className="admin-hide-narrow">{td("actions.edit")}</span>
                </button>
                {user.id !== self && user.club && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => actions.askRemoveFromClub(user)}
                    aria-label={t("users.remove_named", { name: userName(user), club: user.club.name })}
                  >
                    <Icon name="unlink" size={16} />
                  </button>
                )}
                {user.id !== self && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => actions.askDelete(user)}
                    aria-label={t("users.delete_named", { name: userName(user) })}
                  >
                    <Icon name="trash" size={16} />
                  </button>
                )}
              </>
            )
          }
        />
      )}
      {users.data && <Pagination meta={users.data.meta} />}

      <UserDialog open={editing !== null} user={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      {actions.dialog}
    </div>
  );
}
