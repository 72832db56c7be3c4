/** How long the GitHub part of a run may go without any answer before it is given up. */
export const GITHUB_SILENCE_LIMIT_MS = 15_000;
/** After this long without an answer, one line says the run is waiting, and for how long at most. */
const WAITING_NOTICE_MS = 3_000;

export interface WatchdogTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Bounds the GitHub part of a run: while requests are pending and none has settled for `limitMs`, every
 * request is aborted (through `signal`), so that a GitHub that does not answer costs at most that long.
 * One line is logged while it waits. The run's own outcome does not depend on GitHub.
 */
export class AnswerWatchdog {
  readonly #controller = new AbortController();
  readonly #timers: WatchdogTimers;
  readonly #log: (line: string) => void;
  readonly #limitMs: number;
  #pending = 0;
  #handles: unknown[] = [];
  #noticed = false;

  constructor(options: { log: (line: string) => void; limitMs?: number; timers?: WatchdogTimers }) {
    this.#log = options.log;
    this.#limitMs = options.limitMs ?? GITHUB_SILENCE_LIMIT_MS;
    this.#timers = options.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    };
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  readonly activity = (event: 'start' | 'settle'): void => {
    this.#pending += event === 'start' ? 1 : -1;
    this.#restart();
  };

  dispose(): void {
    this.#clear();
  }

  #restart(): void {
    this.#clear();
    if (this.#pending <= 0 || this.#controller.signal.aborted) return;
    const seconds = Math.round(this.#limitMs / 1000);
    if (!this.#noticed) {
      this.#handles.push(
        this.#timers.setTimeout(
          () => {
            this.#noticed = true;
            this.#log(`Waiting for GitHub: no answer yet (giving up after ${seconds} s without one)…`);
          },
          Math.min(WAITING_NOTICE_MS, this.#limitMs),
        ),
      );
    }
    this.#handles.push(
      this.#timers.setTimeout(() => {
        this.#log(
          `GitHub gave no answer for ${seconds} s: stopped waiting. The job summary, annotations and outputs are written as usual.`,
        );
        this.#controller.abort(new Error(`GitHub gave no answer for ${seconds} s`));
        this.#clear();
      }, this.#limitMs),
    );
  }

  #clear(): void {
    for (const handle of this.#handles) this.#timers.clearTimeout(handle);
    this.#handles = [];
  }
}
