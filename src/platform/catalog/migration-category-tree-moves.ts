import type { Migration } from '../database/migrations.js';
import { executeStatements } from '../database/schema.js';

/**
 * Fixes of the category tree triggers of 0011_catalog:
 * - a move re-derived path and level of the direct children only: the cascade stopped one level down
 *   (the children's parent_id does not change), leaving stale paths deeper down, which hid those
 *   categories from channel trees and weakened the cycle check. Now every row whose path changed
 *   passes the change on to its children, and stale paths already stored are repaired.
 * - a moved category left its follower pointing at it, breaking the old sibling chain (Shopware
 *   issue #1184): the follower now takes the moved category's place.
 * - the parent row is read FOR SHARE: a category written while another transaction moves its parent
 *   waits for that move and derives its path from the parent's new place, not from the old tree.
 */
export const categoryTreeMovesMigration: Migration = {
  name: '0011_catalog_category_tree_moves',
  async up(db) {
    await executeStatements(db, [
      `CREATE OR REPLACE FUNCTION category_tree_fields() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE parent_path text; parent_level int;
        BEGIN
          IF NEW.parent_id IS NULL THEN
            NEW.path := NULL; NEW.level := 1;
          ELSE
            SELECT path, level INTO parent_path, parent_level FROM category WHERE id = NEW.parent_id FOR SHARE;
            IF NEW.parent_id = NEW.id OR coalesce(parent_path, '') LIKE '%|' || replace(NEW.id::text, '-', '') || '|%' THEN
              RAISE EXCEPTION 'category % cannot be moved below itself', NEW.id USING ERRCODE = '23514';
            END IF;
            NEW.path := coalesce(parent_path, '|') || replace(NEW.parent_id::text, '-', '') || '|';
            NEW.level := parent_level + 1;
          END IF;
          RETURN NEW;
        END $$`,
      `CREATE OR REPLACE FUNCTION category_child_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.parent_id IS NOT NULL THEN
            UPDATE category SET child_count = (SELECT count(*) FROM category c WHERE c.parent_id = OLD.parent_id) WHERE id = OLD.parent_id;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.parent_id IS NOT NULL THEN
            UPDATE category SET child_count = (SELECT count(*) FROM category c WHERE c.parent_id = NEW.parent_id) WHERE id = NEW.parent_id;
          END IF;
          -- the follower in the old sibling chain takes the moved category's place, so that chain stays unbroken
          IF TG_OP = 'UPDATE' AND OLD.parent_id IS DISTINCT FROM NEW.parent_id THEN
            UPDATE category SET after_category_id = OLD.after_category_id
              WHERE after_category_id = NEW.id AND parent_id IS NOT DISTINCT FROM OLD.parent_id
                AND id <> NEW.id AND id IS DISTINCT FROM OLD.after_category_id;
          END IF;
          -- a changed path travels down the whole subtree: each child re-derives its own and passes it on
          IF TG_OP = 'UPDATE' AND (OLD.path IS DISTINCT FROM NEW.path OR OLD.level IS DISTINCT FROM NEW.level) THEN
            UPDATE category SET parent_id = parent_id WHERE parent_id = NEW.id;
          END IF;
          RETURN NULL;
        END $$`,
      // repair paths and levels left stale by earlier moves (the update triggers watch parent_id only)
      `WITH RECURSIVE tree (id, path, level) AS (
          SELECT id, NULL::text, 1 FROM category WHERE parent_id IS NULL
          UNION ALL
          SELECT c.id, coalesce(t.path, '|') || replace(c.parent_id::text, '-', '') || '|', t.level + 1
          FROM category c JOIN tree t ON c.parent_id = t.id
        )
        UPDATE category SET path = tree.path, level = tree.level FROM tree
        WHERE category.id = tree.id AND (category.path IS DISTINCT FROM tree.path OR category.level <> tree.level)`,
    ]);
  },
};
