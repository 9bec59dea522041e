import type { FastifyRequest } from 'fastify';
import { loadNavigation, type NavigationNode } from '../../catalog/store/navigation.js';
import type { Db } from '../../database/connection.js';
import type { ShopContexts } from './shop-context.js';

interface LoadedTree {
  depth: number;
  nodes: Promise<NavigationNode[]>;
}

/**
 * The category tree of a request, loaded once: the layout's category bar and a page's own category
 * tiles read the same tree instead of querying it twice.
 */
export class ShopNavigation {
  readonly #trees = new WeakMap<FastifyRequest, LoadedTree>();

  constructor(
    private readonly db: Db,
    private readonly contexts: ShopContexts,
  ) {}

  /**
   * The categories below the channel's navigation category, at least `depth` levels deep (1 = its
   * children): a deeper tree already loaded for this request is returned as it is, since its top
   * levels are the same nodes.
   */
  async of(request: FastifyRequest, depth: number): Promise<NavigationNode[]> {
    const loaded = this.#trees.get(request);
    if (loaded && loaded.depth >= depth) return loaded.nodes;
    // the promise is kept, so calls running side by side share one load
    const nodes = this.contexts.contextOf(request).then((context) => loadNavigation(this.db, context, depth));
    this.#trees.set(request, { depth, nodes });
    return nodes;
  }
}
