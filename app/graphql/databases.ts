import * as databases from "~/modules/databases/index.server";
import { importCompanies, importParticipants } from "~/modules/databases/index.server";
import type { Category, Participant } from "~/modules/databases/index.server";
import { editMutations, editResolvers } from "./edit-mutations";
import { connection, DOC_FIELDS } from "./sdl";
import { ctxOf, type SchemaPiece, type Args } from "./types";

const listArgs = (entity: string) =>
  `after: String, first: Int, filter: NameFilter, order: SortOrder, orderBy: ${entity}OrderBy`;
const NAME_ONLY = ["Category", "SupplyObject", "Location", "Company", "Context"];

/** Reference data: categories, supply objects, locations, participants, companies, contexts. */
export const databasesPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    type Address {
      line1: String
      city: String
      region: String
      postal: String
      country: String
    }
    input AddressInput {
      line1: String
      city: String
      region: String
      postal: String
      country: String
    }
    "Case-insensitive substring filter on the name."
    input NameFilter {
      name: String
    }
    ${NAME_ONLY.map((e) => `enum ${e}OrderBy {\n      NAME\n    }`).join("\n    ")}
    enum ParticipantOrderBy {
      EMAIL
      EXTERNAL_ID
      NAME
    }
    "Case-insensitive substring filters (id matches exactly)."
    input ParticipantFilter {
      id: ID
      name: String
      email: String
      externalId: String
    }
    type RemoveResult {
      id: ID!
    }

    type Category {
      ${DOC_FIELDS}
      name: String!
      parent: Category
      "True when the category has no subcategories."
      leaf: Boolean!
    }
    type SupplyObject {
      ${DOC_FIELDS}
      name: String!
    }
    type Location {
      ${DOC_FIELDS}
      name: String!
      address: Address
    }
    type Company {
      ${DOC_FIELDS}
      name: String!
      address: Address
    }
    type Participant {
      ${DOC_FIELDS}
      name: String!
      email: String!
      phone: String
      externalId: String
      company: Company
      "Standing extra time in live sessions (an accommodation), 0..300 % of every question's maxTime."
      extraTimePercent: Int!
      "en-us, nl-nl or fr-fr: the language of the participant's e-mails; null: the organisation's."
      language: String
    }
    type Context {
      ${DOC_FIELDS}
      name: String!
      description: String
    }
    ${["Category", "SupplyObject", "Location", "Company", "Participant", "Context"].map(connection).join("\n")}

    "Fields are checked by the server so that missing ones come back as translated field errors."
    input CategoryInput {
      name: String
      "Absent keeps the parent on update; null makes a root category."
      parent: ID
    }
    input SupplyObjectInput {
      name: String
    }
    input LocationInput {
      name: String
      address: AddressInput
    }
    input CompanyInput {
      name: String
      address: AddressInput
    }
    input ParticipantInput {
      name: String
      email: String
      phone: String
      externalId: String
      "A company id. In importParticipants also a company name (found case-insensitively, else created)."
      company: ID
      "0..300; absent keeps the current value (0 for a new participant)."
      extraTimePercent: Int
      "en-us, nl-nl or fr-fr; empty or null: the organisation's language."
      language: String
    }
    input ContextInput {
      name: String
      description: String
    }

    extend type Query {
      "Categories: without parent all of them, parent null the roots, else the children of parent."
      allCategories(${listArgs("Category")}, parent: ID): CategoryConnection!
      allSupplyObjects(${listArgs("SupplyObject")}): SupplyObjectConnection!
      allLocations(${listArgs("Location")}): LocationConnection!
      allCompanies(${listArgs("Company")}): CompanyConnection!
      allContexts(${listArgs("Context")}): ContextConnection!
      allParticipants(after: String, first: Int, filter: ParticipantFilter, order: SortOrder, orderBy: ParticipantOrderBy): ParticipantConnection!
      categoryById(id: ID!): Category!
      supplyObjectById(id: ID!): SupplyObject!
      locationById(id: ID!): Location!
      companyById(id: ID!): Company!
      contextById(id: ID!): Context!
      participantById(id: ID!): Participant!
    }
    extend type Mutation {
      addCategory(input: CategoryInput!): Category!
      updateCategory(id: ID!, input: CategoryInput!): Category!
      "Removes the category and its whole subtree; returns all their ids."
      removeCategory(id: ID!): [ID!]!
      ${editMutations("SupplyObject")}
      ${editMutations("Location")}
      ${editMutations("Company")}
      ${editMutations("Participant")}
      ${editMutations("Context")}
      "Creates or updates participants, matched by externalId, then email. All or nothing."
      importParticipants(data: [ParticipantInput!]!, workspace: ID): [Participant!]!
      "Creates or updates companies, matched by name. All or nothing."
      importCompanies(data: [CompanyInput!]!, workspace: ID): [Company!]!
    }
  `,
  resolvers: {
    Category: {
      parent: (c: Category, _a, g) => (c.parentId ? databases.getCategory(ctxOf(g), c.parentId) : null),
      leaf: async (c: Category, _a, g) => !(await databases.childCounts(ctxOf(g), [c._id])).get(c._id),
    },
    Participant: {
      company: async (p: Participant, _a, g) =>
        p.companyId ? ((await databases.companiesByIds(ctxOf(g), [p.companyId])).get(p.companyId) ?? null) : null,
    },
    Query: {
      allCategories: (_p, a: Args, g) =>
        databases.listCategories(ctxOf(g), { ...a, parent: "parent" in a ? a.parent : undefined }),
      allSupplyObjects: (_p, a: Args, g) => databases.listSupplyObjects(ctxOf(g), a),
      allLocations: (_p, a: Args, g) => databases.listLocations(ctxOf(g), a),
      allCompanies: (_p, a: Args, g) => databases.listCompanies(ctxOf(g), a),
      allContexts: (_p, a: Args, g) => databases.listContexts(ctxOf(g), a),
      allParticipants: (_p, a: Args, g) => databases.listParticipants(ctxOf(g), a),
      categoryById: (_p, a: Args, g) => databases.getCategory(ctxOf(g), a.id),
      supplyObjectById: (_p, a: Args, g) => databases.getSupplyObject(ctxOf(g), a.id),
      locationById: (_p, a: Args, g) => databases.getLocation(ctxOf(g), a.id),
      companyById: (_p, a: Args, g) => databases.getCompany(ctxOf(g), a.id),
      contextById: (_p, a: Args, g) => databases.getContext(ctxOf(g), a.id),
      participantById: (_p, a: Args, g) => databases.participantById(ctxOf(g), a.id),
    },
    Mutation: {
      addCategory: (_p, a: Args, g) => databases.addCategory(ctxOf(g), a.input),
      updateCategory: (_p, a: Args, g) => databases.updateCategory(ctxOf(g), a.id, a.input),
      removeCategory: (_p, a: Args, g) => databases.removeCategory(ctxOf(g), a.id),
      ...editResolvers("SupplyObject", databases),
      ...editResolvers("Location", databases),
      ...editResolvers("Company", databases),
      ...editResolvers("Participant", databases),
      ...editResolvers("Context", databases),
      importParticipants: (_p, a: Args, g) => importParticipants(ctxOf(g), a.data, a.workspace),
      importCompanies: (_p, a: Args, g) => importCompanies(ctxOf(g), a.data, a.workspace),
    },
  },
};
