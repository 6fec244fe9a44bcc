// The operator files shipped in deploy/ and what the tests read from them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const deploy = path.resolve(import.meta.dirname, '../../../deploy');

/** Every metric name the alert rules and the dashboard query. */
export function referencedMetricNames(): Set<string> {
  const rules = readFileSync(path.join(deploy, 'prometheus/alerts.yml'), 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  const dashboard = JSON.parse(readFileSync(path.join(deploy, 'grafana/bidboard.json'), 'utf8'));
  const exprs = [
    rules,
    ...dashboard.panels.flatMap((p: { targets: { expr: string }[] }) =>
      p.targets.map((t) => t.expr),
    ),
  ].join('\n');
  return new Set(exprs.match(/\b(bidboard|http|nodejs|process)_[a-z0-9_]+/g));
}
