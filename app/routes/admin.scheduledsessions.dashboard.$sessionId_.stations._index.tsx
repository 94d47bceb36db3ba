import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StationPicker } from "~/components/corrections/station-progress";
import { requireStaffContext } from "~/modules/auth/index.server";
import { stationProgress } from "~/modules/corrections/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { getScheduledSession } from "~/modules/scheduling/index.server";

// Station marking: pick a station (an evaluation of the session).

export const handle = { titleKey: "corrections:station.pick-title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => {
    const session = await getScheduledSession(ctx, params.sessionId!);
    return {
      session: { _id: session._id, reference: session.reference, sessionName: session.sessionName },
      stations: await stationProgress(ctx, session._id),
    };
  });
}

export default function StationPickerScreen() {
  const { session, stations } = useLoaderData<typeof loader>();
  return <StationPicker session={session} stations={stations} />;
}
