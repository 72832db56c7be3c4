/** A RunContext for the benchmarks: the real client against a sandbox, documents in a temporary directory. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { systemClock } from '../src/core/clock.js';
import { Redactor } from '../src/core/redact.js';
import type { RunContext } from '../src/run/types.js';
import { createServiceClient } from '../src/service/client.js';

export function writeRepository(files: readonly { path: string; text: string }[]): string {
  const root = mkdtempSync(join(tmpdir(), 'bench-repo-'));
  for (const file of files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.text);
  }
  return root;
}

export function benchContext(apiUrl: string, token: string, root: string, concurrency = 4) {
  const client = createServiceClient({ apiUrl, token });
  const ctx: RunContext = {
    root,
    paths: ['.'],
    organizationId: null,
    service: () => client,
    git: null,
    base: null,
    head: null,
    prune: false,
    concurrency,
    env: {},
    allComponents: false,
    clock: systemClock,
    redactor: new Redactor(),
    progress: () => {},
  };
  return { ctx, client };
}
