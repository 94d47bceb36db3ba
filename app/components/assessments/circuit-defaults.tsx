import { useTranslation } from "react-i18next";
import { CircuitFieldset, CIRCUIT_FIELD_LABELS } from "~/components/circuit/circuit-fieldset";
import { TextField } from "~/components/ui/form";
import { CIRCUIT_SETTINGS_FIELDS, DEFAULT_CIRCUIT_SETTINGS, type CircuitSettingsInput } from "~/modules/assessments";

/** The circuit defaults as the template editor holds them: off, or the four numbers as typed. */
export type CircuitDraft = { on: boolean; values: Record<keyof CircuitSettingsInput, string> };

export function circuitDraftOf(settings: CircuitSettingsInput | null | undefined): CircuitDraft {
  const from = settings ?? DEFAULT_CIRCUIT_SETTINGS;
  return {
    on: !!settings,
    values: Object.fromEntries(CIRCUIT_SETTINGS_FIELDS.map((k) => [k, String(from[k])])) as CircuitDraft["values"],
  };
}

/** The payload's `circuit`: null when off; a field left empty is sent as missing, so the server names it. */
export function circuitPayloadOf(draft: CircuitDraft): Record<string, number | undefined> | null {
  if (!draft.on) return null;
  return Object.fromEntries(
    CIRCUIT_SETTINGS_FIELDS.map((k) => [k, draft.values[k].trim() === "" ? undefined : Number(draft.values[k])]),
  );
}

/** The session template's circuit defaults (issue 32): what a session planned from it starts with. */
export function CircuitDefaults({
  draft,
  onChange,
  errors,
  disabled,
}: {
  draft: CircuitDraft;
  onChange: (draft: CircuitDraft) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <CircuitFieldset
      testId="circuit-defaults"
      toggleLabel={t("circuit:plan.template-enabled")}
      toggle={{ checked: draft.on, disabled, onChange: (e) => onChange({ ...draft, on: e.target.checked }) }}
    >
      {draft.on ? (
        <div className="grid gap-2 sm:grid-cols-2 md:grid-cols-4">
          {CIRCUIT_SETTINGS_FIELDS.map((k) => (
            <TextField
              key={k}
              label={t(CIRCUIT_FIELD_LABELS[k])}
              type="number"
              min={0}
              value={draft.values[k]}
              onChange={(e) => onChange({ ...draft, values: { ...draft.values, [k]: e.target.value } })}
              error={errors[`circuit.${k}`]}
              disabled={disabled}
            />
          ))}
        </div>
      ) : null}
    </CircuitFieldset>
  );
}
