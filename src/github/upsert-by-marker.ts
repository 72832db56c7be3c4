/**
 * One GitHub item (a comment, an issue) per hidden marker, kept up to date by every run: the sticky
 * pull-request comment and the drift issue both follow these rules, so they live here once.
 */

/** An item as listed: its ordering key (ids and numbers grow with age) and its body. */
export interface MarkedItem {
  readonly key: number;
  readonly body: string;
}

/** How to reach one kind of item. `discard` removes a duplicate in favour of the one kept. */
export interface MarkedItemStore {
  /** Every candidate item (all pages); the marker filter is applied here, not by the caller. */
  list(): Promise<readonly MarkedItem[]>;
  /** Creates an item with `body` and returns its key. */
  create(body: string): Promise<number>;
  update(key: number, body: string): Promise<void>;
  discard(key: number, kept: number): Promise<void>;
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged' | 'not-created';

/** The items that are ours, oldest first. A person's reply or issue that quotes ours contains the marker but does not start with it. */
export async function findByMarker(store: MarkedItemStore, marker: string): Promise<MarkedItem[]> {
  return (await store.list()).filter((item) => item.body.startsWith(marker)).sort((a, b) => a.key - b.key);
}

/**
 * Edits the oldest item carrying `marker` in place (discarding any younger duplicates), or creates one when
 * there is none and `create` allows it. Two runs may create theirs at the same time: after creating, the
 * list is read again and the oldest item wins; ours is discarded and the winner gets our body.
 */
export async function upsertByMarker(
  store: MarkedItemStore,
  marker: string,
  body: string,
  options: { readonly create: boolean },
): Promise<UpsertOutcome> {
  return (await upsertKeyedByMarker(store, marker, body, options)).outcome;
}

/**
 * `upsertByMarker`, also saying which item now carries the marker (null: none was created), for a caller
 * that links it from elsewhere (the drift pull request names the drift issue's number).
 */
export async function upsertKeyedByMarker(
  store: MarkedItemStore,
  marker: string,
  body: string,
  options: { readonly create: boolean },
): Promise<{ readonly outcome: UpsertOutcome; readonly key: number | null }> {
  const keepUpToDate = async (kept: MarkedItem): Promise<boolean> => {
    if (kept.body === body) return false;
    await store.update(kept.key, body);
    return true;
  };

  const [first, ...duplicates] = await findByMarker(store, marker);
  if (first) {
    for (const extra of duplicates) await store.discard(extra.key, first.key);
    return { outcome: (await keepUpToDate(first)) ? 'updated' : 'unchanged', key: first.key };
  }
  if (!options.create) return { outcome: 'not-created', key: null };

  const created = await store.create(body);
  const [oldest] = await findByMarker(store, marker);
  if (oldest && oldest.key !== created) {
    await store.discard(created, oldest.key);
    await keepUpToDate(oldest);
    return { outcome: 'updated', key: oldest.key };
  }
  return { outcome: 'created', key: created };
}
