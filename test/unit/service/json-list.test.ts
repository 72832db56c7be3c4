import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonItems, NotJsonError, readListAnswer } from '../../../src/service/decode/json-list.js';

const read = (text: string) => readListAnswer(Buffer.from(text, 'utf8'), 'results');

/** The answer as plain data again: the list's items parsed, so that it compares with JSON.parse's. */
function materialize(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    const plain =
      member instanceof JsonItems ? Array.from({ length: member.length }, (_, i) => member.at(i)) : member;
    Object.defineProperty(out, name, { value: plain, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Every item parsed, or the error the first bad one throws. */
function outcome(parse: () => unknown): unknown {
  try {
    return { value: materialize(parse()) };
  } catch (error) {
    return { error: error instanceof SyntaxError || error instanceof NotJsonError ? 'not JSON' : error };
  }
}

describe('a list answer read item by item', () => {
  it('gives the members and the items JSON.parse gives, the list unparsed until read', () => {
    const text =
      ' {"pagination": {"total_pages": 1}, "results": [ {"id": "a", "s": "x\\"]}{,"} , [1, [2]], "b\\\\", 3e2, true, null ] , "next":null}\n';
    const body = read(text) as Record<string, unknown>;
    expect(body.results).toBeInstanceOf(JsonItems);
    expect(materialize(body)).toEqual(JSON.parse(text));
  });

  it('keeps __proto__ an own member, and a member written twice its last value', () => {
    const body = read('{"__proto__": {"polluted": 1}, "results": [], "a": 1, "a": 2}') as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(body.a).toBe(2);
    expect(Object.keys(body)).toEqual(['__proto__', 'results', 'a']);
  });

  it('parses any other shape whole, for the decoder to say what is wrong with it', () => {
    expect(read('{"results": 3}')).toEqual({ results: 3 });
    expect(read('[{"id": 1}]')).toEqual([{ id: 1 }]);
    expect(read('"text"')).toBe('text');
  });

  it.each([
    '<html>maintenance</html>',
    '{"results": [1, 2]',
    '{"results": [1 2]}',
    '{"results": [1,]}',
    '{"results": [], }',
    '{"results" [1]}',
    '{results: [1]}',
    '{"results": [1]} trailing',
    '{"results": ["unclosed]}',
    '{"results": [{"a": 1]]}',
    '{"results": [tru]}',
    '\uFEFF{"results": []}',
  ])('refuses %j as JSON.parse does, at the latest when the bad item is read', (text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(outcome(() => read(text))).toEqual({ error: 'not JSON' });
  });

  it('agrees with JSON.parse on any list answer, well formed or cut short', () => {
    const answer = fc.record({
      pagination: fc.option(fc.jsonValue(), { nil: undefined }),
      results: fc.array(fc.jsonValue()),
      other: fc.option(fc.jsonValue(), { nil: undefined }),
    });
    fc.assert(
      fc.property(answer, fc.nat(), fc.boolean(), (value, cut, pretty) => {
        const full = JSON.stringify(value, null, pretty ? 2 : undefined);
        for (const text of [full, full.slice(0, cut % (full.length + 1))]) {
          expect(outcome(() => read(text))).toEqual(outcome(() => JSON.parse(text)));
        }
      }),
    );
  });
});
