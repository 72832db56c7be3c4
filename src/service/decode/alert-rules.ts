import { fromWireTargetType } from '../target-type.js';
import {
  ALERT_RULE_STATES,
  ALERT_SEVERITIES,
  ALERT_TARGET_TYPES,
  type AlertPresentation,
  type AlertRuleCondition,
  type AlertRuleConditionFunction,
  type AlertRuleConditionKind,
  type AlertRuleConditionOperator,
  type AlertSeverity,
  type AlertTarget,
  type AlertTargetType,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
  type GhostAlertRule,
  type LiveAlertRule,
  type ManagedAlertRule,
} from '../types.js';
import {
  at,
  bool,
  type DecodeContext,
  DecodeError,
  items,
  type Json,
  nullableStr,
  object,
  openEnum,
  optNum,
  optStr,
  str,
  strArray,
} from './read.js';

/** getAlertRules: `{results: (managed | ghost)[]}`. An item of a source we do not know is left out and reported. */
export function decodeAlertRuleList(body: unknown, ctx: DecodeContext): LiveAlertRule[] {
  refusePagination(object(body, ''));
  const results = items(object(body, ''), 'results', '');
  const rules: LiveAlertRule[] = [];
  for (let i = 0; i < results.length; i++) {
    // A long list arrives unparsed (json-list.ts): each item is parsed here, and its raw form dropped.
    const item = results.at(i);
    const where = at('results', i);
    const source = str(object(item, where), 'source', where);
    if (source === 'MANAGED') rules.push(decodeManagedAlertRule(item, where, ctx));
    else if (source === 'GHOST') rules.push(decodeGhostAlertRule(item, where, ctx));
    else {
      ctx.notices.add(
        `source:${source}`,
        `The service sent alert rules of an unknown source ${JSON.stringify(source)} (${ctx.operation}); they were left out of the plan.`,
      );
    }
  }
  return rules;
}

/**
 * The operation is described without pagination. Should the list ever arrive paginated, a first page alone
 * would make the plan create rules that exist on later pages (duplicates): refuse it, naming it.
 */
function refusePagination(body: Json): void {
  const pagination = body.pagination;
  if (typeof pagination !== 'object' || pagination === null) return;
  const totalPages = (pagination as Json).total_pages;
  if (typeof totalPages === 'number' && totalPages > 1) throw new PaginatedListError(totalPages);
}

class PaginatedListError extends DecodeError {
  constructor(totalPages: number) {
    super('pagination.total_pages', 'at most 1');
    this.message =
      `the rule list arrived paginated (pagination.total_pages = ${totalPages}); this tool reads an ` +
      `organization's rules in one answer, and planning from page 1 alone would create rules that exist ` +
      'on later pages, so nothing was planned';
  }
}

export function decodeManagedAlertRule(value: unknown, where: string, ctx: DecodeContext): ManagedAlertRule {
  const o = object(value, where);
  const startsAt = optStr(o, 'starts_at', where);
  return {
    source: 'MANAGED',
    id: str(o, 'id', where),
    created_at: str(o, 'created_at', where),
    updated_at: nullableStr(o, 'updated_at', where),
    organization_id: str(o, 'organization_id', where),
    cluster_id: str(o, 'cluster_id', where),
    name: str(o, 'name', where),
    // Empty texts may come back as null; a PUT sends them as strings again.
    description: optStr(o, 'description', where) ?? '',
    tag: optStr(o, 'tag', where) ?? '',
    condition: decodeCondition(o.condition, at(where, 'condition'), ctx),
    for_duration: str(o, 'for_duration', where),
    severity: openEnum<AlertSeverity>(str(o, 'severity', where), ALERT_SEVERITIES, 'alert severity', ctx),
    enabled: bool(o, 'enabled', where),
    alert_receiver_ids: strArray(o, 'alert_receiver_ids', where),
    presentation: decodePresentation(o.presentation, at(where, 'presentation')),
    target: decodeTarget(o.target, at(where, 'target'), ctx),
    state: openEnum(str(o, 'state', where), ALERT_RULE_STATES, 'alert rule state', ctx),
    is_up_to_date: bool(o, 'is_up_to_date', where),
    ...(startsAt !== undefined ? { starts_at: startsAt } : {}),
  };
}

/**
 * A ghost is read from the metrics system, not the service's database: what the service could extract
 * may be partial (a target without its id, no state, even no name). It is reported with what is known and
 * never aborts the organization's plan, so nothing about it is required here.
 */
function decodeGhostAlertRule(value: unknown, where: string, ctx: DecodeContext): GhostAlertRule {
  const o = object(value, where);
  const state = typeof o.state === 'string' ? o.state : null;
  return {
    source: 'GHOST',
    name: typeof o.name === 'string' && o.name.trim() !== '' ? o.name : '(unnamed)',
    state: state === null ? null : openEnum(state, ALERT_RULE_STATES, 'alert rule state', ctx),
    target: ghostTarget(o.target),
    starts_at: typeof o.starts_at === 'string' ? o.starts_at : null,
  };
}

function ghostTarget(value: unknown): GhostAlertRule['target'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const o = value as Json;
  const type = typeof o.target_type === 'string' ? fromWireTargetType(o.target_type) : '';
  const id = typeof o.target_id === 'string' ? o.target_id : '';
  if (type === '' && id === '') return null;
  return { ...(type !== '' ? { target_type: type } : {}), ...(id !== '' ? { target_id: id } : {}) };
}

function decodeCondition(value: unknown, where: string, ctx: DecodeContext): AlertRuleCondition {
  const o = object(value, where);
  const operator = optStr(o, 'operator', where);
  const threshold = optNum(o, 'threshold', where);
  const fn = optStr(o, 'function', where);
  return {
    kind: openEnum<AlertRuleConditionKind>(str(o, 'kind', where), CONDITION_KINDS, 'condition kind', ctx),
    promql: str(o, 'promql', where),
    ...(operator !== undefined
      ? {
          operator: openEnum<AlertRuleConditionOperator>(
            operator,
            CONDITION_OPERATORS,
            'condition operator',
            ctx,
          ),
        }
      : {}),
    ...(threshold !== undefined ? { threshold } : {}),
    ...(fn !== undefined
      ? { function: openEnum<AlertRuleConditionFunction>(fn, CONDITION_FUNCTIONS, 'condition function', ctx) }
      : {}),
  };
}

function decodePresentation(value: unknown, where: string): AlertPresentation {
  if (value === undefined || value === null) return { summary: null, runbook_url: null };
  const o: Json = object(value, where);
  return { summary: nullableStr(o, 'summary', where), runbook_url: nullableStr(o, 'runbook_url', where) };
}

function decodeTarget(value: unknown, where: string, ctx: DecodeContext): AlertTarget {
  const o = object(value, where);
  const type = fromWireTargetType(str(o, 'target_type', where));
  if (type === '') throw new DecodeError(at(where, 'target_type'), 'a target type');
  return {
    target_type: openEnum<AlertTargetType>(type, ALERT_TARGET_TYPES, 'alert target type', ctx),
    target_id: str(o, 'target_id', where),
  };
}
