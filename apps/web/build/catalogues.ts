// Language catalogues are JSON files of ICU MessageFormat texts ('{count, plural, one {#
// jeton} other {# jetons}}'). Imported with `?lingui`, a catalogue arrives compiled into
// Lingui's message form at build time, so the browser never downloads a message parser:
// the Lingui runtime only fills in values (lib/i18n).
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const QUERY = '?lingui';
/** Not ending in '.json', so Vite's JSON plugin leaves the compiled module alone. */
const SUFFIX = '.lingui.js';

/** Every text of a catalogue compiled; a broken message fails naming its key and file. */
export function compileCatalogue(file: string, source: string): Record<string, unknown> {
  const texts = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(texts)) {
    if (typeof text !== 'string') throw new Error(`${file}: "${key}" is not a string`);
    try {
      const message = compileMessageOrThrow(text);
      // A text without arguments stays a plain string, as Lingui's own compiler leaves it.
      compiled[key] = message.length === 1 && typeof message[0] === 'string' ? message[0] : message;
    } catch (error) {
      throw new Error(`${file}: "${key}" is not a valid ICU message: ${String(error)}`);
    }
  }
  return compiled;
}

export function catalogues(): Plugin {
  return {
    name: 'bidboard:catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, {
        skipSelf: true,
      });
      return resolved ? `\0${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith('\0') || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(1, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = compileCatalogue(file, readFileSync(file, 'utf8'));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
  };
}
