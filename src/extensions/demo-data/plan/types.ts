import type { DemoEntityType } from '../identity.js';
import type { ImageSpec } from '../media/image-generator.js';
import type { Drawing } from '../media/product-drawing.js';
import type { SeedOptions } from '../options.js';

/*
 * The seed plan: every row the seeder wants to exist, with its deterministic id, the natural key it is
 * adopted by when the id is not found, and the values to fill in. Field names are the platform's
 * (Shopware's). Ids inside a plan are plan ids: where the seeder adopts a row under a foreign id it maps
 * references through an IdMap (plan/id-map.ts). Money is integer minor units of the default currency;
 * the seeder converts to the platform's major-unit price fields. Dates are ISO 8601 strings in UTC.
 * Records the plan cannot know (currency, language, country, payment and shipping method, the default
 * customer group) are named by what they are (`countryIso`, `customerGroupId: null` = the shop's default)
 * and resolved by the seeder.
 */

export interface PlanNode {
  entity: DemoEntityType;
  /** `<entity type>:<blueprint path>`; stored on products and categories as `ext_demo_data_source_key`. */
  key: string;
  id: string;
  /**
   * What an existing row is recognised by when its id differs (name, product number, tax rate, e-mail...);
   * rows found by id only (reviews) carry their identity key here.
   */
  naturalKey: string;
}

/** A row that belongs to a plan node and is written with it (e.g. a customer's address). */
export interface ChildRow {
  key: string;
  id: string;
}

export interface MoneyPair {
  gross: number;
  net: number;
}

export interface TaxNode extends PlanNode {
  entity: 'tax';
  name: string;
  taxRate: number;
}

export interface RuleNode extends PlanNode {
  entity: 'rule';
  channel: string;
  name: string;
  description: string;
  priority: number;
  /** Shopware's condition tree, stored as data: the channel the bulk prices apply in. */
  conditions: Array<{ type: 'salesChannel'; value: { operator: '='; salesChannelIds: string[] } }>;
}

export interface ManufacturerNode extends PlanNode {
  entity: 'product_manufacturer';
  name: string;
  link: string | null;
  description: string | null;
}

export interface PropertyGroupNode extends PlanNode {
  entity: 'property_group';
  name: string;
  displayType: 'text' | 'color';
  sortingType: 'position';
  position: number;
  filterable: boolean;
  visibleOnProductDetailPage: boolean;
}

export interface PropertyGroupOptionNode extends PlanNode {
  entity: 'property_group_option';
  groupId: string;
  name: string;
  position: number;
  colorHexCode: string | null;
}

export interface TagNode extends PlanNode {
  entity: 'tag';
  name: string;
}

export interface CustomerGroupNode extends PlanNode {
  entity: 'customer_group';
  name: string;
  displayGross: boolean;
}

export type ServicePageKey = 'imprintPage' | 'privacyPage' | 'shippingPaymentInfoPage';

export interface SalesChannelNode extends PlanNode {
  /** `#rrggbb`: the storefront's header and buttons (`core.basicInformation.primaryColor`). */
  brandColour: string;
  entity: 'sales_channel';
  channel: string;
  name: string;
  /** Names of existing channels to take over when neither the id nor the name matches. */
  adopt: string[];
  /** The channel's root category (a `categories` node with isRoot); an adopted channel keeps its own. */
  navigationCategoryId: string;
  /** null: the shop's default customer group. */
  customerGroupId: string | null;
  countryIso: string;
  /** `sales_channel_domain`: the seeder prefixes the path with the shop's URL. */
  domain: ChildRow & { path: string };
}

export interface CategoryNode extends PlanNode {
  entity: 'category';
  channel: string;
  /** Blueprint path, e.g. `flagship/kitchen/knives`. */
  path: string;
  name: string;
  parentId: string | null;
  /** The previous sibling; null for the first. Categories have no position column. */
  afterCategoryId: string | null;
  /** 1 for the root, as Shopware counts. */
  level: number;
  /** The channel's navigation root: created with the channel, or replaced by an adopted channel's own. */
  isRoot: boolean;
  /** A leaf holds products. */
  isLeaf: boolean;
  description: string | null;
  type: 'page';
  active: boolean;
  visible: boolean;
  displayNestedProducts: boolean;
}

export interface ProductVisibilityRow extends ChildRow {
  salesChannelId: string;
  /** Shopware's "all" (listings, search and link). */
  visibility: 30;
}

export interface ProductNode extends PlanNode {
  entity: 'product';
  channel: string;
  /** Blueprint path of the product, e.g. `flagship/kitchen/knives#3` (`…#3/size=m` for a variant). */
  path: string;
  /** The leaf category's path. */
  categoryPath: string;
  /** The parent's id for a variant; a variant leaves name, price, tax, manufacturer... empty and inherits them. */
  parentId: string | null;
  productNumber: string;
  name: string | null;
  description: string | null;
  manufacturerId: string | null;
  taxId: string | null;
  /** Gross and net of one piece; null on variants (inherited). */
  price: MoneyPair | null;
  stock: number;
  active: boolean;
  isCloseout: boolean;
  ean: string;
  releaseDate: string | null;
  /** Kilograms. */
  weight: number | null;
  markAsTopseller: boolean;
  categoryIds: string[];
  tagIds: string[];
  /** `product_property` links. */
  propertyIds: string[];
  /** `product_option` links: the variant's option. */
  optionIds: string[];
  visibility: ProductVisibilityRow | null;
  /** A parent whose variants are the things bought. */
  hasVariants: boolean;
  /** Can be a line item: a variant, or a product without variants. */
  buyable: boolean;
}

/** One bulk price tier of a product (Shopware's `product_price`, the "advanced prices"). */
export interface ProductPriceNode extends PlanNode {
  entity: 'product_price';
  productId: string;
  ruleId: string;
  quantityStart: number;
  quantityEnd: number | null;
  /** Per piece. */
  price: MoneyPair;
  discountPercent: number;
}

export interface MediaNode extends PlanNode {
  entity: 'media';
  /** Without extension; also the natural key. */
  fileName: string;
  fileExtension: 'png';
  mimeType: 'image/png';
  title: string;
  alt: string;
  /** Drawn by generateImage when the file is missing. */
  image: ImageSpec;
  /** A product image drawn as the thing itself (a knife, a lamp...) in the variant's colour; replaces `image`. */
  drawing: Drawing | null;
  /** The row whose image it is: a product's cover, a manufacturer's logo, a category's image. */
  attachTo: { entity: 'product' | 'product_manufacturer' | 'category' | 'sales_channel'; id: string };
  /** The `product_media` row for product images, which becomes the product's cover. */
  productMedia: (ChildRow & { position: number }) | null;
}

export interface LandingPageNode extends PlanNode {
  entity: 'landing_page';
  /** A service page: the channel setting (`core.basicInformation.<key>`) that makes it a footer link. */
  serviceKey: ServicePageKey | null;
  channel: string;
  name: string;
  url: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  active: boolean;
  salesChannelIds: string[];
}

/** What a layout's slot shows; plan ids inside are resolved when the layout is written. */
export type LayoutElement =
  /** Slides of product images, each linking to a category. */
  | { type: 'image-slider'; slides: Array<{ mediaId: string; categoryId: string }> }
  /** HTML (escaped blueprint text). */
  | { type: 'text'; html: string }
  | { type: 'product-slider'; productIds: string[] };

export interface CmsBlockRow extends ChildRow {
  position: number;
  /** The block type and its one slot's element type (Shopware's `text`, `image-slider`, `product-slider` blocks). */
  element: LayoutElement;
  /** Shopware's slot name of that block type (`content`, `imageSlider`, `productSlider`). */
  slotName: string;
  slot: ChildRow;
}

/**
 * A Shopping Experiences layout (`cms_page` with one section of blocks, one slot each), drawn on the page
 * it is assigned to: a channel's home (its navigation category) or its marketing landing page.
 */
export interface CmsPageNode extends PlanNode {
  entity: 'cms_page';
  channel: string;
  name: string;
  /** `page` (Shopware's shop page) for home, `landingpage` for a campaign page. */
  type: 'page' | 'landingpage';
  /** The row whose `cmsPageId` the seeder sets, only when demo data created that row. */
  assignTo: { entity: 'category' | 'landing_page'; id: string };
  section: ChildRow;
  blocks: CmsBlockRow[];
}

export interface AddressRow extends ChildRow {
  firstName: string;
  lastName: string;
  street: string;
  zipcode: string;
  city: string;
  countryIso: string;
  company: string | null;
}

export interface CustomerNode extends PlanNode {
  entity: 'customer';
  channel: string;
  salesChannelId: string;
  /** null: the shop's default customer group. */
  groupId: string | null;
  customerNumber: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  birthday: string;
  /** Guests have no password and cannot log in. */
  guest: boolean;
  /** Plain text, for the seeder to hash like any customer password; null for guests. */
  password: string | null;
  active: boolean;
  /** Default billing and shipping address. */
  address: AddressRow;
}

export interface OrderLineRow extends ChildRow {
  position: number;
  productId: string;
  productNumber: string;
  label: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  taxRate: number;
  /** Tax contained in totalPrice. */
  tax: number;
}

/**
 * An order of the plan. Its id, key and number are planned at once (they are all a run needs to find
 * the order); its customer, lines, totals and states only when `details()` is first called, so a run
 * that finds every order in place never prices one. The details are a pure function of the plan's
 * input: calling early or late gives the same values.
 */
export interface OrderNode extends PlanNode {
  entity: 'order';
  channel: string;
  orderNumber: string;
  details(): OrderDetails;
}

export interface OrderDetails {
  salesChannelId: string;
  orderDateTime: string;
  customerId: string;
  orderCustomer: ChildRow & { email: string; firstName: string; lastName: string; company: string | null; customerNumber: string };
  billingAddress: AddressRow;
  lineItems: OrderLineRow[];
  taxRate: number;
  taxStatus: 'gross';
  positionPrice: number;
  shippingCosts: MoneyPair;
  amountTotal: number;
  amountNet: number;
  /** Technical state names; the seeder sets them directly (history is not replayed). */
  states: { order: string; transaction: string; delivery: string };
  delivery: ChildRow & { shippingDateEarliest: string; shippingDateLatest: string };
  transaction: ChildRow & { amount: number };
}

export interface CrossSellingNode extends PlanNode {
  entity: 'product_cross_selling';
  productId: string;
  name: string;
  position: number;
  type: 'productList';
  active: boolean;
  limit: number;
  /** Keyed by the product they point to, so a link is the same row on every run. */
  assigned: Array<ChildRow & { productId: string; position: number }>;
}

export interface ReviewNode extends PlanNode {
  entity: 'product_review';
  productId: string;
  salesChannelId: string;
  title: string;
  content: string;
  points: number;
  /** Approved: shown in the storefront. */
  status: boolean;
  externalUser: string;
  createdAt: string;
}

/** The families of a plan in the order they are seeded (later ones refer to earlier ones). */
export const SEED_ORDER = [
  'taxes',
  'rules',
  'manufacturers',
  'propertyGroups',
  'propertyGroupOptions',
  'tags',
  'customerGroups',
  'salesChannels',
  'categories',
  'products',
  'productPrices',
  'media',
  'landingPages',
  'cmsPages',
  'customers',
  'orders',
  'crossSellings',
  'reviews',
] as const;

export type PlanFamily = (typeof SEED_ORDER)[number];

export interface SeedPlanFamilies {
  taxes: TaxNode[];
  rules: RuleNode[];
  manufacturers: ManufacturerNode[];
  propertyGroups: PropertyGroupNode[];
  propertyGroupOptions: PropertyGroupOptionNode[];
  tags: TagNode[];
  customerGroups: CustomerGroupNode[];
  salesChannels: SalesChannelNode[];
  /** Parents before children, siblings in order; each channel's root first. */
  categories: CategoryNode[];
  /** Each parent directly followed by its variants. */
  products: ProductNode[];
  productPrices: ProductPriceNode[];
  media: MediaNode[];
  landingPages: LandingPageNode[];
  /** Per channel: its home layout and its marketing landing page's layout. */
  cmsPages: CmsPageNode[];
  customers: CustomerNode[];
  orders: OrderNode[];
  crossSellings: CrossSellingNode[];
  reviews: ReviewNode[];
}

export interface SeedPlan extends SeedPlanFamilies {
  options: SeedOptions;
  referenceDate: string;
}
