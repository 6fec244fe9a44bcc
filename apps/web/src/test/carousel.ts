// jsdom lacks the observers, matchMedia and scrolling the card carousel and lists use.
import { vi } from 'vitest';

export function stubCarouselApis(): void {
  class Observer {
    observe = vi.fn();
    unobserve = vi.fn();
    disconnect = vi.fn();
  }
  Element.prototype.scrollIntoView ??= vi.fn();
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal('ResizeObserver', Observer);
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}
