// Categories in tree order (each parent followed by its children, siblings by name), with their
// depth and full path, for pickers and filters that must show where a category sits. Pure: used by
// loaders and components alike.

export type CategoryRow = { id: string; name: string; parentId: string | null };
export type CategoryInTree = CategoryRow & { depth: number; path: string };

export const PATH_SEPARATOR = " › ";

export function treeOrder(rows: CategoryRow[]): CategoryInTree[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, CategoryRow[]>();
  for (const row of rows) {
    // A parent outside the list (not readable, or a broken link) makes the row a root.
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  for (const list of children.values())
    list.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));

  const out: CategoryInTree[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number, prefix: string) => {
    for (const row of children.get(parent) ?? []) {
      if (seen.has(row.id)) continue; // a cycle in stored data must not hang the page
      seen.add(row.id);
      const path = prefix ? `${prefix}${PATH_SEPARATOR}${row.name}` : row.name;
      out.push({ ...row, depth, path });
      visit(row.id, depth + 1, path);
    }
  };
  visit(null, 0, "");
  // Rows only reachable through a cycle: list them at the root rather than lose them.
  for (const row of rows) if (!seen.has(row.id)) out.push({ ...row, depth: 0, path: row.name });
  return out;
}

/** The ids of a category and everything below it, from tree-ordered rows. */
export function subtreeOf(tree: CategoryInTree[], id: string): string[] {
  const start = tree.findIndex((c) => c.id === id);
  if (start < 0) return [];
  const out = [id];
  for (let i = start + 1; i < tree.length && tree[i]!.depth > tree[start]!.depth; i++) out.push(tree[i]!.id);
  return out;
}
