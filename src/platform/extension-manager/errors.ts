import { AppError } from '../errors/app-error.js';

export const extensionErrors = {
  notFound(name: string): AppError {
    return new AppError(404, 'FRAMEWORK__EXTENSION_NOT_FOUND', `Extension "${name}" is not known to this installation.`, {
      meta: { parameters: { name } },
    });
  },
  notInstalled(name: string): AppError {
    return new AppError(400, 'FRAMEWORK__EXTENSION_NOT_INSTALLED', `Extension "${name}" is not installed.`, { meta: { parameters: { name } } });
  },
  notActive(name: string): AppError {
    return new AppError(400, 'FRAMEWORK__EXTENSION_NOT_ACTIVE', `Extension "${name}" is not active.`, { meta: { parameters: { name } } });
  },
};
