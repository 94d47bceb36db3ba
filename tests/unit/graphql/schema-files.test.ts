import { readFileSync } from "node:fs";
import { isNonNullType, isObjectType, isUnionType, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { adminSchema } from "~/graphql/admin-schema.server";
import { schemaFiles } from "~/graphql/schema-files";
import { userSchema } from "~/graphql/user-schema.server";

// The published schema files (schema/) and what a normalised client cache needs of the schemas.

const schemas: Array<[string, GraphQLSchema]> = [
  ["admin", adminSchema],
  ["user", userSchema],
];

describe("schema files", () => {
  for (const [path, text] of Object.entries(schemaFiles())) {
    it(`${path} is the schema the server runs (npm run schema:generate writes it)`, () => {
      let committed = "";
      try {
        committed = readFileSync(path, "utf8");
      } catch {
        // missing: compared below, so the message names the file
      }
      expect(committed === text, `${path} is stale: run npm run schema:generate and commit it`).toBe(true);
    });
  }
});

describe.each(schemas)("the %s schema for a normalised cache", (_name, schema) => {
  const objects = Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith("__"),
  );

  it("has no JSON scalar: every value has a type", () => {
    expect(schema.getType("JSON")).toBeUndefined();
  });

  it("every _id and id of an object type is a non-null ID (a cache key that is always there)", () => {
    const loose = objects.flatMap((type) =>
      ["_id", "id"].flatMap((name) => {
        const field = type.getFields()[name];
        return field && !(isNonNullType(field.type) && String(field.type.ofType) === "ID")
          ? [`${type.name}.${name}: ${String(field.type)}`]
          : [];
      }),
    );
    expect(loose).toEqual([]);
  });

  it("no two members of a union share a field name with different types", () => {
    const clashes: string[] = [];
    for (const union of Object.values(schema.getTypeMap()).filter(isUnionType)) {
      const members = union.getTypes();
      for (const a of members)
        for (const b of members) {
          if (a.name >= b.name) continue;
          for (const [name, field] of Object.entries(a.getFields())) {
            const other = b.getFields()[name];
            if (other && String(other.type) !== String(field.type))
              clashes.push(
                `${union.name}: ${a.name}.${name} ${String(field.type)} / ${b.name}.${name} ${String(other.type)}`,
              );
          }
        }
    }
    expect(clashes).toEqual([]);
  });
});
