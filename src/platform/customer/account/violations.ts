import { AppError, AppErrorList } from '../../errors/app-error.js';

/** Shopware's title for input validation errors (`ConstraintViolationException`). */
const CONSTRAINT_VIOLATION_TITLE = 'Constraint violation error';

/**
 * One invalid input field, as Shopware reports it: a `VIOLATION::*` code, a message and the JSON
 * pointer of the field (`/email`, `/billingAddress/countryId`).
 */
export function constraintViolation(pointer: string, code: string, message: string, parameters: Record<string, unknown> = {}): AppError {
  return new AppError(400, code, message, { pointer, title: CONSTRAINT_VIOLATION_TITLE, meta: { parameters } });
}

/** Shopware's standard violations (Symfony constraint codes mapped to `VIOLATION::*`). */
export const violations = {
  blank: (pointer: string) => constraintViolation(pointer, 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.'),
  invalidType: (pointer: string, type: string) =>
    constraintViolation(pointer, 'VIOLATION::INVALID_TYPE_ERROR', `This value should be of type ${type}.`, { type }),
  invalidEmail: (pointer: string) => constraintViolation(pointer, 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR', 'This value is not a valid email address.'),
  tooShort: (pointer: string, limit: number) =>
    constraintViolation(pointer, 'VIOLATION::TOO_SHORT_ERROR', `This value is too short. It should have ${limit} characters or more.`, { limit }),
  tooLong: (pointer: string, limit: number) =>
    constraintViolation(pointer, 'VIOLATION::TOO_LONG_ERROR', `This value is too long. It should have ${limit} characters or less.`, { limit }),
  invalidCharacters: (pointer: string) =>
    constraintViolation(pointer, 'VIOLATION::INVALID_CHARACTERS_ERROR', 'This value contains characters that are not allowed.'),
  invalidId: (pointer: string) => constraintViolation(pointer, 'VIOLATION::INVALID_ID', 'This value is not a valid id (32 hexadecimal characters).'),
  noSuchChoice: (pointer: string) => constraintViolation(pointer, 'VIOLATION::NO_SUCH_CHOICE_ERROR', 'The value you selected is not a valid choice.'),
  entityDoesNotExist: (pointer: string, entity: string, id: string) =>
    constraintViolation(pointer, 'VIOLATION::ENTITY_DOES_NOT_EXIST', `The ${entity} entity with id "${id}" does not exist.`, { entity, id }),
  emailNotUnique: (pointer: string, email: string) =>
    constraintViolation(pointer, 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', `The email address ${email} is already in use.`, { email }),
};

/**
 * The messages of a validation error by field pointer (`/email` → "This value is not a valid email
 * address."), for forms that show each problem beside its field. The first message per field wins;
 * errors without a pointer are under `''`. Returns `{}` for anything that is not an AppError.
 */
export function violationMessagesByPointer(error: unknown): Record<string, string> {
  if (!(error instanceof AppError)) return {};
  const entries = error instanceof AppErrorList ? error.entries : [error];
  const messages: Record<string, string> = {};
  for (const entry of entries) {
    const key = entry.pointer ?? '';
    if (!(key in messages)) messages[key] = entry.message;
  }
  return messages;
}
