/**
 * The environment variable a finding suggests for a sensitive component value written in a document: the
 * words of its key in upper snake case, as a workflow secret is named (`grafanaAdminPassword` →
 * `GRAFANA_ADMIN_PASSWORD`), never starting with a digit. A receiver's secret has its own rule
 * (`receiverSecretEnvName`), the one `export` writes.
 */
export function envNameFor(words: string): string {
  const name = words
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return /^[A-Z_]/.test(name) ? name : `_${name}`;
}

/**
 * A receiver's name in the variable its secret is read from: upper snake case, accents dropped, every run
 * of other characters one `_`, never empty (`Slack Oncall` → `SLACK_ONCALL`).
 */
export function upperSnake(name: string): string {
  const snake = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return snake === '' ? 'UNNAMED' : snake;
}
