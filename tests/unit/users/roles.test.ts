import { describe, expect, it } from "vitest";
import { rolesGrantableBy } from "~/modules/users/roles";

describe("rolesGrantableBy", () => {
  it("gives a manager every role and others only roles within their own permissions", () => {
    expect(rolesGrantableBy(["ORGANIZATION_MANAGER"])).toEqual([
      "ORGANIZATION_MANAGER",
      "ORGANIZATION_READER",
      "ORGANIZATION_REALTIME_USER",
      "ORGANIZATION_USER_MANAGER",
      "ORGANIZATION_WRITER",
    ]);
    expect(rolesGrantableBy(["ORGANIZATION_USER_MANAGER"])).toEqual([
      "ORGANIZATION_READER",
      "ORGANIZATION_USER_MANAGER",
    ]);
    expect(rolesGrantableBy(["ORGANIZATION_WRITER"])).toEqual([
      "ORGANIZATION_READER",
      "ORGANIZATION_REALTIME_USER",
      "ORGANIZATION_WRITER",
    ]);
    expect(rolesGrantableBy(["ORGANIZATION_READER"])).toEqual(["ORGANIZATION_READER"]);
    expect(rolesGrantableBy([])).toEqual([]);
  });
});
