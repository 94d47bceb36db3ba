import { GraphQLScalarType, Kind } from "graphql";
import { parseIsoDateTime } from "~/lib/iso-date-time";
import type { SchemaPiece } from "./types";

/** Impossible dates are refused (BAD_REQUEST), never rolled over into the next month. */
function parseDateTime(value: unknown): Date {
  const date = typeof value === "string" ? parseIsoDateTime(value) : null;
  if (!date)
    throw new TypeError(
      `DateTime cannot represent a value that is not a real ISO-8601 date-time: ${JSON.stringify(value)}`,
    );
  return date;
}

const DateTimeScalar = new GraphQLScalarType({
  name: "DateTime",
  description: "An ISO-8601 date-time string, e.g. 2026-03-01T09:00:00Z. Impossible dates (2026-02-30) are refused.",
  serialize: (v) => (v instanceof Date ? v.toISOString() : typeof v === "number" ? new Date(v).toISOString() : v),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

export const basePiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    scalar DateTime

    enum SortOrder {
      ASC
      DESC
    }

    """
    One page of a list. Lists take \`first\` (page size: 1 to 100, default 20; larger values are
    capped at 100) and \`after\` (the endCursor of the previous page). first < 1 and cursors this
    server did not hand out are refused with BAD_REQUEST. The lists of the databases (participants,
    companies, …) continue right after the cursor's row, so walking them with endCursor neither
    repeats nor skips a row when rows are added or removed meanwhile.
    """
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
    DateTime: DateTimeScalar,
    Query: { version: () => "1.0.0" },
    Mutation: { ping: () => true },
  },
};
