import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type ValidationContext, type ValidationRule } from "graphql";

/** Refuses operations nested deeper than `maxDepth` fields (fragments followed, cycles cut). */
export function depthLimit(maxDepth: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (node: ASTNode, depth: number, seen: Set<string>): number => {
      switch (node.kind) {
        case Kind.FIELD: {
          if (!node.selectionSet) return depth;
          return Math.max(depth, ...node.selectionSet.selections.map((s) => depthOf(s, depth + 1, seen)));
        }
        case Kind.INLINE_FRAGMENT:
        case Kind.OPERATION_DEFINITION:
          return Math.max(depth, ...node.selectionSet.selections.map((s) => depthOf(s, depth, seen)));
        case Kind.FRAGMENT_SPREAD: {
          const name = node.name.value;
          const fragment = fragments.get(name);
          if (!fragment || seen.has(name)) return depth;
          const next = new Set(seen).add(name);
          return Math.max(depth, ...fragment.selectionSet.selections.map((s) => depthOf(s, depth, next)));
        }
        default:
          return depth;
      }
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node, 1, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`The operation is nested ${depth} levels deep; at most ${maxDepth} are allowed.`, {
              nodes: [node],
              extensions: { code: "BAD_REQUEST", reason: "query_too_deep" },
            }),
          );
        }
      },
    };
  };
}
