import type { Reader } from "~db/tenant/client";
import type { Ctx } from "~/lib/context.server";
import {
  deviceContactsOf,
  isSilent,
  reportExaminerDevice,
  reportParticipantDevice,
  type DeviceContactRow,
} from "~/modules/audit/index.server";
import { publishLive } from "./events.server";
import type { EntryState, RunPlan, SessionRow } from "./plan.server";
import { isFinished } from "./status";

// The dashboard's view of the devices (issue 32): each participant's last contact and waiting
// answers, and each examiner's tablet, from device_contacts (app/modules/audit/contacts.server.ts).

export type ExaminerDevice = {
  /** Stable per examiner and tablet. */
  id: string;
  userId: string | null;
  name: string;
  station: { id: string; name: string } | null;
  lastContactAt: Date;
  waitingOnDevice: number;
  silent: boolean;
};

/** A session's device contacts, ready to be joined to the dashboard's rows. */
export async function sessionContacts(db: Reader, session: SessionRow, now: Date) {
  const rows = await deviceContactsOf(db, session.id);
  const running = session.status === "ONGOING";
  // A participant may have used more than one device: the one heard from last speaks for them.
  const byParticipant = new Map<string, DeviceContactRow>();
  for (const r of rows)
    if (r.kind === "PARTICIPANT" && r.participantId) {
      const have = byParticipant.get(r.participantId);
      if (!have || have.lastContactAt < r.lastContactAt) byParticipant.set(r.participantId, r);
    }
  return {
    participant(state: EntryState) {
      const contact = byParticipant.get(state.entry.participantId) ?? null;
      const lastContactAt = contact?.lastContactAt ?? null;
      // Flagged only while they still take part: not before they are let in, not once done.
      const taking = running && !isFinished(state.facts) && state.status !== null;
      return {
        lastContactAt,
        waitingOnDevice: contact?.waiting ?? 0,
        silent: isSilent(lastContactAt, state.entry.sessionStart ?? null, taking, now),
      };
    },
    examiners(plan: RunPlan): ExaminerDevice[] {
      return rows
        .filter((r) => r.kind === "EXAMINER")
        .sort((a, b) => (a.userName ?? "").localeCompare(b.userName ?? "") || a.deviceKey.localeCompare(b.deviceKey))
        .map((r) => {
          const station = r.evaluationId ? plan.evaluations.get(r.evaluationId) : undefined;
          return {
            id: `${session.id}:${r.deviceKey}`,
            userId: r.userId,
            name: r.userName ?? "",
            station: station ? { id: station.id, name: station.name } : null,
            lastContactAt: r.lastContactAt,
            waitingOnDevice: r.waiting,
            silent: isSilent(r.lastContactAt, null, running, now),
          };
        });
    },
  };
}

/**
 * A live screen's report of its device (the contact endpoints): recorded when due; when its
 * waiting count changed, the staff dashboards hear of it at once (a staff-only room event).
 */
export async function reportDevice(
  ctx: Ctx,
  area: "USER" | "ADMIN",
  input: Record<string, unknown>,
): Promise<{ written: boolean }> {
  const done = await (area === "USER" ? reportParticipantDevice(ctx, input) : reportExaminerDevice(ctx, input));
  if (done.waitingChanged)
    await publishLive(ctx, String(input.scheduledSession), [
      { type: "device.contact", staffOnly: true, payload: { waitingChanged: true } },
    ]);
  return { written: done.written };
}
