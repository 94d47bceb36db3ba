import { describe, expect, it } from "vitest";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { createLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { makeTenant, staffCtx } from "../support/tenants";

describe("contextFromSession", () => {
  it("looks a request's session up once for all its loaders, and again for the next request", async () => {
    const { tenant } = await makeTenant();
    const staff = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
    if (staff.actor.type !== "ADMIN") throw new Error("expected a staff context");
    const cookie = serializeCookie(await createLoginSession(staff.tdb, "ADMIN", staff.actor.userId, false)).split(
      ";",
    )[0]!;
    const request = new Request("http://localhost/admin", { headers: { Cookie: cookie } });

    const layout = await contextFromSession(request, "ADMIN");
    const route = await contextFromSession(request, "ADMIN");
    expect(layout).not.toBeNull();
    expect(route).toBe(layout);
    expect(await contextFromSession(request, "USER")).toBeNull(); // another area's cookie: its own lookup

    const next = await contextFromSession(
      new Request("http://localhost/admin", { headers: { Cookie: cookie } }),
      "ADMIN",
    );
    expect(next).not.toBe(layout);
    expect(next?.actor).toEqual(layout?.actor);
  });
});
