import { describe, expect, it } from "vitest";
import { addParticipant, participantById } from "~/modules/databases/participants.server";
import { action as participantsAction, loader as participantsLoader } from "~/routes/admin.databases.participants";
import { loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

// The participants dialog's extra-time field, through the screen's real loader and action.

describe("participants screen: extra time", () => {
  it("saves the percentage, keeps it when the field is left empty, refuses out-of-range values in the user's language", async () => {
    const slug = (await makeTenant("live-extra")).tenant.slug;
    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    const p = await addParticipant(writer, { name: "Ext Ra", email: "ext@ra.test" });
    expect(p.extraTimePercent).toBe(0);
    const cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
    const post = (fields: Record<string, string>, locale = "en-us") =>
      participantsAction({
        request: new Request("http://localhost/admin/databases/participants", {
          method: "POST",
          headers: { Cookie: `${cookie}; NEXT_LOCALE=${locale}` },
          body: new URLSearchParams({ intent: "update", id: p._id, name: "Ext Ra", email: "ext@ra.test", ...fields }),
        }),
        context: { clientAddress: "10.3.3.3" },
        params: {},
      } as never) as Promise<any>;

    expect(await post({ extraTimePercent: "40" })).toMatchObject({ ok: true });
    expect((await participantById(writer, p._id)).extraTimePercent).toBe(40);
    expect(await post({ extraTimePercent: "" })).toMatchObject({ ok: true });
    expect((await participantById(writer, p._id)).extraTimePercent).toBe(40);
    expect(await post({ extraTimePercent: "301" }, "nl-nl")).toMatchObject({
      ok: false,
      fieldErrors: { extraTimePercent: expect.stringContaining("300") },
    });
    expect(await post({ extraTimePercent: "abc" })).toMatchObject({
      ok: false,
      fieldErrors: { extraTimePercent: expect.any(String) },
    });
    expect((await participantById(writer, p._id)).extraTimePercent).toBe(40);

    const request = new Request("http://localhost/admin/databases/participants", { headers: { Cookie: cookie } });
    const page = (await participantsLoader({
      request,
      context: { clientAddress: "10.3.3.3" },
      params: {},
    } as never)) as any;
    expect(page.list.edges[0].node.extraTimePercent).toBe(40);
  });
});
