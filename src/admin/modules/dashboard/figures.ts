import { isTestOrder } from '../orders/payment-flags';

/** The fields of an order the dashboard counts. */
export type CountedOrder = {
  id: string;
  orderDateTime: string;
  amountTotal: number;
  customFields?: Record<string, unknown> | null;
  currency?: { isoCode: string } | null;
  stateMachineState?: { technicalName: string } | null;
};

export interface PeriodFigures {
  orders: number;
  /** Revenue per currency in thousandths of the major unit (exact sums for currencies of up to 3 decimals), ISO code → amount. */
  revenue: Record<string, number>;
}

/** Midnight of the local day `date` falls in. */
export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
/** Monday 00:00 of the local week `date` falls in. */
export const startOfWeek = (date: Date) => {
  const day = startOfDay(date);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day;
};
const dayKey = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Test orders bring no money and cancelled ones none any more: neither counts. */
export const counts = (order: CountedOrder) => !isTestOrder(order) && order.stateMachineState?.technicalName !== 'cancelled';

/** Orders and revenue per currency of the counted orders placed at or after `since`. */
export function figuresSince(orders: CountedOrder[], since: Date): PeriodFigures {
  const figures: PeriodFigures = { orders: 0, revenue: {} };
  for (const order of orders) {
    if (!counts(order) || new Date(order.orderDateTime) < since) continue;
    figures.orders += 1;
    const currency = order.currency?.isoCode ?? '?';
    figures.revenue[currency] = (figures.revenue[currency] ?? 0) + Math.round(order.amountTotal * 1000);
  }
  return figures;
}

/** Counted orders per local day for the `days` days ending today, oldest first (days without orders included). */
export function ordersPerDay(orders: CountedOrder[], days: number, today: Date): Array<{ day: string; orders: number }> {
  const perDay = new Map<string, number>();
  const first = startOfDay(today);
  first.setDate(first.getDate() - (days - 1));
  for (let i = 0; i < days; i++) {
    const day = new Date(first);
    day.setDate(first.getDate() + i);
    perDay.set(dayKey(day), 0);
  }
  for (const order of orders) {
    if (!counts(order)) continue;
    const key = dayKey(new Date(order.orderDateTime));
    if (perDay.has(key)) perDay.set(key, perDay.get(key)! + 1);
  }
  return [...perDay].map(([day, count]) => ({ day: day.slice(5), orders: count }));
}
