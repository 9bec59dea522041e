import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * A suite's gateway test (e.g. `startPayATest`): started in beforeAll, closed in afterAll, and
 * `beforeEachTest` run before every test. The returned object is filled in when the suite starts,
 * so tests use it as they would the started one.
 */
export function useGatewayTest<T extends { close(): Promise<void> }>(start: () => Promise<T>, beforeEachTest?: (test: T) => Promise<unknown>): T {
  const test = {} as T;
  beforeAll(async () => {
    Object.assign(test, await start());
  });
  afterAll(() => test.close?.());
  if (beforeEachTest) beforeEach(() => beforeEachTest(test));
  return test;
}
