import type { ComponentType } from 'react';

/* The order shapes the order detail page hands to the tabs extensions add (re-exported by sdk.ts). */

/** An order as the order detail loads it (associations included); fields are Shopware's. */
export type Order = Record<string, any> & {
  id: string;
  orderNumber: string;
  amountTotal: number;
  currency?: { isoCode: string; decimals?: number } | null;
  transactions?: OrderTransaction[];
};

export type OrderTransaction = Record<string, any> & {
  id: string;
  amount: { totalPrice: number } | Record<string, any>;
  paymentMethod?: { id: string; name: string; technicalName: string } | null;
  stateMachineState?: { technicalName: string; name: string } | null;
  customFields?: Record<string, unknown> | null;
};

export interface OrderDetailTabProps {
  order: Order;
  /** Loads the order again (after a refund or export changed it). */
  reload: () => void;
}

/** A tab an extension adds to the order detail page. */
export interface OrderDetailTab {
  id: string;
  label: string;
  /** The tab is hidden unless the user holds it. */
  privilege?: string;
  /** Shown only for orders it returns true for (e.g. paid with this extension's method). */
  appliesTo?: (order: Order) => boolean;
  component: ComponentType<OrderDetailTabProps>;
}
