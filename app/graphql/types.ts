import type { IResolvers } from "@graphql-tools/utils";
import type { TFunction } from "i18next";
import type { Ctx } from "~/lib/context.server";
import { AppError, isAppError } from "~/lib/app-error";
import type { Locale } from "~/i18n/config";
import type { Loaders } from "./loaders";

export type Area = "admin" | "user";

/** Per-request GraphQL context. `session` is the signed-in account's module context, if any. */
export type GqlContext = {
  area: Area;
  request: Request;
  locale: Locale;
  t: TFunction;
  clientAddress: string;
  responseHeaders: Headers;
  session: Ctx | null;
  /** Per-request batching of fields that read one object per parent (loaders.ts). */
  loaders: Loaders;
};

export type Resolvers = IResolvers<unknown, GqlContext>;

/**
 * A resolver's arguments. The schema has checked their GraphQL types and every module function
 * parses its input with Zod, so resolvers only pass them on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes are checked by the schema and the modules' Zod
export type Args = Record<string, any>;

/** One slice of a schema: SDL (using `extend type Query/Mutation`) and its resolvers. */
export type SchemaPiece = { typeDefs: string; resolvers?: Resolvers };

/** The module context of the signed-in account, or UNAUTHORIZED. */
export function ctxOf(g: GqlContext): Ctx {
  if (!g.session) throw new AppError("UNAUTHORIZED", "unauthorized");
  return g.session;
}

/** A resolved reference that the caller may not see (or that is gone) is null, not an error. */
export async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  }
}

/** This server's origin as the client addressed it (links in mails and uploads). */
