import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact request body bytes of a JSON request (webhook signatures are computed over them). */
    rawBody?: Buffer;
  }
}

/** Parses JSON bodies while keeping the raw bytes; malformed JSON is a 400 in the documented shape. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/vnd.api+json'], { parseAs: 'buffer' }, (request, body, done) => {
    const buffer = body as Buffer;
    request.rawBody = buffer;
    if (buffer.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(buffer.toString('utf8')));
    } catch {
      done(new AppError(400, 'FRAMEWORK__INVALID_JSON', 'The request body is not valid JSON.'), undefined);
    }
  });
}
