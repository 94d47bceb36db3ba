import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LiveSessionScreen } from "~/components/live/session-screen";
import { MyCircuitFrame } from "~/components/circuit/my-circuit";
import { myCircuit } from "~/modules/circuit/index.server";
import { requireParticipantContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";
import {
  finishQuestion,
  myLiveSession,
  participantRealtimeToken,
  requestHelp,
  setReady,
} from "~/modules/live/index.server";

// The participant's live session screen: thin; the live module decides what they may see and do.

export const handle = { titleKey: "live:user.screen.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireParticipantContext(request, context);
  return loadOrFail(ctx, async () => {
    const live = await myLiveSession(ctx, params.scheduledSessionId!);
    const open = live.sessionStatus === "SCHEDULED" || live.sessionStatus === "ONGOING";
    const realtime = open ? await participantRealtimeToken(ctx, live.scheduledSession) : null;
    // A circuit's clock moves this participant with everyone (issue 32): null otherwise.
    const circuit = live.sessionStatus === "ONGOING" ? await myCircuit(ctx, live.scheduledSession) : null;
    return { live, realtime, participantId: ctx.actor.participantId, circuit };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireParticipantContext(request, context);
  const id = params.scheduledSessionId!;
  return runIntent(ctx, request, {
    ready: async (input) => (await setReady(ctx, id, input.value === "true"), undefined),
    finish: async (input) => (
      await finishQuestion(ctx, id, String(input.evaluation ?? ""), input.question ? String(input.question) : null),
      undefined
    ),
    help: async () => (await requestHelp(ctx, id), ctx.t("live:user.help.sent")),
  });
}

export default function LiveSessionRoute() {
  const data = useLoaderData<typeof loader>();
  const screen = <LiveSessionScreen live={data.live} realtime={data.realtime} participantId={data.participantId} />;
  return data.circuit ? (
    <MyCircuitFrame circuit={data.circuit} realtime={data.realtime}>
      {screen}
    </MyCircuitFrame>
  ) : (
    screen
  );
}
