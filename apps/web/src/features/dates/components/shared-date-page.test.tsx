// The trusted contact's page (issue 45): only the partner's username, photo and age, when,
// where and the check-in; a link the server no longer knows, or past its day, shows nothing.
// Opened through the route table, as the texted link opens it: the Bidboard mark heads it
// and it ends with what the contact can do now.
import type { SharedDate } from '@bidboard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

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
  return renderApp(`/shared-date/${TOKEN}`);
}

describe('SharedDatePage', () => {
  it('shows whom, when, where and the check-in, and nothing else', async () => {
    await textsReady({ later: true });
    const { container } = open([200, { success: true, date: DATE }]);
    expect(await screen.findByText('maya')).toBeTruthy();
    expect(screen.getByText('29 years old')).toBeTruthy();
    expect(screen.getByText('Café Olimpico')).toBeTruthy();
    expect(screen.getByText('Said they’re safe')).toBeTruthy();
    expect(container.querySelector('main img')?.getAttribute('src')).toBe('/media/maya.jpg');
    expect(screen.getByText(/does not call emergency services/)).toBeTruthy();
  });

  it('names the plan’s time zone on the time and on the link’s expiry, for a contact elsewhere', async () => {
    await textsReady({ later: true });
    open([200, { success: true, date: DATE }]);
    await screen.findByText('maya');
    const when = screen.getByText('When').nextElementSibling?.textContent ?? '';
    expect(when).toMatch(/\bE[SD]T$/);
    expect(screen.getByText(/^This page stops working on/).textContent).toMatch(/\bE[SD]T\b/);
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
    renderApp(`/shared-date/${encodeURIComponent('../auth/me')}`);
    expect(await screen.findByText(/^This shared date is not available/)).toBeTruthy();
    expect(api.callsTo('GET /api/shared-dates/..%2Fauth%2Fme')).toHaveLength(1);
  });

  it('is headed by the Bidboard mark, which leads home, on a live link and a dead one', async () => {
    await textsReady({ later: true });
    const first = open([200, { success: true, date: DATE }]);
    await screen.findByText('maya');
    expect(screen.getByRole('link', { name: 'Bidboard home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('A date shared with you · Bidboard');
    first.unmount();
    open([404, { success: false, message: 'This shared date is not available.' }]);
    await screen.findByText(/^This shared date is not available/);
    expect(screen.getByRole('link', { name: 'Bidboard home' }).getAttribute('href')).toBe('/');
  });

  it('tells the contact what to do now: nothing yet while all is well, and STOP', async () => {
    await textsReady({ later: true });
    open([200, { success: true, date: DATE }]);
    const next = await screen.findByRole('region', { name: 'What you can do' });
    expect(within(next).getByText(/^Nothing for now\. This page updates by itself/)).toBeTruthy();
    expect(within(next).getByText(/Reply STOP/)).toBeTruthy();
    expect(within(next).queryByRole('link', { name: 'Call 911' })).toBeNull();
  });

  it.each(['help', 'escalated'] as const)(
    'when the check-in is %s, the next step is to reach them, with 911 a tap away',
    async (checkIn) => {
      await textsReady({ later: true });
      open([200, { success: true, date: { ...DATE, checkIn } }]);
      const next = await screen.findByRole('region', { name: 'What you can do' });
      expect(within(next).getByText('They may need you now: call or text them.')).toBeTruthy();
      expect(within(next).getByRole('link', { name: 'Call 911' }).getAttribute('href')).toBe(
        'tel:911',
      );
    },
  );

  it('a link that is not available still says what to do next', async () => {
    await textsReady({ later: true });
    open([404, { success: false, message: 'This shared date is not available.' }]);
    const next = await screen.findByRole('region', { name: 'What you can do' });
    expect(
      within(next).getByText('If you are worried about them, call or text them.'),
    ).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Go to Bidboard' }).getAttribute('href')).toBe(
      '/',
    );
  });
});
