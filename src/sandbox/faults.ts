import type { OperationId } from '../service/types.js';
import type { SandboxFaults, ScriptedAnswer } from './types.js';

export type FaultDecision =
  | { readonly kind: 'script'; readonly answer: ScriptedAnswer }
  | { readonly kind: 'reset' }
  | { readonly kind: 'status'; readonly status: 500 | 503 }
  | { readonly kind: 'none' };

/**
 * Decides, per request, which fault to inject. Scripted answers come first, in order; then the rates.
 * Rates use a seeded PRNG so that runs repeat exactly; a rate of 0 never fires and 1 always does.
 */
export class FaultInjector {
  #faults: SandboxFaults = {};
  #script: { answer: ScriptedAnswer; left: number }[] = [];
  #random: () => number = mulberry32(1);

  constructor(faults: SandboxFaults = {}) {
    this.set(faults);
  }

  set(faults: SandboxFaults): void {
    for (const [name, rate] of Object.entries(faults)) {
      if (name.endsWith('Rate') && (typeof rate !== 'number' || rate < 0 || rate > 1)) {
        throw new RangeError(`sandbox fault ${name} must be a number from 0 to 1`);
      }
    }
    this.#faults = faults;
    this.#script = (faults.script ?? []).map((answer) => ({ answer, left: answer.times ?? 1 }));
    this.#random = mulberry32(faults.seed ?? 1);
  }

  get latencyMs(): number {
    return this.#faults.latencyMs ?? 0;
  }

  get slowBodyMs(): number {
    return this.#faults.slowBodyMs ?? 0;
  }

  /** Scripted answers not yet consumed (a test can assert that its script was used up). */
  get pendingScript(): number {
    return this.#script.reduce((sum, entry) => sum + entry.left, 0);
  }

  decide(operation: OperationId | null, params: Readonly<Record<string, string>>): FaultDecision {
    const values = Object.values(params);
    const scripted = this.#script.find(
      (entry) =>
        entry.left > 0 &&
        entry.answer.operation === operation &&
        (entry.answer.id === undefined || values.includes(entry.answer.id)),
    );
    if (scripted) {
      scripted.left -= 1;
      return { kind: 'script', answer: scripted.answer };
    }
    if (this.#fires(this.#faults.resetRate)) return { kind: 'reset' };
    if (this.#fires(this.#faults.error503Rate)) return { kind: 'status', status: 503 };
    if (this.#fires(this.#faults.error5xxRate)) return { kind: 'status', status: 500 };
    return { kind: 'none' };
  }

  #fires(rate: number | undefined): boolean {
    if (!rate) return false;
    if (rate >= 1) return true;
    return this.#random() < rate;
  }
}

/** A small, well-known 32-bit PRNG: deterministic for a given seed, good enough for fault rates. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
