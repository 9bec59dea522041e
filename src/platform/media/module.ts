import type { PlatformModule } from '../module.js';
import { mediaMigration } from './migration.js';
import { mediaEntity } from './entity.js';

export const mediaModule: PlatformModule = { name: 'media', migrations: [mediaMigration], entities: [mediaEntity] };
