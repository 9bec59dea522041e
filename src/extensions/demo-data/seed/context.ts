import type { ExtensionHost } from '../../../platform/sdk/index.js';
import type { IdMap } from '../plan/id-map.js';
import type { SeedPlan } from '../plan/types.js';
import type { Progress } from '../progress.js';
import type { Tally } from '../tally.js';
import type { ShopDefaults } from './shop-defaults.js';

/** What every family seeder works with during one run. */
export interface SeedContext {
  host: ExtensionHost;
  plan: SeedPlan;
  /** Plan ids -> the ids rows really have (adopted rows keep theirs). */
  ids: IdMap;
  tally: Tally;
  progress: Progress;
  shop: ShopDefaults;
  /** Plan ids of products that were adopted (merchant products): no reviews, no cross-selling. */
  adoptedProducts: Set<string>;
  /** Rows inserted or updated by this run (children included), for rows/s figures. */
  written: { rows: number };
}
