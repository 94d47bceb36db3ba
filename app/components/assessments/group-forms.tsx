import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button, TextField } from "~/components/ui/form";
import { UnsavedChangesGuard, useChangedSince } from "~/components/ui/unsaved-changes";
import { DEFAULT_REFERENCE_PREFIX } from "~/modules/scheduling";
import type { CircuitSettingsInput } from "~/modules/assessments";
import { BankPicker } from "./bank-picker";
import { CircuitDefaults, circuitDraftOf, circuitPayloadOf } from "./circuit-defaults";
import { ReferencePicker } from "./create-reference";
import { FieldError, NameField, OwnershipFields, PageHeader, type SaveResult } from "./screen-parts";
import { SharingSection, sharesError, sharesPayload, type ShareEntry, type ShareUser } from "./sharing";

type Ref = { _id: string; name: string };
type CategoryOption = Ref & { depth: number; path: string };
type Owned = {
  _id: string;
  visibility: string;
  owner: { objectOwnerType: string };
  shares: ShareEntry[];
  access: { canEdit: boolean; canManageSharing: boolean };
};
export type EvaluationData = Owned & {
  name: string;
  description: string | null;
  categories: string[];
  questions: string[];
  options: { enableTimer: boolean };
};
export type SessionData = Owned & {
  name: string;
  categories: string[];
  evaluations: string[];
  passPercentage: number;
  referenceFormat: string;
  circuit?: CircuitSettingsInput | null;
};

function useSave(back: string) {
  const fetcher = useFetcher<SaveResult>();
  const navigate = useNavigate();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) navigate(back);
  }, [fetcher.state, result, navigate, back]);
  const errors = result && !result.ok ? result.fieldErrors : {};
  const save = (payload: unknown) => fetcher.submit({ payload: JSON.stringify(payload) }, { method: "post" });
  return { fetcher, result, errors, save };
}

/** Visibility, owner type and shares of the form; `payload` is what the save sends (only when the actor may manage sharing). */
function useOwnership(doc: Owned | null, canWrite: boolean) {
  const [ownership, setOwnership] = useState({
    visibility: doc?.visibility ?? "ORGANIZATION",
    objectOwnerType: doc?.owner.objectOwnerType ?? "ORGANIZATION",
  });
  const [shares, setShares] = useState<ShareEntry[]>(doc?.shares ?? []);
  const canManage = canWrite && (!doc || doc.access.canManageSharing);
  const payload = canManage ? { ...ownership, shares: sharesPayload(shares) } : {};
  return { ownership, setOwnership, shares, setShares, canManage, payload };
}

/** What the group holds: an evaluation's questions or a session template's evaluations. */
type MemberKind = "questions" | "evaluations";
type GroupDoc = Owned & { categories: string[] } & { [kind in MemberKind]?: string[] };

/**
 * What both editors keep besides their own fields: categories, members, owner and sharing, the save
 * (with owner and sharing when the actor may manage them), read-only or not, and whether anything
 * changed since the editor opened.
 */
function useGroupEditor(
  kind: MemberKind,
  doc: GroupDoc | null,
  canWrite: boolean,
  back: string,
  fields: Record<string, unknown>,
) {
  const { fetcher, result, errors, save } = useSave(back);
  const readOnly = !canWrite || (!!doc && !doc.access.canEdit);
  const [categories, setCategories] = useState(doc?.categories ?? []);
  const [members, setMembers] = useState(doc?.[kind] ?? []);
  const own = useOwnership(doc, canWrite);
  const dirty = useChangedSince({ ...fields, categories, members, ownership: own.ownership, shares: own.shares });
  const frame = { back, readOnly, dirty, busy: fetcher.state !== "idle", result };
  return {
    kind,
    own,
    readOnly,
    errors,
    frame,
    categories,
    setCategories,
    members,
    setMembers,
    save: (payload: object) => save({ ...payload, categories, [kind]: members, ...own.payload }),
  };
}

/** Owner, visibility and the colleagues a private item is shared with. */
function OwnershipAndSharing({
  own,
  candidates,
  readOnly,
  errors,
}: {
  own: ReturnType<typeof useOwnership>;
  candidates: ShareUser[];
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  return (
    <>
      <OwnershipFields
        visibility={own.ownership.visibility}
        ownerType={own.ownership.objectOwnerType}
        onChange={own.setOwnership}
        disabled={readOnly || !own.canManage}
      />
      <SharingSection
        visibility={own.ownership.visibility}
        shares={own.shares}
        onChange={own.setShares}
        candidates={candidates}
        canManage={!readOnly && own.canManage}
        error={sharesError(errors)}
      />
    </>
  );
}

/** The last part of both editors: categories, owner and sharing, and the members picked from the bank. */
function CategoriesSharingAndBank({
  editor: { kind, categories, setCategories, members, setMembers, own, readOnly, errors },
  choices: { categoryOptions, canCreateCategories, chosen, shareCandidates },
}: {
  editor: ReturnType<typeof useGroupEditor>;
  choices: {
    categoryOptions: CategoryOption[];
    canCreateCategories: boolean;
    chosen: Ref[];
    shareCandidates: ShareUser[];
  };
}) {
  const { t } = useTranslation();
  return (
    <>
      <ReferencePicker
        kind="categories"
        canCreate={canCreateCategories}
        options={categoryOptions}
        value={categories}
        onChange={setCategories}
        error={errors.categories}
        disabled={readOnly}
      />
      <OwnershipAndSharing own={own} candidates={shareCandidates} readOnly={readOnly} errors={errors} />
      <BankPicker
        kind={kind}
        legend={t(`assessments:fields.${kind}`)}
        known={chosen}
        categoryOptions={categoryOptions}
        value={members}
        onChange={setMembers}
        error={errors[kind]}
        disabled={readOnly}
      />
    </>
  );
}

/**
 * The frame of the evaluation and session template editors: the guard against leaving unsaved
 * changes, the title with the save button, and the read-only notice or the refusal.
 */
function EditorFrame({
  title,
  back,
  readOnly,
  dirty,
  busy,
  result,
  onSave,
  children,
}: {
  title: string;
  back: string;
  readOnly: boolean;
  dirty: boolean;
  busy: boolean;
  result: SaveResult | undefined;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <UnsavedChangesGuard dirty={!readOnly && dirty && !result?.ok} />
      <PageHeader title={title} back={back}>
        {!readOnly ? (
          <Button disabled={busy} onClick={onSave}>
            {t("assessments:actions.save")}
          </Button>
        ) : null}
      </PageHeader>
      {readOnly ? <Alert tone="info">{t("assessments:form.read-only")}</Alert> : null}
      {result && !result.ok ? (
        <Alert>{Object.keys(result.fieldErrors).length ? t("assessments:form.errors") : result.message}</Alert>
      ) : null}
      {children}
    </div>
  );
}

export function EvaluationForm({
  evaluation,
  categories: categoryOptions,
  canCreateCategories,
  chosen,
  canWrite,
  shareCandidates,
}: {
  evaluation: EvaluationData | null;
  categories: CategoryOption[];
  /** The actor may create a category from the picker. */
  canCreateCategories: boolean;
  chosen: Ref[];
  canWrite: boolean;
  shareCandidates: ShareUser[];
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(evaluation?.name ?? "");
  const [description, setDescription] = useState(evaluation?.description ?? "");
  const [enableTimer, setEnableTimer] = useState(evaluation?.options.enableTimer ?? true);
  const editor = useGroupEditor("questions", evaluation, canWrite, "/admin/assessments/evaluations", {
    name,
    description,
    enableTimer,
  });
  const { readOnly, errors } = editor;
  return (
    <EditorFrame
      title={t(evaluation ? "assessments:form.edit-evaluation" : "assessments:form.create-evaluation")}
      {...editor.frame}
      onSave={() => editor.save({ name, description, options: { enableTimer } })}
    >
      <NameField value={name} onChange={setName} error={errors.name} disabled={readOnly} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-700">{t("assessments:fields.description")}</span>
        <textarea
          value={description}
          disabled={readOnly}
          onChange={(e) => setDescription(e.target.value)}
          className="min-h-20 rounded-md border border-slate-300 px-3 py-2"
        />
        <FieldError error={errors.description} />
      </label>
      {/* On unless chosen off: without it the questions' time limits do not run (ADR 0031). */}
      <div className="flex flex-col gap-1 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={enableTimer}
            disabled={readOnly}
            onChange={(e) => setEnableTimer(e.target.checked)}
            aria-describedby="enable-timer-hint"
            data-testid="enable-timer"
          />
          <span className="font-medium text-slate-700">{t("assessments:fields.enableTimer")}</span>
        </label>
        <p id="enable-timer-hint" className="text-xs text-slate-600">
          {t("assessments:fields.enableTimer-hint")}
        </p>
      </div>
      <CategoriesSharingAndBank
        editor={editor}
        choices={{ categoryOptions, canCreateCategories, chosen, shareCandidates }}
      />
    </EditorFrame>
  );
}

export function SessionForm({
  session,
  categories: categoryOptions,
  canCreateCategories,
  chosen,
  canWrite,
  shareCandidates,
  defaultPassPercentage = 70,
}: {
  session: SessionData | null;
  categories: CategoryOption[];
  /** The actor may create a category from the picker. */
  canCreateCategories: boolean;
  chosen: Ref[];
  canWrite: boolean;
  shareCandidates: ShareUser[];
  /** The organisation's default for a new template (organisation settings). */
  defaultPassPercentage?: number;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(session?.name ?? "");
  const [passPercentage, setPass] = useState(session ? String(session.passPercentage) : String(defaultPassPercentage));
  const [referenceFormat, setReferenceFormat] = useState(session?.referenceFormat ?? "");
  const [circuit, setCircuit] = useState(() => circuitDraftOf(session?.circuit));
  const editor = useGroupEditor("evaluations", session, canWrite, "/admin/assessments/sessions", {
    name,
    passPercentage,
    referenceFormat,
    circuit,
  });
  const { readOnly, errors } = editor;
  return (
    <EditorFrame
      title={t(session ? "assessments:form.edit-session" : "assessments:form.create-session")}
      {...editor.frame}
      onSave={() =>
        editor.save({
          name,
          passPercentage: passPercentage.trim() === "" ? undefined : Number(passPercentage),
          referenceFormat,
          circuit: circuitPayloadOf(circuit),
        })
      }
    >
      <div className="grid gap-4 md:grid-cols-3">
        <NameField value={name} onChange={setName} error={errors.name} disabled={readOnly} />
        <TextField
          label={t("assessments:fields.passPercentage")}
          type="number"
          min={0}
          max={100}
          step={1}
          value={passPercentage}
          onChange={(e) => setPass(e.target.value)}
          error={errors.passPercentage}
          required
          disabled={readOnly}
        />
        <TextField
          label={t("assessments:fields.referenceFormat")}
          hint={t("assessments:hints.referenceFormat", { prefix: DEFAULT_REFERENCE_PREFIX })}
          value={referenceFormat}
          onChange={(e) => setReferenceFormat(e.target.value)}
          error={errors.referenceFormat}
          disabled={readOnly}
        />
      </div>
      <CircuitDefaults draft={circuit} onChange={setCircuit} errors={errors} disabled={readOnly} />
      <CategoriesSharingAndBank
        editor={editor}
        choices={{ categoryOptions, canCreateCategories, chosen, shareCandidates }}
      />
    </EditorFrame>
  );
}
