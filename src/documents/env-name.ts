/**
 * The environment variable a finding suggests for a secret written in a document: the words of its key in
 * upper snake case, as a workflow secret is named (`grafanaAdminPassword` → `GRAFANA_ADMIN_PASSWORD`,
 * `slack-oncall_webhook_url` → `SLACK_ONCALL_WEBHOOK_URL`), never starting with a digit.
 */
export function envNameFor(words: string): string {
  const name = words
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return /^[A-Z_]/.test(name) ? name : `_${name}`;
}
