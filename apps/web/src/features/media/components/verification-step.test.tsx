import { BIOMETRIC_CONSENT_VERSION, MEDIA_MESSAGES } from '@bidboard/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { PoseSample } from '../lib/head-turns';
import { VerificationStep, VerificationWidget } from './verification-step';

const poses: (PoseSample | null)[] = [];
/** What the face check sees once the scripted poses run out (null: no face). */
let afterScript: PoseSample | null = { yaw: 0, pitch: 0 };
vi.mock('../lib/face-model', () => ({
  preloadFaceModel: () => Promise.resolve(),
  detectPose: async () => (poses.length > 0 ? poses.shift()! : afterScript),
}));
const tone = vi.fn();
vi.mock('../lib/tone', () => ({ playStepTone: () => tone() }));

const LEFT = { yaw: -0.4, pitch: 0 };
const RIGHT = { yaw: 0.4, pitch: 0 };
const UP = { yaw: 0, pitch: -0.4 };
const script = () => [LEFT, LEFT, RIGHT, RIGHT, UP, UP];

class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])]) });
    this.onstop?.();
  }
}

const stopTrack = vi.fn();
function stubCamera(getUserMedia = vi.fn(async () => fakeStream())) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  return getUserMedia;
}
function fakeStream() {
  const track = { readyState: 'live', stop: stopTrack };
  return { getVideoTracks: () => [track], getTracks: () => [track] };
}

beforeEach(() => {
  poses.length = 0;
  afterScript = { yaw: 0, pitch: 0 };
  tone.mockClear();
  stopTrack.mockClear();
  FakeRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeRecorder);
});

function renderWidget(onDone = vi.fn(), timeouts: { noFace?: number; turns?: number } = {}) {
  render(
    <VerificationWidget
      onDone={onDone}
      sampleIntervalMs={5}
      noFaceTimeoutMs={timeouts.noFace}
      turnsTimeoutMs={timeouts.turns}
    />,
  );
  return onDone;
}

const uploadRoutes = (record: () => [number, unknown]) => ({
  'GET /api/verificationVideo': () => [200, { success: true, video: null }] as [number, unknown],
  'GET /api/getPresignedUploadUrl': () =>
    [
      200,
      {
        success: true,
        uploadUrl: '/api/files/dev/v/1/a.webm?exp=1&sig=s',
        key: 'dev/v/1/a.webm',
        message: 'ok',
      },
    ] as [number, unknown],
  'PUT /api/files/dev/v/1/a.webm': () => [200, undefined] as [number, unknown],
  'POST /api/uploadVerificationVideo': record,
});

describe('VerificationStep', () => {
  it('records, detects left-right-up with a tone each, stops, uploads and succeeds', async () => {
    stubCamera();
    const { callsTo } = mockFetch(
      uploadRoutes(() => [
        200,
        {
          success: true,
          message: 'ok',
          video: { id: 1, user_id: 1, file_name: 'dev/v/1/a.webm', verification_status: 'pending' },
        },
      ]),
    );
    poses.push(...script());
    const onDone = renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    expect(await screen.findByText('REC')).toBeTruthy();
    expect(FakeRecorder.instances[0]!.options.mimeType).toMatch(/^video\/webm/);

    await screen.findByRole('button', { name: 'Continue' }, { timeout: 3000 });
    expect(tone).toHaveBeenCalledTimes(3);
    expect(FakeRecorder.instances[0]!.state).toBe('inactive');
    expect(stopTrack).toHaveBeenCalled();
    expect(callsTo('PUT /api/files/dev/v/1/a.webm')[0]!.headers).toMatchObject({
      'Content-Type': 'video/webm',
    });
    expect(callsTo('POST /api/uploadVerificationVideo')[0]!.body).toEqual({
      file_name: 'dev/v/1/a.webm',
      verification_status: 'pending',
    });
    // Bio and SMS steps still follow: the widget does not say the member is done.
    expect(screen.getByRole('heading', { name: 'Video received' })).toBeTruthy();
    expect(screen.queryByText(/all set/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('asks for biometric consent before the camera opens, then records (issue 42)', async () => {
    const getUserMedia = stubCamera();
    const { callsTo } = mockFetch({
      ...uploadRoutes(() => [200, { success: true, message: 'ok', video: null }]),
      'GET /api/biometric-consent': () => [
        200,
        {
          decision: null,
          version: null,
          decided_at: null,
          current_version: BIOMETRIC_CONSENT_VERSION,
          retention_days: 365,
          video_retention_days: 30,
        },
      ],
      'POST /api/biometric-consent': () => [
        200,
        {
          decision: 'declined',
          version: BIOMETRIC_CONSENT_VERSION,
          decided_at: '2026-12-02T02:00:00.000Z',
          current_version: BIOMETRIC_CONSENT_VERSION,
          retention_days: 365,
          video_retention_days: 30,
        },
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <VerificationStep onDone={vi.fn()} />
      </MemoryRouter>,
    );
    const decline = await screen.findByRole('button', { name: 'Continue without face matching' });
    expect(screen.queryByRole('button', { name: 'Start verification' })).toBeNull();
    fireEvent.click(decline);
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledOnce());
    expect(callsTo('POST /api/biometric-consent')[0]!.body).toMatchObject({
      decision: 'declined',
    });
  });

  it('opens in its received state when the server already holds the video (a reload)', async () => {
    const getUserMedia = stubCamera();
    const { callsTo } = mockFetch({
      'GET /api/verificationVideo': () => [
        200,
        {
          success: true,
          video: { id: 3, user_id: 1, file_name: 'dev/v/1/a.webm', verification_status: 'pending' },
        },
      ],
    });
    const onDone = renderWidget();
    expect(await screen.findByRole('heading', { name: 'Video received' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start verification' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(callsTo('GET /api/verificationVideo')).toHaveLength(1);
  });

  it('asks for a new recording when the stored video was turned down', async () => {
    stubCamera();
    mockFetch({
      'GET /api/verificationVideo': () => [
        200,
        {
          success: true,
          video: { id: 4, user_id: 1, file_name: 'k', verification_status: 'rejected' },
        },
      ],
    });
    renderWidget();
    expect(await screen.findByRole('button', { name: 'Start verification' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Video received' })).toBeNull();
  });

  it('stops when no face is seen for the time limit, says what to do and restarts', async () => {
    stubCamera();
    mockFetch(uploadRoutes(() => [200, {}]));
    afterScript = null;
    renderWidget(vi.fn(), { noFace: 150 });
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toBe(
      MEDIA_MESSAGES.verificationRestart + MEDIA_MESSAGES.verificationNoFace,
    );
    expect(FakeRecorder.instances[0]!.state).toBe('inactive');
    expect(stopTrack).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('REC')).toBeTruthy();
    expect(FakeRecorder.instances).toHaveLength(2);
  });

  it('stops when the three moves take longer than the time limit', async () => {
    stubCamera();
    mockFetch(uploadRoutes(() => [200, {}]));
    poses.push(LEFT, LEFT);
    renderWidget(vi.fn(), { turns: 200 });
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toBe(
      MEDIA_MESSAGES.verificationRestart + MEDIA_MESSAGES.verificationTooSlow,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('restarts the capture after a failed upload and succeeds on the next try', async () => {
    const getUserMedia = stubCamera();
    let attempts = 0;
    mockFetch(
      uploadRoutes(() => {
        attempts += 1;
        return attempts === 1
          ? [500, { message: 'Something went wrong. Please try again.' }]
          : [
              200,
              {
                success: true,
                message: 'ok',
                video: { id: 2, user_id: 1, file_name: 'k', verification_status: 'pending' },
              },
            ];
      }),
    );
    poses.push(...script(), { yaw: 0, pitch: 0 }, ...script());
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(2), { timeout: 3000 });
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.verificationRestart);
    await screen.findByRole('button', { name: 'Continue' }, { timeout: 3000 });
    expect(attempts).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("stops with the server's message when the day's videos are used up (issue 41)", async () => {
    const getUserMedia = stubCamera();
    mockFetch({
      ...uploadRoutes(() => [200, {}]),
      'GET /api/getPresignedUploadUrl': () =>
        [429, { message: MEDIA_MESSAGES.tooManyVideos, code: 'RATE_LIMITED' }] as [number, unknown],
    });
    poses.push(...script());
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await screen.findByRole('button', { name: 'Try again' }, { timeout: 3000 });
    expect(screen.getByRole('alert').textContent).toBe(MEDIA_MESSAGES.tooManyVideos);
    // Not recording again on its own.
    await new Promise((r) => setTimeout(r, 100));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(FakeRecorder.instances).toHaveLength(1);
  });

  it('does not finish on moves out of order', async () => {
    stubCamera();
    mockFetch(uploadRoutes(() => [200, {}]));
    poses.push(RIGHT, RIGHT, UP, UP, LEFT, LEFT, UP, UP);
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(tone).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(tone).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Now turn to the right')).toBeTruthy();
  });

  it.each([
    [
      'no mediaDevices',
      () =>
        Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined }),
      MEDIA_MESSAGES.cameraUnsupported,
    ],
    [
      'permission denied',
      () =>
        stubCamera(
          vi.fn(async () => {
            throw Object.assign(new Error('x'), { name: 'NotAllowedError' });
          }),
        ),
      MEDIA_MESSAGES.cameraDenied,
    ],
    [
      'no camera',
      () =>
        stubCamera(
          vi.fn(async () => {
            throw Object.assign(new Error('x'), { name: 'NotFoundError' });
          }),
        ),
      MEDIA_MESSAGES.cameraUnavailable,
    ],
    [
      'ended track',
      () =>
        stubCamera(
          vi.fn(async () => ({
            getVideoTracks: () => [{ readyState: 'ended', stop: vi.fn() }],
            getTracks: () => [],
          })),
        ),
      MEDIA_MESSAGES.cameraUnavailable,
    ],
    [
      'no MediaRecorder',
      () => {
        stubCamera();
        vi.stubGlobal('MediaRecorder', undefined);
      },
      MEDIA_MESSAGES.recordingUnsupported,
    ],
    [
      'recorder throws on start',
      () => {
        stubCamera();
        vi.stubGlobal(
          'MediaRecorder',
          class extends FakeRecorder {
            override start() {
              throw new Error('boom');
            }
          },
        );
      },
      MEDIA_MESSAGES.recordingFailed,
    ],
  ])('shows the camera error for %s', async (_name, arrange, message) => {
    arrange();
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
