import type { PlatformModule } from '../module.js';
import { ensureDefaultShop } from './default-shop.js';

export const firstStartModule: PlatformModule = { name: 'first-start', boot: ensureDefaultShop };
