/**
 * The instant queries of the live series check (docs/decisions/live-series.md). Their number does not grow
 * with the selectors: per batch of metric names, one query for what exists now, and only when something is
 * missing, one for when the missing names were last seen and one for the label names and near names.
 * A batch holds at most MAX_NAMES_PER_BATCH names and a query parameter of at most MAX_QUERY_PARAM
 * characters once URL-encoded; a larger set is split into batches of sorted names (names that share a
 * prefix stay together, and the regular expression factors the prefix out).
 */

/** Names in one batch at most. */
export const MAX_NAMES_PER_BATCH = 500;
/**
 * The longest `query` parameter sent, URL-encoded: the request line stays under 16 KiB, the default bound
 * of Node's HTTP server and of common load balancers, with room for the path and the other parameters.
 * (nginx's default is 8 KiB: a proxy that refuses a longer line fails the check with one notice, never
 * with a wrong finding.) 500 names of 40 characters fit, their shared prefixes factored out.
 */
export const MAX_QUERY_PARAM = 14_000;
/** The window looked back over for a metric absent now. */
export const LOOKBACK = '7d';
/** The resolution of "last seen": each step looks back over the step before it, so nothing falls between. */
export const LAST_SEEN_STEP = '1h';
/** The label that carries the metric's name through the functions that drop `__name__`. */
export const NAME_COPY = 'live_series_metric';

/** `count by (__name__, labels…) ({__name__=~"names"})`: each metric's combinations of the used labels now. */
export function nowQuery(names: readonly string[], labels: readonly string[]): string {
  return nowOf(namesRegex(names), labels);
}

function nowOf(regex: string, labels: readonly string[]): string {
  const by = ['__name__', ...labels].map(labelName).join(', ');
  return `count by (${by}) ({__name__=~${quote(regex)}})`;
}

/**
 * The last hour within 7 days in which each name had a series: the time of the latest 1-hour step at which
 * `last_over_time(…[1h])` found one. `timestamp()` and the subquery drop `__name__`: a copy carries it.
 */
export function lastSeenQuery(names: readonly string[]): string {
  return lastSeenOf(namesRegex(names));
}

function lastSeenOf(regex: string): string {
  const present = `count by (__name__) (last_over_time({__name__=~${quote(regex)}}[${LAST_SEEN_STEP}]))`;
  const named = `label_replace(${present}, "${NAME_COPY}", "$1", "__name__", "(.+)")`;
  return `max by (${NAME_COPY}) (max_over_time(timestamp(${named})[${LOOKBACK}:${LAST_SEEN_STEP}]))`;
}

/**
 * One series of each metric named, or whose name starts with one of the prefixes: its labels are the label
 * names a metric carries; the names matched are the near names a missing metric may have been renamed to.
 */
export function carriedQuery(names: readonly string[], prefixes: readonly string[]): string {
  const parts = [
    ...(names.length > 0 ? [namesRegex(names)] : []),
    ...prefixes.map((p) => `${escapeRegex(p)}.+`),
  ];
  return `topk by (__name__) (1, {__name__=~${quote(parts.join('|'))}})`;
}

/** The first word of a name and its separator (`node_` of `node_cpu_seconds_total`): where near names are looked for. */
export function prefixOf(name: string): string {
  const at = name.search(/[_:]/);
  return at <= 0 ? name : name.slice(0, at + 1);
}

/** Names split into batches whose queries fit the bounds; each batch sorted. */
export function batchesOf(names: readonly string[], labels: readonly string[]): string[][] {
  const sorted = [...new Set(names)].sort();
  const out: string[][] = [];
  const split = (part: string[]) => {
    if (part.length === 0) return;
    if (part.length === 1 || (part.length <= MAX_NAMES_PER_BATCH && fits(part, labels))) {
      out.push(part);
      return;
    }
    const middle = Math.ceil(part.length / 2);
    split(part.slice(0, middle));
    split(part.slice(middle));
  };
  split(sorted);
  return out;
}

/**
 * Whether every query of a batch is within MAX_QUERY_PARAM. The plain alternation bounds the factored
 * one from above: when it fits, the names are not factored to find out.
 */
function fits(names: readonly string[], labels: readonly string[]): boolean {
  const plain = names.reduce((sum, name) => sum + encodeURIComponent(escapeRegex(name)).length + 3, 0);
  const wrapper = encodeURIComponent(nowOf('', labels)).length + encodeURIComponent(lastSeenOf('')).length;
  // The last-seen query holds the names once, the now query once: each of them fits if both together do.
  if (plain + wrapper <= MAX_QUERY_PARAM) return true;
  const regex = namesRegex(names);
  return (
    Math.max(encodeURIComponent(nowOf(regex, labels)).length, encodeURIComponent(lastSeenOf(regex)).length) <=
    MAX_QUERY_PARAM
  );
}

/**
 * An anchored alternation of the names (Prometheus anchors it) with shared prefixes factored out:
 * `node_(?:cpu_seconds_total|memory_MemAvailable_bytes)`, so that a batch of related names stays short.
 */
export function namesRegex(names: readonly string[]): string {
  const root: TrieNode = { end: false, next: new Map() };
  for (const name of names) {
    let node = root;
    for (const char of name) {
      let child = node.next.get(char);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(char, child);
      }
      node = child;
    }
    node.end = true;
  }
  return emit(root);
}

interface TrieNode {
  end: boolean;
  readonly next: Map<string, TrieNode>;
}

function emit(node: TrieNode): string {
  const parts: string[] = node.end ? [''] : [];
  for (const [char, child] of [...node.next].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    parts.push(escapeRegex(char) + emit(child));
  }
  if (parts.length === 1) return parts[0]!;
  if (parts.length === 2 && parts[0] === '') return `(?:${parts[1]})?`;
  return `(?:${parts.join('|')})`;
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/** A PromQL double-quoted string: JSON's escapes are Go's. */
function quote(text: string): string {
  return JSON.stringify(text);
}

/** A label name in `by (…)`: quoted when it is not a plain identifier (Prometheus 3's UTF-8 names). */
function labelName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : quote(name);
}
