import type { FastifyInstance } from 'fastify';
import type { StorefrontServices } from './storefront-services.js';

export function registerAccountAreaPages(_app: FastifyInstance, _services: StorefrontServices): void {}
