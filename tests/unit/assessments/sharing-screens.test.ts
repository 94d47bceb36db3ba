import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { getT } from "~/i18n/i18n.server";
import { getEvaluation } from "~/modules/assessments/evaluations.server";
import { getQuestion, listQuestions } from "~/modules/assessments/questions.server";
import {
  evaluationEditorData,
  questionEditorData,
  saveEvaluation,
  saveQuestion,
  saveSession,
  type EditorMode,
  sessionEditorData,
  shareableStaffUsers,
} from "~/modules/assessments/screens.server";
import { getSession } from "~/modules/assessments/sessions.server";
import { readForm } from "~/routes/admin.assessments+shared/form.server";
import { makeTenant, staffCtx } from "../support/tenants";

// The sharing part of the assessment editors: who can be chosen, what the loaders give, and that the
// screens' save functions pass the shares on (and refuse what the module refuses, saving nothing).

let slug: string;
let owner: Ctx;
let viewer: Ctx;
let editor: Ctx;
let outsider: Ctx;
let reader: Ctx;
const uid = (c: Ctx) => (c.actor as { userId: string }).userId;
const nameOf = (c: Ctx) => (c.actor as { name: string }).name;

const form = (payload: unknown) => {
  const body = new FormData();
  body.set("payload", JSON.stringify(payload));
  return new Request("http://localhost/admin/assessments", { method: "POST", body });
};

// What the editor routes' actions do with a posted form (admin.assessments+shared/editors.server.ts).
const payloadOf = async (ctx: Ctx, request: Request) => (await readForm(ctx, request)).payload;
const saveQuestionFromForm = async (ctx: Ctx, request: Request, mode: EditorMode, id: string | null) =>
  saveQuestion(ctx, mode === "edit" ? id : null, await payloadOf(ctx, request));
const saveEvaluationFromForm = async (ctx: Ctx, request: Request, id: string | null) =>
  saveEvaluation(ctx, id, await payloadOf(ctx, request));
const saveSessionFromForm = async (ctx: Ctx, request: Request, id: string | null) =>
  saveSession(ctx, id, await payloadOf(ctx, request));

beforeAll(async () => {
  ({
    tenant: { slug },
  } = await makeTenant("as-share-screens"));
  owner = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  viewer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  editor = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  outsider = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
});

describe("shareableStaffUsers", () => {
  it("lists every staff user of the tenant but the owner, by name, with e-mail", async () => {
    const users = await shareableStaffUsers(owner, uid(owner));
    const ids = users.map((u) => u._id);
    expect(ids).not.toContain(uid(owner));
    expect(ids).toEqual(expect.arrayContaining([uid(viewer), uid(editor), uid(outsider), uid(reader)]));
    // The tenant's manager is a staff user too; there is nobody from another tenant.
    expect(users).toHaveLength(5);
    expect(users.find((u) => u._id === uid(viewer))).toEqual({
      _id: uid(viewer),
      name: nameOf(viewer),
      email: (viewer.actor as { email: string }).email,
    });
    const names = users.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("only answers those who may change assessments", async () => {
    await expect(shareableStaffUsers(reader, uid(owner))).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("does not list staff of another tenant", async () => {
    const { tenant } = await makeTenant("as-share-other");
    const stranger = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
    expect((await shareableStaffUsers(owner, uid(owner))).map((u) => u._id)).not.toContain(uid(stranger));
  });
});

describe("question editor: sharing", () => {
  it("offers everyone but the actor on create, and saves the shares with the question", async () => {
    const data = await questionEditorData(owner, "create", null);
    expect(data.shareCandidates.map((u) => u._id)).not.toContain(uid(owner));
    expect(data.shareCandidates.map((u) => u._id)).toContain(uid(viewer));

    const saved = await saveQuestionFromForm(
      owner,
      form({
        name: "Shared via screen",
        maxTime: 30,
        visibility: "PRIVATE",
        objectOwnerType: "USER",
        shares: [
          { user: uid(viewer), level: "VIEWER" },
          { user: uid(editor), level: "EDITOR" },
        ],
      }),
      "create",
      null,
    );
    expect(saved).toMatchObject({ ok: true });
    const id = (saved as { id: string }).id;
    const q = await getQuestion(owner, id);
    expect(q.shares.map((s) => [s.user._id, s.level]).sort()).toEqual(
      [
        [uid(viewer), "VIEWER"],
        [uid(editor), "EDITOR"],
      ].sort(),
    );

    // The shared users see it in the list; someone without a share does not.
    const names = async (c: Ctx) =>
      (await listQuestions(c, { filter: { name: "shared via screen" } })).edges.map((e) => e.node.name);
    expect(await names(viewer)).toEqual(["Shared via screen"]);
    expect(await names(editor)).toEqual(["Shared via screen"]);
    expect(await names(outsider)).toEqual([]);
  });

  it("gives the owner the current shares and the candidates; the others only the shares", async () => {
    const saved = await saveQuestionFromForm(
      owner,
      form({
        name: "Loader Q",
        maxTime: 30,
        visibility: "PRIVATE",
        objectOwnerType: "USER",
        shares: [
          { user: uid(viewer), level: "VIEWER" },
          { user: uid(editor), level: "EDITOR" },
        ],
      }),
      "create",
      null,
    );
    const id = (saved as { id: string }).id;

    const mine = await questionEditorData(owner, "edit", id);
    expect(mine.question?.access).toEqual({ canEdit: true, canManageSharing: true });
    expect(mine.question?.shares).toHaveLength(2);
    expect(mine.shareCandidates.map((u) => u._id)).not.toContain(uid(owner));
    expect(mine.shareCandidates.map((u) => u._id)).toContain(uid(outsider));

    // The editor may change the question but not its sharing: shares read-only, no candidates.
    const asEditor = await questionEditorData(editor, "edit", id);
    expect(asEditor.question?.access).toEqual({ canEdit: true, canManageSharing: false });
    expect(asEditor.question?.shares).toHaveLength(2);
    expect(asEditor.shareCandidates).toEqual([]);

    const asViewer = await questionEditorData(viewer, "edit", id);
    expect(asViewer.question?.access).toEqual({ canEdit: false, canManageSharing: false });
    expect(asViewer.shareCandidates).toEqual([]);

    // Someone without a share does not get the editor at all.
    await expect(questionEditorData(outsider, "edit", id)).rejects.toMatchObject({ status: 404 });

    // A copy is a new question of the actor's: no shares, everyone but the actor to choose from.
    const copy = await questionEditorData(viewer, "copy", id);
    expect(copy.question?.shares).toEqual([]);
    expect(copy.shareCandidates.map((u) => u._id)).toContain(uid(owner));
    expect(copy.shareCandidates.map((u) => u._id)).not.toContain(uid(viewer));
  });

  it("changes a level and removes a share; refused input gives a translated error and saves nothing", async () => {
    const saved = await saveQuestionFromForm(
      owner,
      form({
        name: "Change Q",
        maxTime: 30,
        visibility: "PRIVATE",
        objectOwnerType: "USER",
        shares: [
          { user: uid(viewer), level: "VIEWER" },
          { user: uid(editor), level: "VIEWER" },
        ],
      }),
      "create",
      null,
    );
    const id = (saved as { id: string }).id;

    expect(
      await saveQuestionFromForm(
        owner,
        form({
          name: "Change Q",
          maxTime: 30,
          visibility: "PRIVATE",
          objectOwnerType: "USER",
          shares: [{ user: uid(editor), level: "EDITOR" }],
        }),
        "edit",
        id,
      ),
    ).toMatchObject({ ok: true, id });
    expect((await getQuestion(owner, id)).shares.map((s) => [s.user._id, s.level])).toEqual([[uid(editor), "EDITOR"]]);
    await expect(getQuestion(viewer, id)).rejects.toMatchObject({ code: "NOT_FOUND" });

    // An unknown user: the whole save is refused with a translated message on `shares`.
    const unknown = await saveQuestionFromForm(
      owner,
      form({ name: "Renamed", maxTime: 30, visibility: "PRIVATE", shares: [{ user: "nobody", level: "VIEWER" }] }),
      "edit",
      id,
    );
    expect(unknown).toMatchObject({
      ok: false,
      fieldErrors: { shares: "One of the users to share with does not exist." },
    });
    const fr = { ...owner, locale: "fr-fr" as const, t: await getT("fr-fr") };
    const unknownFr = await saveQuestionFromForm(
      fr,
      form({ name: "Renamed", maxTime: 30, shares: [{ user: "nobody", level: "VIEWER" }] }),
      "edit",
      id,
    );
    expect(unknownFr).toMatchObject({
      ok: false,
      fieldErrors: { shares: "L’un des utilisateurs avec qui partager n’existe pas." },
    });
    // A level that does not exist.
    const badLevel = await saveQuestionFromForm(
      owner,
      form({ name: "Renamed", maxTime: 30, shares: [{ user: uid(viewer), level: "OWNER" }] }),
      "edit",
      id,
    );
    expect(badLevel).toMatchObject({ ok: false });
    expect(Object.keys((badLevel as { fieldErrors: Record<string, string> }).fieldErrors)).toEqual([
      expect.stringMatching(/^shares\./),
    ]);
    // The editor may not re-share.
    const byEditor = await saveQuestionFromForm(
      editor,
      form({ name: "Renamed", maxTime: 30, shares: [{ user: uid(outsider), level: "VIEWER" }] }),
      "edit",
      id,
    );
    expect(byEditor).toMatchObject({ ok: false, fieldErrors: {} });
    expect((byEditor as { message: string }).message).not.toBe("");

    const after = await getQuestion(owner, id);
    expect(after).toMatchObject({ name: "Change Q", _rev: 2 });
    expect(after.shares.map((s) => [s.user._id, s.level])).toEqual([[uid(editor), "EDITOR"]]);
    await expect(getQuestion(outsider, id)).rejects.toMatchObject({ code: "NOT_FOUND" });

    // A new question with an unknown share is not created at all.
    const refusedNew = await saveQuestionFromForm(
      owner,
      form({ name: "Never saved", maxTime: 30, visibility: "PRIVATE", shares: [{ user: "nobody", level: "EDITOR" }] }),
      "create",
      null,
    );
    expect(refusedNew).toMatchObject({ ok: false });
    expect((await listQuestions(owner, { filter: { name: "never saved" } })).pageInfo.totalCount).toBe(0);
  });
});

describe("evaluation and session editors: sharing", () => {
  it("gives candidates and shares and saves them for evaluations and session templates", async () => {
    const created = await evaluationEditorData(owner, null);
    expect(created.shareCandidates.map((u) => u._id)).not.toContain(uid(owner));

    const ev = await saveEvaluationFromForm(
      owner,
      form({
        name: "Shared E",
        visibility: "PRIVATE",
        objectOwnerType: "USER",
        shares: [{ user: uid(viewer), level: "VIEWER" }],
      }),
      null,
    );
    expect(ev).toMatchObject({ ok: true });
    const evId = (ev as { id: string }).id;
    expect((await getEvaluation(viewer, evId)).access).toEqual({ canEdit: false, canManageSharing: false });
    const evOwner = await evaluationEditorData(owner, evId);
    expect(evOwner.evaluation?.shares.map((s) => s.user._id)).toEqual([uid(viewer)]);
    expect(evOwner.shareCandidates.length).toBeGreaterThan(0);
    expect((await evaluationEditorData(viewer, evId)).shareCandidates).toEqual([]);
    const refused = await saveEvaluationFromForm(
      owner,
      form({ name: "Shared E", shares: [{ user: "ghost", level: "VIEWER" }] }),
      evId,
    );
    expect(refused).toMatchObject({ ok: false, fieldErrors: { shares: expect.any(String) } });

    const s = await saveSessionFromForm(
      owner,
      form({
        name: "Shared S",
        passPercentage: 70,
        visibility: "PRIVATE",
        objectOwnerType: "USER",
        shares: [{ user: uid(editor), level: "EDITOR" }],
      }),
      null,
    );
    expect(s).toMatchObject({ ok: true });
    const sId = (s as { id: string }).id;
    expect((await getSession(editor, sId)).access).toEqual({ canEdit: true, canManageSharing: false });
    await expect(getSession(outsider, sId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const sOwner = await sessionEditorData(owner, sId);
    expect(sOwner.session?.shares).toEqual([{ user: expect.objectContaining({ _id: uid(editor) }), level: "EDITOR" }]);
    expect(sOwner.shareCandidates.map((u) => u._id)).not.toContain(uid(owner));
    // Removing every share through the form.
    expect(
      await saveSessionFromForm(
        owner,
        form({ name: "Shared S", passPercentage: 70, visibility: "PRIVATE", objectOwnerType: "USER", shares: [] }),
        sId,
      ),
    ).toMatchObject({ ok: true });
    await expect(getSession(editor, sId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives no candidates to those who may not change assessments", async () => {
    expect((await questionEditorData(reader, "create", null)).shareCandidates).toEqual([]);
    expect((await evaluationEditorData(reader, null)).shareCandidates).toEqual([]);
    expect((await sessionEditorData(reader, null)).shareCandidates).toEqual([]);
  });
});
