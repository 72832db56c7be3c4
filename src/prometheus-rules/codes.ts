/**
 * Codes of what `import` reports about Prometheus rules. Users filter on them and the import figures count
 * losses by them, so a code never changes meaning; docs/reference/codes/ explains each one.
 */
export const RULES_IO_CODES = {
  /** The file is not a rule file (`groups:`) nor a PrometheusRule resource, or its shape is wrong. */
  notRules: 'import.not-rules',
  /** A rule that cannot be imported at all (no `expr`, not a string, …). */
  invalidRule: 'import.invalid-rule',
  /** A group setting (`interval`, `limit`, `query_offset`, …): the service's rules have no groups. */
  groupSetting: 'import.group-setting',
  /** A recording rule: the service holds alerts only. Skipped and counted. */
  recordingRule: 'import.recording-rule',
  /** A label other than `severity`: the service's rule has no labels. */
  otherLabel: 'import.other-label',
  /** An annotation other than summary, description and runbook_url. */
  otherAnnotation: 'import.other-annotation',
  /** `keep_firing_for`: the service has no such setting. */
  keepFiringFor: 'import.keep-firing-for',
  /** Template syntax (`{{ $labels.x }}`, `{{ $value }}`) the service may not render. */
  template: 'import.template',
  /** `labels.severity` absent or not in the map: LOW. */
  unknownSeverity: 'import.unknown-severity',
  /** The alert name is repeated: a suffix makes it distinct on the cluster. */
  renamed: 'import.renamed',
  /** A `for` with milliseconds: the service counts whole seconds; rounded up. */
  durationRounded: 'import.duration-rounded',
  /** `runbook_url` is not an absolute http(s) URL: the service's field cannot hold it. */
  runbookUrl: 'import.runbook-url',
  /** The expression is one Prometheus would refuse: imported as it is, to be fixed. */
  refusedQuery: 'import.refused-query',
  /** A group too large for one file `validate` reads: written as numbered parts. */
  splitGroup: 'import.split-group',
  /** A field of a Sloth SLO that a ServiceLevelObjective cannot hold (labels, the alerts' name, …). */
  slothField: 'import.sloth-field',
  /** A Sloth SLO that cannot become a ServiceLevelObjective (a plugin SLI, an objective of 100, …). */
  slothRefused: 'import.sloth-refused',
  /** `export --format prometheus-rules`: a rule left out of the file, and why. */
  exportSkipped: 'export.rule-left-out',
} as const;

export type RulesIoCode = (typeof RULES_IO_CODES)[keyof typeof RULES_IO_CODES];
