import { isAbstractType, printSchema, type GraphQLSchema } from "graphql";
import { adminSchema } from "./admin-schema.server";
import { userSchema } from "./user-schema.server";

/**
 * The published schema files (schema/ at the repository's root): each API's SDL, and the
 * possibleTypes map Apollo Client's InMemoryCache needs to match fragments on unions and
 * interfaces. Introspection is off in production, so clients read these instead. Written by
 * `npm run schema:generate`; tests/unit/graphql/schema-files.test.ts fails when they are stale.
 */
export type PossibleTypes = Record<string, string[]>;

/** Every union and interface of the schema with its object types, sorted (a stable file). */
export function possibleTypesOf(schema: GraphQLSchema): PossibleTypes {
  const map: PossibleTypes = {};
  for (const type of Object.values(schema.getTypeMap()).sort((a, b) => a.name.localeCompare(b.name))) {
    if (type.name.startsWith("__") || !isAbstractType(type)) continue;
    map[type.name] = schema
      .getPossibleTypes(type)
      .map((t) => t.name)
      .sort();
  }
  return map;
}

/** The files' paths (relative to the repository) and contents. */
export function schemaFiles(): Record<string, string> {
  const possibleTypes = { admin: possibleTypesOf(adminSchema), user: possibleTypesOf(userSchema) };
  return {
    "schema/admin.graphql": `${printSchema(adminSchema)}\n`,
    "schema/user.graphql": `${printSchema(userSchema)}\n`,
    "schema/possible-types.json": `${JSON.stringify(possibleTypes, null, 2)}\n`,
  };
}
