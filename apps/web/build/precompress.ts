// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the production
// build, once, at maximum compression: the server sends them as they are
// (@fastify/static preCompressed) instead of compressing on each request.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function isCompressed(file: string): boolean {
  const copy = `${file}.br`;
  return existsSync(copy) && statSync(copy).mtimeMs >= statSync(file).mtimeMs;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bidboard:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the bundle and the public folder are both written.
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of filesUnder(outDir).filter((f) => TEXT_FILE.test(f))) {
        // The previous builds' files kept beside this one were compressed when they were new.
        if (isCompressed(file)) continue;
        const source = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
