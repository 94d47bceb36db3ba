import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/time-zone";
import type { PageInfo } from "~/lib/paging.server";
import type { Role } from "~/lib/permissions";
import { EntityDialog, type FieldDef } from "../databases/entity-dialog";
import { Button } from "../ui/form";
import { EmptyList, ListSearch } from "../ui/list-search";
import { ListDialogButton } from "../ui/list-dialog-button";
import { Pager } from "../ui/pager";
import { useListDialog } from "../ui/use-intent-dialog";
import { RemoveUser } from "./remove-user";
import { RoleCheckboxes, ROLE_ORDER } from "./role-checkboxes";

type StaffRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  roles: Role[];
  lastLogin: string | null;
  loginsCount: number;
};

/** /admin/usermanagement: staff with their roles, search, paging, add / edit / remove dialogs. */
export function UserManagement({
  users,
  pageInfo,
  q,
  selfId,
  grantable,
  colleagues,
  timeZone,
  organization,
}: {
  users: StaffRow[];
  pageInfo: PageInfo;
  q: string;
  selfId: string;
  grantable: Role[];
  colleagues: Array<{ id: string; name: string; email: string }>;
  timeZone: string;
  organization: string;
}) {
  const { t, i18n } = useTranslation();
  // A user whose roles the viewer does not all hold can be seen but not changed (the server agrees).
  const canChange = (u: StaffRow) => u.roles.every((r) => grantable.includes(r));
  const fields = (checked: readonly string[]): FieldDef[] => [
    { name: "name", label: t("users:fields.name"), required: true },
    { name: "email", label: t("users:fields.email"), type: "email", required: true },
    { name: "phone_number", label: t("users:fields.phone"), type: "tel" },
    {
      name: "roles",
      label: t("users:fields.roles"),
      render: (_v, error) => <RoleCheckboxes checked={checked} grantable={grantable} error={error} />,
    },
  ];
  // One edit and one remove dialog for the list, for the user whose button opened it.
  const { dialog, open: openDialog } = useListDialog<"edit" | "remove", StaffRow>();
  const roleNames = (roles: Role[]) =>
    ROLE_ORDER.filter((r) => roles.includes(r)).map((r) => t(`users:roles.${r}.label`));

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="users-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="users-title" className="text-2xl font-semibold text-primary">
            {t("users:title")}
          </h1>
          <p className="text-sm text-slate-600">{t("users:intro", { organization })}</p>
        </div>
        <EntityDialog
          trigger={<Button data-testid="add-user">{t("users:add")}</Button>}
          title={t("users:add")}
          intent="create"
          fields={fields(grantable.includes("ORGANIZATION_READER") ? ["ORGANIZATION_READER"] : [])}
        />
      </div>
      <ListSearch id="users-search" label={t("users:search")} placeholder={t("users:search-placeholder")} q={q} />
      {users.length === 0 ? (
        <EmptyList>{q ? t("users:empty-search", { q }) : t("users:empty")}</EmptyList>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
          data-testid="users"
        >
          {users.map((u) => (
            <li
              key={u.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:px-4"
              data-testid="user-row"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {u.name}{" "}
                  {u.id === selfId ? (
                    <span className="text-xs font-normal text-slate-500">({t("users:you")})</span>
                  ) : null}
                </p>
                <p className="truncate text-sm text-slate-600">
                  {u.email}
                  {u.phone ? ` · ${u.phone}` : ""}
                </p>
                <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("users:columns.roles")}>
                  {roleNames(u.roles).map((name) => (
                    <li key={name} className="rounded bg-selected px-2 py-0.5 text-xs text-primary">
                      {name}
                    </li>
                  ))}
                </ul>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600 sm:w-56">
                <dt>{t("users:columns.last-login")}</dt>
                <dd>{u.lastLogin ? formatDateTime(u.lastLogin, i18n.language, timeZone) : t("users:never")}</dd>
                <dt>{t("users:columns.logins")}</dt>
                <dd>{u.loginsCount}</dd>
              </dl>
              {canChange(u) ? (
                <div className="flex gap-1 sm:justify-end">
                  <ListDialogButton onOpen={(opener) => openDialog("edit", u, opener)}>
                    {t("users:edit-button")}
                  </ListDialogButton>
                  <ListDialogButton onOpen={(opener) => openDialog("remove", u, opener)}>
                    {t("users:remove-button")}
                  </ListDialogButton>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === "edit" ? (
        <EntityDialog
          key={`edit-${dialog.opened.opening}`}
          opened={dialog.opened}
          title={t("users:edit", { name: dialog.item.name })}
          intent="update"
          id={dialog.item.id}
          fields={fields(dialog.item.roles)}
          values={{ name: dialog.item.name, email: dialog.item.email, phone_number: dialog.item.phone }}
        />
      ) : null}
      {dialog?.kind === "remove" ? (
        <RemoveUser
          key={`remove-${dialog.opened.opening}`}
          opened={dialog.opened}
          user={dialog.item}
          colleagues={colleagues}
        />
      ) : null}
      <Pager pageInfo={pageInfo} total={t("users:total", { count: pageInfo.totalCount })} keys="users:" />
    </section>
  );
}
