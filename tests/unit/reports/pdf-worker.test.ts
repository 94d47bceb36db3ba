import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionReport } from "~/modules/reports/reports.server";
import { renderReportsPdf } from "~/modules/reports/pdf/render.server";
import { drawPdfOffThread, warmPdfWorker } from "~/modules/reports/pdf/pdf-pool.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";

function pageCount(bytes: Uint8Array): number {
  const file = path.join(os.tmpdir(), `reports-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("report PDFs are drawn off the request thread", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  const live = await scoredSession(ctx);
  const reports = await Promise.all(
    live.people.map((participant) => createSessionReport(ctx, { participant, scheduledSession: live.sessionId })),
  );

  it("keeps serving timers while a bulk PDF is drawn", async () => {
    // @react-pdf/renderer lays a document out without yielding: drawn on this thread, no timer
    // would fire until the PDF is done (the server's live rooms would freeze as long).
    let rounds = 0;
    let ticking = true;
    const tick = () => {
      rounds++;
      if (ticking) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const bulk = await renderReportsPdf(ctx, [...reports, ...reports, ...reports]);
    ticking = false;
    expect(pageCount(bulk)).toBeGreaterThanOrEqual(reports.length * 3);
    expect(rounds).toBeGreaterThan(10);
  });

  it("fails a job that cannot be drawn with a clear error, and draws the next one", async () => {
    const broken = drawPdfOffThread({
      title: "x",
      author: "x",
      language: "en-us",
      organizationName: "x",
      logo: null,
      resources: {},
      pages: [{ key: "1", report: null as never, locale: "en-us", sessionDate: "" }],
    });
    await expect(broken).rejects.toThrow(/The report PDF could not be drawn/);
    expect(pageCount(await renderReportsPdf(ctx, [reports[0]!]))).toBeGreaterThanOrEqual(1);
  });

  it("a worker warmed ahead (a report just built) draws the next PDFs; warming while it draws changes nothing", async () => {
    warmPdfWorker();
    warmPdfWorker();
    const drawing = renderReportsPdf(ctx, [reports[0]!]);
    warmPdfWorker();
    const [one, two] = await Promise.all([drawing, renderReportsPdf(ctx, [reports[1]!])]);
    expect(pageCount(one)).toBeGreaterThanOrEqual(1);
    expect(pageCount(two)).toBeGreaterThanOrEqual(1);
  });
});
