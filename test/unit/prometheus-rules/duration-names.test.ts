import { describe, expect, it } from 'vitest';
import { distinctNames, type NamedRule } from '../../../src/prometheus-rules/names.js';
import {
  isoDuration,
  prometheusDuration,
  prometheusMilliseconds,
} from '../../../src/prometheus-rules/prometheus-duration.js';
import { DEFAULT_SEVERITY_MAP, parseSeverityMap } from '../../../src/prometheus-rules/severity.js';

describe('Prometheus durations to ISO-8601 and back', () => {
  it.each([
    ['0s', 'PT0S'],
    ['0', 'PT0S'],
    ['30s', 'PT30S'],
    ['5m', 'PT5M'],
    ['1h30m', 'PT1H30M'],
    ['90m', 'PT1H30M'],
    ['1d', 'P1D'],
    ['1w', 'P7D'],
    ['1d2h3m4s', 'P1DT2H3M4S'],
  ])('%s → %s', (text, iso) => {
    expect(isoDuration(prometheusMilliseconds(text)! / 1000)).toBe(iso);
  });

  it('refuses what Prometheus refuses', () => {
    for (const text of ['', '1.5h', '5 m', 'm5', '30m1h', '300', '-5m'])
      expect(prometheusMilliseconds(text)).toBeNull();
  });

  it('keeps milliseconds for the caller to round', () => {
    expect(prometheusMilliseconds('1s500ms')).toBe(1500);
  });

  it('writes ISO-8601 back in Prometheus units', () => {
    expect(prometheusDuration('PT1H30M')).toBe('1h30m');
    expect(prometheusDuration('P1DT2H')).toBe('1d2h');
    expect(prometheusDuration('PT300S')).toBe('5m');
    expect(prometheusDuration('PT0S')).toBe('0s');
    expect(prometheusDuration('P1M')).toBeNull();
  });
});

describe('distinct names for repeated alert names', () => {
  it('suffixes the label values that differ, severity first', () => {
    const rules: NamedRule[] = [
      { name: 'Burn', labels: { severity: 'critical', long: '1h', short: '5m' } },
      { name: 'Burn', labels: { severity: 'warning', long: '1d', short: '2h' } },
      { name: 'Other', labels: { severity: 'critical' } },
    ];
    expect(distinctNames(rules)).toEqual(['Burn-critical-1h-5m', 'Burn-warning-1d-2h', 'Other']);
  });

  it('numbers rules that labels do not tell apart, and never takes a name already used', () => {
    const rules: NamedRule[] = [
      { name: 'Up', labels: { severity: 'warning' } },
      { name: 'Up', labels: { severity: 'warning' } },
      { name: 'Up-1', labels: {} },
    ];
    expect(distinctNames(rules)).toEqual(['Up-2', 'Up-3', 'Up-1']);
  });
});

describe('--severity-map', () => {
  it('adds to and replaces entries of the default map, without regard to case', () => {
    const map = parseSeverityMap('info=low, Warning=HIGH');
    expect(map).toMatchObject({ ...DEFAULT_SEVERITY_MAP, info: 'LOW', warning: 'HIGH' });
  });

  it('names a bad entry', () => {
    expect(() => parseSeverityMap('info=URGENT')).toThrow(/'info=URGENT' must be LABEL=SEVERITY/);
    expect(() => parseSeverityMap('critical')).toThrow(/'critical'/);
  });
});
