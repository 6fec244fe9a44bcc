// Assembles release/: what one production server needs and nothing else, started with
// `node apps/server/dist/server.js` from inside it (deploy/Dockerfile copies it as is).
//   apps/server/dist   the compiled server (its SQL, assets and the vision process beside it)
//   apps/web/dist      the built web app it serves
//   node_modules       the server's production dependencies, copied from this install as
//                      package-lock.json lays them out (no dev dependency, no registry)
//   package.json       name, engines and `npm start`
// Rebuilt only when the builds or the lock changed (a content hash kept in the folder).
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const release = path.join(root, 'release');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The lock entries (paths like node_modules/a/node_modules/b) the server needs at run time. */
export function productionPackages(lock, starts) {
  const packages = lock.packages;
  const needed = new Set();
  const resolve = (from, name) => {
    // Node's lookup: from/node_modules/name, then each enclosing node_modules up to the root.
    let dir = from;
    for (;;) {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return null;
      // a/node_modules/b -> a; a top-level package or a workspace folder -> the root.
      const cut = dir.lastIndexOf('/node_modules/');
      dir = cut >= 0 ? dir.slice(0, cut) : '';
    }
  };
  const visit = (from, deps, optional) => {
    for (const name of Object.keys(deps ?? {})) {
      const found = resolve(from, name);
      if (!found) {
        if (optional) continue;
        throw new Error(`release: ${name} (needed by ${from || 'the root'}) is not in the lock`);
      }
      if (needed.has(found)) continue;
      const entry = packages[found];
      if (entry.link) continue; // a workspace package: bundled into the server
      needed.add(found);
      visit(found, entry.dependencies, false);
      visit(found, entry.optionalDependencies, true);
      const optionalPeers = entry.peerDependenciesMeta ?? {};
      const peers = Object.fromEntries(
        Object.entries(entry.peerDependencies ?? {}).filter(([n]) => !optionalPeers[n]?.optional),
      );
      visit(found, peers, true);
    }
  };
  for (const { from, dependencies } of starts) visit(from, dependencies, false);
  return [...needed].sort();
}

/**
 * Copies a package folder as hard links (the same files, no bytes copied: the release takes
 * seconds, not minutes), or as copies across file systems. Nested node_modules are entries
 * of their own, copied only when needed.
 */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

function stampOf(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

export function assembleRelease() {
  const inputs = [
    'apps/server/dist/.source-hash',
    'apps/web/dist/.source-hash',
    'package-lock.json',
  ];
  const stamp = stampOf(inputs);
  const stampFile = path.join(release, '.source-hash');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  console.log('assembling release/ (the server, the web app, production dependencies)');

  const lock = readJson('package-lock.json');
  const server = readJson('apps/server/package.json');
  const shared = readJson('packages/shared/package.json');
  const names = productionPackages(lock, [
    { from: 'apps/server', dependencies: server.dependencies },
    { from: 'packages/shared', dependencies: shared.dependencies },
  ]);

  rmSync(release, { recursive: true, force: true });
  mkdirSync(release);
  for (const dist of ['apps/server/dist', 'apps/web/dist']) {
    cpSync(path.join(root, dist), path.join(release, dist), { recursive: true });
  }
  for (const name of names) {
    const from = path.join(root, name);
    // An optional package for another platform is in the lock but was never installed.
    if (!existsSync(from)) continue;
    linkTree(from, path.join(release, name));
  }
  const own = readJson('package.json');
  const manifest = {
    name: 'bidboard-release',
    private: true,
    type: 'module',
    engines: own.engines,
    scripts: {
      start:
        'node --max-semi-space-size=2 --heap-growing-percent=50 --expose-gc apps/server/dist/server.js',
    },
  };
  writeFileSync(path.join(release, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(stampFile, stamp);
  console.log(`release/: ${names.length} production packages`);
}
