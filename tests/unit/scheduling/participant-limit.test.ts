import { describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { addCompany } from "~/modules/databases/companies.server";
import { importParticipants } from "~/modules/databases/import.server";
import { MAX_SESSION_PARTICIPANTS } from "~/modules/scheduling/limits";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { companyParticipants } from "~/modules/scheduling/screens.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeTemplate } from "./fixtures";
import { refusal } from "../support/refusal";

/** `count` participants of one company, imported in one write (a thousand added one by one would be slow). */
async function crowd(ctx: Ctx, count: number, companyId: string): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Crowd ${String(i).padStart(4, "0")}`,
    email: `crowd${i}@limit.test`,
    company: companyId,
  }));
  return (await importParticipants(ctx, rows)).map((p) => p._id);
}

describe("the participant limit of a session", () => {
  it("is one number: the company addition stops where saving stops, and saving takes exactly that many", async () => {
    expect(MAX_SESSION_PARTICIPANTS).toBe(1000);
    const { tenant } = await makeTenant("limit");
    const ctx = await staffCtx(tenant.slug);
    const template = await makeTemplate(ctx, 1, "LIM");
    const company = await addCompany(ctx, { name: "Big employer" });
    const ids = await crowd(ctx, MAX_SESSION_PARTICIPANTS + 1, company._id);

    // "Add the whole company" on the plan form offers no more than a session may hold …
    const offered = await companyParticipants(ctx, company._id);
    expect(offered).toHaveLength(MAX_SESSION_PARTICIPANTS);
    // … and exactly that many save.
    const saved = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2031-01-06T08:00:00Z",
      participants: offered.map((p) => p.id),
    });
    expect(saved.participants).toHaveLength(MAX_SESSION_PARTICIPANTS);

    // One more is refused on the participants field, and nothing is saved.
    const error = await refusal(
      addScheduledSession(ctx, { session: template.id, datetime: "2031-01-07T08:00:00Z", participants: ids }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors?.participants?.key).toBe("validation:too-big");
  });
});
