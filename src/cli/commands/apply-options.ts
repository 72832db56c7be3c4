import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import { type BaseCliOptions, failOnOf, type PlanningCliOptions, planningOptions } from './shared-options.js';

/** `apply [PATH…]`: plan the documents, then apply that plan. */
export interface ApplyDocumentsCliOptions extends PlanningCliOptions, BaseCliOptions {
  readonly from: 'documents';
  /** `--all`: every component is resolved, even with --base. */
  readonly allComponents: boolean;
  /** Delete the rules whose documents were removed since --base. */
  readonly prune: boolean;
  /** Send every alert receiver's secret again. */
  readonly rotateSecrets: boolean;
}

/**
 * `apply --plan FILE`: execute the saved plan as it was made. Its base, pruning and secrets are the saved
 * plan's own: --base, --prune and --rotate-secrets are refused beside it, and this shape has no room for them.
 */
export interface ApplySavedPlanCliOptions extends PlanningCliOptions {
  readonly from: 'saved-plan';
  readonly planFile: string;
  /** Write nothing when any change is refused. */
  readonly strict: boolean;
}

export type ApplyCliOptions = ApplyDocumentsCliOptions | ApplySavedPlanCliOptions;

export function parseApplyOptions(values: OptionValues, positionals: readonly string[]): ApplyCliOptions {
  const saved = values.given('plan');
  if (values.flag('strict') && !saved) throw new UsageError("'apply --strict' needs --plan FILE");
  if (saved && (values.flag('prune') || values.given('base'))) {
    throw new UsageError(
      "'apply --plan' executes the saved plan as it was made: --prune and --base belong to 'plan'",
    );
  }
  if (saved && values.flag('rotate-secrets')) {
    throw new UsageError(
      "'apply --plan' executes the saved plan as it was made: --rotate-secrets belongs to 'plan', which saves it",
    );
  }
  const { base, ...reading } = planningOptions(values, positionals);
  const planning = { ...reading, failOn: failOnOf(values) };
  const planFile = values.text('plan');
  if (planFile !== undefined) {
    return { ...planning, from: 'saved-plan', planFile, strict: values.flag('strict') };
  }
  return {
    ...planning,
    from: 'documents',
    base,
    allComponents: values.flag('all'),
    prune: values.flag('prune'),
    rotateSecrets: values.flag('rotate-secrets'),
  };
}
