// A member's distance and verified badge as cards, profiles and search results show them:
// the server's rounded distance worded in the reader's language and unit.
import type { MemberDistance } from '@bidboard/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { MemberDistanceLine, VerifiedBadge } from './member-distance';

afterEach(async () => {
  await setLanguage('en');
});

async function words(distance: MemberDistance | null) {
  await textsReady();
  const view = renderWithProviders(<MemberDistanceLine distance={distance} />);
  await screen.findByText((_, node) => node?.tagName === 'P' || distance === null);
  const text = view.container.textContent;
  view.unmount();
  return text;
}

describe('member distance', () => {
  it('reads in whole miles or km, less than one, far away and hidden', async () => {
    expect(await words({ kind: 'near', value: 3, unit: 'mi' })).toBe('3 miles away');
    expect(await words({ kind: 'near', value: 1, unit: 'mi' })).toBe('1 mile away');
    expect(await words({ kind: 'near', value: 0, unit: 'mi' })).toBe('Less than 1 mile away');
    expect(await words({ kind: 'near', value: 12, unit: 'km' })).toBe('12 km away');
    expect(await words({ kind: 'near', value: 0, unit: 'km' })).toBe('Less than 1 km away');
    expect(await words({ kind: 'far' })).toBe('Far away');
    expect(await words({ kind: 'hidden' })).toBe('Distance hidden');
  });

  it('says nothing when the distance is unknown (a visitor, the member themself)', async () => {
    await textsReady();
    const view = renderWithProviders(<MemberDistanceLine distance={null} />);
    expect(view.container.textContent).toBe('');
  });

  it('reads in Canadian French', async () => {
    await setLanguage('fr-CA');
    expect(await words({ kind: 'near', value: 12, unit: 'km' })).toBe('À 12 km');
    expect(await words({ kind: 'far' })).toBe('Très loin');
    expect(await words({ kind: 'hidden' })).toBe('Distance masquée');
  });

  it('shows the verified badge only to verified members', async () => {
    await textsReady();
    const view = renderWithProviders(
      <>
        <VerifiedBadge verified />
        <VerifiedBadge verified={false} />
      </>,
    );
    expect(await screen.findAllByText('Verified')).toHaveLength(1);
    view.unmount();
  });
});
