import { describe, expect, it } from "vitest";
import { MAX_QUEUED_WRITE_BYTES, queuedWriteAction } from "~/api/queued-write.server";
import { createLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { addParticipant, makeTenant } from "../support/tenants";

// One queued write (an answer, a tick) from the browser's queue: refused bodies change nothing and
// say why in the request's language.

describe("queuedWriteAction", () => {
  it("refuses a body over the limit with 413 and a message in KB in the participant's language, without writing", async () => {
    const { tenant, tdb } = await makeTenant();
    const participantId = await addParticipant(tenant.slug, "big@example.test");
    const cookie = serializeCookie(await createLoginSession(tdb, "USER", participantId, false)).split(";")[0]!;
    let written = 0;
    const post = (body: string, language: string) =>
      queuedWriteAction(
        {
          request: new Request("http://localhost/api/user/live/s1/answer", {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": language },
            body,
          }),
          context: {},
          params: { scheduledSessionId: "s1" },
        },
        "USER",
        async () => ({ written: ++written }),
      );
    const big = JSON.stringify({ answer: { textValue: "x".repeat(MAX_QUEUED_WRITE_BYTES) } });
    const refused = await post(big, "fr-FR");
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      ok: false,
      reason: "body_too_large",
      message: "La requête est trop volumineuse (256 Ko au maximum).",
    });
    expect(written).toBe(0);
    const fine = await post(JSON.stringify({ answer: { textValue: "small" } }), "en-US");
    expect(await fine.json()).toEqual({ ok: true, written: 1 });
    // The same bodies read whole by the server (the JSON lane) and handed over beside the request.
    const preread = (body: string) =>
      queuedWriteAction(
        {
          request: new Request("http://localhost/api/user/live/s1/answer", {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/json" },
          }),
          body: new TextEncoder().encode(body),
          context: {},
          params: { scheduledSessionId: "s1" },
        },
        "USER",
        async (_ctx, input) => ({ written: ++written, text: (input.answer as { textValue: string }).textValue }),
      );
    expect((await preread(big)).status).toBe(413);
    expect(await (await preread(JSON.stringify({ answer: { textValue: "read whole" } }))).json()).toEqual({
      ok: true,
      written: 2,
      text: "read whole",
    });
  });
});
