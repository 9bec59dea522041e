import { defineModule } from '../../sdk';
import { ProductList } from './product-list';
import { ProductDetail } from './product-detail';
import { CategoryTree } from './category-tree';
import { Manufacturers } from './manufacturers';
import { Properties } from './properties';
import { Reviews } from './reviews';

/** The catalogue: products with variants and images, the category tree, manufacturers, properties and reviews. */
export default defineModule({
  id: 'catalogue',
  navigation: [
    { label: 'Products', path: '/catalogue/products', privilege: 'product:read', position: 30 },
    { label: 'Categories', path: '/catalogue/categories', privilege: 'category:read', position: 31 },
    { label: 'Manufacturers', path: '/catalogue/manufacturers', privilege: 'product_manufacturer:read', position: 32 },
    { label: 'Properties', path: '/catalogue/properties', privilege: 'property_group:read', position: 33 },
    { label: 'Reviews', path: '/catalogue/reviews', privilege: 'product_review:read', position: 34 },
  ],
  routes: [
    { path: '/catalogue/products', component: ProductList, privilege: 'product:read' },
    { path: '/catalogue/products/:id', component: ProductDetail, privilege: 'product:read' },
    { path: '/catalogue/categories', component: CategoryTree, privilege: 'category:read' },
    { path: '/catalogue/manufacturers', component: Manufacturers, privilege: 'product_manufacturer:read' },
    { path: '/catalogue/properties', component: Properties, privilege: 'property_group:read' },
    { path: '/catalogue/reviews', component: Reviews, privilege: 'product_review:read' },
  ],
});
