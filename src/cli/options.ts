import type { CliCommand } from './args.js';

/** One command-line option: how the parser reads it, which commands take it, and its line of help. */
export interface OptionSpec {
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** Given more than once, every value counts (`--ignore A --ignore B`). */
  readonly multiple?: boolean;
  /** The placeholder help shows after the name, for options that take a value. */
  readonly value?: string;
  readonly help: string;
  readonly commands: readonly CliCommand[];
}

const PLANNING: readonly CliCommand[] = ['plan', 'backtest', 'apply', 'drift'];
const READING: readonly CliCommand[] = ['validate', ...PLANNING];
/** The commands that use the service: they take --api-url, and their help says where the token is read. */
export const SERVICE_COMMANDS: readonly CliCommand[] = [...PLANNING, 'logs', 'export', 'receivers'];
const OUTPUT: readonly CliCommand[] = [...READING, 'logs', 'export', 'import', 'receivers'];

/**
 * Every option of the command line. The parser accepts exactly these (per command), and each command's
 * help lists exactly the ones it takes, in this order: the two cannot disagree. An option whose meaning
 * differs by command (`--out`, `--org`) has one entry per meaning, each with its own commands.
 */
export const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'format',
    type: 'string',
    value: 'text|json|github',
    help: 'output form (default text); json prints one object on stdout',
    commands: OUTPUT,
  },
  {
    name: 'root',
    type: 'string',
    value: 'DIR',
    help: 'repository root: nothing outside it is read; JSON and annotations name files relative to it (default: the git top level, else the current directory)',
    commands: [...READING, 'receivers'],
  },
  {
    name: 'root',
    type: 'string',
    value: 'DIR',
    help: 'repository root, which --out is relative to (default: the git top level, else the current directory)',
    commands: ['export'],
  },
  {
    name: 'ignore',
    type: 'string',
    multiple: true,
    value: 'GLOB',
    help: 'do not search paths matching GLOB (repository-relative, e.g. vendor/**); repeatable',
    commands: READING,
  },
  {
    name: 'allow-empty',
    type: 'boolean',
    help: 'finding no document under the paths is not an error',
    commands: READING,
  },
  {
    name: 'verbose',
    type: 'boolean',
    help: 'also list the YAML files skipped because they hold no platform-gitops documents',
    commands: READING,
  },
  {
    name: 'backtest',
    type: 'boolean',
    help: "also backtest the rules the plan creates or whose condition it changes: how often each would have fired on its cluster's metrics (see 'backtest')",
    commands: ['plan'],
  },
  {
    name: 'live',
    type: 'boolean',
    help: "also check each selector of the rules the plan creates or whose query it changes (with --all: of every rule) against its cluster's series now and over 7 days: a selector that matches nothing is a warning that says why",
    commands: ['plan'],
  },
  {
    name: 'live-errors',
    type: 'boolean',
    help: 'with --live: a selector that matches nothing is an error, not a warning',
    commands: ['plan'],
  },
  {
    name: 'window',
    type: 'string',
    value: 'DURATION',
    help: 'the backtest looks at this much recent time, 1h to 30d (default 7d)',
    commands: ['plan', 'backtest'],
  },
  {
    name: 'detailed-exitcode',
    type: 'boolean',
    help: 'exit 2 when changes are pending',
    commands: ['plan'],
  },
  {
    name: 'base',
    type: 'string',
    value: 'REV',
    help: 'the revision last applied: only components changed since REV are resolved; documents removed and edits made outside git since REV are found',
    commands: PLANNING,
  },
  {
    name: 'all',
    type: 'boolean',
    help: 'resolve every component even with --base; with --live, check the selectors of every rule',
    commands: ['plan', 'apply'],
  },
  {
    name: 'prune',
    type: 'boolean',
    help: 'delete rules whose documents were removed since --base (needs --base)',
    commands: ['apply'],
  },
  {
    name: 'rotate-secrets',
    type: 'boolean',
    help: "send every alert receiver's secret again (read from the environment); without it an update keeps the stored secret, which the service never returns",
    commands: ['plan', 'apply'],
  },
  {
    name: 'plan',
    type: 'string',
    value: 'FILE',
    help: "execute this saved plan ('plan --out FILE') and nothing else, if it is the plan the documents give (else it is refused whole): a change whose live rule moved since the plan is refused",
    commands: ['apply'],
  },
  {
    name: 'strict',
    type: 'boolean',
    help: 'with --plan: write nothing when any change is refused',
    commands: ['apply'],
  },
  {
    name: 'remediate',
    type: 'boolean',
    help: 'apply the plan to remove the drift',
    commands: ['drift'],
  },
  {
    name: 'write',
    type: 'boolean',
    help: 'write the drift back into the documents instead (edits in place; what no document manages goes to --adopt-into); a rule deleted outside git is only reported',
    commands: ['drift'],
  },
  {
    name: 'adopt-into',
    type: 'string',
    value: 'FILE',
    help: "with --write: the file for rules and receivers no document manages, '{cluster}' standing for the cluster's name (default: adopted/{cluster}.yaml in the first directory read, or the first file read when no directory is)",
    commands: ['drift'],
  },
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

export function optionsOf(command: CliCommand): readonly OptionSpec[] {
  return OPTIONS.filter((option) => option.commands.includes(command));
}

/** Help is wrapped to fit a terminal of this many columns. */
export const HELP_COLUMNS = 100;

/** `--name VALUE  help`, aligned, the help wrapped under itself: one or more lines per option. */
export function optionLines(options: readonly OptionSpec[]): string[] {
  const heads = options.map((o) => `--${o.name}${o.value ? ` ${o.value}` : ''}`);
  const width = Math.max(0, ...heads.map((h) => h.length)) + 2;
  const indent = ' '.repeat(2 + width);
  return options.flatMap((o, i) =>
    wrap(o.help, HELP_COLUMNS - indent.length).map((line, j) =>
      j === 0 ? `  ${heads[i]!.padEnd(width)}${line}` : `${indent}${line}`,
    ),
  );
}

/** Words into lines of at most `columns` characters (a longer word gets a line of its own). */
export function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > columns) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}
