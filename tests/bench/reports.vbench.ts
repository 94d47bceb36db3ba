/**
 * Report PDF benchmark: `npm run bench:reports`. In a fresh tenant (temporary DATA_DIR): a
 * completed session with 100 scored participants and categories, a report each; then prints the
 * warm render time of one report PDF (median of 20 after a warm-up) and one bulk run of all 100
 * reports into one PDF. Writes a sample PDF per language to tests/.tmp/reports/ to look at
 * (pdftoppm -png). Asserts no timings.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { categories, participants, questions } from "~db/tenant/schema";
import { newId } from "~/lib/ids.server";
import { createSessionReport, saveParticipantReport, type SessionReport } from "~/modules/reports/reports.server";
import { renderReportsPdf } from "~/modules/reports/pdf/render.server";
import { makeLiveSession } from "../unit/live/fixtures";
import { scoreParticipant } from "../unit/reports/support";
import { makeTenant, staffCtx } from "../unit/support/tenants";

const N = Number(process.env.BENCH_REPORTS ?? 100);
const out = path.resolve("tests/.tmp/reports");

it(`renders one report warm and ${N} in one bulk run`, async () => {
  const { tenant } = await makeTenant("reportsbench", "Bench Academy");
  const ctx = await staffCtx(tenant.slug);
  const live = await makeLiveSession(ctx, { participants: N });
  // Categories: Safety > Fire, Safety > First aid, Technique, Communication.
  const now = new Date();
  const ws = (await ctx.tdb.db.select().from(questions).get())!.workspaceId;
  const cat = (name: string, parentId: string | null) => ({
    id: newId(),
    name,
    nameLower: name.toLowerCase(),
    parentId,
    workspaceId: ws,
    createdAt: now,
    updatedAt: now,
    rev: 1,
  });
  const safety = cat("Safety", null);
  const rows = [
    safety,
    cat("Fire", safety.id),
    cat("First aid", safety.id),
    cat("Technique", null),
    cat("Communication", null),
  ];
  await ctx.tdb.write(async (tx) => {
    await tx.insert(categories).values(rows);
    const [q0, q1] = live.questions[0]!;
    await tx
      .update(questions)
      .set({ categoryIds: [rows[1]!.id, rows[3]!.id] })
      .where(eq(questions.id, q0!));
    await tx
      .update(questions)
      .set({ categoryIds: [rows[2]!.id] })
      .where(eq(questions.id, q1!));
    await tx
      .update(questions)
      .set({ categoryIds: [rows[4]!.id, rows[3]!.id] })
      .where(eq(questions.id, live.questions[1]![0]!));
  });
  const reports: SessionReport[] = [];
  for (const [i, person] of live.people.entries()) {
    await scoreParticipant(ctx, live, person, [1, i % 3 === 0 ? 0 : 1, 0.5, 1, i % 2, 1, i % 4 === 0 ? null : 0.5]);
    reports.push(await createSessionReport(ctx, { participant: person, scheduledSession: live.sessionId }));
  }
  const sample = await saveParticipantReport(ctx, reports[1]!._id, {
    categoryComments: [{ category: rows[3]!.id, comment: "Careful and precise work at every station." }],
    options: { ...reports[1]!.options, showCorrectAnswers: true },
  });

  fs.mkdirSync(out, { recursive: true });
  for (const locale of ["en-us", "nl-nl", "fr-fr"]) {
    await ctx.tdb.write((tx) => tx.update(participants).set({ locale }).where(eq(participants.id, sample.participant)));
    fs.writeFileSync(path.join(out, `report-${locale}.pdf`), await renderReportsPdf(ctx, [sample]));
  }
  await ctx.tdb.write((tx) =>
    tx.update(participants).set({ locale: null }).where(inArray(participants.id, live.people)),
  );

  await renderReportsPdf(ctx, [sample]); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await renderReportsPdf(ctx, [reports[i % reports.length]!]);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  // The longest time the server's thread could serve nothing else (a live room's saves) during the
  // bulk render: the longest gap between ticks of a 5 ms timer, up to the end of the render.
  let lastTick = performance.now();
  let longestStall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - lastTick);
    lastTick = now;
  }, 5);
  const start = performance.now();
  const bulk = await renderReportsPdf(ctx, reports);
  const bulkMs = performance.now() - start;
  clearInterval(tick);
  longestStall = Math.max(longestStall, performance.now() - lastTick);
  console.log(
    [
      `reports bench (${N} participants)`,
      `  one report PDF, warm: median ${times[10]!.toFixed(0)} ms, p95 ${times[18]!.toFixed(0)} ms (${times.length} renders)`,
      `  bulk: ${N} reports in one PDF: ${(bulkMs / 1000).toFixed(2)} s (${(bulkMs / N).toFixed(0)} ms per report), ${(bulk.byteLength / 1024).toFixed(0)} KiB`,
      `  longest event-loop stall during the bulk render: ${longestStall.toFixed(0)} ms`,
      `  samples: ${out}/report-{en-us,nl-nl,fr-fr}.pdf`,
    ].join("\n"),
  );
  expect(bulk.byteLength).toBeGreaterThan(0);
});
