// What ships for operators (deploy/prometheus, deploy/grafana): the alert rules pass
// promtool's check and their unit tests (alerts.test.yml), and the dashboard is valid.
// That every metric they name exists in a real scrape is checked in plugins/metrics.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { deploy } from '../test/deploy-files';

const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool) {
  console.log(
    '[tests] promtool not installed (Debian: apt-get install prometheus): alert rule checks skipped',
  );
}

describe.runIf(promtool)('Prometheus alert rules', () => {
  const run = (...args: string[]) =>
    execFileSync('promtool', args, { cwd: path.join(deploy, 'prometheus'), encoding: 'utf8' });

  it('pass promtool check rules', () => {
    expect(run('check', 'rules', 'alerts.yml')).toContain('SUCCESS');
  });

  it('fire as their unit tests expect (promtool test rules)', () => {
    expect(run('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });
});

describe('Grafana dashboard', () => {
  it('is valid JSON whose panels each query Prometheus and sit apart', () => {
    const dashboard = JSON.parse(readFileSync(path.join(deploy, 'grafana/bidboard.json'), 'utf8'));
    expect(dashboard.uid).toBe('bidboard-overview');
    const places = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) expect(target.expr).toMatch(/\w/);
      const place = `${panel.gridPos.x},${panel.gridPos.y}`;
      expect(places.has(place)).toBe(false);
      places.add(place);
    }
  });
});
