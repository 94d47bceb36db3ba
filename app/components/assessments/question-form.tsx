import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button, TextField } from "~/components/ui/form";
import { DraftNotice, useLocalDraft } from "~/components/ui/local-draft";
import { UnsavedChangesGuard, useChangedSince } from "~/components/ui/unsaved-changes";
import { standingErrors } from "~/modules/assessments";
import type { RichBlock, StepType } from "~/modules/assessments";
import { FieldError, NameField, OwnershipFields, PageHeader, type SaveResult } from "./screen-parts";
import { ReferencePicker } from "./create-reference";
import { RichContentEditor } from "./rich-content";
import { SharingSection, sharesError, sharesPayload, type ShareEntry, type ShareUser } from "./sharing";
import { QuestionPreview, StepsEditor, type AnswerDraft, type DraftStep } from "./steps-editor";

type Ref = { _id: string; name: string };
export type QuestionData = {
  _id: string;
  name: string;
  maxTime: number;
  categories: string[];
  supplies: string[];
  preparationInfo: RichBlock[];
  steps: Array<{ key: string; type: StepType; question: RichBlock[]; answer: Record<string, unknown>; score: number }>;
  visibility: string;
  owner: { objectOwnerType: string };
  shares: ShareEntry[];
  access: { canEdit: boolean; canManageSharing: boolean };
};

/** The question editor: fields, preparation info, steps and a preview. Posts JSON in `payload`. */
export function QuestionForm({
  mode,
  question,
  options,
  canWrite,
  shareCandidates,
  draftOwner,
}: {
  mode: "create" | "copy" | "edit";
  question: QuestionData | null;
  /** `canCreate`: the actor may add categories and supply objects from the pickers. */
  options: { categories: Ref[]; supplies: Ref[]; canCreate: boolean };
  canWrite: boolean;
  /** Staff users the question can be shared with (empty when the actor may not manage sharing). */
  shareCandidates: ShareUser[];
  /** Whose browser draft this is: organisation and staff member (ADR 0008). */
  draftOwner: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SaveResult>();
  const navigate = useNavigate();
  const readOnly = !canWrite || (mode === "edit" && !question?.access.canEdit);
  const [name, setName] = useState(question?.name ?? "");
  const [maxTime, setMaxTime] = useState<string>(question ? String(question.maxTime) : "300");
  const [categories, setCategories] = useState<string[]>(question?.categories ?? []);
  const [supplies, setSupplies] = useState<string[]>(question?.supplies ?? []);
  const [preparationInfo, setPreparationInfo] = useState<RichBlock[]>(question?.preparationInfo ?? []);
  const [steps, setSteps] = useState<DraftStep[]>(
    (question?.steps ?? []).map((s) => ({
      ...s,
      key: mode === "copy" ? s.key : s.key,
      answer: s.answer as AnswerDraft,
    })),
  );
  const [ownership, setOwnership] = useState({
    visibility: mode === "edit" ? (question?.visibility ?? "ORGANIZATION") : "ORGANIZATION",
    objectOwnerType: mode === "edit" ? (question?.owner.objectOwnerType ?? "ORGANIZATION") : "ORGANIZATION",
  });
  // A copy is a new question of the actor's: ownership and shares start afresh.
  const [shares, setShares] = useState<ShareEntry[]>(mode === "edit" ? (question?.shares ?? []) : []);
  const canManageSharing = canWrite && (mode !== "edit" || !!question?.access.canManageSharing);
  const [preview, setPreview] = useState(false);
  const result = fetcher.data;
  // What the last save sent: a field's error from it stays only until the field is valid again.
  const [sent, setSent] = useState<Record<string, unknown> | null>(null);

  const form = { name, maxTime, categories, supplies, preparationInfo, steps, ownership, shares };
  const payloadOf = () => ({
    name,
    maxTime: maxTime.trim() === "" ? undefined : Number(maxTime),
    categories,
    supplies,
    preparationInfo,
    steps,
    ...(canManageSharing ? { ...ownership, shares: sharesPayload(shares) } : {}),
  });
  const errors = result && !result.ok ? standingErrors(result.fieldErrors, sent, payloadOf()) : {};
  const changed = useChangedSince(form);
  // Once saved, nothing more is kept (the list may take a moment to load after the save).
  const draft = useLocalDraft({
    owner: draftOwner,
    scope: `question:${mode}:${question?._id ?? "new"}`,
    state: form,
    changed,
    enabled: !readOnly && !result?.ok,
  });
  const restore = (kept: typeof form) => {
    setName(kept.name);
    setMaxTime(kept.maxTime);
    setCategories(kept.categories);
    setSupplies(kept.supplies);
    setPreparationInfo(kept.preparationInfo);
    setSteps(kept.steps);
    if (canManageSharing) {
      setOwnership(kept.ownership);
      setShares(kept.shares);
    }
    draft.dismiss();
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok) return;
    draft.clear();
    navigate("/admin/assessments/questions");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per successful save
  }, [fetcher.state, result, navigate]);

  const submit = () => {
    const payload = payloadOf();
    setSent(payload);
    fetcher.submit({ payload: JSON.stringify(payload) }, { method: "post" });
  };

  const title = t(`assessments:form.${mode}-question`);
  return (
    <div className="flex flex-col gap-4">
      <UnsavedChangesGuard dirty={!readOnly && changed && !result?.ok} />
      <PageHeader title={title} back="/admin/assessments/questions">
        <Button variant="secondary" onClick={() => setPreview((p) => !p)}>
          {preview ? t("assessments:actions.hide-preview") : t("assessments:actions.preview")}
        </Button>
        {!readOnly ? (
          <Button onClick={submit} disabled={fetcher.state !== "idle"}>
            {t("assessments:actions.save")}
          </Button>
        ) : null}
      </PageHeader>
      {readOnly ? <Alert tone="info">{t("assessments:form.read-only")}</Alert> : null}
      {draft.found ? (
        <DraftNotice
          savedAt={draft.found.savedAt}
          onRestore={() => restore(draft.found!.state)}
          onDiscard={draft.clear}
        />
      ) : null}
      {result && !result.ok && (Object.keys(errors).length || !Object.keys(result.fieldErrors).length) ? (
        <Alert>{Object.keys(errors).length ? t("assessments:form.errors") : result.message}</Alert>
      ) : null}
      {preview ? (
        <QuestionPreview
          name={name}
          maxTime={Number(maxTime) || null}
          preparationInfo={preparationInfo}
          steps={steps}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            <NameField value={name} onChange={setName} error={errors.name} disabled={readOnly} />
            <TextField
              label={t("assessments:fields.maxTime")}
              type="number"
              min={1}
              step={1}
              value={maxTime}
              onChange={(e) => setMaxTime(e.target.value)}
              error={errors.maxTime}
              required
              disabled={readOnly}
            />
          </div>
          <ReferencePicker
            kind="categories"
            canCreate={options.canCreate}
            options={options.categories}
            value={categories}
            onChange={setCategories}
            error={errors.categories}
            disabled={readOnly}
          />
          <ReferencePicker
            kind="supplies"
            canCreate={options.canCreate}
            options={options.supplies}
            value={supplies}
            onChange={setSupplies}
            error={errors.supplies}
            disabled={readOnly}
          />
          <OwnershipFields
            visibility={ownership.visibility}
            ownerType={ownership.objectOwnerType}
            onChange={setOwnership}
            disabled={readOnly || !canManageSharing}
          />
          <SharingSection
            visibility={ownership.visibility}
            shares={shares}
            onChange={setShares}
            candidates={shareCandidates}
            canManage={!readOnly && canManageSharing}
            error={sharesError(errors)}
          />
          <RichContentEditor
            label={t("assessments:fields.preparationInfo")}
            value={preparationInfo}
            onChange={setPreparationInfo}
            disabled={readOnly}
          />
          <FieldError error={Object.entries(errors).find(([k]) => k.startsWith("preparationInfo"))?.[1]} />
          <StepsEditor steps={steps} onChange={setSteps} errors={errors} disabled={readOnly} />
        </div>
      )}
    </div>
  );
}
