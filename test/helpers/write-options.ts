import { Redactor } from '../../src/core/redact.js';
import type { WriteOptions } from '../../src/kinds/change-kind.js';

/** What a write may use: the options a test gives, no environment, a redactor of its own. */
export function writeOptions(options: Omit<WriteOptions, 'env' | 'redactor'>): WriteOptions {
  return { env: {}, redactor: new Redactor(), ...options };
}
