import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/platform/mail/rendering/render-mail.js';
import { compileMailTemplate, templateProblem } from '../../../src/platform/mail/rendering/template-compiler.js';
import { sampleOrder } from '../../../src/platform/mail/types/sample-order.js';
import { orderConfirmationMailType } from '../../../src/platform/mail/types/order-mail-types.js';

const render = (source: string, data: Record<string, unknown> = {}, kind: 'html' | 'text' = 'html') => compileMailTemplate(source, kind).render(data);

describe('mail templates: what is refused before a template is saved', () => {
  it('names the line of a syntax error', () => {
    expect(templateProblem('Hello\n{{ customer.firstName }\n', 'html')?.message).toBe('line 2: expected variable end');
    expect(templateProblem('a\nb\n{% for x in %}', 'text')?.message).toBe('line 3: unexpected token: %}');
    // an unclosed block ends with the input: its last line
    expect(templateProblem('a\n{% if x %}\nb', 'html')?.message).toMatch(/^line 3: .*expected elif, else, or endif/);
  });

  it('refuses filters and tests that do not exist, which nunjucks itself notices only when rendering', () => {
    expect(templateProblem('a\n\n{{ order.amountTotal | money }}', 'html')?.message).toBe('line 3: unknown filter "money"');
    expect(templateProblem('{% if x is constructor %}{% endif %}', 'html')?.message).toBe('line 1: unknown test "constructor"');
    expect(templateProblem('{{ 12.5 | currency("EUR") | upper }} {% if 2 is odd %}{% endif %}', 'html')).toBeUndefined();
  });

  it('refuses include, import and extends: mail templates read no files', () => {
    for (const source of ['{% include "/etc/passwd" %}', '{% import "x.njk" as x %}', '{% from "x.njk" import y %}', '{% extends "layout.njk" %}']) {
      expect(templateProblem(source, 'html')?.message).toBe('line 1: mail templates cannot include, import or extend other templates');
    }
  });

  it('refuses reading prototype members by name', () => {
    expect(templateProblem('{{ "".constructor.constructor("return process")() }}', 'html')?.message).toBe('line 1: "constructor" cannot be read in mail templates');
    expect(templateProblem("{{ x['__proto__'] }}", 'html')?.message).toBe('line 1: "__proto__" cannot be read in mail templates');
  });
});

describe('mail templates: what a template can reach when it renders', () => {
  it('reaches no code through the prototype chain, however the name is spelled', () => {
    const attempts = [
      '{% set c = "constr" ~ "uctor" %}{{ ""[c][c]("return process")() }}',
      '{% set c = "constr" ~ "uctor" %}{{ range[c]("return process")() }}',
    ];
    for (const source of attempts) {
      expect(() => render(source, { order: {} })).toThrow(/Unable to call|undefined or falsey/);
    }
    expect(render('{% set p = "__pro" ~ "to__" %}[{{ order[p] }}]', { order: {} })).toBe('[]');
    // a bare name that only the prototype of the data has is undefined
    expect(render('[{{ constructor }}][{{ toString }}][{{ hasOwnProperty }}]', {})).toBe('[][][]');
  });

  it('reads own properties of the data: fields, list items and lengths, loop variables and macros', () => {
    const data = { order: { lines: [{ label: 'Mug' }, { label: 'Cup' }] } };
    expect(render('{{ order.lines.length }}:{% for l in order.lines %}{{ loop.index }}.{{ l.label }} {% endfor %}{{ order.lines[1].label }}', data)).toBe('2:1.Mug 2.Cup Cup');
    expect(render('{% macro price(x) %}[{{ x }}]{% endmacro %}{{ price(3) }}', {})).toBe('[3]');
  });

  it('escapes data in HTML and leaves it as it is in text', () => {
    const data = { name: '<script>alert(1)</script> & "Co"' };
    expect(render('{{ name }}', data, 'html')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(render('{{ name }}', data, 'text')).toBe(data.name);
  });

  it('stops a template that loops too long or builds huge values', () => {
    expect(() => render('{% for i in range(1000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}')).toThrow('line 1: the template loops more than 100000 times');
    expect(() => render('{{ range(1000000) | length }}')).toThrow(/at most 10000 items/);
    expect(render('{{ "x" | center(1000000000) | length }}')).toBe('1000');
  });

  it('prints money and dates for people', () => {
    // Intl separates the code from the amount with a no-break space
    expect(render('{{ 1234.5 | currency(order.currency) }} {{ 12 | currency("KWD") }} {{ 1500 | currency("RWF") }} {{ "x" | currency("EUR") }}', { order: { currency: { isoCode: 'EUR', symbol: '€', decimals: 2 } } }).replace(/\u00a0/g, ' ')).toBe(
      '€1,234.50 KWD 12.000 RF 1,500 ',
    );
    expect(render('{{ d | date }} / {{ d | date("date") }}', { d: '2026-11-25T14:03:00.000Z' })).toBe('25 Nov 2026, 14:03 / 25 November 2026');
  });
});

describe('the order confirmation of 20 lines', () => {
  it('renders every line and the totals of the sample order', () => {
    const order = sampleOrder(20);
    const mail = renderMail(orderConfirmationMailType.defaultTemplate, undefined, { order, shopName: 'Demo Shop', storefrontUrl: 'https://shop.example' });
    expect(mail.subject).toBe('Your order 10042 at Demo Shop');
    expect(mail.senderName).toBe('Demo Shop');
    expect(mail.text.match(/ x Coffee mug no\. /g)).toHaveLength(20);
    expect(mail.text).toContain(`Total: €${(order.amountTotal as number).toFixed(2)}`);
    expect(mail.html.startsWith('<!DOCTYPE html>')).toBe(true);
  });
});
