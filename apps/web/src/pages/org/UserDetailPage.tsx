// One user (spec section 2, /dashboard/users/{id}): who they are, their club,
// teams, roles and the permissions those roles give; edit, remove from the
// club and delete.
import { useState, type ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useLocalize } from "../../i18n/useLocale.ts";
import { usePageTitle } from "../../lib/page-title.tsx";
import { httpStatusOf, trpc } from "../../lib/trpc.ts";
import { InitialsBadge } from "../../ui/ClubBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { userName, type User } from "./org.ts";
import { useUserActions } from "./user-actions.tsx";
import { mayManage } from "./user-form.ts";
import { UserDialog } from "./UserDialog.tsx";
import "../../styles/admin.css";
import "../../styles/org.css";

const USERS_PATH = "/dashboard/users";

function DetailCard({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="admin-card">
      <h2 className="admin-card__title">
        {title}
        {count !== undefined && <span className="admin-card__count">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

function UserProfile({ user }: { user: User }) {
  const { t } = useTranslation("org");
  const { t: td } = useTranslation("dashboard");
  const navigate = useNavigate();
  const localize = useLocalize();
  const auth = useAuth();
  const self = auth.user!.id;
  const [editing, setEditing] = useState(false);
  const actions = useUserActions({ onDeleted: () => navigate(localize(USERS_PATH)) });
  const name = userName(user);

  return (
    <div className="admin-page">
      <LocalLink to={USERS_PATH} className="back-link">
        <Icon name="chevronLeft" size={18} />
        {t("users.back")}
      </LocalLink>
      <header className="user-profile">
        <InitialsBadge name={name} size={72} />
        <div className="user-profile__who">
          <h1 className="user-profile__name display">{name}</h1>
          <p className="user-profile__email">{user.email}</p>
          <p className="user-profile__tags">
            <span className={`admin-tag admin-tag--${user.scope}`}>{t(`scopes.${user.scope}`)}</span>
            <span className="user-profile__club">
              <Icon name="trophy" size={16} />
              {user.club?.name ?? t("users.no_club")}
            </span>
          </p>
        </div>
        {mayManage(auth.scope, user) && (
          <div className="user-profile__actions">
            <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
              <Icon name="pencil" size={18} />
              {td("actions.edit")}
            </button>
            {user.id !== self && user.club && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => actions.askRemoveFromClub(user)}
              >
                <Icon name="unlink" size={18} />
                {t("users.remove_from_club")}
              </button>
            )}
            {user.id !== self && (
              <button type="button" className="button button--ghost" onClick={() => actions.askDelete(user)}>
                <Icon name="trash" size={18} />
                {td("actions.delete")}
              </button>
            )}
          </div>
        )}
      </header>

      <div className="admin-cards">
        <DetailCard title={t("users.teams")} count={user.teams.length}>
          {user.teams.length ? (
            <ul className="admin-chips">
              {user.teams.map((team) => (
                <li key={team.id} className="admin-chip">
                  <Icon name="users" size={16} />
                  {team.fullname}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-card__empty">{t("users.no_teams")}</p>
          )}
        </DetailCard>
        <DetailCard title={t("users.roles")} count={user.roles.length}>
          {user.roles.length ? (
            <ul className="admin-chips">
              {user.roles.map((role) => (
                <li key={role.id} className="admin-chip">
                  <Icon name="key" size={16} />
                  {role.name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-card__empty">{t("users.no_roles")}</p>
          )}
        </DetailCard>
        <DetailCard title={t("users.permissions")} count={user.permissions.length}>
          {user.permissions.length ? (
            <ul className="admin-chips">
              {user.permissions.map((permission) => (
                <li key={permission} className="admin-chip admin-chip--code">
                  {permission}
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-card__empty">{t("users.no_permissions")}</p>
          )}
        </DetailCard>
      </div>

      <UserDialog open={editing} user={user} onClose={() => setEditing(false)} />
      {actions.dialog}
    </div>
  );
}

export default function UserDetailPage() {
  const { t } = useTranslation("org");
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = trpc.users.get.useQuery({ id }, { enabled: valid });
  usePageTitle(user.data ? userName(user.data.data) : null);

  if (!valid || httpStatusOf(user.error) === 404) {
    return (
      <EmptyState
        title={t("users.not_found")}
        icon="user"
        action={
          <LocalLink to={USERS_PATH} className="button button--secondary">
            {t("users.back")}
          </LocalLink>
        }
      />
    );
  }
  if (user.isError) return <ErrorState onRetry={() => void user.refetch()} />;
  if (user.isPending) {
    return (
      <div className="admin-page" aria-busy="true">
        <div className="user-profile">
          <Skeleton width={72} height={72} round />
          <div className="user-profile__who">
            <Skeleton width={260} height={32} />
            <Skeleton width={200} />
          </div>
        </div>
        <div className="admin-cards">
          {[0, 1, 2].map((index) => (
            <div key={index} className="admin-card">
              <Skeleton width="50%" height={20} />
              <Skeleton width="80%" />
            </div>
          ))}
        </div>
      </div>
    );
  }
  return <UserProfile user={user.data.data} />;
}
