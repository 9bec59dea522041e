import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  compileGuardedExpression,
  DEFAULT_EXPRESSION_LIMITS,
  ExpressionError,
  parseExpression,
} from '../../../../src/extensions/order-export/mapping/expression-guard.js';

async function failure(text: string, limits = DEFAULT_EXPRESSION_LIMITS, input: unknown = {}): Promise<ExpressionError> {
  const expression = compileGuardedExpression(text, limits);
  const error = await expression.evaluate(input).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExpressionError);
  return error as ExpressionError;
}

describe('expression guard', () => {
  it('evaluates ordinary expressions', async () => {
    expect(await compileGuardedExpression('$sum([1..100])').evaluate({})).toBe(5050);
    expect(await compileGuardedExpression('a.b & "!"').evaluate({ a: { b: 'x' } })).toBe('x!');
  });

  it('stops unbounded self-application (would otherwise exhaust the heap)', async () => {
    const started = performance.now();
    const error = await failure('function($x){$x($x)}(function($x){$x($x)})');
    expect(['U1001', 'U1002']).toContain(error.code);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stops deep recursion at the depth limit', async () => {
    const error = await failure('($f := function($n){ $n = 0 ? 0 : 1 + $f($n - 1) }; $f(10000))', { ...DEFAULT_EXPRESSION_LIMITS, timeoutMs: 60_000 });
    expect(error.code).toBe('U1001');
    expect(error.message).toContain('deeper than 500 levels');
    // the same recursion within the limit is fine
    expect(await compileGuardedExpression('($f := function($n){ $n = 0 ? 0 : 1 + $f($n - 1) }; $f(20))').evaluate({})).toBe(20);
  });

  it('stops a tail-recursive endless loop at the time limit', async () => {
    const started = performance.now();
    const error = await failure('($loop := function($n) { $loop($n + 1) }; $loop(0))', { ...DEFAULT_EXPRESSION_LIMITS, timeoutMs: 100 });
    expect(error.code).toBe('U1002');
    expect(error.message).toBe('Evaluation took longer than 100 ms; check for an infinite loop');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stops texts longer than the limit where they are made, before anything copies them (one huge string can abort a worker\'s whole process)', async () => {
    const limits = { ...DEFAULT_EXPRESSION_LIMITS, maxTextLength: 1000 };
    for (const text of [
      '$pad("", 200000000, "x")',
      '$uppercase($pad("", 200000000, "xy"))',
      '($s := "xxxxxxxxxx"; $s := $s & $s & $s & $s & $s & $s & $s & $s & $s & $s; $s := $s & $s & $s & $s & $s & $s & $s & $s & $s & $s; $s := $s & $s; $length($s))',
      '$join($map([1..20], function($i) { $pad("", 100, "y") }))',
      '$string($map([1..20], function($i) { $pad("", 100, "y") }))',
      '$replace($pad("", 500, "a"), "a", "bbb")',
    ]) {
      const error = await failure(text, limits);
      expect(error.code, text).toBe('U1003');
      expect(error.message).toBe('Evaluation made a text longer than 1000 characters');
    }
    // within the limit the functions answer as jsonata's own
    const same = async (text: string) => compileGuardedExpression(text, limits).evaluate({ a: ['p', 'q'] });
    expect(await same('$pad("ab", 5, "-") & $pad("ab", -5)')).toBe('ab---   ab');
    expect(await same('a ~> $join(",")')).toBe('p,q');
    expect(await same('$string({"a": [1, 2]}) & $string(1/3)')).toBe('{"a":[1,2]}0.333333333333333');
    expect(await same('$length($pad("", 1000, "x"))')).toBe(1000);
  });

  it('refuses to allocate huge sequences in one step', async () => {
    expect((await failure('$count([1..10000000])')).code).toBe('D2015');
    expect((await failure('$count($map([1..10000000], function($v) { $v }))')).code).toBe('D2015');
  });

  it('measures the time of each evaluation, not of the compiled expression', async () => {
    const expression = compileGuardedExpression('$sum(values)', { ...DEFAULT_EXPRESSION_LIMITS, timeoutMs: 40 });
    // five evaluations spread over more than the limit: each is short, so none may trip
    for (let round = 0; round < 5; round++) {
      expect(await expression.evaluate({ values: [1, 2, 3] })).toBe(6);
      await sleep(15);
    }
  });

  it('turns jsonata errors into ExpressionError with code and position', async () => {
    const error = await failure('"a" + 1');
    expect(error.code).toBe('T2001');
    expect(error.position).toBeTypeOf('number');
    expect(error.describe()).toMatch(/ \(T2001 at position \d+\)$/);
    expect(() => parseExpression('a.(')).toThrow(ExpressionError);
    try {
      parseExpression('a.(');
    } catch (syntax) {
      expect((syntax as ExpressionError).code).toMatch(/^S0\d{3}$/);
    }
  });
});
