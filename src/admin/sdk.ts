/**
 * The Administration's module SDK: the only file of src/admin that an extension's admin code
 * (src/extensions/<name>/admin/) may import (test/architecture/extension-imports.unit.test.ts).
 */
import type { ComponentType } from 'react';

export { ApiError, type ApiClient, type RequestOptions } from './api';
export { useApi, useMe, useCan, type Me } from './auth';
export { useLoad, type Loaded } from './use-load';
export { PageHeader, Loading, EmptyState, LoadError, StateBadge, Money, DateTime, formatMoney, Section, KeyValue, RefundPanel } from './components';
export type { RefundableBalance, RefundInput } from './components';

export type { Order, OrderTransaction, OrderDetailTabProps, OrderDetailTab } from './order-types';
export { gatewayRefundTab, type GatewayRefundTabOptions } from './gateway-refund-tab';
import type { OrderDetailTab } from './order-types';

export interface NavigationEntry {
  label: string;
  /** Path below /admin, e.g. `/orders`. */
  path: string;
  /** The entry is hidden unless the user holds it. */
  privilege?: string;
  /** Sort key; platform modules use 10-90. */
  position?: number;
}

export interface ModuleRoute {
  /** react-router path below /admin, e.g. `/demo-data` or `/orders/:id`. */
  path: string;
  component: ComponentType;
  privilege?: string;
}

/** A settings form rendered from `GET /api/_action/system-config/schema?domain=<domain>`. */
export interface SettingsDomain {
  domain: string;
  title: string;
}

/** A card on the dashboard, for users holding `privilege`. */
export interface DashboardCard {
  id: string;
  privilege: string;
  component: ComponentType;
}

/** What a module contributes: an extension's admin/index.tsx default-exports one. */
export interface AdminModule {
  id: string;
  /**
   * The server extension the module belongs to (its name, e.g. `ExtOrderExport`): the shell leaves the module out
   * while that extension is not active (`extensions` of `GET /api/_info/me`). Platform modules leave it unset.
   */
  extension?: string;
  navigation?: NavigationEntry[];
  routes?: ModuleRoute[];
  orderDetailTabs?: OrderDetailTab[];
  settings?: SettingsDomain[];
  dashboardCards?: DashboardCard[];
}

export function defineModule(module: AdminModule): AdminModule {
  return module;
}
