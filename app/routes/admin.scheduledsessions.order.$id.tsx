import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { overlay, panel } from "~/components/ui/dialog-style";
import { OrderRow } from "~/components/scheduling/order-row";
import { Alert, Button } from "~/components/ui/form";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent, type IntentResult } from "~/lib/intent-action.server";
import {
  automaticallyAssignScheduledSessionOrder,
  participantEntrySummaries,
  saveScheduledSessionOrder,
  getScheduledSession,
  canSchedule,
  evaluationsOfSession,
} from "~/modules/scheduling/index.server";
import { clashesOf, clashLimit, swapItems } from "~/modules/scheduling";
import { CircuitPlan } from "~/components/circuit/circuit-plan";
import { useRoomRevalidation } from "~/components/live/use-live-room";
import { circuitReplanAction } from "./admin.scheduledsessions+shared/circuit-replan.server";
import { circuitView } from "~/modules/circuit/index.server";
import { staffRealtimeToken } from "~/modules/live/index.server";
import { can } from "~/lib/permissions";

export const handle = { titleKey: "scheduling:list.order" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => {
    const session = await getScheduledSession(ctx, params.id!);
    const [entries, evaluations] = await Promise.all([
      participantEntrySummaries(ctx, session._id),
      evaluationsOfSession(ctx, session),
    ]);
    // A circuit (issue 32) shows its rounds instead, re-planned here while it runs.
    const circuit = session.circuit ? await circuitView(ctx, session._id) : null;
    const token = circuit?.schedule ? await staffRealtimeToken(ctx, session._id) : null;
    return {
      circuit,
      canRun: can(ctx.permissions, "run:sessions"),
      room: token ? { token: token.token, host: token.host, party: token.party, room: token.room } : null,
      session: { _id: session._id, reference: session.reference, sessionName: session.sessionName },
      rows: entries.map((e) => ({ participant: e.participant, name: e.participantName, order: e.sessionOrder })),
      evaluations,
      canWrite: canSchedule(ctx),
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const circuit = await circuitReplanAction(ctx, request, params.id!);
  if (circuit) return circuit;
  return runIntent(ctx, request, {
    auto: async () => {
      await automaticallyAssignScheduledSessionOrder(ctx, params.id!, "NON_OVERLAPPING");
      return ctx.t("scheduling:order.assigned");
    },
    save: async (_i, _id, form) => {
      await saveScheduledSessionOrder(
        ctx,
        String(form.get("participant")),
        params.id!,
        form.getAll("order").map(String),
      );
      return ctx.t("scheduling:order.saved");
    },
  });
}

export default function OrderGrid() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const fetcher = useFetcher<IntentResult>();
  const [rows, setRows] = useState(data.rows);
  useEffect(() => setRows(data.rows), [data.rows]);

  const names = new Map(data.evaluations.map((e) => [e.id, e.name]));
  const clashes = clashesOf(
    rows.map((r) => r.order),
    data.evaluations.length,
  );
  const positions = data.evaluations.length;

  function change(rowIndex: number, a: number, b: number) {
    if (!data.canWrite || a === b) return;
    const row = rows[rowIndex]!;
    const order = swapItems(row.order, a, b);
    setRows((all) => all.map((r, i) => (i === rowIndex ? { ...r, order } : r)));
    const form = new FormData();
    form.set("intent", "save");
    form.set("participant", row.participant);
    for (const id of order) form.append("order", id);
    fetcher.submit(form, { method: "post" });
  }

  const result = fetcher.data;
  useRoomRevalidation(data.room);
  // The heading of both grids: a circuit's rounds, or each participant's order.
  const heading = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-primary">
          {t("scheduling:order.title", { reference: data.session.reference })}
        </h1>
        <Link to={`/admin/scheduledsessions?overview=${data.session._id}`} className="text-sm text-primary underline">
          {t("scheduling:plan.back")}
        </Link>
      </div>
      <p className="text-sm text-slate-600">{data.session.sessionName}</p>
    </>
  );
  if (data.circuit)
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <CircuitPlan view={data.circuit} canRun={data.canRun} />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {heading}
      {data.canWrite ? (
        <div className="flex flex-wrap items-center gap-3">
          <AutoAssign
            count={rows.length}
            busy={fetcher.state !== "idle"}
            onConfirm={() => fetcher.submit({ intent: "auto" }, { method: "post" })}
          />
          <span
            className={`text-sm ${clashes.size ? "text-red-700" : "text-green-800"}`}
            data-testid="clash-count"
            role="status"
            aria-describedby="clash-legend"
          >
            {clashes.size ? t("scheduling:order.clashes", { count: clashes.size }) : t("scheduling:order.no-clashes")}
          </span>
        </div>
      ) : null}
      {/* What a clash is, on the screen (not only in a tooltip): red cells and the count refer to it. */}
      <p id="clash-legend" className="flex items-start gap-2 text-sm text-slate-700" data-testid="clash-legend">
        <span
          aria-hidden="true"
          className="mt-0.5 inline-block h-4 w-6 shrink-0 rounded border border-red-400 bg-red-50"
        />
        <span>{t("scheduling:order.clash-legend", { count: clashLimit(rows.length, positions) })}</span>
      </p>
      {result ? result.ok ? <Alert tone="success">{result.message}</Alert> : <Alert>{result.message}</Alert> : null}
      <p className="text-sm text-slate-600">{t("scheduling:order.hint")}</p>
      {positions === 0 ? <p>{t("scheduling:plan.no-evaluations")}</p> : null}
      {rows.length === 0 ? (
        <p>{t("scheduling:order.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="order-grid">
            <thead className="bg-slate-50">
              <tr>
                <th className="sticky left-0 z-10 bg-slate-50 px-3 py-2">{t("scheduling:order.participant")}</th>
                {Array.from({ length: positions }, (_, p) => (
                  <th key={p} className="px-3 py-2">
                    {t("scheduling:order.position", { n: p + 1 })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <OrderRow
                  key={row.participant}
                  row={r}
                  participant={row.participant}
                  name={row.name}
                  order={row.order}
                  evaluationName={(id) => names.get(id) ?? id}
                  isClash={(c, ev) => clashes.has(`${c}:${ev}`)}
                  canWrite={data.canWrite}
                  onSwap={(a, b) => change(r, a, b)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * "Assign automatically" replaces every participant's order, also orders arranged by hand: it asks
 * first.
 */
function AutoAssign({ count, busy, onConfirm }: { count: number; busy: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button disabled={busy || count === 0} data-testid="auto-assign">
          {t("scheduling:order.auto-assign")}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel}>
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">
            {t("scheduling:order.auto-confirm-title")}
          </AlertDialog.Title>
          <AlertDialog.Description className="mb-4 text-sm text-slate-700">
            {t("scheduling:order.auto-confirm", { count })}
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("scheduling:order.auto-keep")}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={onConfirm}>{t("scheduling:order.auto-replace")}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
