import { type OptionSpec, OUTPUT, PLANNING, READING, SERVICE_COMMANDS } from './option-spec.js';

/**
 * The second part of the option table (options.ts puts the parts together, in this order, which is the
 * order of each command's help): what the other commands act on (a cluster, the files written, the
 * service and its organization, the sandbox, a new repository, imported rules), and colour.
 */
export const COMMAND_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'cluster',
    type: 'string',
    value: 'NAME|ID',
    help: 'the cluster whose deployment logs to show, by name or id (required)',
    commands: ['logs'],
  },
  {
    name: 'cluster',
    type: 'string',
    value: 'NAME|ID',
    help: 'the cluster the imported rules watch, by name or id (required)',
    commands: ['import'],
  },
  {
    name: 'entries',
    type: 'string',
    value: 'N',
    help: 'how many log entries, 1-1000 (default 50)',
    commands: ['logs'],
  },
  {
    name: 'out',
    type: 'string',
    value: 'FILE',
    help: "save the plan to FILE, for 'apply --plan FILE' to execute exactly it",
    commands: ['plan'],
  },
  {
    name: 'out',
    type: 'string',
    value: 'DIR',
    help:
      'directory the documents are written to, relative to the repository root (required, except with ' +
      '--format prometheus-rules: then the rule file, default stdout)',
    commands: ['export'],
  },
  {
    name: 'out',
    type: 'string',
    value: 'DIR',
    help: 'directory the documents are written to (required, unless --dry-run)',
    commands: ['import'],
  },
  {
    name: 'api-url',
    type: 'string',
    value: 'URL',
    help: 'service address (env QOVERY_API_URL, default https://api.qovery.com)',
    commands: SERVICE_COMMANDS,
  },
  {
    name: 'api-url',
    type: 'string',
    value: 'URL',
    help: 'service address for --from-org (env QOVERY_API_URL, default https://api.qovery.com)',
    commands: ['init'],
  },
  {
    name: 'org',
    type: 'string',
    value: 'ID',
    help: 'organization (a UUID) for documents that name none (env QOVERY_ORGANIZATION_ID)',
    commands: PLANNING,
  },
  {
    name: 'org',
    type: 'string',
    value: 'ID',
    help: 'the organization (a UUID) the cluster belongs to (required; env QOVERY_ORGANIZATION_ID)',
    commands: ['logs'],
  },
  {
    name: 'org',
    type: 'string',
    value: 'ID',
    help:
      'the organization (a UUID) whose alert rules to export (required, except with --format ' +
      'prometheus-rules and PATHs; env QOVERY_ORGANIZATION_ID)',
    commands: ['export'],
  },
  {
    name: 'org',
    type: 'string',
    value: 'ID',
    help: 'the organization (a UUID) whose receivers to test (required; env QOVERY_ORGANIZATION_ID)',
    commands: ['receivers'],
  },
  {
    name: 'message',
    type: 'string',
    value: 'TEXT',
    help: "the test message's text (default: the service's own)",
    commands: ['receivers'],
  },
  {
    name: 'concurrency',
    type: 'string',
    value: 'N',
    help: 'writes and resolutions in flight at once, 1-16 (default 4)',
    commands: PLANNING,
  },
  {
    name: 'fail-on',
    type: 'string',
    value: 'error|warning',
    help: 'lowest severity that fails the run (default error)',
    commands: READING,
  },
  {
    name: 'port',
    type: 'string',
    value: 'N',
    help: 'port on 127.0.0.1 (default: any free port)',
    commands: ['sandbox'],
  },
  {
    name: 'seed',
    type: 'string',
    value: 'DIR',
    help: 'start from the state in DIR instead of the built-in one',
    commands: ['sandbox'],
  },
  {
    name: 'dry-run',
    type: 'boolean',
    help: 'print what it would write, write nothing',
    commands: ['init', 'import'],
  },
  {
    name: 'from-org',
    type: 'string',
    value: 'ID',
    help: "export the organization's live alert rules instead of the example rule (token from QOVERY_API_TOKEN)",
    commands: ['init'],
  },
  {
    name: 'pin-sha',
    type: 'string',
    value: 'SHA',
    help: 'pin the action by this commit of its release (and actions/checkout by its own), the tag in a comment',
    commands: ['init'],
  },
  {
    name: 'target',
    type: 'string',
    value: 'FORM',
    help: 'what the imported rules are about: service:PROJECT/ENV/SERVICE, environment:PROJECT/ENV, cluster:NAME or TYPE:UUID (default: the --cluster itself)',
    commands: ['import'],
  },
  {
    name: 'receiver',
    type: 'string',
    multiple: true,
    value: 'ID|NAME',
    help: 'alert receiver to notify, by id or by name (required); repeatable',
    commands: ['import'],
  },
  {
    name: 'severity-map',
    type: 'string',
    value: 'LABEL=SEVERITY,…',
    help: 'labels.severity values → LOW|MEDIUM|HIGH|CRITICAL, added to or replacing the default map shown above',
    commands: ['import'],
  },
  {
    name: 'color',
    type: 'boolean',
    help: 'colored text even when not on a terminal',
    commands: [...OUTPUT, 'demo'],
  },
  {
    name: 'no-color',
    type: 'boolean',
    help: 'plain text even on a terminal (also NO_COLOR)',
    commands: [...OUTPUT, 'demo'],
  },
];
