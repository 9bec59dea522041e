import type { Migration } from '../database/migrations.js';
import { createEntityTable, createMappingTable, executeStatements } from '../database/schema.js';

/** Categories, products and everything hanging off them; landing pages. */
export const catalogMigration: Migration = {
  name: '0011_catalog',
  async up(db) {
    await createEntityTable(db, 'category', [
      'parent_id uuid NULL REFERENCES category(id) ON DELETE CASCADE',
      // siblings form a linked list, as in Shopware: the first has no after id, every other names the one it follows
      'after_category_id uuid NULL REFERENCES category(id) ON DELETE SET NULL',
      'level int NOT NULL DEFAULT 1',
      'path text NULL',
      'child_count int NOT NULL DEFAULT 0',
      'name varchar(255) NOT NULL',
      "type varchar(16) NOT NULL DEFAULT 'page' CHECK (type IN ('page', 'link', 'folder'))",
      'active boolean NOT NULL DEFAULT true',
      'visible boolean NOT NULL DEFAULT true',
      'display_nested_products boolean NOT NULL DEFAULT true',
      "product_assignment_type varchar(32) NOT NULL DEFAULT 'product'",
      'description text NULL',
      'external_link varchar(1024) NULL',
      'media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL',
    ]);
    await executeStatements(db, [
      'CREATE INDEX category_parent_idx ON category (parent_id)',
      'ALTER TABLE sales_channel ADD CONSTRAINT sales_channel_navigation_category_fk FOREIGN KEY (navigation_category_id) REFERENCES category(id)',
      // path and level follow from the parent whichever code writes the row; a cycle is refused
      `CREATE FUNCTION category_tree_fields() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE parent_path text; parent_level int;
        BEGIN
          IF NEW.parent_id IS NULL THEN
            NEW.path := NULL; NEW.level := 1;
          ELSE
            SELECT path, level INTO parent_path, parent_level FROM category WHERE id = NEW.parent_id;
            IF NEW.parent_id = NEW.id OR coalesce(parent_path, '') LIKE '%|' || replace(NEW.id::text, '-', '') || '|%' THEN
              RAISE EXCEPTION 'category % cannot be moved below itself', NEW.id USING ERRCODE = '23514';
            END IF;
            NEW.path := coalesce(parent_path, '|') || replace(NEW.parent_id::text, '-', '') || '|';
            NEW.level := parent_level + 1;
          END IF;
          RETURN NEW;
        END $$`,
      `CREATE TRIGGER category_tree_fields BEFORE INSERT OR UPDATE OF parent_id ON category
        FOR EACH ROW EXECUTE FUNCTION category_tree_fields()`,
      `CREATE FUNCTION category_child_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.parent_id IS NOT NULL THEN
            UPDATE category SET child_count = (SELECT count(*) FROM category c WHERE c.parent_id = OLD.parent_id) WHERE id = OLD.parent_id;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.parent_id IS NOT NULL THEN
            UPDATE category SET child_count = (SELECT count(*) FROM category c WHERE c.parent_id = NEW.parent_id) WHERE id = NEW.parent_id;
          END IF;
          -- a moved category takes its subtree along: re-derive the children's path and level
          IF TG_OP = 'UPDATE' AND OLD.parent_id IS DISTINCT FROM NEW.parent_id THEN
            UPDATE category SET parent_id = parent_id WHERE parent_id = NEW.id;
          END IF;
          RETURN NULL;
        END $$`,
      `CREATE TRIGGER category_child_count AFTER INSERT OR DELETE OR UPDATE OF parent_id ON category
        FOR EACH ROW EXECUTE FUNCTION category_child_count()`,
    ]);

    await createEntityTable(db, 'tag', ['name varchar(255) NOT NULL UNIQUE']);
    await createEntityTable(db, 'product_manufacturer', [
      'name varchar(255) NOT NULL',
      'link varchar(1024) NULL',
      'description text NULL',
      'media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL',
    ]);
    await createEntityTable(db, 'property_group', [
      'name varchar(255) NOT NULL',
      "display_type varchar(16) NOT NULL DEFAULT 'text'",
      "sorting_type varchar(16) NOT NULL DEFAULT 'alphanumeric'",
      'position int NOT NULL DEFAULT 1',
      'filterable boolean NOT NULL DEFAULT true',
      'visible_on_product_detail_page boolean NOT NULL DEFAULT true',
    ]);
    await createEntityTable(db, 'property_group_option', [
      'group_id uuid NOT NULL REFERENCES property_group(id) ON DELETE CASCADE',
      'name varchar(255) NOT NULL',
      'position int NOT NULL DEFAULT 1',
      'color_hex_code varchar(16) NULL',
      'media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL',
    ]);
    await createEntityTable(db, 'product', [
      'parent_id uuid NULL REFERENCES product(id) ON DELETE CASCADE',
      'product_number varchar(64) NOT NULL UNIQUE',
      // variants inherit what they leave empty (name, price, tax, ...) from their parent
      'name varchar(255) NULL',
      'description text NULL',
      'price jsonb NULL',
      'stock int NOT NULL DEFAULT 0',
      'tax_id uuid NULL REFERENCES tax(id)',
      'manufacturer_id uuid NULL REFERENCES product_manufacturer(id) ON DELETE SET NULL',
      'active boolean NULL',
      'is_closeout boolean NOT NULL DEFAULT false',
      'ean varchar(64) NULL',
      'min_purchase int NOT NULL DEFAULT 1 CHECK (min_purchase >= 1)',
      'max_purchase int NULL',
      'purchase_steps int NOT NULL DEFAULT 1 CHECK (purchase_steps >= 1)',
      'shipping_free boolean NOT NULL DEFAULT false',
      'mark_as_topseller boolean NOT NULL DEFAULT false',
      'release_date timestamptz NULL',
      'weight numeric(12,3) NULL',
      'cover_id uuid NULL',
    ]);
    await executeStatements(db, ['CREATE INDEX product_parent_idx ON product (parent_id)']);
    await createMappingTable(db, 'product_category', ['product_id', 'product'], ['category_id', 'category']);
    await createMappingTable(db, 'product_tag', ['product_id', 'product'], ['tag_id', 'tag']);
    // properties describe a product; options are what distinguishes a variant from its siblings
    await createMappingTable(db, 'product_property', ['product_id', 'product'], ['property_group_option_id', 'property_group_option']);
    await createMappingTable(db, 'product_option', ['product_id', 'product'], ['property_group_option_id', 'property_group_option']);
    await createEntityTable(db, 'product_visibility', [
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
      // 10: only by link, 20: search, 30: everywhere (Shopware's ProductVisibilityDefinition)
      'visibility smallint NOT NULL CHECK (visibility IN (10, 20, 30))',
      'UNIQUE (product_id, sales_channel_id)',
    ]);
    await createEntityTable(db, 'product_media', [
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'media_id uuid NOT NULL REFERENCES media(id) ON DELETE CASCADE',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'product_cross_selling', [
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'name varchar(255) NOT NULL',
      'position int NOT NULL DEFAULT 1',
      "type varchar(32) NOT NULL DEFAULT 'productList' CHECK (type IN ('productList'))",
      'active boolean NOT NULL DEFAULT true',
      '"limit" int NOT NULL DEFAULT 24',
    ]);
    await createEntityTable(db, 'product_cross_selling_assigned_products', [
      'cross_selling_id uuid NOT NULL REFERENCES product_cross_selling(id) ON DELETE CASCADE',
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'product_review', [
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
      'customer_id uuid NULL REFERENCES customer(id) ON DELETE SET NULL',
      'language_id uuid NULL REFERENCES language(id) ON DELETE SET NULL',
      'title varchar(255) NOT NULL',
      'content text NOT NULL',
      'points numeric(3,1) NOT NULL CHECK (points >= 1 AND points <= 5)',
      'status boolean NOT NULL DEFAULT false',
      'external_user varchar(255) NULL',
      'external_email varchar(255) NULL',
    ]);
    await executeStatements(db, [
      'ALTER TABLE product ADD CONSTRAINT product_cover_fk FOREIGN KEY (cover_id) REFERENCES product_media(id) ON DELETE SET NULL',
      'CREATE INDEX product_media_product_idx ON product_media (product_id)',
      'CREATE INDEX product_review_product_idx ON product_review (product_id)',
    ]);
    await createEntityTable(db, 'landing_page', [
      'name varchar(255) NOT NULL',
      'active boolean NOT NULL DEFAULT true',
      'url varchar(255) NULL',
      'meta_title varchar(255) NULL',
      'meta_description text NULL',
      'keywords text NULL',
    ]);
    await createMappingTable(db, 'landing_page_sales_channel', ['landing_page_id', 'landing_page'], ['sales_channel_id', 'sales_channel']);
  },
};
