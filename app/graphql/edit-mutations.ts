import type { Ctx } from "~/lib/context.server";
import { ctxOf, type Args, type GqlContext } from "./types";

// Most stored objects are edited as a whole through three mutations of the same shape; the schema
// slices declare them (and their resolvers, which only pass arguments on) from here.

/** `add<Type>(input)`, `update<Type>(id, input)` and `remove<Type>(id)` of a type edited as a whole. */
export const editMutations = (type: string) => `
      add${type}(input: ${type}Input!): ${type}!
      update${type}(id: ID!, input: ${type}Input!): ${type}!
      remove${type}(id: ID!): RemoveResult!`;

type AddFn = (ctx: Ctx, input: unknown) => Promise<unknown>;
type UpdateFn = (ctx: Ctx, id: string, input: unknown) => Promise<unknown>;
type RemoveFn = (ctx: Ctx, id: string) => Promise<unknown>;
/** A module's `add<Type>`, `update<Type>` and `remove<Type>`. */
type EditFunctions<T extends string> = Record<`add${T}`, AddFn> &
  Record<`update${T}`, UpdateFn> &
  Record<`remove${T}`, RemoveFn>;

type Resolver = (parent: unknown, args: Args, g: GqlContext) => Promise<unknown>;

/** The resolvers of `editMutations(type)`: each hands its arguments to the module's function of the same name. */
export function editResolvers<T extends string>(type: T, module: EditFunctions<T>): Record<string, Resolver> {
  const add: AddFn = (module as Record<`add${T}`, AddFn>)[`add${type}`];
  const update: UpdateFn = (module as Record<`update${T}`, UpdateFn>)[`update${type}`];
  const remove: RemoveFn = (module as Record<`remove${T}`, RemoveFn>)[`remove${type}`];
  return {
    [`add${type}`]: (_p, a, g) => add(ctxOf(g), a.input),
    [`update${type}`]: (_p, a, g) => update(ctxOf(g), a.id, a.input),
    [`remove${type}`]: (_p, a, g) => remove(ctxOf(g), a.id),
  };
}
