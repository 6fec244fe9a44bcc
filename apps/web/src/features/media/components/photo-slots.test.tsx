import { MEDIA_MESSAGES, type UserProfileImage } from '@bidboard/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { mockFetch } from '@/test/fetch-mock';
import { testQueryClient } from '@/test/render';
import { imageUrlCache } from '../lib/url-cache';
import { PhotoSlots } from './photo-slots';

vi.mock('./photo-picker', () => ({
  PhotoPicker: ({ displayOrder }: { displayOrder: number }) => (
    <p>picker for slot {displayOrder}</p>
  ),
}));

const image = (
  id: number,
  slot: number,
  status: 'approved' | 'pending' = 'approved',
): UserProfileImage => ({
  id,
  display_order: slot,
  image_type: slot === 1 ? 'profile' : 'additional',
  file_name: `k${id}`,
  url: `/api/files/k${id}?exp=1&sig=s`,
  is_approved: status,
  face_check: 'face',
  screening: 'passed',
});

function renderSlots() {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <PhotoSlots /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function holdPhoto(name: string) {
  const photo = await screen.findByRole('button', { name });
  vi.useFakeTimers();
  fireEvent.pointerDown(photo);
  act(() => vi.advanceTimersByTime(1499));
  expect(screen.queryByText('Rearrange Photos')).toBeNull();
  act(() => vi.advanceTimersByTime(1));
  vi.useRealTimers();
  fireEvent.pointerUp(photo);
  // The browser's click after a long press must not select the photo.
  fireEvent.click(photo);
  expect(screen.getByText('Rearrange Photos')).toBeTruthy();
  expect(photo.getAttribute('aria-pressed')).toBe('false');
}

const tap = (name: string) => {
  const button = screen.getByRole('button', { name });
  fireEvent.pointerDown(button);
  fireEvent.pointerUp(button);
  fireEvent.click(button);
};
const ids = () =>
  [...document.querySelectorAll<HTMLImageElement>('img.photo-slot__img')].map((img) =>
    img.getAttribute('src'),
  );

beforeEach(() => imageUrlCache.clear());
afterEach(() => vi.useRealTimers());

describe('PhotoSlots', () => {
  it('marks photos in review and opens the picker from an empty slot', async () => {
    mockFetch({
      'GET /api/userProfileImages': () => [
        200,
        { success: true, message: '', data: [image(1, 1), image(2, 2, 'pending')] },
      ],
    });
    renderSlots();
    expect(await screen.findByText('In review')).toBeTruthy();
    tap('Add photo 3');
    expect(await screen.findByText('picker for slot 3')).toBeTruthy();
  });

  it('enters rearrange mode after a 1.5 s hold, swaps locally and saves on Done', async () => {
    const { callsTo } = mockFetch({
      'GET /api/userProfileImages': () => [
        200,
        { success: true, message: '', data: [image(1, 1), image(2, 2), image(3, 3)] },
      ],
      'POST /api/auth/update-profile-images-order': () => [
        200,
        { success: true, message: 'ok', data: [] },
      ],
    });
    renderSlots();
    await holdPhoto('Photo 1');
    tap('Photo 1');
    tap('Photo 3');
    expect(ids()).toEqual([
      '/api/files/k3?exp=1&sig=s',
      '/api/files/k2?exp=1&sig=s',
      '/api/files/k1?exp=1&sig=s',
    ]);
    expect(callsTo('POST /api/auth/update-profile-images-order')).toHaveLength(0);
    tap('Done');
    await waitFor(() => expect(screen.queryByText('Rearrange Photos')).toBeNull());
    expect(callsTo('POST /api/auth/update-profile-images-order')[0]!.body).toEqual({
      images: [
        { id: 3, url: '/api/files/k3?exp=1&sig=s', display_order: 1 },
        { id: 2, url: '/api/files/k2?exp=1&sig=s', display_order: 2 },
        { id: 1, url: '/api/files/k1?exp=1&sig=s', display_order: 3 },
      ],
    });
  });

  it('refuses an empty slot and a pending photo in the 1st spot', async () => {
    mockFetch({
      'GET /api/userProfileImages': () => [
        200,
        { success: true, message: '', data: [image(1, 1), image(2, 2, 'pending')] },
      ],
    });
    renderSlots();
    await holdPhoto('Photo 1');
    tap('Photo 2, in review');
    tap('Add photo 3');
    expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.swapEmptySlot);
    tap('Photo 2, in review');
    tap('Photo 1');
    expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.firstSpotApprovedOnly);
  });

  it("shows 'Failed to save. Try again.' and stays in rearrange mode", async () => {
    mockFetch({
      'GET /api/userProfileImages': () => [
        200,
        { success: true, message: '', data: [image(1, 1), image(2, 2)] },
      ],
      'POST /api/auth/update-profile-images-order': () => [
        500,
        { message: 'Something went wrong. Please try again.' },
      ],
    });
    renderSlots();
    await holdPhoto('Photo 1');
    tap('Photo 1');
    tap('Photo 2');
    tap('Done');
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.saveOrderFailed);
    expect(screen.getByText('Rearrange Photos')).toBeTruthy();
  });

  it('asks before leaving with an unsaved order', async () => {
    mockFetch({
      'GET /api/userProfileImages': () => [
        200,
        { success: true, message: '', data: [image(1, 1), image(2, 2)] },
      ],
    });
    const router = renderSlots();
    await holdPhoto('Photo 1');
    tap('Photo 1');
    tap('Photo 2');
    act(() => void router.navigate('/elsewhere'));
    expect(await screen.findByText('Discard changes?')).toBeTruthy();
    tap('Keep editing');
    expect(router.state.location.pathname).toBe('/settings');
    tap('Cancel');
    tap('Discard');
    await waitFor(() => expect(screen.queryByText('Rearrange Photos')).toBeNull());
    expect(ids()[0]).toBe('/api/files/k1?exp=1&sig=s');
  });

  it('deletes slot 2 but offers no delete for slot 1', async () => {
    const { callsTo } = mockFetch({
      'GET /api/userProfileImages': () => [
        200,
        { success: true, message: '', data: [image(1, 1), image(2, 2)] },
      ],
      'DELETE /api/deleteProfileImage': () => [400, { message: 'You need at least one photo.' }],
    });
    renderSlots();
    await screen.findByRole('button', { name: 'Photo 2' });
    expect(screen.queryByRole('button', { name: 'Delete photo 1' })).toBeNull();
    tap('Delete photo 2');
    expect((await screen.findByRole('alert')).textContent).toBe('You need at least one photo.');
    expect(callsTo('DELETE /api/deleteProfileImage')[0]!.body).toEqual({
      display_order: 2,
      image_type: 'additional',
    });
  });
});
