import { readFileSync } from 'node:fs';

/** A default template shipped beside this file: `<name>.html.njk` or `<name>.txt.njk`. */
export function readDefaultTemplate(name: string, kind: 'html' | 'txt'): string {
  return readFileSync(new URL(`./${name}.${kind}.njk`, import.meta.url), 'utf8');
}
