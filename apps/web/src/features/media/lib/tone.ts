// The short 880 Hz confirmation tone of each completed head move (accounts §9).
import { FACE_TURN } from '@bidboard/shared';

let context: AudioContext | null = null;

export function playStepTone(durationMs = 160): void {
  try {
    const Ctor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = FACE_TURN.toneHz;
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, start + durationMs / 1000);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + durationMs / 1000 + 0.02);
  } catch {
    // Sound is a courtesy; the on-screen checklist shows the same progress.
  }
}
