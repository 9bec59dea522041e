import type { MailTemplateContent } from '../mail-type.js';
import { compileMailTemplate, TemplateProblem } from './template-compiler.js';
import type { TemplateKind } from './mail-environment.js';

/** A header and footer framing the bodies (Shopware's mail_header_footer); every part optional. */
export interface MailFrame {
  headerHtml: string | null;
  headerPlain: string | null;
  footerHtml: string | null;
  footerPlain: string | null;
}

export interface RenderedMail {
  subject: string;
  /** Empty when the template gives none. */
  senderName: string;
  html: string;
  text: string;
}

/** A template field that does not render: which one, and why (with its line). */
export class MailRenderProblem extends Error {
  constructor(
    readonly field: keyof MailTemplateContent | keyof MailFrame,
    readonly problem: TemplateProblem,
  ) {
    super(`${field}: ${problem.message}`);
    this.name = 'MailRenderProblem';
  }
}

/**
 * Renders a template and its frame with `variables` (plain JSON): subject and sender name as text on one
 * line, the HTML body autoescaped and framed by the header and footer in a minimal document, the text
 * body framed by their plain versions.
 */
export function renderMail(template: MailTemplateContent, frame: MailFrame | undefined, variables: Record<string, unknown>): RenderedMail {
  const render = (field: MailRenderProblem['field'], source: string | null | undefined, kind: TemplateKind): string => {
    if (!source) return '';
    try {
      return compileMailTemplate(source, kind).render(variables);
    } catch (error) {
      if (error instanceof TemplateProblem) throw new MailRenderProblem(field, error);
      throw error;
    }
  };
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const body = [render('headerHtml', frame?.headerHtml, 'html'), render('contentHtml', template.contentHtml, 'html'), render('footerHtml', frame?.footerHtml, 'html')].join('\n');
  // one blank line between the parts; a footer's "-- " signature line keeps its space
  const text = [render('headerPlain', frame?.headerPlain, 'text'), render('contentPlain', template.contentPlain, 'text'), render('footerPlain', frame?.footerPlain, 'text')]
    .map((part) => part.replace(/^\n+/, '').replace(/\s+$/, ''))
    .filter((part) => part !== '')
    .join('\n\n')
    .concat('\n');
  return {
    subject: oneLine(render('subject', template.subject, 'text')),
    senderName: oneLine(render('senderName', template.senderName, 'text')),
    html: /^\s*<(!doctype|html)/i.test(body) ? body : `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif">\n${body}\n</body></html>\n`,
    text,
  };
}
