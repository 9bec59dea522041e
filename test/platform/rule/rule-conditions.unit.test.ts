import { describe, expect, it } from 'vitest';
import { ruleMatches } from '../../../src/platform/rule/rule-conditions.js';

const channel = 'aa'.repeat(16);
const other = 'bb'.repeat(16);
const scope = { salesChannelId: channel, currencyId: 'cc'.repeat(16), customerGroupId: 'dd'.repeat(16) };

describe('rule conditions', () => {
  it('holds for no conditions and for alwaysValid', () => {
    expect(ruleMatches(null, scope)).toBe(true);
    expect(ruleMatches([], scope)).toBe(true);
    expect(ruleMatches([{ type: 'alwaysValid' }], scope)).toBe(true);
  });

  it('compares sales channel, currency and customer group ids with = and != (dashed ids too)', () => {
    const dashed = `${channel.slice(0, 8)}-${channel.slice(8, 12)}-${channel.slice(12, 16)}-${channel.slice(16, 20)}-${channel.slice(20)}`;
    expect(ruleMatches([{ type: 'salesChannel', value: { operator: '=', salesChannelIds: [other, dashed] } }], scope)).toBe(true);
    expect(ruleMatches([{ type: 'salesChannel', value: { operator: '!=', salesChannelIds: [channel] } }], scope)).toBe(false);
    expect(ruleMatches([{ type: 'salesChannel', value: { operator: '!=', salesChannelIds: [other] } }], scope)).toBe(true);
    expect(ruleMatches([{ type: 'currency', value: { operator: '=', currencyIds: [scope.currencyId] } }], scope)).toBe(true);
    expect(ruleMatches([{ type: 'customerCustomerGroup', value: { operator: '=', customerGroupIds: [other] } }], scope)).toBe(false);
  });

  it('needs every top-level condition; containers nest and and or', () => {
    const inChannel = { type: 'salesChannel', value: { operator: '=', salesChannelIds: [channel] } };
    const elsewhere = { type: 'salesChannel', value: { operator: '=', salesChannelIds: [other] } };
    expect(ruleMatches([inChannel, elsewhere], scope)).toBe(false);
    expect(ruleMatches([{ type: 'orContainer', children: [elsewhere, inChannel] }], scope)).toBe(true);
    expect(ruleMatches([{ type: 'andContainer', children: [inChannel, { type: 'orContainer', children: [elsewhere] }] }], scope)).toBe(false);
  });

  it('never holds for what it cannot evaluate: unknown types, unknown operators, malformed values', () => {
    expect(ruleMatches([{ type: 'customerBirthday' }], scope)).toBe(false);
    expect(ruleMatches([{ type: 'salesChannel', value: { operator: '>', salesChannelIds: [channel] } }], scope)).toBe(false);
    expect(ruleMatches([{ type: 'salesChannel', value: { operator: '=' } }], scope)).toBe(false);
    expect(ruleMatches(['salesChannel'], scope)).toBe(false);
    expect(ruleMatches({ type: 'alwaysValid' }, scope)).toBe(true);
  });
});
