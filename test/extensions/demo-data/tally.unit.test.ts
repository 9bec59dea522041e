import { describe, expect, it } from 'vitest';
import { closingLine, didWrite, renderTally, Tally } from '../../../src/extensions/demo-data/tally.js';

describe('tally', () => {
  it('counts per entity in first-seen order and sums the columns', () => {
    const tally = new Tally();
    tally.add('product', 'created', 3);
    tally.add('category', 'reused', 2);
    tally.add('product', 'enriched');
    tally.add('sales_channel', 'adopted');
    expect(tally.entities()).toEqual(['product', 'category', 'sales_channel']);
    expect(tally.get('product')).toEqual({ created: 3, reused: 0, adopted: 0, enriched: 1, skipped: 0 });
    expect(tally.get('nothing')).toEqual({ created: 0, reused: 0, adopted: 0, enriched: 0, skipped: 0 });
    const report = tally.report();
    expect(report.headers).toEqual(['Entity', 'Created', 'Reused', 'Adopted', 'Enriched', 'Skipped']);
    expect(report.rows[0]).toEqual(['product', '3', '0', '0', '1', '0']);
    expect(report.totals).toEqual({ created: 3, reused: 2, adopted: 1, enriched: 1, skipped: 0 });
    expect(() => tally.add('product', 'created', -1)).toThrow(/at least 0/);
  });

  it('renders a right-aligned table, the notes and the closing line', () => {
    const tally = new Tally();
    tally.add('product', 'created', 736);
    tally.add('product_review', 'skipped', 12);
    tally.note('Demo logins for "Quayside Fresh Market": a@x.example, b@x.example (password demo-fresh)');
    tally.note('Demo logins for "Quayside Fresh Market": a@x.example, b@x.example (password demo-fresh)');
    expect(renderTally(tally.report())).toEqual([
      'Entity          Created  Reused  Adopted  Enriched  Skipped',
      '--------------  -------  ------  -------  --------  -------',
      'product             736       0        0         0        0',
      'product_review        0       0        0         0       12',
      '',
      'Worth knowing:',
      '  - Demo logins for "Quayside Fresh Market": a@x.example, b@x.example (password demo-fresh)',
      '',
      'Demo data up to date: 736 entities created, 0 existing entities completed.',
    ]);
  });

  it('says when nothing was done: reusing and adopting write nothing', () => {
    const tally = new Tally();
    tally.add('product', 'reused', 10);
    tally.add('sales_channel', 'adopted');
    expect(didWrite(tally.report())).toBe(false);
    expect(closingLine(tally.report())).toBe('Nothing to do: the demo catalogue is already complete.');
    tally.add('category', 'enriched');
    expect(closingLine(tally.report())).toBe('Demo data up to date: 0 entities created, 1 existing entity completed.');
  });
});
