import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { qtiExportEndpoint, qtiImportEndpoint } from "~/api/qti.server";
import { addEvaluation, addQuestion, listQuestions } from "~/modules/assessments/index.server";
import { loginOverGraphQL } from "../support/graphql";
import { makeTenant, managerCtx, staffCtx } from "../support/tenants";
import { questionOfEveryKind } from "./support";

// GET /api/qti/export and POST /api/qti/import as clients call them: readers export, writers
// import, each organisation only its own questions; refusals in the one shape.

let slug: string;
let other: string;
const cookies: Record<string, string> = {};
let questionId: string;
let privateId: string;
let evaluationId: string;
const args = (request: Request) => ({ request, context: { clientAddress: "10.0.0.7" }, params: {} });

beforeAll(async () => {
  slug = (await makeTenant("qti-http-a")).tenant.slug;
  other = (await makeTenant("qti-http-b")).tenant.slug;
  const manager = await managerCtx(slug);
  questionId = (await questionOfEveryKind(manager, "Shared"))._id;
  const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  privateId = (
    await addQuestion(writer, {
      name: "Mine only",
      maxTime: 30,
      visibility: "PRIVATE",
      steps: [{ type: "TEXT", question: [{ type: "text", html: "<p>x</p>" }], answer: { textValue: "x" }, score: 1 }],
    })
  )._id;
  evaluationId = (await addEvaluation(manager, { name: "Évaluation 1", questions: [questionId] }))._id;
  cookies.manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
  cookies.reader = await loginOverGraphQL("admin", slug, (reader.actor as { email: string }).email);
  cookies.other = await loginOverGraphQL("admin", other, `manager@${other}.test`);
});

const exportAs = (cookie: string | undefined, query: string) =>
  qtiExportEndpoint(
    args(
      new Request(`http://localhost/api/qti/export?${query}`, {
        headers: cookie ? { Cookie: cookie, "Accept-Language": "nl-NL" } : {},
      }),
    ),
  );

function importAs(cookie: string | undefined, bytes: Uint8Array | null, query = "") {
  const form = new FormData();
  if (bytes) form.set("file", new File([bytes as BlobPart], "package.zip", { type: "application/zip" }));
  return qtiImportEndpoint(
    args(
      new Request(`http://localhost/api/qti/import${query}`, {
        method: "POST",
        body: form,
        headers: cookie ? { Cookie: cookie } : {},
      }),
    ),
  );
}

describe("GET /api/qti/export", () => {
  it("a reader downloads an evaluation's questions as a zip", async () => {
    const res = await exportAs(cookies.reader, `evaluation=${evaluationId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Evaluation-1-qti.zip"');
    const files = Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(files).toContain("imsmanifest.xml");
    expect(files.filter((f) => f.startsWith("items/"))).toEqual([`items/Q-${questionId}.xml`]);
  });

  it("a selection of questions; the one refusal for everything else", async () => {
    const res = await exportAs(cookies.manager, `questions=${questionId},${questionId}`);
    expect(res.status).toBe(200);
    expect(await (await exportAs(undefined, `questions=${questionId}`)).json()).toMatchObject({
      ok: false,
      code: "UNAUTHORIZED",
    });
    // Another organisation's question, or a colleague's private one, is not found.
    const foreign = await exportAs(cookies.other, `questions=${questionId}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ ok: false, code: "NOT_FOUND", reason: "question_not_found" });
    expect((await exportAs(cookies.reader, `questions=${privateId}`)).status).toBe(404);
    expect((await exportAs(cookies.other, `evaluation=${evaluationId}`)).status).toBe(404);
    const nothing = await exportAs(cookies.manager, "");
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).message).toBe("Geef aan wat u wilt exporteren: ?evaluation=ID of ?questions=ID,ID.");
  });
});

describe("POST /api/qti/import", () => {
  it("previews, then imports into the caller's organisation", async () => {
    const zip = new Uint8Array(await (await exportAs(cookies.manager, `questions=${questionId}`)).arrayBuffer());
    const before = (await listQuestions(await managerCtx(other))).pageInfo.totalCount;
    const preview = await importAs(cookies.other, zip, "?preview=1");
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      ok: true,
      preview: true,
      counts: { items: 1, mapped: 1, notMapped: 0 },
      items: [{ identifier: `Q-${questionId}`, title: "Shared", mapped: true }],
      questions: [],
    });
    expect((await listQuestions(await managerCtx(other))).pageInfo.totalCount).toBe(before);
    const done = await (await importAs(cookies.other, zip)).json();
    expect(done).toMatchObject({ ok: true, preview: false, questions: [{ name: "Shared" }] });
    expect((await listQuestions(await managerCtx(other))).pageInfo.totalCount).toBe(before + 1);
  });

  it("refuses readers, a missing file and a file that is no package", async () => {
    const zip = new Uint8Array(await (await exportAs(cookies.manager, `questions=${questionId}`)).arrayBuffer());
    const reader = await importAs(cookies.reader, zip, "?preview=1");
    expect(reader.status).toBe(403);
    expect(await reader.json()).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "forbidden" });
    expect((await importAs(undefined, zip)).status).toBe(401);
    const missing = await importAs(cookies.manager, null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
      fields: { file: [expect.any(String)] },
    });
    const notZip = await importAs(cookies.manager, new TextEncoder().encode("hello"));
    expect(notZip.status).toBe(400);
    expect((await notZip.json()).message).toMatch(/not a zip file/);
  });
});
