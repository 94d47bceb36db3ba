import type { Ctx } from "~/lib/context.server";
import { ctxOf, type Args, type GqlContext } from "./types";

// Most stored objects are edited as a whole through three mutations of the same shape; the schema
// slices declare them (and their resolvers, which only pass arguments on) from here.

/** `add<Type>(input)`, `update<Type>(id, input)` and `remove<Type>(id)` of a type edited as a whole. */
export const editMutations = (type: string) => `
      add${type}(input: ${type}Input!): ${type}!
      update${type}(id: ID!, input: ${type}Input!): ${type}!
      remove${type}(id: ID!): RemoveResult!`;

type EditFunctions = {
  add: (ctx: Ctx, input: unknown) => Promise<unknown>;
  update: (ctx: Ctx, id: string, input: unknown) => Promise<unknown>;
  remove: (ctx: Ctx, id: string) => Promise<unknown>;
};

type Resolver = (parent: unknown, args: Args, g: GqlContext) => Promise<unknown>;

/** The resolvers of `editMutations(type)`: each hands its arguments to the module's function. */
export function editResolvers(type: string, { add, update, remove }: EditFunctions): Record<string, Resolver> {
  return {
    [`add${type}`]: (_p, a, g) => add(ctxOf(g), a.input),
    [`update${type}`]: (_p, a, g) => update(ctxOf(g), a.id, a.input),
    [`remove${type}`]: (_p, a, g) => remove(ctxOf(g), a.id),
  };
}
