// The `zipcodes` table (every US ZIP and Canadian FSA) costs ~85 MB and most of a second
// to load, so it is read on the first postal lookup, not at start-up: an idle server
// stays small, and a server nobody onboards on never pays for it.
import { createRequire } from 'node:module';
import type zipcodesModule from 'zipcodes';

let table: typeof zipcodesModule | undefined;

export function zipTable(): typeof zipcodesModule {
  table ??= createRequire(import.meta.url)('zipcodes') as typeof zipcodesModule;
  return table;
}
