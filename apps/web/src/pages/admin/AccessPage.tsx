// The Access page (system administrators): roles and their permissions,
// grouped by category (spec section 6). Ticking a permission adds it to the
// role, unticking removes it; each change sends the permission_id. The screen
// changes at once and is put back if the server refuses.
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { PageIntro } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

type Roles = RouterOutputs["roles"]["groups"];
export type Role = Roles["data"][number];
export type Permission = RouterOutputs["roles"]["permissions"]["data"][number];

export function holds(role: Role, permission: Pick<Permission, "id" | "category">): boolean {
  return (role.permissions[permission.category] ?? []).some((held) => held.id === permission.id);
}

/** The roles with `permission` added to (held) or removed from (not held) one role. */
export function withPermission(roles: Roles, roleId: number, permission: Permission, held: boolean): Roles {
  return {
    data: roles.data.map((role) => {
      if (role.id !== roleId) return role;
      const current = (role.permissions[permission.category] ?? []).filter((p) => p.id !== permission.id);
      const next = held
        ? [...current, { id: permission.id, name: permission.name }].sort((a, b) => a.name.localeCompare(b.name))
        : current;
      const permissions = { ...role.permissions, [permission.category]: next };
      if (next.length === 0) delete permissions[permission.category];
      return { ...role, permissions };
    }),
  };
}

/** Permissions by category, in the server's order (category, then name). */
export function byCategory(permissions: Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions)
    groups.set(permission.category, [...(groups.get(permission.category) ?? []), permission]);
  return [...groups];
}

const countOf = (role: Role) => Object.values(role.permissions).reduce((sum, list) => sum + list.length, 0);

/**
 * Adds or removes one permission: the cached roles change at once, the server
 * is asked, and on a refusal exactly this change is undone (others made
 * meanwhile stay). Resolves to whether it was saved.
 */
function usePermissionToggle() {
  const { t } = useTranslation("admin");
  const toast = useToast();
  const utils = trpc.useUtils();
  return async (role: Role, permission: Permission, held: boolean): Promise<boolean> => {
    const show = (holding: boolean) =>
      utils.roles.groups.setData(undefined, (roles) =>
        roles ? withPermission(roles, role.id, permission, holding) : roles,
      );
    // The box follows the click at once; a refetch in flight is cancelled (which restores
    // what it started from), so the change is shown again after it.
    show(held);
    await utils.roles.groups.cancel();
    show(held);
    const input = { role: role.id, permission_id: permission.id };
    try {
      await (held ? utils.client.roles.addPermission.mutate(input) : utils.client.roles.removePermission.mutate(input));
      const values = { permission: permission.name, role: role.name };
      toast.success(held ? t("access.added", values) : t("access.removed", values));
      return true;
    } catch (error) {
      show(!held);
      toast.error(failureMessage(error, t("access.not_changed")));
      return false;
    } finally {
      void utils.roles.groups.invalidate();
      void utils.roles.permissions.invalidate();
    }
  };
}

function RolePermissions({ role, permissions }: { role: Role; permissions: Permission[] }) {
  const { t } = useTranslation("admin");
  const toggle = usePermissionToggle();
  const titleId = useId();
  // The query cache tells its readers a tick later; the box must follow the click at once.
  const [clicked, setClicked] = useState<ReadonlyMap<number, boolean>>(new Map());
  const change = (permission: Permission, held: boolean) => {
    setClicked((current) => new Map(current).set(permission.id, held));
    void toggle(role, permission, held).finally(() =>
      setClicked((current) => {
        const next = new Map(current);
        next.delete(permission.id);
        return next;
      }),
    );
  };

  // Categories the texts don't name (added later on the server) show as they are.
  const categories: Record<string, string> = t("access.categories", { returnObjects: true });
  const categoryLabel = (category: string) => categories[category] ?? category;

  return (
    <section className="ops-role-panel" aria-labelledby={titleId}>
      <header className="ops-role-panel__header">
        <h2 id={titleId} className="ops-role-panel__title">
          {t("access.permissions_of", { role: role.name })}
        </h2>
        {role.description && <p className="ops-role-panel__description">{role.description}</p>}
      </header>
      <div className="ops-permission-groups">
        {byCategory(permissions).map(([category, members]) => (
          <fieldset key={category} className="ops-permission-group">
            <legend className="ops-permission-group__title">{categoryLabel(category)}</legend>
            {members.map((permission) => {
              const held = clicked.get(permission.id) ?? holds(role, permission);
              return (
                <label key={permission.id} className={`ops-permission${held ? " ops-permission--held" : ""}`}>
                  <input
                    type="checkbox"
                    checked={held}
                    onChange={(event) => change(permission, event.target.checked)}
                  />
                  <span className="ops-permission__box" aria-hidden="true">
                    <Icon name="check" size={14} />
                  </span>
                  <code className="ops-permission__name">{permission.name}</code>
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
    </section>
  );
}

export default function AccessPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const roles = trpc.roles.groups.useQuery();
  const permissions = trpc.roles.permissions.useQuery();
  const listId = useId();

  const all = roles.data?.data ?? [];
  const chosen = all.find((role) => role.id === Number(params.get("role"))) ?? all[0];
  const choose = (id: number) => setParams({ role: String(id) }, { replace: true });

  let content;
  if (roles.isError || permissions.isError) {
    content = (
      <ErrorState
        onRetry={() => {
          void roles.refetch();
          void permissions.refetch();
        }}
      />
    );
  } else if (!roles.data || !permissions.data) {
    content = (
      <div className="ops-access" aria-busy="true">
        <div className="ops-roles">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={64} />
          ))}
        </div>
        <div className="ops-role-panel">
          <Skeleton width="50%" height={26} />
          <Skeleton height={160} />
        </div>
      </div>
    );
  } else if (!chosen) {
    content = <EmptyState icon="shield" title={roles.data.message ?? t("access.empty")} />;
  } else {
    content = (
      <div className="ops-access">
        <div
          className="ops-roles"
          role="tablist"
          aria-label={t("access.roles")}
          aria-orientation="vertical"
          id={listId}
        >
          {all.map((role) => (
            <button
              key={role.id}
              type="button"
              role="tab"
              aria-selected={role.id === chosen.id}
              className="ops-role"
              onClick={() => choose(role.id)}
            >
              <span className="ops-role__name">{role.name}</span>
              <span className="ops-role__count">{t("access.count", { count: countOf(role) })}</span>
            </button>
          ))}
        </div>
        <RolePermissions key={chosen.id} role={chosen} permissions={permissions.data.data} />
      </div>
    );
  }

  return (
    <div className="admin-page">
      <PageIntro text={t("access.subtitle")}>
        <LocalLink to="/dashboard/access/clients" className="button button--small button--secondary">
          <Icon name="key" size={16} />
          {t("access.clients_link")}
        </LocalLink>
      </PageIntro>
      {content}
    </div>
  );
}
