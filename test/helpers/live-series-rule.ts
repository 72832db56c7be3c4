/**
 * A rule's document on the sandbox's prod-eu cluster whose query is `promql`, written on its own line of the
 * condition so that a finding's line and column on a selector can be read off the text.
 */
export function liveSeriesRule(name: string, promql: string): string {
  return [
    'kind: AlertRule',
    'organization_id: 7f1b2c3d-0000-4000-8000-000000000001',
    'cluster: prod-eu',
    'target: { cluster: prod-eu }',
    `name: ${name}`,
    'description: d',
    'tag: t',
    'condition:',
    '  kind: CUSTOM',
    `  promql: ${promql}`,
    '  operator: ABOVE',
    '  threshold: 0',
    'for_duration: PT5M',
    'severity: LOW',
    'enabled: true',
    'alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]',
    'presentation: {}',
  ].join('\n');
}
