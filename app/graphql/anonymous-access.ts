import { getOperationAST, Kind, type DocumentNode, type SelectionSetNode } from "graphql";

/**
 * Root fields a caller without a session may use: signing in and looking up an organisation.
 * `createAdminUser` is there for the operator token (its resolver checks the token itself);
 * introspection only where the endpoint allows it.
 */
const PUBLIC_ROOT_FIELDS = new Set([
  "__typename",
  "version",
  "requestLogin",
  "completeOtpLogin",
  "applyCookie",
  "logout",
  "organizationPublicInfo",
  "organizationTenantExists",
  "createAdminUser",
]);
const INTROSPECTION_ROOT_FIELDS = new Set(["__schema", "__type"]);

/** The root field names of the operation to run, following fragments at the root (each once). */
export function rootFieldNames(document: DocumentNode, operationName?: string | null): string[] | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [],
    ),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment);
      }
    }
  };
  walk(operation.selectionSet);
  return names;
}

/** True when a caller without a session may run this document (a cheap look at the root fields). */
export function allowedWithoutSession(
  document: DocumentNode,
  operationName: string | null | undefined,
  introspection: boolean,
): boolean {
  const names = rootFieldNames(document, operationName);
  // No single operation to run: nothing an anonymous caller needs, so no reason to look further.
  if (!names) return false;
  return names.every((name) => PUBLIC_ROOT_FIELDS.has(name) || (introspection && INTROSPECTION_ROOT_FIELDS.has(name)));
}
