import { dayOfInstant } from "~/lib/time-zone";
// Pure helpers for participant session orders (safe to import in the browser).

export const ORDERING_TYPES = ["NON_OVERLAPPING"] as const;
export type OrderingType = (typeof ORDERING_TYPES)[number];

/**
 * NON_OVERLAPPING: a Latin-square rotation. Participant i at position p takes evaluation
 * (i + p) mod E. Every order is a permutation; while participants <= evaluations no two participants
 * are at the same evaluation at the same position, otherwise each evaluation holds at most
 * ceil(P / E) participants at any position.
 */
export function nonOverlappingOrders(participantCount: number, evaluations: readonly string[]): string[][] {
  const e = evaluations.length;
  return Array.from({ length: participantCount }, (_, i) => rotation(evaluations, i % Math.max(1, e)));
}

/** The evaluations rotated left by `shift`. */
export function rotation(evaluations: readonly string[], shift: number): string[] {
  const e = evaluations.length;
  if (e === 0) return [];
  return Array.from({ length: e }, (_, p) => evaluations[(shift + p) % e]!);
}

export function isPermutationOf(order: readonly string[], evaluations: readonly string[]): boolean {
  if (order.length !== evaluations.length) return false;
  const a = [...order].sort();
  const b = [...evaluations].sort();
  return a.every((v, i) => v === b[i]);
}

/** How many participants may take the same evaluation at the same position: 1, or ceil(P / E). */
export function clashLimit(participantCount: number, evaluationCount: number): number {
  return evaluationCount === 0 ? 1 : Math.max(1, Math.ceil(participantCount / evaluationCount));
}

/**
 * Clashes: for each position, the evaluations taken by more participants than allowed
 * (1 while participants <= evaluations, else ceil(P / E)). Returns "position:evaluation" keys.
 */
export function clashesOf(orders: readonly (readonly string[])[], evaluationCount: number): Set<string> {
  const limit = clashLimit(orders.length, evaluationCount);
  const counts = new Map<string, number>();
  for (const order of orders) order.forEach((ev, p) => counts.set(`${p}:${ev}`, (counts.get(`${p}:${ev}`) ?? 0) + 1));
  return new Set([...counts].filter(([, n]) => n > limit).map(([k]) => k));
}

/** Moves the item at `from` to `to` (the others shift). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Swaps the items at `a` and `b`. */
export function swapItems<T>(list: readonly T[], a: number, b: number): T[] {
  const next = [...list];
  if (a < 0 || a >= next.length || b < 0 || b >= next.length) return next;
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

/** The unambiguous alphabet of session login codes (no 0/O, 1/I/L). */
export const LOGIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const LOGIN_CODE_LENGTH = 6;

/** yyyymmdd of the day `date` falls on in the organisation's time zone. */
export function dayOf(date: Date, zone: string): string {
  return dayOfInstant(date, zone).replace(/-/g, "");
}

/** The prefix of references of a template without referenceFormat (ADR 0010). */
export const DEFAULT_REFERENCE_PREFIX = "S";

/** The prefix a template's references get: its referenceFormat, or the default when it has none. */
export function referencePrefix(referenceFormat: string | null | undefined): string {
  return referenceFormat?.trim() || DEFAULT_REFERENCE_PREFIX;
}

export function formatReference(prefix: string, day: string, counter: number): string {
  return `${prefix}${day}${String(counter).padStart(4, "0")}`;
}

/** The statuses, for screens (the schema holds the same list; this file is safe in the browser). */
export const STATUSES = ["SCHEDULED", "ONGOING", "COMPLETED", "CANCELED"] as const;
