// A part of a screen loaded on demand that the screen does without: a card's distance line,
// its verified badge. Its code failing to load (the network dropped as the board came in)
// shows nothing where it would be, instead of throwing to the route's error screen, which
// replaced the whole board and its menu for a missing line.
import { Component, type ReactNode, Suspense } from 'react';

export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
