// The trusted contact's page (issue 45): only the partner's username, photo and age, when,
// where and the check-in; a link the server no longer knows, or past its day, shows nothing.
import type { SharedDate } from '@bidboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { SharedDatePage } from './shared-date-page';

const TOKEN = 'a'.repeat(43);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const DATE: SharedDate = {
  partner: { username: 'maya', photo: '/media/maya.jpg', age: 29 },
  startsAt: inHours(2),
  timeZone: 'America/Toronto',
  place: 'Café Olimpico',
  checkIn: 'safe',
  expiresAt: inHours(10),
};

function open(answer: [number, unknown]) {
  mockFetch({ [`GET /api/shared-dates/${TOKEN}`]: () => answer });
  return renderWithProviders(<SharedDatePage token={TOKEN} />);
}

describe('SharedDatePage', () => {
  it('shows whom, when, where and the check-in, and nothing else', async () => {
    await textsReady({ later: true });
    const { container } = open([200, { success: true, date: DATE }]);
    expect(await screen.findByText('maya')).toBeTruthy();
    expect(screen.getByText('29 years old')).toBeTruthy();
    expect(screen.getByText('Café Olimpico')).toBeTruthy();
    expect(screen.getByText('Said they’re safe')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/maya.jpg');
    expect(screen.getByText(/does not call emergency services/)).toBeTruthy();
  });

  it('a revoked, expired or unknown link is not available', async () => {
    await textsReady({ later: true });
    open([404, { success: false, message: 'This shared date is not available.' }]);
    expect(await screen.findByText(/^This shared date is not available/)).toBeTruthy();
    expect(screen.queryByText('Café Olimpico')).toBeNull();
  });

  it('says so once the plan’s day has ended, even before reloading', async () => {
    await textsReady({ later: true });
    open([200, { success: true, date: { ...DATE, expiresAt: inHours(-1) } }]);
    expect(await screen.findByText(/^This shared date is not available/)).toBeTruthy();
    expect(screen.queryByText('maya')).toBeNull();
  });

  it('sends a link’s token as one path segment, never as a path of its own', async () => {
    await textsReady({ later: true });
    const api = mockFetch({
      'GET /api/shared-dates/..%2Fauth%2Fme': () => [404, { success: false, message: 'Not found' }],
    });
    renderWithProviders(<SharedDatePage token="../auth/me" />);
    expect(await screen.findByText(/^This shared date is not available/)).toBeTruthy();
    expect(api.callsTo('GET /api/shared-dates/..%2Fauth%2Fme')).toHaveLength(1);
  });
});
