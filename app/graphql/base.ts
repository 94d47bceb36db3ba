import { GraphQLScalarType, Kind, type ValueNode } from "graphql";
import type { SchemaPiece } from "./types";

function literalToJson(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalToJson(f.value)]));
    case Kind.LIST:
      return ast.values.map(literalToJson);
    default:
      return null;
  }
}

const JSONScalar = new GraphQLScalarType({
  name: "JSON",
  description: "Any JSON value (rich content blocks, answer values).",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: literalToJson,
});

const DateTimeScalar = new GraphQLScalarType({
  name: "DateTime",
  description: "An ISO-8601 date-time string.",
  serialize: (v) => (v instanceof Date ? v.toISOString() : typeof v === "number" ? new Date(v).toISOString() : v),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new TypeError("DateTime must be an ISO-8601 string");
    return d;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError("DateTime must be a string");
    const d = new Date(ast.value);
    if (Number.isNaN(d.getTime())) throw new TypeError("DateTime must be an ISO-8601 string");
    return d;
  },
});

export const basePiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    scalar JSON
    scalar DateTime

    enum SortOrder {
      ASC
      DESC
    }

    type PageInfo {
      endCursor: String
      startCursor: String
      hasNextPage: Boolean!
      hasPreviousPage: Boolean!
      pageSize: Int!
      totalCount: Int!
    }

    type Query {
      "The API version."
      version: String!
    }

    type Mutation {
      "Does nothing; present so that every area has a Mutation type."
      ping: Boolean!
    }
  `,
  resolvers: {
    JSON: JSONScalar,
    DateTime: DateTimeScalar,
    Query: { version: () => "1.0.0" },
    Mutation: { ping: () => true },
  },
};
