import type { EntityDefinition } from '../../entities/definition.js';

export const userEntity: EntityDefinition = {
  name: 'user',
  fields: {
    username: { type: 'string', required: true, maxLength: 255, searchable: true },
    password: { type: 'password', required: true, writeOnly: true },
    firstName: { type: 'string', maxLength: 255, searchable: true },
    lastName: { type: 'string', maxLength: 255, searchable: true },
    email: { type: 'string', maxLength: 255, searchable: true },
    admin: { type: 'bool', default: false },
    active: { type: 'bool', default: true },
    lastUpdatedPasswordAt: { type: 'datetime', readOnly: true },
  },
  associations: {
    aclRoles: { type: 'many-to-many', entity: 'acl_role', mappingTable: 'acl_user_role', localColumn: 'user_id', referenceColumn: 'acl_role_id' },
  },
};

export const integrationEntity: EntityDefinition = {
  name: 'integration',
  fields: {
    label: { type: 'string', required: true, maxLength: 255, searchable: true },
    accessKey: {
      type: 'string',
      required: true,
      maxLength: 255,
      // the client_credentials grant tells integrations by this prefix
      validate: (value) => (typeof value === 'string' && /^SWIA[A-Z0-9]{16,}$/.test(value) ? undefined : 'must be "SWIA" followed by at least 16 upper-case letters or digits'),
    },
    secretAccessKey: { type: 'password', required: true, writeOnly: true },
    admin: { type: 'bool', default: false },
    lastUsageAt: { type: 'datetime', readOnly: true },
  },
  associations: {
    aclRoles: { type: 'many-to-many', entity: 'acl_role', mappingTable: 'integration_role', localColumn: 'integration_id', referenceColumn: 'acl_role_id' },
  },
};

export const aclRoleEntity: EntityDefinition = {
  name: 'acl_role',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    description: { type: 'text' },
    /** JSON list of privilege strings, e.g. ["tax:read", "order:read"]. */
    privileges: {
      type: 'json',
      required: true,
      validate: (value) =>
        Array.isArray(value) && value.every((p) => typeof p === 'string' && p.length > 0) ? undefined : 'must be a list of privilege names',
    },
  },
  associations: {
    users: { type: 'many-to-many', entity: 'user', mappingTable: 'acl_user_role', localColumn: 'acl_role_id', referenceColumn: 'user_id' },
    integrations: { type: 'many-to-many', entity: 'integration', mappingTable: 'integration_role', localColumn: 'acl_role_id', referenceColumn: 'integration_id' },
  },
};

export const authEntities = [userEntity, integrationEntity, aclRoleEntity];
