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
  plan: `platform-gitops plan [PATH…] [--detailed-exitcode] [--base REV] [--all] [--out FILE]
Validates, resolves components and plans alert rules against the service. Never writes to the service.
  --out FILE            save the plan for 'apply --plan FILE' (not written when the plan has errors)
  --detailed-exitcode   exit 2 when changes are pending
  --base REV            compare with this revision: only changed components are resolved
  --all                 resolve every component even with --base`,
  apply: `platform-gitops apply [PATH…] [--prune] [--base REV] | apply [PATH…] --plan FILE [--strict]
Plans, then applies exactly that plan (PUT for updates, POST for creates).
  --plan FILE           execute this saved plan and nothing else: a change whose live rule moved since
                        the plan is refused (apply.changed-since-plan); a plan of other documents is refused whole
  --strict              with --plan: write nothing when any change is refused
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
};

export function helpText(command: CliCommand | null): string {
  if (command !== null) {
    const common = command === 'sandbox' || command === 'demo' ? '' : `\n\n${COMMON}`;
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

PATH is a file or a directory (searched recursively for .yaml/.yml). Default: the current directory.
Exit status: 0 done and nothing pending; 1 errors; 2 changes pending (plan --detailed-exitcode) or drift found.

${COMMON}

'platform-gitops <command> --help' shows a command's options.
`;
}
