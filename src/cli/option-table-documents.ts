import { type OptionSpec, OUTPUT, PLANNING, READING } from './option-spec.js';

/**
 * The first part of the option table (options.ts puts the parts together, in this order, which is the
 * order of each command's help): how documents are read and shown, and the options of plan, apply and
 * drift.
 */
export const DOCUMENT_OPTIONS: readonly OptionSpec[] = [
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
    help: "execute this saved plan ('plan --out FILE') and nothing else, if it is the plan the documents give (else it is refused whole): a change whose live rule or receiver moved since the plan is refused",
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
];
