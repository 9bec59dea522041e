import { Type, type Static, type TSchema } from '@sinclair/typebox';

/*
 * The shape of a blueprint file. Keys (`key:` fields) are identifiers: they make up the blueprint paths
 * that ids are derived from, so renaming a key mints new rows. Names and copy are free text and may be
 * edited at any time. `hint` is our own schema option: the sentence shown when a value does not match.
 */

const strict = { additionalProperties: false } as const;

const Key = Type.String({
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 40,
  hint: 'must be a key: lower-case letters and digits, words joined by single hyphens (e.g. "home-kitchen")',
});
const Text = (maxLength = 255) => Type.String({ minLength: 1, maxLength });
const TextList = (minItems = 1) => Type.Array(Text(), { minItems });
const Amount = Type.Number({ minimum: 0, maximum: 100_000, hint: 'must be an amount from 0 to 100000 with at most two decimals' });
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const TaxRate = Type.Number({ minimum: 0, maximum: 99.99 });
const CountryIso = Type.String({ pattern: '^[A-Z]{2}$', hint: 'must be a two-letter country code in capitals (ISO 3166-1, e.g. "DE")' });

const IntRange = (minimum: number, maximum: number) =>
  Type.Object({ min: Type.Integer({ minimum, maximum }), max: Type.Integer({ minimum, maximum }) }, strict);

const AmountRange = Type.Object({ min: Amount, max: Amount }, strict);

/** A tier: from this quantity on, the price is `discount` percent lower (the base tier from 1 is implied). */
const BulkTier = Type.Object({ from: Type.Integer({ minimum: 2, maximum: 100_000 }), discount: Type.Number({ minimum: 0.01, maximum: 90 }) }, strict);

const Manufacturer = Type.Object(
  {
    key: Key,
    name: Text(),
    link: Type.Optional(Type.String({ pattern: '^https?://\\S+$', maxLength: 1024, hint: 'must be an http(s) URL' })),
    description: Type.Optional(Text(2000)),
  },
  strict,
);

const PropertyOption = Type.Object(
  {
    key: Key,
    name: Text(),
    color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', hint: 'must be a colour like "#4a5560"' })),
  },
  strict,
);

const PropertyGroup = Type.Object(
  {
    key: Key,
    name: Text(),
    displayType: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('color')], { hint: 'must be "text" or "color"' })),
    options: Type.Array(PropertyOption, { minItems: 1 }),
  },
  strict,
);

const Tag = Type.Object({ key: Key, name: Text(), share: Type.Integer({ minimum: 0, maximum: 100 }) }, strict);

const CustomerGroup = Type.Object({ key: Key, name: Text(), displayGross: Type.Boolean() }, strict);

const Place = Type.Object({ city: Text(), zipcode: Text(50) }, strict);

const People = Type.Object(
  {
    customersPerChannel: Type.Integer({ minimum: 0, maximum: 500 }),
    loginAccountsPerChannel: Type.Integer({ minimum: 0, maximum: 500 }),
    /** `{channel}` is replaced by the channel key; at least 8 characters after that (storefront rule). */
    password: Type.String({ minLength: 8, maxLength: 64 }),
    emailDomain: Type.String({ pattern: '^[a-z0-9-]+(\\.[a-z0-9-]+)+$', hint: 'must be a domain like "demo-shop.example"' }),
    firstNames: TextList(),
    lastNames: TextList(),
    companies: TextList(0),
    addresses: Type.Record(
      Type.String({ pattern: '^[A-Z]{2}$' }),
      Type.Object({ streets: TextList(), places: Type.Array(Place, { minItems: 1 }) }, strict),
    ),
  },
  strict,
);

const OrderState = Type.Object(
  {
    weight: Type.Integer({ minimum: 1, maximum: 1000 }),
    order: Type.Union(['open', 'in_progress', 'completed', 'cancelled'].map((s) => Type.Literal(s)), {
      hint: 'must be an order state: open, in_progress, completed or cancelled',
    }),
    transaction: Type.Union(['open', 'paid', 'paid_partially', 'refunded', 'refunded_partially', 'cancelled', 'failed'].map((s) => Type.Literal(s)), {
      hint: 'must be a payment state: open, paid, paid_partially, refunded, refunded_partially, cancelled or failed',
    }),
    delivery: Type.Union(['open', 'shipped', 'shipped_partially', 'returned', 'returned_partially', 'cancelled'].map((s) => Type.Literal(s)), {
      hint: 'must be a delivery state: open, shipped, shipped_partially, returned, returned_partially or cancelled',
    }),
  },
  strict,
);

const Orders = Type.Object(
  {
    perChannel: Type.Integer({ minimum: 0, maximum: 2000 }),
    historyDays: Type.Integer({ minimum: 1, maximum: 1830 }),
    linesPerOrder: IntRange(1, 20),
    quantity: IntRange(1, 1000),
    shipping: Type.Object({ cost: Amount, freeFrom: Amount }, strict),
    states: Type.Array(OrderState, { minItems: 1 }),
  },
  strict,
);

const ReviewPool = Type.Object({ titles: TextList(), texts: TextList() }, strict);

const Reviews = Type.Object(
  {
    perProduct: IntRange(0, 20),
    /** Share of reviews that are approved (shown in the storefront). */
    approvedShare: Percent,
    /** Relative weights of 1 to 5 stars. */
    ratingWeights: Type.Object(
      { '1': Type.Integer({ minimum: 0 }), '2': Type.Integer({ minimum: 0 }), '3': Type.Integer({ minimum: 0 }), '4': Type.Integer({ minimum: 0 }), '5': Type.Integer({ minimum: 0 }) },
      strict,
    ),
    positive: ReviewPool,
    mixed: ReviewPool,
    negative: ReviewPool,
  },
  strict,
);

const PropertyRef = Type.Union([Key, Type.Object({ group: Key, options: Type.Array(Key, { minItems: 1 }) }, strict)], {
  hint: 'must be a property group key, or {group, options} to draw from some of its options',
});

/** What a leaf category's products are made of. */
const Leaf = Type.Object(
  {
    /** One of these makes each product (drawn per product). */
    manufacturers: Type.Array(Key, { minItems: 1 }),
    price: AmountRange,
    /** Each group gives every product one of its options. */
    properties: Type.Optional(Type.Array(PropertyRef)),
    /** A property group whose options make the variants of each product. */
    variants: Type.Optional(Type.Object({ group: Key, options: Type.Optional(Type.Array(Key, { minItems: 2 })) }, strict)),
    /** Product names combine one entry of each list, e.g. [["Chef's", "Bread"], ["Knife"]]. */
    names: Type.Array(TextList(), { minItems: 1, maxItems: 3 }),
    /** The opening sentence of every description in this category. */
    description: Text(1000),
    /** Sentences of which three are drawn into each description. */
    features: TextList(),
    /** Weight in kilograms. */
    weight: Type.Optional(Type.Object({ min: Type.Number({ minimum: 0.001, maximum: 1000 }), max: Type.Number({ minimum: 0.001, maximum: 1000 }) }, strict)),
  },
  strict,
);

const CategoryCode = Type.String({ pattern: '^[A-Z0-9]{2,5}$', hint: 'must be 2 to 5 capital letters or digits (used in product numbers)' });

const Category = Type.Recursive(
  (This) =>
    Type.Object(
      {
        key: Key,
        name: Text(),
        /** Product number part; defaults to the first three letters of the key. */
        code: Type.Optional(CategoryCode),
        description: Type.Optional(Text(2000)),
        children: Type.Optional(Type.Array(This, { minItems: 1 })),
        products: Type.Optional(Leaf),
      },
      strict,
    ),
  { $id: 'Category' },
);

const Landing = Type.Object(
  {
    name: Text(),
    url: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$', hint: 'must be a path like "welcome/spring"' }),
    metaTitle: Text(),
    metaDescription: Text(2000),
    keywords: TextList(),
  },
  strict,
);

const Channel = Type.Object(
  {
    key: Key,
    /** Product and order number part, e.g. "FLG". */
    code: Type.String({ pattern: '^[A-Z]{2,4}$', hint: 'must be 2 to 4 capital letters' }),
    name: Text(),
    /** Names of existing sales channels this channel takes over (the flagship takes "Storefront"). */
    adopt: Type.Optional(TextList(0)),
    rootCategory: Text(),
    domainPath: Type.String({ pattern: '^/[a-z0-9-]+$', hint: 'must be a path segment like "/fresh"' }),
    taxRate: TaxRate,
    priceFactor: Type.Optional(Type.Number({ minimum: 0.1, maximum: 5 })),
    bulkTiers: Type.Optional(Type.Array(BulkTier)),
    customerGroup: Type.Optional(Key),
    country: CountryIso,
    companyCustomers: Type.Optional(Type.Boolean()),
    /** Products of this channel are sold off (Shopware's closeout: no sale beyond stock). */
    closeout: Type.Optional(Type.Boolean()),
    /** Overrides orders.quantity, e.g. larger quantities for trade. */
    orderQuantity: Type.Optional(IntRange(1, 1000)),
    landing: Landing,
    tree: Type.Array(Category, { minItems: 1 }),
  },
  strict,
);

export const BlueprintSchema = Type.Object(
  {
    version: Type.Literal(1),
    /** "Today" for every generated date, so dates do not move between runs. */
    referenceDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', hint: 'must be a date like "2026-01-01"' }),
    defaultPerCategory: Type.Integer({ minimum: 1, maximum: 50 }),
    productNumberPrefix: Type.String({ pattern: '^[A-Z][A-Z0-9]{1,7}$', hint: 'must be 2 to 8 capital letters or digits, starting with a letter' }),
    taxes: Type.Array(Type.Object({ rate: TaxRate, name: Text() }, strict), { minItems: 1 }),
    manufacturers: Type.Array(Manufacturer, { minItems: 1 }),
    propertyGroups: Type.Array(PropertyGroup),
    tags: Type.Array(Tag),
    /** Appended to product names once a category's name combinations are used up. */
    editions: TextList(),
    customerGroups: Type.Array(CustomerGroup),
    people: People,
    orders: Orders,
    reviews: Reviews,
    crossSelling: Type.Object({ name: Text(), count: Type.Integer({ minimum: 1, maximum: 24 }) }, strict),
    channels: Type.Array(Channel, { minItems: 1 }),
  },
  strict,
);

export type Blueprint = Static<typeof BlueprintSchema>;
export type BlueprintChannel = Static<typeof Channel>;
export type BlueprintCategory = Static<typeof Category>;
export type BlueprintLeaf = Static<typeof Leaf>;
export type BlueprintPropertyRef = Static<typeof PropertyRef>;
export type BlueprintOrderState = Static<typeof OrderState>;
export type BlueprintReviewPool = Static<typeof ReviewPool>;
export type BlueprintManufacturer = Static<typeof Manufacturer>;
export type BlueprintPropertyGroup = Static<typeof PropertyGroup>;

/** The sentence our schema attaches to a value that does not match, if any. */
export function hintOf(schema: TSchema): string | undefined {
  const hint = (schema as { hint?: unknown }).hint;
  return typeof hint === 'string' ? hint : undefined;
}
