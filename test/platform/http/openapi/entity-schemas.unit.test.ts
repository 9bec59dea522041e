import { describe, expect, it } from 'vitest';
import { withImplicitFields, type EntityDefinition } from '../../../../src/platform/entities/definition.js';
import { entityComponentName, entitySchema, requiredOnCreate } from '../../../../src/platform/http/openapi/entity-schemas.js';

const note: EntityDefinition = withImplicitFields({
  name: 'ext_note',
  fields: {
    title: { type: 'string', required: true, maxLength: 80 },
    body: { type: 'text' },
    count: { type: 'int', default: 0 },
    status: { type: 'enum', values: ['draft', 'done'], required: true },
    secret: { type: 'password' },
    payload: { type: 'json' },
    number: { type: 'string', readOnly: true, required: true },
    authorId: { type: 'id' },
  },
  associations: {
    author: { type: 'many-to-one', entity: 'user', foreignKey: 'authorId' },
    comments: { type: 'one-to-many', entity: 'ext_note_comment', foreignKey: 'noteId' },
    tags: { type: 'many-to-many', entity: 'tag', mappingTable: 'ext_note_tag', localColumn: 'note_id', referenceColumn: 'tag_id' },
  },
});

describe('entity component schemas', () => {
  it('are named as Shopware names them', () => {
    expect(entityComponentName('order_line_item')).toBe('OrderLineItem');
    expect(entityComponentName('product')).toBe('Product');
  });

  it('describe every field with its type and flags', () => {
    const { properties } = entitySchema(note, () => true) as { properties: Record<string, Record<string, unknown>> };
    expect(properties.id).toEqual({ type: 'string', pattern: '^[0-9a-f]{32}$' });
    expect(properties.title).toEqual({ type: 'string', maxLength: 80 });
    expect(properties.body).toEqual({ type: 'string', nullable: true });
    expect(properties.count).toEqual({ type: 'integer', nullable: true, default: 0 });
    expect(properties.status).toEqual({ type: 'string', enum: ['draft', 'done'] });
    expect(properties.secret).toMatchObject({ type: 'string', writeOnly: true });
    expect(properties.payload).not.toHaveProperty('nullable');
    expect(properties.number).toMatchObject({ type: 'string', readOnly: true });
    expect(properties.createdAt).toMatchObject({ type: 'string', format: 'date-time', readOnly: true });
    expect(properties.customFields).toMatchObject({ type: 'object' });
    expect(properties.apiAlias).toEqual({ type: 'string', enum: ['ext_note'], readOnly: true });
  });

  it('nest associations as references, lists for to-many, and leave out entities the document lacks', () => {
    const withAll = entitySchema(note, () => true) as { properties: Record<string, unknown> };
    expect(withAll.properties.author).toEqual({ $ref: '#/components/schemas/User' });
    expect(withAll.properties.comments).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/ExtNoteComment' } });
    expect(withAll.properties.tags).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Tag' } });
    const withoutComments = entitySchema(note, (entity) => entity !== 'ext_note_comment') as { properties: Record<string, unknown> };
    expect(withoutComments.properties).not.toHaveProperty('comments');
    expect(withoutComments.properties).toHaveProperty('author');
  });

  it('a create must carry the required fields that are not read-only', () => {
    expect(requiredOnCreate(note)).toEqual(['title', 'status']);
  });
});
