import { describe, expect, it } from 'vitest';
import { existingPrefix, formatPath, parseFieldPath } from '../../../src/components/field-path.js';

describe('parseFieldPath', () => {
  it('reads a bare key as a profile field', () => {
    expect(parseFieldPath('storage')).toEqual(['profileConfig', 'storage']);
  });

  it('reads clusterInputs.<key> as one cluster input, even when the key holds a dot', () => {
    expect(parseFieldPath('clusterInputs.s3BucketName')).toEqual(['clusterInputs', 's3BucketName']);
    expect(parseFieldPath('clusterInputs.aws.region')).toEqual(['clusterInputs', 'aws.region']);
  });

  it('reads dotted paths and list indexes under profileConfig', () => {
    expect(parseFieldPath('limits.cpu')).toEqual(['profileConfig', 'limits', 'cpu']);
    expect(parseFieldPath('pools[1].name')).toEqual(['profileConfig', 'pools', 1, 'name']);
    expect(parseFieldPath('profileConfig.limits')).toEqual(['profileConfig', 'limits']);
  });

  it('refuses forms it does not know', () => {
    for (const path of ['', 'a..b', 'a b', 'clusterInputs.', '[0]', 'a[x]', '.a', 'a.']) {
      expect(parseFieldPath(path), path).toBeNull();
    }
  });
});

describe('existingPrefix', () => {
  const value = { profileConfig: { limits: { cpu: 4 }, pools: [{ name: 'a' }, { name: 'b' }] } };

  it('walks the whole path when it exists, turning numeric segments into indexes of lists', () => {
    expect(existingPrefix(value, ['profileConfig', 'pools', '1', 'name'])).toEqual([
      'profileConfig',
      'pools',
      1,
      'name',
    ]);
    expect(existingPrefix(value, ['profileConfig', 'limits', 'cpu'])).toEqual([
      'profileConfig',
      'limits',
      'cpu',
    ]);
  });

  it('stops at the nearest existing parent', () => {
    expect(existingPrefix(value, ['profileConfig', 'limits', 'memory'])).toEqual(['profileConfig', 'limits']);
    expect(existingPrefix(value, ['profileConfig', 'pools', 5, 'name'])).toEqual(['profileConfig', 'pools']);
    expect(existingPrefix(value, ['clusterInputs', 'x'])).toEqual([]);
  });

  it('does not follow inherited properties', () => {
    expect(existingPrefix(value, ['profileConfig', 'toString'])).toEqual(['profileConfig']);
  });
});

describe('formatPath', () => {
  it('writes paths as a person reads them', () => {
    expect(formatPath(['profileConfig', 'pools', 0, 'name'])).toBe('profileConfig.pools[0].name');
  });
});
