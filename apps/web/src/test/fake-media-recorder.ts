// A stand-in for the browser's MediaRecorder and microphone (tests only): recorders are
// kept so a test can see what was asked for, and each stop hands over the chunks given.
import { vi } from 'vitest';

export class FakeMediaRecorder extends EventTarget {
  static supported = true;
  static made: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported && type.includes('opus');
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
    FakeMediaRecorder.made.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  /** What the microphone heard so far, handed over as the browser does. */
  speak(bytes: string) {
    const event = new Event('dataavailable') as Event & { data: Blob };
    event.data = new Blob([bytes]);
    this.dispatchEvent(event);
  }
  stop() {
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
}

/** Installs the fake recorder and a microphone; `denied` makes getUserMedia refuse. */
export function fakeMicrophone({ denied = false } = {}) {
  FakeMediaRecorder.made = [];
  FakeMediaRecorder.supported = true;
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (denied) throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  return { track, getUserMedia, recorders: FakeMediaRecorder.made };
}
