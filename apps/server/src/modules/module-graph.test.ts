// No two module folders depend on each other, directly or round a longer loop: an area
// that imports another is below it (blocks below safety, lib's newYorkDate below tokens
// and auctions). Type-only imports do not count: they vanish at run time.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const here = import.meta.dirname;
const IMPORT = /^(?:import|export)\s+(type\s+)?[^;]*?from '(\.[^']+)'/gm;

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of readdirSync(here, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || !file.includes(path.sep)) continue;
    const from = file.split(path.sep)[0]!;
    const deps = graph.get(from) ?? new Set<string>();
    graph.set(from, deps);
    for (const [, typeOnly, spec] of readFileSync(path.join(here, file), 'utf8').matchAll(IMPORT)) {
      if (typeOnly) continue;
      const target = path.relative(here, path.resolve(here, path.dirname(file), spec!));
      const to = target.split(path.sep)[0]!;
      if (!target.startsWith('..') && to !== from && target.includes(path.sep)) deps.add(to);
    }
  }
  return graph;
}

/** Each loop found once, as the path that closes it (a -> b -> a). */
function loops(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) return void found.push([...trail.slice(at), node].join(' -> '));
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

it('has no import loops between module folders', () => {
  const graph = moduleGraph();
  expect(graph.size).toBeGreaterThan(10);
  expect(loops(graph)).toEqual([]);
});
