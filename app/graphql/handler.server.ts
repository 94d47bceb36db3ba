import { translateFieldErrors } from "~/lib/form-result.server";
import { makeExecutableSchema } from "@graphql-tools/schema";
import {
  BREAK,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  validate,
  type ExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from "graphql";
import { createHandler } from "graphql-http";
import type { JsonAnswer } from "~/lib/json-answer";
import type { TFunction } from "i18next";
import { AppError, isAppError, refusalJson } from "~/lib/app-error";
import { BodyTooLargeError, withBodyLimit } from "~/lib/body-limit.server";
import { DatabaseUnavailableError } from "~/lib/retry-later";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~db/connection";
import { getLocale, getT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { clientAddressOf, contextFromSession } from "~/modules/auth/index.server";
import { apiTokenOf, authenticateApiToken, recordApiTokenUse } from "~/modules/apitokens/index.server";
import type { Ctx } from "~/lib/context.server";
import { allowedWithoutSession, rootFieldNames } from "./anonymous-access";
import { explorerPage, wantsExplorer } from "./explorer.server";
import { createLoaders } from "./loaders";
import { GRAPHQL_LIMITS, limitValidationRules, markAsLimit, parseWithLimits, validateInStages } from "./limits";
import { translateGraphQLMessage } from "./messages";
import { ctxOf, type Area, type GqlContext, type SchemaPiece } from "./types";
import { settings } from "~settings/settings.server";

export function buildSchema(pieces: SchemaPiece[]): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: pieces.map((p) => p.typeDefs),
    resolvers: pieces.flatMap((p) => (p.resolvers ? [p.resolvers] : [])),
  });
}

const badRequest = (error: GraphQLError | Error, t: TFunction) =>
  new GraphQLError(translateGraphQLMessage(error.message, t), {
    nodes: error instanceof GraphQLError ? error.nodes : undefined,
    path: error instanceof GraphQLError ? error.path : undefined,
    extensions: {
      ...(error instanceof GraphQLError ? error.extensions : {}),
      code: "BAD_REQUEST",
      reason: "validation_failed",
    },
  });

/** Puts the spec's codes and a message in the request's language on every error. */
export function formatErrors(errors: readonly GraphQLError[], t: TFunction): GraphQLError[] {
  return errors.map((error) => {
    const original = error.originalError;
    if (isAppError(original)) {
      const fieldErrors = original.fieldErrors ? translateFieldErrors(t, original.fieldErrors) : undefined;
      return new GraphQLError(t(original.messageKey, original.values ?? {}), {
        nodes: error.nodes,
        path: error.path,
        extensions: {
          code: original.code,
          reason: original.reason,
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(original.references ? { references: original.references } : {}),
        },
      });
    }
    if (original && !(original instanceof GraphQLError)) {
      // Variable coercion errors carry a TypeError from our scalars: a client mistake, not a crash.
      if (!error.path) return badRequest(error, t);
      // The database is down or restarting: the client may send it again (db/connection.ts).
      if (isDatabaseUnavailable(original)) {
        noteDatabaseUnavailable(original);
        const unavailable = new DatabaseUnavailableError();
        return new GraphQLError(t(unavailable.messageKey, unavailable.values ?? {}), {
          nodes: error.nodes,
          path: error.path,
          extensions: { code: unavailable.code, reason: unavailable.reason },
        });
      }
      console.error("[graphql] unexpected error", original);
      return new GraphQLError(t("errors:internal_error"), {
        nodes: error.nodes,
        path: error.path,
        extensions: { code: "INTERNAL_SERVER_ERROR", reason: "internal_error" },
      });
    }
    if (error.extensions?.code) return error;
    // A field whose value the server cannot give in the schema's type (a stored value of the wrong
    // kind): the server's fault, not a mistake of the request.
    if (error.path) {
      console.error("[graphql] unexpected error", error.message, error.path.join("."));
      return new GraphQLError(t("errors:internal_error"), {
        nodes: error.nodes,
        path: error.path,
        extensions: { code: "INTERNAL_SERVER_ERROR", reason: "internal_error" },
      });
    }
    return badRequest(error, t);
  });
}

/** An HTTP-level refusal before GraphQL runs (415, 413): the one refusal shape, translated. */
const refusal = (status: 413 | 415, messageKey: string, t: TFunction, values?: Record<string, unknown>) => {
  const reason = status === 413 ? "body_too_large" : "validation_failed";
  const error = new AppError("BAD_REQUEST", reason, { status, messageKey, values });
  return new Response(JSON.stringify(refusalJson(error, (key, v) => t(key, v ?? {}))), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
  });
};

/**
 * An API token refused before GraphQL runs (unknown, expired, revoked: 401; past its rate limit:
 * 429 with Retry-After): a GraphQL answer with the error's code, so a GraphQL client reads it.
 */
function apiTokenRefusal(error: AppError, t: TFunction): Response {
  const body = {
    errors: [
      { message: t(error.messageKey, error.values ?? {}), extensions: { code: error.code, reason: error.reason } },
    ],
  };
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "private, no-store",
  });
  if (error.status === 401) headers.set("WWW-Authenticate", 'Bearer realm="admin"');
  if (error.status === 429) headers.set("Retry-After", String(Number(error.values?.seconds ?? 60)));
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/**
 * Who calls: an API token in `Authorization: Bearer sat.…` on the admin API (ADR 0042), else the
 * session cookie's account. A refused token is answered at once and never falls back to a cookie.
 */
async function callerOf(
  area: Area,
  request: Request,
  base: { locale: Locale; t: TFunction; clientAddress: string },
  loadContext: unknown,
): Promise<Ctx | null | Response> {
  const token = area === "admin" ? apiTokenOf(request) : null;
  if (!token) return contextFromSession(request, area === "admin" ? "ADMIN" : "USER", loadContext);
  try {
    return await authenticateApiToken(token, base);
  } catch (error) {
    if (isAppError(error)) return apiTokenRefusal(error, base.t);
    throw error;
  }
}

/** Refuses the whole document at once, before anything walks it. */
const refuseAnonymous = (t: TFunction): ValidationRule =>
  markAsLimit((context) => ({
    Document(node) {
      context.reportError(
        new GraphQLError(t("errors:unauthorized"), {
          nodes: [node],
          extensions: { code: "UNAUTHORIZED", reason: "unauthorized" },
        }),
      );
      return BREAK;
    },
  }));

export type GraphQLEndpoint = ((incoming: Request, loadContext?: unknown) => Promise<Response>) & {
  /**
   * The same answer for the JSON lane, which writes it without a Fetch Response; `preread` is the
   * body the server read already (the request then carries none).
   */
  answer: (incoming: Request, loadContext?: unknown, preread?: Uint8Array) => Promise<Response | JsonAnswer>;
};

const utf8 = new TextDecoder();

/**
 * A graphql-http endpoint for one area. Only `application/json` POSTs (and GET queries, which
 * cannot change anything) execute, so a cross-site form or text/plain POST is refused. Bodies,
 * query size and cost are limited (limits.ts); callers without a session may only sign in.
 */
export function createGraphQLEndpoint(area: Area, schema: GraphQLSchema): GraphQLEndpoint {
  const development = settings().NODE_ENV === "development";
  const introspection = settings().NODE_ENV !== "production" || settings().GRAPHQL_INTROSPECTION;

  async function answer(
    incoming: Request,
    loadContext?: unknown,
    preread?: Uint8Array,
  ): Promise<Response | JsonAnswer> {
    if (development && wantsExplorer(incoming)) return explorerPage(incoming, loadContext);
    const locale = await getLocale(incoming);
    const t = await getT(locale);
    if (incoming.method === "POST") {
      const type = (incoming.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
      // Refused before GraphQL runs: the one refusal (app/lib/app-error.ts), not a GraphQL answer.
      if (type !== "application/json") return refusal(415, "errors:unsupported_media_type", t);
    }
    let request: Request;
    let bodyText: () => Promise<string>;
    try {
      if (preread) {
        if (preread.byteLength > GRAPHQL_LIMITS.maxBodyBytes) throw new BodyTooLargeError(GRAPHQL_LIMITS.maxBodyBytes);
        const text = utf8.decode(preread);
        request = incoming;
        bodyText = async () => text;
      } else {
        const bounded = await withBodyLimit(incoming, GRAPHQL_LIMITS.maxBodyBytes);
        request = bounded;
        bodyText = () => bounded.text();
      }
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return refusal(413, "errors:graphql.body_too_large", t, { max: GRAPHQL_LIMITS.maxBodyBytes / 1024 / 1024 });
    }
    const clientAddress = clientAddressOf(loadContext);
    const caller = await callerOf(area, request, { locale, t, clientAddress }, loadContext);
    if (caller instanceof Response) return caller;
    const apiToken = caller?.actor.type === "ADMIN" ? caller.actor.apiToken : undefined;
    // A token that asks for it may read the schema where introspection is otherwise off.
    const mayIntrospect = introspection || !!apiToken?.allowIntrospection;
    let operation: string | null = null;
    const gql: GqlContext = {
      area,
      request,
      locale,
      t,
      clientAddress,
      responseHeaders: new Headers(),
      session: caller,
      loaders: createLoaders(() => ctxOf(gql)),
    };
    // Made per request (it is only a closure) so that every message can be translated.
    const handler = createHandler<Request, undefined, GqlContext>({
      schema,
      parse: parseWithLimits(t),
      validate: validateInStages(t, validate),
      validationRules: (_req, args, specified) => {
        if (apiToken) operation = rootFieldNames(args.document, args.operationName)?.join(",") ?? null;
        if (!gql.session && !allowedWithoutSession(args.document, args.operationName, introspection))
          return [refuseAnonymous(t)];
        return [
          ...limitValidationRules(t, args.variableValues ?? undefined),
          ...specified,
          ...(mayIntrospect ? [] : [NoSchemaIntrospectionCustomRule]),
        ];
      },
      context: () => gql,
      // Request, parse and validation errors never reach onOperation: give them BAD_REQUEST here.
      formatError: (error) => (error instanceof GraphQLError && error.extensions?.code ? error : badRequest(error, t)),
      onOperation: (_req, _args, result) => {
        const errors = (result as ExecutionResult).errors;
        if (!errors?.length) return;
        return { ...result, errors: formatErrors(errors, t) } as ExecutionResult;
      },
    });
    // graphql-http's server-agnostic handler: the body and status without a Fetch Response.
    const [body, init] = await handler({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: bodyText,
      raw: request,
      context: undefined,
    });
    // Every use of a token is written down (api_token_uses) before it is answered.
    if (apiToken && caller) await recordApiTokenUse(caller, { operation, status: init.status });
    const headers: [string, string][] = Object.entries(init.headers ?? {});
    gql.responseHeaders.forEach((value, name) => void headers.push([name, value]));
    headers.push(["Cache-Control", "private, no-store"], ["Vary", "Cookie, Authorization, Accept-Language"]);
    return { status: init.status, headers, body };
  }

  const handle = async (incoming: Request, loadContext?: unknown): Promise<Response> => {
    const answered = await answer(incoming, loadContext);
    if (answered instanceof Response) return answered;
    const headers = new Headers();
    for (const [name, value] of answered.headers) headers.append(name, value);
    return new Response(answered.body, { status: answered.status, headers });
  };
  return Object.assign(handle, { answer });
}
