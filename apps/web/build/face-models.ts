// Serves the face-detection models of @vladmandic/human from our own origin under
// /models/: the dev server streams them from the package, and the production build
// copies them into dist/models. Only the models the media feature uses are shipped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

export const FACE_MODEL_FILES = [
  'blazeface.json',
  'blazeface.bin',
  'facemesh.json',
  'facemesh.bin',
] as const;

function modelsDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its entry lives in dist/, the models beside it.
  const entry = require.resolve('@vladmandic/human');
  return path.resolve(path.dirname(entry), '..', 'models');
}

export function faceModels(): Plugin {
  const dir = modelsDir();
  return {
    name: 'bidboard:face-models',
    configureServer(server) {
      server.middlewares.use('/models', (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!(FACE_MODEL_FILES as readonly string[]).includes(name)) return next();
        response.setHeader(
          'Content-Type',
          name.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        response.end(readFileSync(path.join(dir, name)));
      });
    },
    generateBundle() {
      for (const name of FACE_MODEL_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `models/${name}`,
          source: readFileSync(path.join(dir, name)),
        });
      }
    },
  };
}
