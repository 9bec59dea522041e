import { throwProblems, type AppError } from '../../errors/app-error.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { isId } from '../../ids.js';
import { LINE_ITEM_TYPES, type LineItemType } from './cart.js';
import { cartRequestErrors } from './cart-errors.js';
import { MAX_LINE_ITEM_QUANTITY } from './purchase-limits.js';

export interface NewLineItem {
  type: LineItemType;
  /** The product id. */
  referencedId: string;
  quantity: number;
}

export interface QuantityChange {
  id: string;
  quantity: number;
}

/*
 * Store API bodies of the line item routes, checked completely before anything changes: every problem
 * is reported at once with a pointer (`/items/1/quantity`), and one bad entry refuses the whole request.
 */

/** `{items:[{type:"product", referencedId, quantity?}]}`; a missing quantity is 1, as in Shopware. */
export function parseNewLineItems(body: unknown): NewLineItem[] {
  const entries = itemList(body);
  const problems: AppError[] = [];
  const items: NewLineItem[] = [];
  entries.forEach((entry, index) => {
    const at = `/items/${index}`;
    if (!isPlainObject(entry)) return void problems.push(cartRequestErrors.notAnObject(at));
    const before = problems.length;
    if (!(LINE_ITEM_TYPES as readonly unknown[]).includes(entry.type)) problems.push(cartRequestErrors.invalidLineItemType(entry.type, `${at}/type`));
    // Shopware also accepts `id` as the product id of a product line item
    const referencedId = entry.referencedId ?? entry.id;
    if (!isId(referencedId)) problems.push(cartRequestErrors.invalidId(referencedId, `${at}/referencedId`));
    const quantity = entry.quantity ?? 1;
    if (!isQuantity(quantity)) problems.push(cartRequestErrors.invalidQuantity(entry.quantity, `${at}/quantity`));
    if (problems.length === before) items.push({ type: entry.type as LineItemType, referencedId: referencedId as string, quantity: quantity as number });
  });
  throwProblems(problems);
  return items;
}

/** `{items:[{id, quantity}]}`. */
export function parseQuantityChanges(body: unknown): QuantityChange[] {
  const entries = itemList(body);
  const problems: AppError[] = [];
  const changes: QuantityChange[] = [];
  entries.forEach((entry, index) => {
    const at = `/items/${index}`;
    if (!isPlainObject(entry)) return void problems.push(cartRequestErrors.notAnObject(at));
    const before = problems.length;
    if (!isId(entry.id)) problems.push(cartRequestErrors.invalidId(entry.id, `${at}/id`));
    if (!isQuantity(entry.quantity)) problems.push(cartRequestErrors.invalidQuantity(entry.quantity, `${at}/quantity`));
    if (problems.length === before) changes.push({ id: entry.id as string, quantity: entry.quantity as number });
  });
  throwProblems(problems);
  return changes;
}

/** `{ids:[...]}` in the body, or `?ids[]=...` (also `?ids=a&ids=b`) in the query. */
export function parseLineItemIds(body: unknown, query: unknown): string[] {
  const fromBody = isPlainObject(body) ? body.ids : undefined;
  const fromQuery = isPlainObject(query) ? (query['ids[]'] ?? query.ids) : undefined;
  const raw = fromBody ?? (typeof fromQuery === 'string' ? [fromQuery] : fromQuery);
  if (!Array.isArray(raw) || raw.length === 0) throw cartRequestErrors.notAList('ids');
  const problems = raw.flatMap((id, index) => (isId(id) ? [] : [cartRequestErrors.invalidId(id, `/ids/${index}`)]));
  throwProblems(problems);
  return [...new Set(raw as string[])];
}

function itemList(body: unknown): unknown[] {
  const items = isPlainObject(body) ? body.items : undefined;
  if (!Array.isArray(items) || items.length === 0) throw cartRequestErrors.notAList('items');
  return items;
}

function isQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LINE_ITEM_QUANTITY;
}
