import { describe, expect, it } from "vitest";
import { filterGridRows, gridShowCounts } from "~/components/live/grid-filter";

const row = (
  name: string,
  email: string,
  more: Partial<{ helpRequested: boolean; status: string | null; connected: boolean | null }> = {},
) => ({
  name,
  email,
  helpRequested: false,
  status: "started" as string | null,
  connected: true as boolean | null,
  ...more,
});

const rows = [
  row("Ann Ämbers", "ann@example.test", { helpRequested: true, status: "help_requested" }),
  row("Bob Baker", "bob@example.test", { status: "waiting" }),
  row("Cid Clark", "cid@school.test", { connected: false }),
  row("Dee Dale", "dee@example.test", { connected: null }),
];
const names = (shown: typeof rows) => shown.map((r) => r.name);

describe("finding participants on the live dashboard", () => {
  it("counts what needs staff; a connection not known is not offline", () => {
    expect(gridShowCounts(rows)).toEqual({ all: 4, help: 1, waiting: 1, offline: 1 });
  });

  it("shows one kind at a time, in the rows' order", () => {
    expect(names(filterGridRows(rows, { show: "all", text: "" }))).toEqual([
      "Ann Ämbers",
      "Bob Baker",
      "Cid Clark",
      "Dee Dale",
    ]);
    expect(names(filterGridRows(rows, { show: "help", text: "" }))).toEqual(["Ann Ämbers"]);
    expect(names(filterGridRows(rows, { show: "waiting", text: "" }))).toEqual(["Bob Baker"]);
    expect(names(filterGridRows(rows, { show: "offline", text: "" }))).toEqual(["Cid Clark"]);
  });

  it("finds text in the name or the e-mail, in any case, with the kind chosen", () => {
    expect(names(filterGridRows(rows, { show: "all", text: "  äMB " }))).toEqual(["Ann Ämbers"]);
    expect(names(filterGridRows(rows, { show: "all", text: "SCHOOL" }))).toEqual(["Cid Clark"]);
    expect(names(filterGridRows(rows, { show: "waiting", text: "ann" }))).toEqual([]);
  });
});
