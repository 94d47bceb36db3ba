import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Role } from "~/lib/permissions";

export const ROLE_ORDER: Role[] = [
  "ORGANIZATION_MANAGER",
  "ORGANIZATION_USER_MANAGER",
  "ORGANIZATION_WRITER",
  "ORGANIZATION_REALTIME_USER",
  "ORGANIZATION_READER",
];

/**
 * The roles of a staff user as checkboxes with what each allows. Roles the viewer does not hold
 * are shown but cannot be changed (the server refuses them too).
 */
export function RoleCheckboxes({
  checked,
  grantable,
  error,
}: {
  checked: readonly string[];
  grantable: readonly Role[];
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-700">{t("users:fields.roles")}</legend>
      {ROLE_ORDER.map((role) => {
        const locked = !grantable.includes(role);
        const isChecked = checked.includes(role);
        return (
          <label
            key={role}
            className={`flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm ${locked ? "opacity-60" : "cursor-pointer hover:bg-slate-50"}`}
          >
            <input
              type="checkbox"
              name="roles"
              value={role}
              defaultChecked={isChecked}
              disabled={locked}
              className="mt-0.5 h-4 w-4"
            />
            {/* A locked role the user has must still be sent, or saving would take it away. */}
            {locked && isChecked ? <input type="hidden" name="roles" value={role} /> : null}
            <span>
              <span className="font-medium">{t(`users:roles.${role}.label`)}</span>
              <span className="block text-xs text-slate-500">{t(`users:roles.${role}.description`)}</span>
            </span>
          </label>
        );
      })}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t("users:fields.roles-hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
