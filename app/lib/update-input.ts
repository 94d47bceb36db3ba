/**
 * The one rule of every update mutation (GraphQL's usual one): a field left out keeps its value,
 * a field given as null is cleared, a given value replaces it. `stored` is the object's current
 * input (its fields as an add would take them); `given` is the update's input. Objects named in
 * `nested` (e.g. an address, options) follow the same rule one level down; anything else given,
 * lists included, replaces the stored value whole.
 */
export function mergeUpdateInput(
  stored: Record<string, unknown>,
  given: unknown,
  nested: readonly string[] = [],
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  if (!isPlainObject(given)) return merged;
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] =
      nested.includes(key) && isPlainObject(value) && isPlainObject(current) ? mergeUpdateInput(current, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
