/**
 * Finding participants on the live dashboard of a big room: by name or e-mail, and by what needs
 * staff (a help request, waiting to be unlocked, a lost connection). Pure, so the rows kept by the
 * grid are filtered without a request.
 */
export const GRID_SHOWS = ["all", "help", "waiting", "offline"] as const;
export type GridShow = (typeof GRID_SHOWS)[number];
export type GridFilter = { show: GridShow; text: string };

type FilterableRow = {
  name: string;
  email: string;
  helpRequested: boolean;
  status: string | null;
  connected: boolean | null;
};

const shows: Record<GridShow, (row: FilterableRow) => boolean> = {
  all: () => true,
  help: (row) => row.helpRequested,
  waiting: (row) => row.status === "waiting",
  // Unknown (the room cannot be reached) is not offline.
  offline: (row) => row.connected === false,
};

/** How many rows each choice would show (the text is left out: the counts say what needs staff). */
export function gridShowCounts(rows: readonly FilterableRow[]): Record<GridShow, number> {
  const counts = { all: 0, help: 0, waiting: 0, offline: 0 };
  for (const row of rows) for (const show of GRID_SHOWS) if (shows[show](row)) counts[show]++;
  return counts;
}

/** The rows to show, in their order: the choice, and the text found in the name or e-mail (any case). */
export function filterGridRows<T extends FilterableRow>(rows: readonly T[], filter: GridFilter): T[] {
  const text = filter.text.trim().toLocaleLowerCase();
  const show = shows[filter.show];
  return rows.filter(
    (row) =>
      show(row) &&
      (!text || row.name.toLocaleLowerCase().includes(text) || row.email.toLocaleLowerCase().includes(text)),
  );
}
