import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { action as planAction, loader as planLoader } from "~/routes/admin.scheduledsessions.plan";
import { loader as listLoader } from "~/routes/admin.scheduledsessions._index";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.scheduledsessions.order.$id";
import { action as signupAction, loader as signupLoader } from "~/routes/user.signup.$code";
import { loader as userLoader } from "~/routes/user._index";
import { getScheduledSession, addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { calendarRange } from "~/modules/scheduling/screens.server";
import { addCompany } from "~/modules/databases/companies.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { loginOverGraphQL } from "../support/graphql";
import { lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { makeLocation, makeParticipants, makeTemplate } from "./fixtures";

let slug: string;
let cookie: string;
let readerCookie: string;
let ctx: Ctx;
let template: { id: string; evaluations: string[] };

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  context: { clientAddress: "10.1.1.1" },
  params,
});
const get = (url: string, c = cookie) => new Request(`http://localhost${url}`, { headers: c ? { Cookie: c } : {} });
function post(url: string, fields: Array<[string, string]>, c = cookie) {
  const body = new URLSearchParams();
  for (const [k, v] of fields) body.append(k, v);
  return new Request(`http://localhost${url}`, { method: "POST", body, headers: c ? { Cookie: c } : {} });
}
async function run<T>(p: Promise<T> | T): Promise<T | Response> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeAll(async () => {
  slug = (await makeTenant("sch-scr")).tenant.slug;
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  ctx = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
  const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
  readerCookie = await loginOverGraphQL("admin", slug, (reader.actor as { email: string }).email);
  template = await makeTemplate(ctx, 3, "SCR", "Screen session");
});

describe("calendar ranges", () => {
  it("covers whole weeks (Monday..Sunday) of a month, or one week", () => {
    const month = calendarRange("month", "2026-11-22", "UTC");
    expect(month.days[0]).toBe("2026-10-26");
    expect(month.days.at(-1)).toBe("2026-12-06");
    expect(month.days.length % 7).toBe(0);
    const week = calendarRange("week", "2026-11-22", "UTC");
    expect(week.days).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
  });

  it("starts and ends at the organisation's midnights, across a daylight-saving change", () => {
    // October 2026 in Brussels: summer time (UTC+2) until the 25th, then UTC+1.
    const month = calendarRange("month", "2026-10-10", "Europe/Brussels");
    expect(month.days[0]).toBe("2026-09-28");
    expect(month.days.at(-1)).toBe("2026-11-01");
    expect(month.start.toISOString()).toBe("2026-09-27T22:00:00.000Z");
    expect(month.end.toISOString()).toBe("2026-11-01T23:00:00.000Z");
  });
});

describe("plan screen", () => {
  it("creates (reference + code shown), invites, cancels and removes through the confirmation", async () => {
    const location = await makeLocation(ctx, "Screen hall");
    const people = await makeParticipants(ctx, 2, "scr");
    const created = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["session", template.id],
            ["datetime", "2030-09-09T10:15"],
            ["location", location],
            ["status", "SCHEDULED"],
            ["enableAutoPauseOnHelpRequest", "on"],
            ["participants", people[0]!],
            ["participants", people[1]!],
            ["invite", "on"],
          ]),
        ) as never,
      ),
    )) as Response;
    expect(created.status).toBe(302);
    const location302 = created.headers.get("Location")!;
    expect(location302).toMatch(/\/admin\/scheduledsessions\/plan\?id=[\w-]+&saved=1&invited=2$/);
    const id = /id=([\w-]+)/.exec(location302)![1]!;
    const s = await getScheduledSession(ctx, id);
    expect(s).toMatchObject({
      reference: "SCR203009090001",
      location,
      participants: people,
      options: { enableAutoPauseOnHelpRequest: true, allQuestionsInEvaluationShownByDefault: false },
    });
    // The form takes the organisation's wall-clock time: 10:15 in Brussels summer time is 08:15 UTC.
    expect(s.datetime.toISOString()).toBe("2030-09-09T08:15:00.000Z");

    const page = (await planLoader(
      args(get(`/admin/scheduledsessions/plan?id=${id}&saved=1&invited=2`)) as never,
    )) as any;
    expect(page).toMatchObject({
      saved: true,
      invited: 2,
      session: { reference: "SCR203009090001", loginCode: s.loginCode },
    });
    // The form names the session's participants without loading every participant of the organisation.
    expect(page.chosenPeople.map((p: any) => p.id)).toEqual(people);
    expect(page.chosenPeople[0].name).toMatch(/^scr Person/);
    expect(page.options).not.toHaveProperty("participants");

    const missing = (await run(
      planAction(args(post("/admin/scheduledsessions/plan", [["session", template.id]])) as never),
    )) as any;
    expect(missing.fieldErrors.datetime).toBe("This field is required.");

    const canceled = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "cancel"],
            ["id", id],
          ]),
        ) as never,
      ),
    )) as Response;
    expect(canceled.status).toBe(302);
    expect((await getScheduledSession(ctx, id)).status).toBe("CANCELED");

    const confirm = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "remove"],
            ["id", id],
          ]),
        ) as never,
      ),
    )) as any;
    expect(confirm.confirm).toHaveLength(2);
    const removed = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "remove"],
            ["id", id],
            ...confirm.confirm.map((r: any) => ["removeReferences", r.id] as [string, string]),
          ]),
        ) as never,
      ),
    )) as Response;
    expect(removed.headers.get("Location")).toBe("/admin/scheduledsessions?removed=1");
  });

  it("imports pasted participants: saves the good rows, names the bad lines, and a READER may not", async () => {
    const csv =
      "name,email\nIrene Import,irene@import-plan.test\n,no-name@import-plan.test\nJules Import,jules@import-plan.test";
    const res = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "import-participants"],
            ["csv", csv],
          ]),
        ) as never,
      ),
    )) as any;
    expect(res.imported.saved).toBe(2);
    expect(res.imported.skippedLines).toEqual([3]);
    expect(res.imported.people.map((p: any) => [p.name, p.email])).toEqual([
      ["Irene Import", "irene@import-plan.test"],
      ["Jules Import", "jules@import-plan.test"],
    ]);
    // Importing the same rows again matches them instead of duplicating.
    const again = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "import-participants"],
            ["csv", csv],
          ]),
        ) as never,
      ),
    )) as any;
    expect(again.imported.people.map((p: any) => p.id)).toEqual(res.imported.people.map((p: any) => p.id));
    const refused = (await run(
      planAction(
        args(
          post(
            "/admin/scheduledsessions/plan",
            [
              ["intent", "import-participants"],
              ["csv", csv],
            ],
            readerCookie,
          ),
        ) as never,
      ),
    )) as any;
    expect(refused.error).toBe("You are not allowed to do this.");
    const missing = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "import-participants"],
            ["csv", "first,last\nA,B"],
          ]),
        ) as never,
      ),
    )) as any;
    expect(missing.fieldErrors.csv).toContain("name");
  });

  it("adds a whole company: its participants by name, nobody of another company", async () => {
    const acme = await addCompany(ctx, {
      name: "Acme plan",
      address: { line1: "Dock 1", city: "Ghent", postal: "9000", country: "BE" },
    });
    const other = await addCompany(ctx, {
      name: "Other plan",
      address: { line1: "Dock 2", city: "Ghent", postal: "9000", country: "BE" },
    });
    await addParticipant(ctx, { name: "Zoe Acme", email: "zoe@acme-plan.test", company: acme._id });
    await addParticipant(ctx, { name: "Adam Acme", email: "adam@acme-plan.test", company: acme._id });
    await addParticipant(ctx, { name: "Olga Other", email: "olga@other-plan.test", company: other._id });
    const res = (await run(
      planAction(
        args(
          post("/admin/scheduledsessions/plan", [
            ["intent", "company-participants"],
            ["company", acme._id],
          ]),
        ) as never,
      ),
    )) as any;
    expect(res.people.map((p: any) => p.name)).toEqual(["Adam Acme", "Zoe Acme"]);
    const refused = (await run(
      planAction(
        args(
          post(
            "/admin/scheduledsessions/plan",
            [
              ["intent", "company-participants"],
              ["company", acme._id],
            ],
            "",
          ),
        ) as never,
      ),
    )) as Response;
    expect(refused.status).toBe(302);
  });

  it("a READER sees the form but saving is refused", async () => {
    const res = (await run(
      planAction(
        args(
          post(
            "/admin/scheduledsessions/plan",
            [
              ["session", template.id],
              ["datetime", "2030-09-09T10:15"],
            ],
            readerCookie,
          ),
        ) as never,
      ),
    )) as any;
    expect(res.error).toBe("You are not allowed to do this.");
    const page = (await planLoader(args(get("/admin/scheduledsessions/plan", readerCookie)) as never)) as any;
    expect(page.canWrite).toBe(false);
  });

  it("offers the organisation's own staff, by name with e-mail, as the assigned user", async () => {
    const stranger = await staffCtx((await makeTenant("sch-scr-other")).tenant.slug, ["ORGANIZATION_WRITER"]);
    const page = (await planLoader(args(get("/admin/scheduledsessions/plan")) as never)) as any;
    const users = page.options.users as Array<{ id: string; name: string }>;
    const ids = users.map((u) => u.id);
    const me = ctx.actor as { userId: string; email: string };
    expect(ids).toContain(me.userId);
    expect(ids).not.toContain((stranger.actor as { userId: string }).userId);
    expect(users.find((u) => u.id === me.userId)!.name).toContain(`(${me.email})`);
    const names = users.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("answers an unknown intent, also one named like an Object.prototype member, with a clean 400 and saves nothing", async () => {
    for (const intent of ["valueOf", "__proto__", "constructor", "hasOwnProperty", "nope"]) {
      const res = await run(
        planAction(
          args(
            post("/admin/scheduledsessions/plan", [
              ["intent", intent],
              ["session", template.id],
              ["datetime", "2030-09-10T10:15"],
            ]),
          ) as never,
        ),
      );
      expect(res, intent).toBeInstanceOf(Response);
      expect((res as Response).status, intent).toBe(400);
    }
  });

  it("sends anonymous visitors to the login", async () => {
    const res = (await run(planLoader(args(get("/admin/scheduledsessions/plan", "")) as never))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/admin?redirectTo=");
  });
});

describe("list and order screens", () => {
  it("lists, shows a calendar and an overview, assigns and saves orders", async () => {
    const people = await makeParticipants(ctx, 3, "lst");
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2030-10-10T08:00:00Z",
      participants: people,
    });
    const list = (await listLoader(
      args(get(`/admin/scheduledsessions?session=${template.id}&overview=${s._id}`)) as never,
    )) as any;
    expect(list.list.edges.map((e: any) => e.node._id)).toContain(s._id);
    // The template filter shows the chosen template by name; an unknown id shows no choice.
    expect(list.template).toEqual({ id: template.id, label: "Screen session" });
    const unknown = (await listLoader(args(get("/admin/scheduledsessions?session=nope")) as never)) as any;
    expect(unknown.template).toBeNull();
    expect(unknown.list.edges).toHaveLength(0);
    expect(list.overview.entries).toHaveLength(3);
    expect(list.overview.evaluations.map((e: any) => e.name)).toEqual(["Evaluation 1", "Evaluation 2", "Evaluation 3"]);
    const month = (await listLoader(args(get("/admin/scheduledsessions?view=month&date=2030-10-01")) as never)) as any;
    expect(month.calendar.sessions.map((x: any) => x._id)).toContain(s._id);
    const week = (await listLoader(args(get("/admin/scheduledsessions?view=week&date=2030-10-01")) as never)) as any;
    expect(week.calendar.sessions.map((x: any) => x._id)).not.toContain(s._id);

    const auto = (await orderAction(
      args(post(`/admin/scheduledsessions/order/${s._id}`, [["intent", "auto"]]), { id: s._id }) as never,
    )) as any;
    expect(auto).toMatchObject({ ok: true, message: "The order is assigned." });
    const [a, b, c] = template.evaluations as [string, string, string];
    const saved = (await orderAction(
      args(
        post(`/admin/scheduledsessions/order/${s._id}`, [
          ["intent", "save"],
          ["participant", people[0]!],
          ["order", c],
          ["order", b],
          ["order", a],
        ]),
        { id: s._id },
      ) as never,
    )) as any;
    expect(saved.ok).toBe(true);
    const bad = (await orderAction(
      args(
        post(`/admin/scheduledsessions/order/${s._id}`, [
          ["intent", "save"],
          ["participant", people[0]!],
          ["order", c],
          ["order", c],
          ["order", a],
        ]),
        { id: s._id },
      ) as never,
    )) as any;
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: { sessionOrder: "The order must contain each evaluation of the session exactly once." },
    });
    const grid = (await orderLoader(
      args(get(`/admin/scheduledsessions/order/${s._id}`), { id: s._id }) as never,
    )) as any;
    expect(grid.rows.map((r: any) => r.order)).toEqual([
      [c, b, a],
      [b, c, a],
      [c, a, b],
    ]);
    const missing = (await run(
      orderLoader(args(get(`/admin/scheduledsessions/order/nope`), { id: "nope" }) as never),
    )) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("sign-up page", () => {
  it("asks for the organisation without ?tenant=, says not found for a wrong code", async () => {
    const noTenant = (await signupLoader(args(get("/user/signup/ABCDEF", ""), { code: "ABCDEF" }) as never)) as any;
    expect(noTenant.state).toBe("tenant");
    const wrong = (await signupLoader(
      args(get(`/user/signup/ABCDEF?tenant=${slug}`, ""), { code: "ABCDEF" }) as never,
    )) as any;
    expect(wrong.state).toBe("not-found");
  });

  it("a new person signs up with a one-time code and then sees the session on /user", async () => {
    const s = await addScheduledSession(ctx, {
      session: template.id,
      datetime: "2045-01-01T09:00:00Z",
      location: await makeLocation(ctx, "Sign hall"),
    });
    const url = `/user/signup/${s.loginCode}?tenant=${slug}`;
    const page = (await signupLoader(args(get(url, ""), { code: s.loginCode }) as never)) as any;
    expect(page).toMatchObject({
      state: "session",
      info: { sessionName: "Screen session", locationName: "Sign hall", open: true },
      signedIn: null,
    });
    const step1 = (await signupAction(
      args(
        post(
          url,
          [
            ["intent", "request-code"],
            ["tenant", slug],
            ["name", "Vera Visitor"],
            ["email", "vera@visit.test"],
          ],
          "",
        ),
        { code: s.loginCode },
      ) as never,
    )) as any;
    expect(step1).toEqual({ step: "code", name: "Vera Visitor", email: "vera@visit.test" });
    const otp = (await lastMailTo("vera@visit.test"))!.code!;
    const step2 = (await run(
      signupAction(
        args(
          post(
            url,
            [
              ["intent", "verify-code"],
              ["tenant", slug],
              ["email", "vera@visit.test"],
              ["otp", otp],
            ],
            "",
          ),
          { code: s.loginCode },
        ) as never,
      ),
    )) as Response;
    expect(step2.status).toBe(302);
    const setCookie = step2.headers.get("Set-Cookie")!;
    const userCookie = setCookie.split(";")[0]!;
    const home = (await userLoader(args(get("/user", userCookie)) as never)) as any;
    expect(home.signedIn).toBe(true);
    expect(home.sessions.upcoming.map((x: any) => x.id)).toEqual([s._id]);
    // Back on the sign-up page: already signed up.
    const again = (await signupLoader(args(get(url, userCookie), { code: s.loginCode }) as never)) as any;
    expect(again.already).toBe(true);
  });
});
