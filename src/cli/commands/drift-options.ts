import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import { type BaseCliOptions, failOnOf, type PlanningCliOptions, planningOptions } from './shared-options.js';

/** What drift does with the drift it finds: one of the three, never two. */
export type DriftResolution =
  | { readonly kind: 'report' }
  /** `--remediate`: apply the plan, which removes the drift. */
  | { readonly kind: 'remediate' }
  /** `--write`: adopt the drift into the documents; `adoptInto` is the file for what no document manages. */
  | { readonly kind: 'write'; readonly adoptInto: string | undefined };

export interface DriftCliOptions extends PlanningCliOptions, BaseCliOptions {
  readonly resolution: DriftResolution;
}

export function parseDriftOptions(values: OptionValues, positionals: readonly string[]): DriftCliOptions {
  const write = values.flag('write');
  if (write && values.flag('remediate')) {
    throw new UsageError(
      "'drift --write' adopts the drift into the documents and '--remediate' overwrites it: give one",
    );
  }
  if (values.given('adopt-into') && !write) {
    throw new UsageError("'drift --adopt-into' is the file of --write: give both");
  }
  const planning = planningOptions(values, positionals);
  const adoptInto = values.text('adopt-into');
  const failOn = failOnOf(values);
  const resolution: DriftResolution = write
    ? { kind: 'write', adoptInto }
    : values.flag('remediate')
      ? { kind: 'remediate' }
      : { kind: 'report' };
  return { ...planning, failOn, resolution };
}
