/**
 * What the main step saves for the post step, and the one place that names its keys. The post step reads
 * each value as STATE_<key> (core.getState); a post step reads only the state of its own release's main
 * step, and the keys stay as they are all the same.
 */
import type { ClusterRef } from '../run/types.js';
import { saveState } from './file-commands.js';

export interface PostState {
  /** When the main step started, first thing (milliseconds since the epoch; saved as ISO 8601 UTC). */
  readonly runStartedAt: number;
  /** The organization-id input ('' when not given), saved before the run so that a throwing run leaves it. */
  readonly organizationId: string;
  /** The address the main step talked to; never the token. */
  readonly apiUrl: string;
  /** The clusters the run planned or applied something for. */
  readonly clusters: readonly ClusterRef[];
  /** Clusters whose logs the main step already put in its own summary (a failed apply's). */
  readonly logsAttached: readonly ClusterRef[];
}

/** Each value's key on the wire. */
const KEYS: { readonly [K in keyof PostState]: string } = {
  runStartedAt: 'run-started',
  organizationId: 'organization-id',
  apiUrl: 'api-url',
  clusters: 'clusters',
  logsAttached: 'logs-attached',
};

const ENCODE: { readonly [K in keyof PostState]: (value: PostState[K]) => string } = {
  runStartedAt: (ms) => new Date(ms).toISOString(),
  organizationId: (id) => id,
  apiUrl: (url) => url,
  clusters: (refs) => JSON.stringify(refs),
  logsAttached: (refs) => JSON.stringify(refs),
};

/** Saves the values given, in the order given; the main step saves each part as soon as it knows it. */
export function savePostState(state: Partial<PostState>, env: NodeJS.ProcessEnv = process.env): void {
  for (const name of Object.keys(state) as (keyof PostState)[]) {
    const value = state[name];
    if (value === undefined) continue;
    saveState(KEYS[name], (ENCODE[name] as (v: typeof value) => string)(value), env);
  }
}

/** The text the main step saved under each key, '' when not saved: the post step parses and checks it. */
export type SavedPostState = { readonly [K in keyof PostState]: string };

/**
 * The saved state, from the runner's STATE_<key> variables or from any reader of a key (core.getState).
 * Nothing is parsed here: a bad value is the post step's warning, not an error.
 */
export function readPostState(
  source: NodeJS.ProcessEnv | ((key: string) => string) = process.env,
): SavedPostState {
  const read = typeof source === 'function' ? source : (key: string) => source[`STATE_${key}`] ?? '';
  const saved = {} as Record<keyof PostState, string>;
  for (const name of Object.keys(KEYS) as (keyof PostState)[]) saved[name] = read(KEYS[name]);
  return saved;
}
