import type { IResolvers } from "@graphql-tools/utils";
import type { TFunction } from "i18next";
import type { Ctx } from "~/lib/context.server";
import { AppError } from "~/lib/app-error";
import type { Locale } from "~/i18n/config";

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
};

export type Resolvers = IResolvers<unknown, GqlContext>;

/** One slice of a schema: SDL (using `extend type Query/Mutation`) and its resolvers. */
export type SchemaPiece = { typeDefs: string; resolvers?: Resolvers };

/** The module context of the signed-in account, or UNAUTHORIZED. */
export function ctxOf(g: GqlContext): Ctx {
  if (!g.session) throw new AppError("UNAUTHORIZED", "unauthorized");
  return g.session;
}
