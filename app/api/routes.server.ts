import { json } from "@remix-run/node";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { handleUserGraphQL } from "~/graphql/user-schema.server";
import { AppError, isAppError, refusalJson } from "~/lib/app-error";
import { contextFromSession, handleOidcButton, handleOidcCallback, handleOidcStart } from "~/modules/auth/index.server";
import { submitStationTick } from "~/modules/corrections/index.server";
import { myLiveSession, reportDevice, saveAnswer, withinSaveLimits } from "~/modules/live/index.server";
import { noteRequestContact } from "~/modules/audit/index.server";
import { auditTrailCsvEndpoint } from "./audit-exports.server";
import { serveAsset, uploadFile, uploadImageFile, uploadImageUrl } from "./assets.server";
import { chooseLocale } from "./locale.server";
import { serveLogo } from "./logo.server";
import { apiPages } from "./pages";
import { examBoardPdfEndpoint, examResultsCsvEndpoint } from "./exam-exports.server";
import { qtiExportEndpoint, qtiImportEndpoint } from "./qti.server";
import { queuedWriteAction } from "./queued-write.server";
import { refusalResponse } from "./refusal.server";
import { sessionReportPdf } from "./session-report-pdf.server";
import { isEndpoint, type ApiRoute } from "./types";

/**
 * Every `/api/*` address of the app, in one table: the server registers the endpoints
 * (app/server/main.ts, app/server/api-lane.ts) with the same security middleware as pages but
 * without Remix's document routing, which cost half of each request (ADR 0020, ADR 0025); the
 * pages among them are rendered by Remix (app/api/pages.ts). Each endpoint stays a thin call into
 * its module, like a route, and refuses with the one refusal (app/lib/app-error.ts, refusalJson).
 */
export type { ApiArgs, ApiRoute } from "./types";

export const apiRoutes: readonly ApiRoute[] = [
  ...apiPages,
  {
    methods: ["GET", "POST"],
    path: "/api/admin/graphql",
    prereadBody: true,
    handle: ({ request, context, body }) => handleAdminGraphQL.answer(request, context, body),
  },
  {
    methods: ["GET", "POST"],
    path: "/api/user/graphql",
    prereadBody: true,
    handle: ({ request, context, body }) => handleUserGraphQL.answer(request, context, body),
  },
  {
    // One queued answer of the signed-in participant (the browser's answer queue sends these).
    // 200 { ok, revision, late }; refusals, a lost login and 429 as queuedWriteAction says.
    methods: ["POST"],
    path: "/api/user/live/:scheduledSessionId/answer",
    prereadBody: true,
    // A participant saving far faster than a device does gets 429 with Retry-After (save-limit.server.ts).
    handle: (args) =>
      queuedWriteAction(args, "USER", (ctx, input) =>
        withinSaveLimits(ctx, async () => {
          const saved = await saveAnswer(ctx, input);
          noteRequestContact(ctx, String(input.scheduledSession));
          return { revision: saved.revision, late: saved.late };
        }),
      ),
  },
  {
    // One queued checklist tick of a station tablet. 200 { ok, revision, score }.
    methods: ["POST"],
    path: "/api/admin/corrections/:scheduledSessionId/tick",
    prereadBody: true,
    handle: (args) =>
      queuedWriteAction(args, "ADMIN", async (ctx, input) => {
        const ticked = await submitStationTick(ctx, input);
        noteRequestContact(ctx, String(input.scheduledSession), String(input.evaluation));
        return ticked;
      }),
  },
  {
    // A live screen's report of its device (issue 32): how many answers or ticks still wait on it.
    // Sent every 20 s and when that count changes; 200 { ok, written }.
    methods: ["POST"],
    path: "/api/user/live/:scheduledSessionId/contact",
    prereadBody: true,
    handle: (args) => queuedWriteAction(args, "USER", (ctx, input) => reportDevice(ctx, "USER", input)),
  },
  {
    methods: ["POST"],
    path: "/api/admin/live/:scheduledSessionId/contact",
    prereadBody: true,
    handle: (args) => queuedWriteAction(args, "ADMIN", (ctx, input) => reportDevice(ctx, "ADMIN", input)),
  },
  {
    // The signed-in participant's live state: the session screen refreshes with this after room
    // events and reconnects, so a failed refresh (offline, server restarting) is simply retried.
    methods: ["GET"],
    path: "/api/user/live-state/:scheduledSessionId",
    handle: async ({ request, context, params }) => {
      const ctx = await contextFromSession(request, "USER", context);
      if (!ctx || ctx.actor.type !== "USER")
        return refusalResponse(request, new AppError("UNAUTHORIZED", "unauthorized"));
      try {
        const live = await myLiveSession(ctx, params.scheduledSessionId!);
        noteRequestContact(ctx, live.scheduledSession);
        return json({ ok: true, live }, { headers: { "cache-control": "no-store" } });
      } catch (e) {
        if (!isAppError(e)) throw e;
        return json(
          refusalJson(e, (key, values) => ctx.t(key, values ?? {})),
          { status: e.status },
        );
      }
    },
  },
  // Uploaded files and the organisation's logo (app/modules/assets, app/modules/tenants).
  { methods: ["GET"], path: "/api/assets/:tenant/:id", handle: serveAsset },
  { methods: ["POST"], path: "/api/assets/file/upload/file", handle: uploadFile },
  { methods: ["POST"], path: "/api/assets/image/upload/file", handle: uploadImageFile },
  { methods: ["POST"], path: "/api/assets/image/upload/url", handle: uploadImageUrl },
  { methods: ["GET"], path: "/api/organization/:tenant/logo", handle: serveLogo },
  // Staff sign-in through the organisation's OpenID Connect provider (app/modules/auth, ADR 0040).
  {
    methods: ["GET"],
    path: "/api/auth/oidc/:tenant/start",
    handle: ({ request, context, params }) => handleOidcStart(request, context, params),
  },
  {
    methods: ["GET"],
    path: "/api/auth/oidc/:tenant/callback",
    handle: ({ request, context, params }) => handleOidcCallback(request, context, params),
  },
  { methods: ["GET"], path: "/api/auth/oidc/:tenant/button", handle: ({ params }) => handleOidcButton(params) },
  // The language switcher's form (POST; a GET goes home).
  { methods: ["GET", "POST"], path: "/api/locale", handle: chooseLocale },
  { methods: ["GET"], path: "/api/pdf/generate/session-report", handle: sessionReportPdf },
  // The exam board's exports (app/modules/exams): readers of the exam.
  { methods: ["GET"], path: "/api/exams/:exam/results.csv", handle: examResultsCsvEndpoint },
  { methods: ["GET"], path: "/api/exams/:exam/board.pdf", handle: examBoardPdfEndpoint },
  // A participant's audit trail as CSV (app/modules/corrections, timeline): staff who correct.
  {
    methods: ["GET"],
    path: "/api/admin/audit/:scheduledSessionId/:participantId/trail.csv",
    handle: auditTrailCsvEndpoint,
  },
  // QTI 3.0 content packages (app/modules/qti, README "QTI 3"): readers export, writers import.
  { methods: ["GET"], path: "/api/qti/export", handle: qtiExportEndpoint },
  { methods: ["POST"], path: "/api/qti/import", handle: qtiImportEndpoint },
];

/** The endpoints the server answers itself (the table without its pages). */
export const apiEndpoints = apiRoutes.filter(isEndpoint);
