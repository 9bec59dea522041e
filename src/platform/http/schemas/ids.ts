import { Type, type SchemaOptions, type TObject, type TString } from '@sinclair/typebox';
import { ID_PATTERN } from '../../ids.js';
import { describedAs } from './documentation.js';

const ID_DESCRIPTION = 'Id: 32 lowercase hexadecimal characters.';

/** An id as the API writes it (32 lowercase hex characters). In path parameters a mismatch answers 404 (see validation-errors.ts). */
export function Id(options: SchemaOptions = {}): TString {
  return Type.String({ description: ID_DESCRIPTION, ...options, pattern: ID_PATTERN.source });
}

/**
 * A string documented as an id that the route checks itself, for routes that answer a malformed id
 * with their own error (the Store API's `PRODUCT__PRODUCT_NOT_FOUND`, a storefront 404 page).
 */
export function IdString(options: SchemaOptions = {}): TString {
  return describedAs(Id(options), Type.String());
}

/**
 * Path parameters that are ids, e.g. `IdParams('id')` for `/api/product/:id`: anything but an id
 * answers 404 as if the route did not exist (Shopware's route requirement), before the handler runs.
 */
export function IdParams<const K extends string>(...names: K[]): TObject<{ [P in K]: TString }> {
  return Type.Object(Object.fromEntries(names.map((name) => [name, Id()])) as { [P in K]: TString });
}
