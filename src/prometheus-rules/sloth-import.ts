/**
 * A Sloth SLO file (`version: "prometheus/v1"`, https://github.com/slok/sloth, Apache-2.0) → one
 * ServiceLevelObjective document per SLO. Exact or reported, field by field, at the line of the Sloth file:
 * the SLI's queries, the objective, the description, the page and ticket alerts (a disabled one leaves
 * only the other urgency's workbook pairs, which is exact), `summary` and `runbook`/`runbook_url`
 * annotations, a `severity` label through the severity map. Sloth's labels, its alerts' `name` and other
 * annotations have no field here: reported. Sloth's default period, 30 days, is the objective's default
 * window. Pure: text in, documents and findings out. docs/decisions/service-level-objectives.md.
 */
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { type Diagnostic, diagnostic, FILE_START, type SourceRange } from '../core/diagnostic.js';
import { WORKBOOK_BURN_RATES } from '../documents/objective-rules.js';
import { parseFiles } from '../documents/parse.js';
import { visibleYaml } from '../documents/yaml-write.js';
import type { AlertSeverity } from '../service/types/alert-rules.js';
import { RULES_IO_CODES } from './codes.js';
import type { ImportOptions } from './rules-import-options.js';

export const SLOTH_VERSION = 'prometheus/v1';

/** The first line of a file an import of Sloth SLOs writes: a later import may overwrite it. */
export const SLOTH_IMPORTED_MARK = '# Imported from a Sloth SLO file by platform-gitops import';

export interface SlothImport {
  /** The documents' text, or null when no SLO could be imported. */
  readonly text: string | null;
  readonly slos: number;
  readonly imported: number;
  readonly exact: number;
  readonly diagnostics: readonly Diagnostic[];
}

/** Whether a text is a Sloth SLO file: its `version` says so. */
export function isSlothFile(text: string): boolean {
  return /^version:\s*["']?prometheus\/v1["']?\s*$/m.test(text) && /^slos:/m.test(text);
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => v !== null && typeof v === 'object' && !Array.isArray(v);
const KEPT_ANNOTATIONS = new Set(['summary', 'runbook', 'runbook_url']);

export function importSloth(file: string, text: string, options: ImportOptions): SlothImport {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (path: readonly (string | number)[]): SourceRange => {
    // A mapping's entry is found at its key (`labels:`), not at its value on the lines below.
    const parent = path.length > 0 ? doc.getIn(path.slice(0, -1), true) : undefined;
    const pair = isMap(parent)
      ? parent.items.find((p) => isScalar(p.key) && p.key.value === path.at(-1))
      : undefined;
    const node = (pair?.key ?? doc.getIn(path, true)) as { range?: [number, number, number] } | undefined;
    const offset = node?.range?.[0];
    if (offset === undefined) return FILE_START;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col, endLine: line, endColumn: col + 1 };
  };
  const root = doc.toJS() as unknown;
  const diagnostics: Diagnostic[] = [];
  if (doc.errors.length > 0 || !isPlain(root) || !Array.isArray(root.slos)) {
    const message = 'not a Sloth SLO file: `version: prometheus/v1` with a list of `slos` was expected';
    return {
      text: null,
      slos: 0,
      imported: 0,
      exact: 0,
      diagnostics: [diagnostic('error', file, FILE_START, RULES_IO_CODES.notRules, message)],
    };
  }
  const service = typeof root.service === 'string' ? root.service : '';
  if (root.labels !== undefined) {
    diagnostics.push(
      diagnostic(
        'warning',
        file,
        at(['labels']),
        RULES_IO_CODES.slothField,
        'service `labels`: a ServiceLevelObjective has no labels; not imported',
      ),
    );
  }
  const documents: string[] = [];
  let exact = 0;
  root.slos.forEach((slo: unknown, i: number) => {
    const findings: Diagnostic[] = [];
    const loss = (path: (string | number)[], message: string) =>
      findings.push(
        diagnostic(
          'warning',
          file,
          at(['slos', i, ...path]),
          RULES_IO_CODES.slothField,
          `${nameOf(slo)}: ${message}`,
        ),
      );
    const refuse = (path: (string | number)[], message: string) =>
      findings.push(
        diagnostic(
          'error',
          file,
          at(['slos', i, ...path]),
          RULES_IO_CODES.slothRefused,
          `${nameOf(slo)}: ${message}; not imported`,
        ),
      );
    const document = isPlain(slo) ? objectiveOf(slo, service, options, loss, refuse) : null;
    if (!isPlain(slo)) refuse([], 'an SLO is a mapping');
    if (document !== null && !findings.some((f) => f.severity === 'error')) {
      const origin = `# ${file}:${at(['slos', i]).line} SLO ${JSON.stringify(nameOf(slo))}\n`;
      const written = visibleYaml(document, origin);
      // What is written must load as it is: a finding of ours on it is a refusal at the SLO's line.
      const check = parseFiles([{ path: file, bytes: new TextEncoder().encode(written) }]);
      for (const d of check.diagnostics.filter((d) => d.severity === 'error')) {
        refuse([], `the objective would not load (${d.message} [${d.code}])`);
      }
      if (check.diagnostics.every((d) => d.severity !== 'error')) {
        documents.push(written);
        if (findings.length === 0) exact++;
      }
    }
    diagnostics.push(...findings);
  });
  const out = documents.length > 0 ? `${SLOTH_IMPORTED_MARK}\n${documents.join('---\n')}` : null;
  return { text: out, slos: root.slos.length, imported: documents.length, exact, diagnostics };
}

function nameOf(slo: unknown): string {
  return isPlain(slo) && typeof slo.name === 'string' ? `SLO "${slo.name}"` : 'SLO';
}

type Report = (path: (string | number)[], message: string) => void;

function objectiveOf(
  slo: Plain,
  service: string,
  options: ImportOptions,
  loss: Report,
  refuse: Report,
): Plain | null {
  const sli = isPlain(slo.sli) ? slo.sli : {};
  const events = isPlain(sli.events) ? sli.events : null;
  const raw = isPlain(sli.raw) ? sli.raw : null;
  let indicator: Plain;
  if (events !== null && typeof events.error_query === 'string' && typeof events.total_query === 'string') {
    indicator = { errors: events.error_query.trim(), total: events.total_query.trim() };
  } else if (raw !== null && typeof raw.error_ratio_query === 'string') {
    indicator = { ratio: raw.error_ratio_query.trim() };
  } else {
    refuse(
      ['sli'],
      'its SLI is a plugin or has no queries: only `events` (error_query and total_query) and `raw` (error_ratio_query) become an indicator',
    );
    return null;
  }
  if (typeof slo.objective !== 'number' || !(slo.objective > 0 && slo.objective < 100)) {
    refuse(
      ['objective'],
      'the objective must be a number above 0 and below 100 (100% leaves no error budget to alert on)',
    );
    return null;
  }
  if (slo.labels !== undefined)
    loss(['labels'], '`labels`: a ServiceLevelObjective has no labels; not imported');
  const alerting = isPlain(slo.alerting) ? slo.alerting : {};
  if (alerting.name !== undefined)
    loss(
      ['alerting', 'name'],
      `alert name ${JSON.stringify(alerting.name)}: the rules are named <objective>-<long>-<short>; not imported`,
    );
  if (alerting.labels !== undefined)
    loss(['alerting', 'labels'], "alerting `labels`: the service's rules have no labels; not imported");
  const annotations = isPlain(alerting.annotations) ? alerting.annotations : {};
  for (const key of Object.keys(annotations).filter((k) => !KEPT_ANNOTATIONS.has(k))) {
    loss(
      ['alerting', 'annotations', key],
      `annotation \`${key}\`: only summary and runbook/runbook_url have a field; not imported`,
    );
  }
  const receivers = {
    ...(options.receiverIds.length > 0 ? { alert_receiver_ids: [...options.receiverIds] } : {}),
    ...(options.receiverNames.length > 0 ? { alert_receivers: [...options.receiverNames] } : {}),
  };
  const urgency = (key: 'page_alert' | 'ticket_alert') => {
    const alert = isPlain(alerting[key]) ? alerting[key] : {};
    const labels = isPlain(alert.labels) ? alert.labels : {};
    const severity = severityOf(labels.severity, options.severityMap);
    if (labels.severity !== undefined && severity === null) {
      loss(
        ['alerting', key, 'labels', 'severity'],
        `${key} severity ${JSON.stringify(labels.severity)} is not in the severity map; the default applies`,
      );
    }
    for (const label of Object.keys(labels).filter((l) => l !== 'severity')) {
      loss(
        ['alerting', key, 'labels', label],
        `${key} label \`${label}\`: the service's rules have no labels; not imported`,
      );
    }
    if (alert.annotations !== undefined)
      loss(['alerting', key, 'annotations'], `${key} annotations: not imported`);
    return {
      disabled: alert.disable === true,
      spec: { ...receivers, ...(severity !== null ? { severity } : {}) },
    };
  };
  const page = urgency('page_alert');
  const ticket = urgency('ticket_alert');
  if (page.disabled && ticket.disabled) {
    refuse(['alerting'], 'both alerts are disabled: an objective with no alert has nothing to manage');
    return null;
  }
  const summary = annotations.summary;
  const runbook = annotations.runbook_url ?? annotations.runbook;
  const document: Plain = {
    kind: 'ServiceLevelObjective',
    ...options.cluster,
    target: { ...options.target },
    name: objectiveName(service, String(slo.name ?? '')),
    ...(typeof slo.description === 'string' ? { description: slo.description } : {}),
    objective: slo.objective,
    indicator,
    alerts: { page: page.spec, ticket: ticket.spec },
  };
  if (page.disabled || ticket.disabled) {
    const kept = page.disabled ? 'ticket' : 'page';
    document.burn_rates = WORKBOOK_BURN_RATES.filter((r) => r.urgency === kept).map((r) => ({ ...r }));
  }
  if (typeof summary === 'string' || typeof runbook === 'string') {
    document.presentation = {
      summary: typeof summary === 'string' ? summary : null,
      runbook_url: typeof runbook === 'string' ? runbook : null,
    };
  }
  return document;
}

function severityOf(label: unknown, map: Readonly<Record<string, AlertSeverity>>): AlertSeverity | null {
  return typeof label === 'string' ? (map[label.toLowerCase()] ?? null) : null;
}

/** `myservice` and `requests-availability` → `myservice-requests-availability`, in the name's characters. */
function objectiveName(service: string, name: string): string {
  const joined = [service, name].filter((s) => s !== '').join('-');
  return joined.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'objective';
}
