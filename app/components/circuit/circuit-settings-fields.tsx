import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/form";
import { CIRCUIT_SETTINGS_FIELDS, type CircuitSettingsInput } from "~/modules/assessments";
import { CircuitFieldset, CIRCUIT_FIELD_LABELS } from "./circuit-fieldset";

/**
 * The plan form's circuit settings (issue 32): on or off, and the four numbers. A number left
 * empty takes the session's value, else the template's default; the extra-time rule is said here.
 */
export function CircuitSettingsFields({
  settings,
  disabled,
  errorOf,
}: {
  settings: CircuitSettingsInput | null;
  disabled: boolean;
  errorOf: (name: string) => string | undefined | null;
}) {
  const { t } = useTranslation();
  const [on, setOn] = useState(settings !== null);
  return (
    <CircuitFieldset
      testId="circuit-settings"
      toggleLabel={t("circuit:plan.enabled")}
      toggle={{
        name: "circuit",
        defaultChecked: settings !== null,
        disabled,
        onChange: (e) => setOn(e.target.checked),
      }}
    >
      <p className="text-slate-600">{t("circuit:plan.hint")}</p>
      {on ? (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            {CIRCUIT_SETTINGS_FIELDS.map((name) => (
              <TextField
                key={name}
                name={name}
                label={t(CIRCUIT_FIELD_LABELS[name])}
                type="number"
                inputMode="numeric"
                min={0}
                defaultValue={settings ? String(settings[name]) : ""}
                disabled={disabled}
                error={errorOf(name) ?? errorOf(`circuit.${name}`)}
              />
            ))}
          </div>
          <p className="rounded-md bg-slate-100 p-2 text-slate-800" data-testid="circuit-extra-rule">
            {t("circuit:plan.extra-rule")}
          </p>
        </>
      ) : null}
    </CircuitFieldset>
  );
}
