import DataLoader from "dataloader";
import type { Ctx } from "~/lib/context.server";
import { participantsByIds, type Participant } from "~/modules/databases/index.server";
import type { LiveData } from "~/modules/live/index.server";
import { entriesLiveData } from "~/modules/scheduling/index.server";

// Per-request batching: a field that resolves one object per parent (a session's participants, an
// entry's participant) asks its loader, and every id asked for in the same tick is read in one
// query instead of one per parent. Made per request, so nothing is cached across callers.

/** Ids per query: well below SQLite's limit on bound parameters. */
const MAX_BATCH = 500;

export type Loaders = {
  /** Participants by id; null for an id that no longer exists (the field leaves it out). */
  participant: DataLoader<string, Participant | null>;
  /** Entries' answers, overrides and sections by entry id (the live fields of entry summaries). */
  entryLive: DataLoader<string, LiveData>;
};

/** The loaders of one request; `ctxOf` is called when a batch runs, so anonymous callers are refused then. */
export function createLoaders(ctxOf: () => Ctx): Loaders {
  return {
    participant: new DataLoader(
      async (ids) => {
        const found = await participantsByIds(ctxOf(), ids);
        return ids.map((id) => found.get(id) ?? null);
      },
      { maxBatchSize: MAX_BATCH },
    ),
    entryLive: new DataLoader(
      async (ids) => {
        const found = await entriesLiveData(ctxOf(), ids);
        return ids.map((id) => found.get(id) ?? { answers: [], overrides: [], progress: [] });
      },
      { maxBatchSize: MAX_BATCH },
    ),
  };
}
