// SDL pieces that several schema slices declare alike.

/** The spec's document fields, shared by every stored object. */
export const DOC_FIELDS = `_id: ID!
    _createdAt: DateTime!
    _updatedAt: DateTime!
    _rev: Int!
    _type: String!
    workspace: ID`;

/** A spec connection type (`<Name>Connection` with its `<Name>Edge`) for paged lists of `name`. */
export const connection = (name: string) => `
  type ${name}Edge {
    cursor: String!
    node: ${name}!
  }
  type ${name}Connection {
    edges: [${name}Edge!]!
    pageInfo: PageInfo!
  }`;
