import { describe, expect, it } from "vitest";
import { builderScreen } from "~/modules/reports/screens.server";
import { updateDefaultSessionReportLayout } from "~/modules/reports/index.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";

// The report builder's layout choice: the built-in layout is "no layout" (null) until the
// organisation saves its default, which keeps the built-in one's API id (ADR 0041) but is then a row.

describe("the report builder's layouts", () => {
  it("offers the built-in layout as null, then the saved default by its id", async () => {
    const { tenant } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    const live = await scoredSession(ctx);
    const before = await builderScreen(ctx, live.sessionId, live.people[0]!);
    expect(before.layouts).toEqual([{ id: null, name: expect.any(String), isDefault: true }]);
    const saved = await updateDefaultSessionReportLayout(ctx, {
      layout: [{ type: "summary", displayNumericScore: true }],
    });
    const after = await builderScreen(ctx, live.sessionId, live.people[0]!);
    expect(after.layouts).toEqual([{ id: saved._id, name: saved.name, isDefault: true }]);
  });
});
