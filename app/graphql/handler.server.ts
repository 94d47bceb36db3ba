import { translateFieldErrors } from "~/lib/form-result.server";
import { makeExecutableSchema } from "@graphql-tools/schema";
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionResult, type GraphQLSchema } from "graphql";
import { createHandler } from "graphql-http/lib/use/fetch";
import type { TFunction } from "i18next";
import { isAppError } from "~/lib/app-error";
import { getLocale, getT } from "~/i18n/i18n.server";
import { clientAddressOf, contextFromSession } from "~/modules/auth/request-context.server";
import { depthLimit } from "./depth-limit";
import type { Area, GqlContext, SchemaPiece } from "./types";

export const MAX_QUERY_DEPTH = 10;

export function buildSchema(pieces: SchemaPiece[]): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: pieces.map((p) => p.typeDefs),
    resolvers: pieces.flatMap((p) => (p.resolvers ? [p.resolvers] : [])),
  });
}

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
      if (!error.path) {
        return new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: "BAD_REQUEST", reason: "validation_failed" } });
      }
      console.error("[graphql] unexpected error", original);
      return new GraphQLError(t("errors:internal_error"), {
        nodes: error.nodes,
        path: error.path,
        extensions: { code: "INTERNAL_SERVER_ERROR", reason: "internal_error" },
      });
    }
    if (error.extensions?.code) return error;
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: { ...error.extensions, code: "BAD_REQUEST", reason: "validation_failed" },
    });
  });
}

/**
 * A graphql-http endpoint for one area. Only `application/json` POSTs (and GET queries, which
 * cannot change anything) execute, so a cross-site form or text/plain POST is refused.
 */
export function createGraphQLEndpoint(area: Area, schema: GraphQLSchema) {
  const production = process.env.NODE_ENV === "production";
  // graphql-http's fetch adapter passes the raw Request to `context`; this map carries ours along.
  const contexts = new WeakMap<Request, GqlContext>();
  const handler = createHandler<GqlContext>({
    schema,
    validationRules: (_req, _args, specified) => [
      ...specified,
      depthLimit(MAX_QUERY_DEPTH),
      ...(production && process.env.GRAPHQL_INTROSPECTION !== "true" ? [NoSchemaIntrospectionCustomRule] : []),
    ],
    context: (req) => {
      const gql = contexts.get(req.raw);
      if (!gql) throw new Error("GraphQL context missing for request");
      return gql;
    },
    // Parse and validation errors never reach onOperation: give them the spec's BAD_REQUEST code.
    formatError: (error) => {
      if (!(error instanceof GraphQLError) || error.extensions?.code) return error;
      return new GraphQLError(error.message, {
        nodes: error.nodes,
        path: error.path,
        extensions: { ...error.extensions, code: "BAD_REQUEST", reason: "validation_failed" },
      });
    },
    onOperation: (_req, args, result) => {
      const errors = (result as ExecutionResult).errors;
      if (!errors?.length) return;
      return { ...result, errors: formatErrors(errors, (args.contextValue as GqlContext).t) } as ExecutionResult;
    },
  });

  return async function handle(request: Request, loadContext?: unknown): Promise<Response> {
    if (request.method === "POST") {
      const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") {
        return new Response(JSON.stringify({ errors: [{ message: "Only application/json POST requests are accepted.", extensions: { code: "BAD_REQUEST" } }] }), {
          status: 415,
          headers: { "Content-Type": "application/json; charset=utf-8" },
        });
      }
    }
    const locale = await getLocale(request);
    const gql: GqlContext = {
      area,
      request,
      locale,
      t: await getT(locale),
      clientAddress: clientAddressOf(loadContext),
      responseHeaders: new Headers(),
      session: await contextFromSession(request, area === "admin" ? "ADMIN" : "USER", loadContext),
    };
    contexts.set(request, gql);
    const response = await handler(request);
    const headers = new Headers(response.headers);
    gql.responseHeaders.forEach((value, key) => headers.append(key, value));
    headers.set("Cache-Control", "no-store");
    headers.set("Vary", "Cookie, Accept-Language");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
