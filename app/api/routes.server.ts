import { json } from "@remix-run/node";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { handleUserGraphQL } from "~/graphql/user-schema.server";
import { isAppError } from "~/lib/app-error";
import type { JsonAnswer } from "~/lib/json-answer";
import { contextFromSession } from "~/modules/auth/index.server";
import { submitCorrectionEntry } from "~/modules/corrections/index.server";
import { myLiveSession, saveAnswer, withinSaveLimits } from "~/modules/live/index.server";
import { queuedWriteAction } from "./queued-write.server";

/**
 * The JSON endpoints a live room and external systems call most: served straight from the HTTP
 * server (app/server/api-lane.ts) with the same security middleware as pages, but without
 * Remix's document routing, which cost half of each request (ADR 0019). Each stays a thin call
 * into its module, like a route.
 */
export type ApiArgs = {
  request: Request;
  context: unknown;
  params: Record<string, string | undefined>;
  /**
   * The body, when the server read it whole (a small body of declared length); the request then
   * carries none. Read it with `requestBody` (app/lib/body-limit.server.ts), which takes either.
   */
  body?: Uint8Array;
};

export type ApiRoute = {
  methods: readonly ("GET" | "POST")[];
  path: string;
  handle: (args: ApiArgs) => Promise<Response | JsonAnswer>;
};

export const apiRoutes: readonly ApiRoute[] = [
  {
    methods: ["GET", "POST"],
    path: "/api/admin/graphql",
    handle: ({ request, context, body }) => handleAdminGraphQL.answer(request, context, body),
  },
  {
    methods: ["GET", "POST"],
    path: "/api/user/graphql",
    handle: ({ request, context, body }) => handleUserGraphQL.answer(request, context, body),
  },
  {
    // One queued answer of the signed-in participant (the browser's answer queue sends these).
    // 200 { ok, revision, late }; refusals, a lost login and 429 as queuedWriteAction says.
    methods: ["POST"],
    path: "/api/user/live/:scheduledSessionId/answer",
    // A participant saving far faster than a device does gets 429 with Retry-After (save-limit.server.ts).
    handle: (args) =>
      queuedWriteAction(args, "USER", (ctx, input) =>
        withinSaveLimits(ctx, async () => {
          const saved = await saveAnswer(ctx, input);
          return { revision: saved.revision, late: saved.late };
        }),
      ),
  },
  {
    // One queued checklist tick of a station tablet. 200 { ok, revision, score }.
    methods: ["POST"],
    path: "/api/admin/corrections/:scheduledSessionId/tick",
    handle: (args) =>
      queuedWriteAction(args, "ADMIN", async (ctx, input) => {
        const saved = await submitCorrectionEntry(ctx, input);
        const step = saved.evaluations
          .flatMap((e) => e.questions.flatMap((q) => q.steps))
          .find(
            (s) =>
              s.evaluationId === input.evaluation && s.questionId === input.question && s.stepIndex === input.stepIndex,
          );
        return { revision: step?.revision ?? 0, score: step?.score ?? null };
      }),
  },
  {
    // The signed-in participant's live state: the session screen refreshes with this after room
    // events and reconnects, so a failed refresh (offline, server restarting) is simply retried.
    methods: ["GET"],
    path: "/api/user/live-state/:scheduledSessionId",
    handle: async ({ request, context, params }) => {
      const ctx = await contextFromSession(request, "USER", context);
      if (!ctx || ctx.actor.type !== "USER") return json({ ok: false, reason: "unauthorized" }, { status: 401 });
      try {
        return json(
          { ok: true, live: await myLiveSession(ctx, params.scheduledSessionId!) },
          { headers: { "cache-control": "no-store" } },
        );
      } catch (e) {
        if (!isAppError(e)) throw e;
        return json(
          { ok: false, reason: e.reason, message: ctx.t(e.messageKey, e.values ?? {}) },
          { status: e.status },
        );
      }
    },
  },
];
