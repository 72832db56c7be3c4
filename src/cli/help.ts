import type { CliCommand } from './args.js';

const COMMON = `Common options:
  --format text|json|github   output form (default text); json prints one object on stdout
  --api-url URL               service address (env QOVERY_API_URL, default https://api.qovery.com)
  --org ID                    organization for documents that name none
  --root DIR                  repository root: file names are reported relative to it (default: .)
  --concurrency N             writes and resolutions in flight at once, 1-16 (default 4)
  --fail-on error|warning     lowest severity that fails the run (default error)
  --no-color                  plain text even on a terminal
The token is read from QOVERY_API_TOKEN, never from an argument.`;

const USAGE: Readonly<Record<CliCommand, string>> = {
  validate: `platform-gitops validate [PATH…] [--format text|json|github]
Checks documents offline: YAML, schemas, cross-document rules. No token needed.`,
  plan: `platform-gitops plan [PATH…] [--detailed-exitcode] [--base REV] [--all]
Validates, resolves components and plans alert rules against the service. Never writes.
  --detailed-exitcode   exit 2 when changes are pending
  --base REV            compare with this revision: only changed components are resolved
  --all                 resolve every component even with --base`,
  apply: `platform-gitops apply [PATH…] [--prune] [--base REV]
Plans, then applies exactly that plan (PUT for updates, POST for creates).
  --prune               delete rules whose documents were removed since --base`,
  drift: `platform-gitops drift [PATH…] [--remediate]
Plans the documents against the live service and reports any difference as drift (exit 2).
  --remediate           apply the plan to remove the drift`,
  logs: `platform-gitops logs --cluster ID [--entries N] [--org ID]
Shows the newest log entries of the cluster's latest failed or running deployment (default 50 entries).`,
  export: `platform-gitops export --out DIR [--org ID]
Writes one document per alert rule of the organization, so that 'plan' on DIR shows no changes.`,
  sandbox: `platform-gitops sandbox [--port N] [--seed DIR]
Runs a local sandbox of the service on 127.0.0.1 and prints how to point the tool at it.`,
  demo: `platform-gitops demo
Starts the sandbox in-process and runs validate, plan, apply and drift on the bundled example repository.`,
  init: `platform-gitops init [DIR] [--dry-run] [--from-org ID]
Sets up DIR (default .) as the README recommends: the workflow, platform/ with one commented example of each
kind, and .vscode/settings.json mapping the schemas onto platform/. Never overwrites a file.
  --dry-run        print what it would write, write nothing
  --from-org ID    export the organization's live alert rules instead of the example rule
                   (token from QOVERY_API_TOKEN; --api-url or QOVERY_API_URL for the address)`,
};

export function helpText(command: CliCommand | null): string {
  if (command !== null) {
    const common = ['sandbox', 'demo', 'init'].includes(command) ? '' : `\n\n${COMMON}`;
    return `Usage: ${USAGE[command]}${common}\n`;
  }
  return `platform-gitops: alert rules and platform components as code, for the service API.

Usage: platform-gitops <command> [PATH…] [options]

Commands:
  validate   check documents offline (schemas, cross-document rules)
  plan       validate, resolve components, and plan alert rules (no writes)
  apply      plan, then apply the plan
  drift      plan, reported as drift (exit 2 when any)
  logs       recent cluster log entries
  export     write the organization's alert rules as documents
  sandbox    run a local sandbox of the service
  demo       run the whole flow on the bundled example against the sandbox
  init       set up a repository: workflow, example documents, editor settings

PATH is a file or a directory (searched recursively for .yaml/.yml). Default: the current directory.
Exit status: 0 done and nothing pending; 1 errors; 2 changes pending (plan --detailed-exitcode) or drift found.

${COMMON}

'platform-gitops <command> --help' shows a command's options.
`;
}
