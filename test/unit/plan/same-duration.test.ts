import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { ISO_DURATION, isIsoDuration } from '../../../src/core/duration.js';
import { durationSeconds, sameDuration } from '../../../src/kinds/alert-rule/same-duration.js';
import { isIsoDuration as sandboxAccepts } from '../../../src/sandbox/wire.js';

describe('durations', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    expect(durationSeconds('PT5M')).toBe(300);
    expect(durationSeconds('PT300S')).toBe(300);
    expect(durationSeconds('P1DT1H')).toBe(90_000);
    expect(durationSeconds('P1W')).toBe(604_800);
  });

  it('refuses what is not a whole, fixed length of time', () => {
    for (const text of ['P', 'PT', 'P1DT', '5m', 'P1M', 'P1Y', '', 'PT-5M', 'PT0.5S', 'PT1.5M', 'pt30s'])
      expect(durationSeconds(text)).toBeNull();
  });

  it('compares by length, and unreadable texts only by identity', () => {
    expect(sameDuration('PT5M', 'PT300S')).toBe(true);
    expect(sameDuration('PT1H', 'PT60M')).toBe(true);
    expect(sameDuration('PT5M', 'PT6M')).toBe(false);
    expect(sameDuration('P1M', 'P1M')).toBe(true);
    expect(sameDuration('P1M', 'PT43200M')).toBe(false);
  });

  it('is one grammar: the schema format, the plan and the sandbox agree on every text', () => {
    expect(ISO_DURATION.source).toBe((fullFormats.duration as RegExp).source);
    const texts = [
      'PT5M',
      'P1W',
      'P1Y2M',
      'P1DT2H3M4S',
      'PT0.5S',
      'PT',
      'P',
      'P1W2D',
      'pt5m',
      'PT5M ',
      'P0D',
    ];
    for (const text of texts) {
      const schema = (fullFormats.duration as RegExp).test(text);
      expect({ text, core: isIsoDuration(text), sandbox: sandboxAccepts(text) }).toEqual({
        text,
        core: schema,
        sandbox: schema,
      });
    }
  });
});
