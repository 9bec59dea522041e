import type { SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';
import { safeHtml, type SafeHtml } from '../http/index.js';

/**
 * The schema.org Product of the page as JSON-LD. `<`, `>` and `&` are escaped as \u escapes, so no text
 * (a product name with `</script>`) can end the script element.
 */
export function productStructuredData(
  product: SalesChannelProduct,
  facts: { url: string; currency: { isoCode: string; decimals: number }; image: string | null; rating: { average: number | null; total: number } },
): SafeHtml {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.productNumber,
    ...(facts.image ? { image: facts.image } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.manufacturer ? { brand: { '@type': 'Brand', name: product.manufacturer.name } } : {}),
    offers: {
      '@type': 'Offer',
      price: (product.calculatedPrice.unitPrice / 10 ** facts.currency.decimals).toFixed(facts.currency.decimals),
      priceCurrency: facts.currency.isoCode,
      availability: product.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: facts.url,
    },
    ...(facts.rating.total > 0 && facts.rating.average !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: facts.rating.average, reviewCount: facts.rating.total } }
      : {}),
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return safeHtml(`<script type="application/ld+json">${json}</script>`);
}
