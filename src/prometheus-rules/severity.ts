/**
 * `labels.severity` of a Prometheus rule ↔ the service's severity. The import map is the user's to change
 * (`import --severity-map critical=CRITICAL,info=LOW`); the export map is fixed, and chosen so that
 * exporting and importing again with the default map gives back the same severity. Only the service's
 * list of severities is imported: `--help` prints the default map without loading anything else.
 */
import { ALERT_SEVERITIES, type AlertSeverity } from '../service/types/alert-rules.js';

/** What a label the map does not know (or no label) becomes, with a report. */
export const FALLBACK_SEVERITY: AlertSeverity = 'LOW';

/** Label values as kube-prometheus, the Prometheus mixins and public collections write them. */
export const DEFAULT_SEVERITY_MAP: Readonly<Record<string, AlertSeverity>> = {
  critical: 'CRITICAL',
  page: 'CRITICAL',
  high: 'HIGH',
  error: 'HIGH',
  warning: 'MEDIUM',
  medium: 'MEDIUM',
  low: 'LOW',
};

/** The label export writes for each severity; each maps back through the default map. */
export const EXPORT_SEVERITY_LABEL: Readonly<Record<AlertSeverity, string>> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'warning',
  LOW: 'low',
};

/** `critical=CRITICAL,warning=MEDIUM,…`, as `--severity-map` takes it and `--help` shows it. */
export function formatSeverityMap(map: Readonly<Record<string, string>>): string {
  return Object.entries(map)
    .map(([label, severity]) => `${label}=${severity}`)
    .join(',');
}

/**
 * `--severity-map` text → the default map with these entries added or replaced. Label values are compared
 * without regard to case (`Critical` is `critical`). Throws an Error whose message names the bad entry.
 */
export function parseSeverityMap(text: string): Record<string, AlertSeverity> {
  const map: Record<string, AlertSeverity> = { ...DEFAULT_SEVERITY_MAP };
  for (const entry of text.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const match = /^([^=\s]+)\s*=\s*(\S+)$/.exec(trimmed);
    const severity = match?.[2]?.toUpperCase();
    if (!match || !(ALERT_SEVERITIES as readonly string[]).includes(severity ?? '')) {
      throw new Error(
        `--severity-map entry '${trimmed}' must be LABEL=SEVERITY with SEVERITY one of ${ALERT_SEVERITIES.join(', ')}, e.g. info=LOW`,
      );
    }
    map[match[1]!.toLowerCase()] = severity as AlertSeverity;
  }
  return map;
}
