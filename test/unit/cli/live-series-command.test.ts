import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { inRepository } from '../../helpers/repository.js';
import { useSandbox } from '../../helpers/sandbox.js';

const sandbox = useSandbox({ rateLimit: false });
const EXAMPLE = inRepository('fixtures', 'example');

function env(): Record<string, string> {
  return {
    QOVERY_API_URL: sandbox().url,
    QOVERY_API_TOKEN: sandbox().token,
    GRAFANA_ADMIN_PASSWORD: 'sandbox-only-password',
  };
}

describe('plan --live', () => {
  it('probe', async () => {
    sandbox().resetLog();
    const run = await runCliInProcess(['plan', '--live', '--all', EXAMPLE, '--root', EXAMPLE], env());
    console.log(run.stdout, run.stderr);
    console.log(sandbox().count('get-cluster-metrics'));
    expect(run.code).toBeDefined();
  });
});
