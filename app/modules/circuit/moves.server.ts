import type { TenantRow } from "~db/catalog/schema";
import type { TenantDb } from "~db/tenant/client";
import { applyLiveOverride, findSession, liveStatesOf } from "~/modules/live/index.server";
import { isEvaluationDone } from "~/modules/live";
import { currentRoundIndex, nextRoundAt } from "./clock";
import { claimRound, gridOf, peopleOf, readRun, scheduleOf, stationsOf } from "./store.server";
import { circuitClockCtx } from "./system-ctx.server";
import { armCircuit, tenantFor } from "./ticker.server";

// At each round's start the server moves everyone: each participant's next station opens (an
// OPEN_EVALUATION through the live run, so their screen reloads onto its task, ADR 0012); the
// examiners' tablets and the clock board follow the schedule themselves.

/**
 * Makes the moves of the round that has begun, once (claimRound), and sets the timer for the next
 * round. Called by the timer and by every read of the circuit: cheap when nothing is due.
 */
export async function moveCircuit(tenant: TenantRow, tdb: TenantDb, sessionId: string): Promise<void> {
  const now = Date.now();
  const session = await findSession(tdb.db, sessionId);
  const run = await readRun(tdb.db, sessionId);
  if (!run || !session.circuit || session.status !== "ONGOING") {
    armCircuit(tenant.slug, sessionId, null, moveBySlug);
    return;
  }
  const [people, stations] = await Promise.all([peopleOf(tdb.db, sessionId), stationsOf(tdb.db, session)]);
  const grid = gridOf(session, run, people, stations);
  const schedule = scheduleOf(session, run, grid)!;
  const round = currentRoundIndex(schedule, now);
  if (round >= 0 && round < grid.rounds && round > run.movedRound) {
    const claimed = await tdb.write((tx) => claimRound(tx, sessionId, round));
    if (claimed) await openStations(tenant, tdb, sessionId, grid.cells, round);
  }
  armCircuit(tenant.slug, sessionId, nextRoundAt(schedule, now), moveBySlug);
}

async function openStations(
  tenant: TenantRow,
  tdb: TenantDb,
  sessionId: string,
  cells: Record<string, { evaluation: string | null }[]>,
  round: number,
): Promise<void> {
  const ctx = await circuitClockCtx(tenant, tdb);
  const states = await liveStatesOf(ctx, sessionId);
  const byStation = new Map<string, string[]>();
  for (const [participant, row] of Object.entries(cells)) {
    const target = row[round]?.evaluation;
    const state = states.get(participant);
    if (!target || !state) continue;
    // Already there (the start opened it), or nothing left to answer there: nothing to open.
    if (state.current?.evaluation === target || isEvaluationDone(state.facts, target)) continue;
    byStation.set(target, [...(byStation.get(target) ?? []), participant]);
  }
  for (const [evaluation, participantIds] of byStation)
    await applyLiveOverride(ctx, sessionId, participantIds, { overrideType: "OPEN_EVALUATION", evaluation });
}

async function moveBySlug(slug: string, sessionId: string): Promise<void> {
  const found = await tenantFor(slug);
  if (found) await moveCircuit(found.tenant, found.tdb, sessionId);
}
