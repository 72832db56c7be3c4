import { CODE_PAGES_URL } from '../core/published.js';
import { DEFAULT_SEVERITY_MAP, formatSeverityMap } from '../prometheus-rules/severity.js';
import type { CliCommand } from './cli-command.js';
import { type OptionSpec, SERVICE_COMMANDS } from './option-spec.js';
import { optionsOf } from './options.js';

const TOKEN_LINE = 'The token is read from QOVERY_API_TOKEN, never from an argument.';

/**
 * Where a finding's code is explained: every finding ends with its code (`[plan.receiver-in-use]`), and
 * each code has a section of these pages (what it means, an example, the fix).
 */
const CODES_LINE = `Every finding ends with its code; each code's page says what it means and how to fix it:\n${CODE_PAGES_URL}`;

/** The commands that report findings on documents: their help says where the codes are explained. */
const FINDING_COMMANDS: readonly CliCommand[] = ['validate', 'plan', 'backtest', 'apply', 'drift', 'import'];

/** What each command does and its synopsis; its options come from the table the parser reads. */
export const USAGE: Readonly<Record<CliCommand, { synopsis: string; about: string }>> = {
  validate: {
    synopsis: 'validate [PATH…]',
    about: 'Checks documents offline: YAML, schemas, cross-document rules, PromQL queries. No token needed.',
  },
  plan: {
    synopsis: 'plan [PATH…]',
    about:
      'Validates, resolves components and plans alert rules against the service. ' +
      'Never writes to the service (--out writes the plan to a file).',
  },
  backtest: {
    synopsis: 'backtest [PATH…] [--window 7d]',
    about:
      "Plans, then asks each changed rule's cluster how often the rule would have fired over the window, " +
      'as proposed and as live (at most 10 rules, two range queries each). Never writes to the service.',
  },
  apply: {
    synopsis: 'apply [PATH…]',
    about:
      'Plans, then applies exactly that plan (PUT for updates, POST for creates, DELETE only with --prune); ' +
      'with --plan FILE, executes a saved plan and nothing else.',
  },
  drift: {
    synopsis: 'drift [PATH…]',
    about: 'Plans the documents against the live service and reports any difference as drift (exit 2).',
  },
  logs: {
    synopsis: 'logs --cluster NAME|ID',
    about: "Shows the newest log entries of the cluster's latest failed or running deployment.",
  },
  export: {
    synopsis: 'export --out DIR | --format prometheus-rules [PATH… | --org ID]',
    about:
      "Writes one document per alert rule of the organization, so that 'plan' on DIR shows no changes.\n" +
      'With --format prometheus-rules, writes the documents under PATH (offline, no token), or with --org the ' +
      "organization's rules, as a Prometheus rule file for promtool check rules and promtool test rules: each " +
      'expr is function(promql) operator threshold.',
  },
  import: {
    synopsis: 'import FILE|DIR… --cluster NAME|ID --receiver ID|NAME --out DIR',
    about:
      'Reads Prometheus rule files (groups:) and PrometheusRule resources and writes AlertRule documents, one ' +
      'file per group. What the service cannot hold is reported at its line. Offline, no token.\n' +
      'Default severity map (labels.severity → severity; any other value becomes LOW, reported):\n' +
      formatSeverityMap(DEFAULT_SEVERITY_MAP),
  },
  sandbox: {
    synopsis: 'sandbox',
    about:
      'Runs a local sandbox of the service on 127.0.0.1 and prints how to point the tool at it. ' +
      'Stops on Ctrl-C, on SIGTERM (it prints its process id), or when the process that started it ends.',
  },
  demo: {
    synopsis: 'demo',
    about:
      'Starts the sandbox in-process and runs validate, plan, apply and plan on the bundled example ' +
      'repository, then edits a live rule as the console would and runs drift, backtest (the ' +
      "documents' threshold against the live one, on the cluster's last 7 days), plan --live alerting/ on " +
      "another repository's new rules (does each selector match series on its cluster? one finding of each " +
      'kind), drift --remediate and drift again.',
  },
  receivers: {
    synopsis: 'receivers test [NAME…]',
    about:
      'Sends one test message through each alert receiver named (default: every receiver the AlertReceiver ' +
      "documents declare), and shows each receiver's outcome: sent, or the service's reason. Exit 1 when any " +
      'failed. The only command that sends a message: plan, apply and drift never do.',
  },
  init: {
    synopsis: 'init [DIR]',
    about:
      'Sets up DIR (default .) as the README recommends: the workflow (applying pushes to the ' +
      "repository's default branch, as git names it), platform/ with one commented example of each kind, and " +
      '.vscode/settings.json mapping the schemas onto platform/. Never overwrites a file.',
  },
};

export function helpText(command: CliCommand | null): string {
  if (command !== null) {
    const { synopsis, about } = USAGE[command];
    const options = optionsOf(command);
    const lines = [
      `Usage: platform-gitops ${synopsis}${options.length > 0 ? ' [options]' : ''}`,
      // Wrapped here, so that the texts above are written as sentences and always fit.
      ...about.split('\n').flatMap((paragraph) => wrap(paragraph, HELP_COLUMNS)),
    ];
    if (options.length > 0) lines.push('', 'Options:', ...optionLines(options));
    if (SERVICE_COMMANDS.includes(command)) lines.push('', TOKEN_LINE);
    if (FINDING_COMMANDS.includes(command)) lines.push('', CODES_LINE);
    return `${lines.join('\n')}\n`;
  }
  return `platform-gitops: alert rules and platform components as code, for the service API.

Usage: platform-gitops <command> [PATH…] [options]

Commands:
  validate   check documents offline (schemas, cross-document rules, PromQL)
  plan       validate, resolve components, and plan alert rules (no writes)
  backtest   plan, then how often each changed rule would have fired last week
  apply      plan, then apply the plan
  drift      plan, reported as drift (exit 2 when any)
  logs       recent cluster log entries
  export     write the organization's alert rules and receivers as documents (or Prometheus rules)
  receivers  receivers test [NAME…]: one test message through each alert receiver
  import     write Prometheus rule files as alert rule documents
  sandbox    run a local sandbox of the service
  demo       run the whole flow on the bundled example against the sandbox
  init       set up a repository: workflow, example documents, editor settings

PATH is a file or a directory. A directory is searched recursively for .yaml/.yml files that hold
platform-gitops documents (a kind of AlertRule, AlertReceiver, ServiceLevelObjective or
PlatformComponent); other YAML files are skipped.
Default PATH: the current directory. Text output names files from the current directory; JSON and
--format github name them relative to the repository root (--root, default the git top level).
Exit status: 0 done and nothing pending; 1 errors; 2 changes pending (plan --detailed-exitcode)
or drift found.
${TOKEN_LINE}
${CODES_LINE}

'platform-gitops <command> --help' shows a command's options;
'platform-gitops --version' (or -v) prints the version.
`;
}

/** Help is wrapped to fit a terminal of this many columns. */
const HELP_COLUMNS = 100;

/** `--name VALUE  help`, aligned, the help wrapped under itself: one or more lines per option. */
function optionLines(options: readonly OptionSpec[]): string[] {
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
function wrap(text: string, columns: number): string[] {
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
