import { Redactor } from '../../src/core/redact.js';
import type { RunContext } from '../../src/run/types.js';

/** The context of an offline run (validate) over `root`: no git, no service (asking for it is a bug). */
export function offlineContext(root: string, over: Partial<RunContext> = {}): RunContext {
  return {
    root,
    paths: ['.'],
    organizationId: null,
    service: () => {
      throw new Error('validate must not use the service');
    },
    git: null,
    base: null,
    head: null,
    prune: false,
    concurrency: 4,
    allComponents: false,
    clock: { now: () => 0, sleep: async () => {} },
    env: {},
    redactor: new Redactor(),
    progress: () => {},
    ...over,
  };
}
