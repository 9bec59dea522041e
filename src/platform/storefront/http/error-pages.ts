import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../errors/app-error.js';
import type { ErrorResponder } from '../../http/error-handler.js';
import type { StorefrontFramework } from './framework.js';
import { commonPageData, sendHtml } from './render-page.js';
import { answersWithHtml } from './request-kind.js';

/** Answers errors of HTML requests with `error.njk`; the JSON shapes stay for everything else. */
export function storefrontErrorResponder(framework: StorefrontFramework): ErrorResponder {
  return {
    handles: answersWithHtml,
    respond: (error, request, reply) => renderErrorPage(framework, error, request, reply),
  };
}

async function renderErrorPage(framework: StorefrontFramework, error: AppError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const status = error.status >= 400 && error.status <= 599 ? error.status : 500;
  const title = STATUS_CODES[status] ?? 'Error';
  const message = publicMessage(error, status);
  try {
    const common = await commonPageData(framework, request, reply, true);
    const html = await framework.views.render('error.njk', { ...common, status, title, message });
    return sendHtml(reply, html, status);
  } catch (renderError) {
    request.log.error({ err: renderError }, 'the error page failed to render');
    return sendHtml(reply, minimalErrorPage(status, title, message), status);
  }
}

/**
 * What the visitor may read. Client errors carry details written for clients (e.g. the CSRF message);
 * server errors never show anything but a generic text.
 */
function publicMessage(error: AppError, status: number): string {
  if (status === 404) return 'The page you requested could not be found.';
  if (status >= 500) return 'Something went wrong on our side. Please try again later.';
  return error.message;
}

function minimalErrorPage(status: number, title: string, message: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${status} ${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Home</a></p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
