import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionalPart } from './optional-part';

describe('OptionalPart', () => {
  it('shows nothing where a part whose code failed to load would be, and keeps the rest', async () => {
    const Missing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    // React logs the caught error; the boundary is what keeps it from the screen's.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <article>
          <p>maya_rivers, 29</p>
          <OptionalPart>
            <Missing />
          </OptionalPart>
        </article>,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByText('maya_rivers, 29')).toBeTruthy();
      expect(screen.getByRole('article').children).toHaveLength(1);
    } finally {
      quiet.mockRestore();
    }
  });

  it('shows the part once its code is in', async () => {
    const Line = lazy(async () => ({ default: () => <p>3 miles away</p> }));
    render(
      <OptionalPart>
        <Line />
      </OptionalPart>,
    );
    expect(await screen.findByText('3 miles away')).toBeTruthy();
  });
});
