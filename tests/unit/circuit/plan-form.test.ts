import { beforeAll, describe, expect, it } from "vitest";
import { planFormAction } from "~/modules/scheduling/plan-form.server";
import { getScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import type { Ctx } from "~/lib/context.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeTemplate } from "../scheduling/fixtures";

// The plan screen's circuit fields (issue 32): on or off, a number left empty takes the template's
// default, a number out of range is refused next to its field and nothing is saved.

let ctx: Ctx;
let template: string;

const form = (fields: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
};
const base = (): Array<[string, string]> => [
  ["intent", "save"],
  ["session", template],
  ["datetime", "2030-05-01T09:00"],
];
const idOf = (answer: Awaited<ReturnType<typeof planFormAction>>) =>
  new URL(`http://x${(answer as { redirectTo: string }).redirectTo}`).searchParams.get("id")!;

beforeAll(async () => {
  const { tenant } = await makeTenant();
  ctx = await staffCtx(tenant.slug);
  const { evaluations } = await makeTemplate(ctx, 3, "OSC");
  template = (
    await addSession(ctx, {
      name: "With defaults",
      evaluations,
      passPercentage: 50,
      circuit: { readingSeconds: 45, stationSeconds: 420, changeoverSeconds: 45, restStations: 2 },
    })
  )._id;
});

describe("the plan form's circuit", () => {
  it("takes the numbers given and the template's default for one left empty", async () => {
    const answer = await planFormAction(
      ctx,
      form([
        ...base(),
        ["circuit", "on"],
        ["readingSeconds", "60"],
        ["stationSeconds", "300"],
        ["changeoverSeconds", "30"],
        ["restStations", ""],
      ]),
    );
    const saved = await getScheduledSession(ctx, idOf(answer));
    expect(saved.circuit).toEqual({ readingSeconds: 60, stationSeconds: 300, changeoverSeconds: 30, restStations: 2 });
    // Unticked: not a circuit.
    const off = await planFormAction(ctx, form([...base(), ["id", saved._id]]));
    expect((await getScheduledSession(ctx, idOf(off))).circuit).toBeNull();
  });

  it("refuses a station time out of range next to its field", async () => {
    const answer = await planFormAction(ctx, form([...base(), ["circuit", "on"], ["stationSeconds", "10"]]));
    expect(answer).toMatchObject({ fieldErrors: { "circuit.stationSeconds": "Enter at least 30." } });
  });
});
