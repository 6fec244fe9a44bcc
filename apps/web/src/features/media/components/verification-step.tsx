// Onboarding step 11, the face verification widget (accounts §2, §4, §8, §9): idle, then
// recording once the camera is allowed (front camera, 640x480, webm), then success after
// the member turns left, right and up in that order, each move confirmed by an 880 Hz tone.
// Recording stops by itself and the video is uploaded; a failed upload restarts capture,
// except when the day's videos are used up: then the server's message, and no recording.
// Once the face check runs, no face for 10 s or moves unfinished after 30 s stop the
// recording with the spec's restart message and what to do differently. A video the server
// already holds (a reload before Continue) opens the step in its received state. Before
// the camera first opens, the biometric consent screen (issue 42) asks whether the video
// may be measured; the member records either way.
import { MEDIA_MESSAGES, VERIFICATION_NO_FACE_MS, VERIFICATION_TURNS_MS } from '@bidboard/shared';
import clsx from 'clsx';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';
import { getReceivedVerificationVideo, uploadVerificationVideo } from '../api/verification-video';
import { useMediaText } from '../i18n';
import { CameraError, createWebmRecorder, openFrontCamera, stopStream } from '../lib/camera';
import { detectPose, preloadFaceModel } from '../lib/face-model';
import {
  advanceHeadTurns,
  HEAD_TURN_ORDER,
  initialHeadTurnState,
  isComplete,
} from '../lib/head-turns';
import { playStepTone } from '../lib/tone';
import './media-steps.css';
import './verification-step.css';

type Phase = 'checking' | 'idle' | 'starting' | 'recording' | 'uploading' | 'success';

const PROMPTS = {
  left: 'verify.turnLeft',
  right: 'verify.turnRight',
  up: 'verify.lookUp',
} as const;
const LABELS = { left: 'verify.left', right: 'verify.right', up: 'verify.up' } as const;

interface Capture {
  stream: MediaStream;
  recorder: MediaRecorder;
  timer: ReturnType<typeof setTimeout> | null;
  active: boolean;
}

// The consent screen (issue 42) is its own chunk, with its words, loaded with the step.
const BiometricConsentScreen = lazyComponent(() =>
  import('@/features/biometric-consent').then((m) => m.BiometricConsentScreen),
);

function ConsentLoading() {
  return <div className="ob-media-loading" role="status" aria-busy="true" />;
}

function askConsent(onDecided: () => void): ReactNode {
  return (
    <Suspense fallback={<ConsentLoading />}>
      <BiometricConsentScreen onDecided={onDecided} />
    </Suspense>
  );
}

export function VerificationStep({ onDone }: { onDone: () => void }) {
  return <VerificationWidget onDone={onDone} consent={askConsent} />;
}

export function VerificationWidget({
  onDone,
  consent,
  sampleIntervalMs = 80,
  noFaceTimeoutMs = VERIFICATION_NO_FACE_MS,
  turnsTimeoutMs = VERIFICATION_TURNS_MS,
}: {
  onDone: () => void;
  /**
   * The biometric consent screen, shown before the camera first opens in this visit (a
   * video the server already holds skips it: the member decided before recording it).
   */
  consent?: (onDecided: () => void) => ReactNode;
  sampleIntervalMs?: number;
  noFaceTimeoutMs?: number;
  turnsTimeoutMs?: number;
}) {
  const t = useMediaText();
  const { sharedText } = useSharedText();
  const videoRef = useRef<HTMLVideoElement>(null);
  const capture = useRef<Capture | null>(null);
  const mounted = useRef(true);
  const [phase, setPhase] = useState<Phase>('checking');
  const [completed, setCompleted] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  // False until the face model has answered once: its download can take a moment.
  const [checking, setChecking] = useState(false);
  const [consentAsked, setConsentAsked] = useState(!consent);

  const endCapture = useCallback(() => {
    const current = capture.current;
    if (!current) return;
    current.active = false;
    if (current.timer) clearTimeout(current.timer);
    stopStream(current.stream);
    capture.current = null;
  }, []);

  useEffect(() => {
    let current = true;
    getReceivedVerificationVideo()
      .catch(() => null)
      .then((video) => {
        if (!current) return;
        if (video) setCompleted(HEAD_TURN_ORDER.length);
        setPhase(video ? 'success' : 'idle');
      });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    mounted.current = true;
    void preloadFaceModel();
    return () => {
      mounted.current = false;
      const current = capture.current;
      if (current) {
        current.recorder.onstop = null;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
      }
      endCapture();
    };
  }, [endCapture]);

  async function start(retryMessage: string | null = null) {
    setError(retryMessage);
    setHint(null);
    setCompleted(0);
    setChecking(false);
    setPhase('starting');
    let stream: MediaStream | null = null;
    try {
      stream = await openFrontCamera();
      const recorder = createWebmRecorder(stream);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        endCapture();
        void submit(new Blob(chunks, { type: 'video/webm' }));
      };
      try {
        recorder.start(250);
      } catch {
        throw new CameraError(MEDIA_MESSAGES.recordingFailed);
      }
      if (!mounted.current) {
        stopStream(stream);
        return;
      }
      const current: Capture = { stream, recorder, timer: null, active: true };
      capture.current = current;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        video.play?.()?.catch?.(() => undefined);
      }
      setPhase('recording');
      let state = initialHeadTurnState;
      // The clocks start when the face check first answers, not while its model loads.
      let checkStartedAt: number | null = null;
      let faceSeenAt = 0;
      const giveUp = (reason: string) => {
        current.active = false;
        recorder.onstop = null;
        if (recorder.state !== 'inactive') recorder.stop();
        endCapture();
        setPhase('idle');
        setError(MEDIA_MESSAGES.verificationRestart);
        setHint(reason);
      };
      const tick = async () => {
        if (!current.active) return;
        const pose = videoRef.current ? await detectPose(videoRef.current).catch(() => null) : null;
        if (!current.active) return;
        const now = Date.now();
        if (checkStartedAt === null) {
          checkStartedAt = now;
          faceSeenAt = now;
          setChecking(true);
        }
        if (pose) faceSeenAt = now;
        if (now - faceSeenAt >= noFaceTimeoutMs) return giveUp(MEDIA_MESSAGES.verificationNoFace);
        if (now - checkStartedAt >= turnsTimeoutMs)
          return giveUp(MEDIA_MESSAGES.verificationTooSlow);
        const next = advanceHeadTurns(state, pose);
        state = next.state;
        if (next.completedMove) {
          playStepTone();
          setCompleted(state.completed);
        }
        if (isComplete(state)) {
          current.active = false;
          setPhase('uploading');
          recorder.stop();
          return;
        }
        current.timer = setTimeout(tick, sampleIntervalMs);
      };
      current.timer = setTimeout(tick, sampleIntervalMs);
    } catch (caught) {
      stopStream(stream);
      if (!mounted.current) return;
      setPhase('idle');
      setError(caught instanceof CameraError ? caught.message : MEDIA_MESSAGES.cameraUnavailable);
    }
  }

  async function submit(video: Blob) {
    if (!mounted.current) return;
    setPhase('uploading');
    try {
      await uploadVerificationVideo(video);
      if (!mounted.current) return;
      setError(null);
      setPhase('success');
    } catch (caught) {
      if (!mounted.current) return;
      if (isApiError(caught) && caught.status === 429) {
        // The day's videos are used up (issue 41): recording again would be refused too.
        setPhase('idle');
        setError(errorMessage(caught, MEDIA_MESSAGES.tooManyVideos));
        return;
      }
      // Retry state: capture starts again from the first move.
      void start(MEDIA_MESSAGES.verificationRestart);
    }
  }

  const current = HEAD_TURN_ORDER[completed];
  const live = phase === 'recording' || phase === 'starting';
  if (phase === 'idle' && !consentAsked && consent) return consent(() => setConsentAsked(true));

  return (
    <section className="media-step verify" aria-labelledby="verify-title" data-phase={phase}>
      <header className="media-step__header">
        <h2 id="verify-title" className="media-step__title">
          {phase === 'success' ? t('verify.received') : t('verify.title')}
        </h2>
        <p className="media-step__lead">
          {phase === 'success' ? t('verify.receivedLead') : t('verify.lead')}
        </p>
      </header>

      <div className={clsx('verify__stage', live && 'verify__stage--live')}>
        <video
          ref={videoRef}
          className="verify__video"
          muted
          playsInline
          autoPlay
          aria-label={t('verify.preview')}
          hidden={!live}
        />
        {!live ? (
          <div className="verify__placeholder" aria-hidden="true">
            {phase === 'success' ? <CheckIcon /> : <span className="verify__oval" />}
          </div>
        ) : (
          <span className="verify__guide" aria-hidden="true" />
        )}
        {live && !checking ? (
          <div className="verify__overlay verify__overlay--soft" role="status">
            <span className="verify__spinner" aria-hidden="true" />
            {phase === 'starting' ? t('verify.starting') : t('verify.modelLoading')}
          </div>
        ) : null}
        {phase === 'recording' ? (
          <span className="verify__rec">
            <span className="verify__rec-dot" aria-hidden="true" />
            {t('verify.rec')}
          </span>
        ) : null}
        {phase === 'checking' ? (
          <div className="verify__overlay verify__overlay--soft" role="status">
            <span className="verify__spinner" aria-hidden="true" />
            {t('verify.checking')}
          </div>
        ) : null}
        {phase === 'uploading' ? (
          <div className="verify__overlay" role="status">
            <span className="verify__spinner" aria-hidden="true" />
            {t('verify.submitting')}
          </div>
        ) : null}
      </div>

      {phase === 'recording' && checking && current ? (
        <p className="verify__prompt" aria-live="polite">
          {t(PROMPTS[current])}
        </p>
      ) : null}

      {phase !== 'idle' && phase !== 'checking' ? (
        <ol className="verify__steps" aria-label={t('verify.moves')}>
          {HEAD_TURN_ORDER.map((move, index) => (
            <li
              key={move}
              className={clsx(
                'verify__step',
                index < completed && 'verify__step--done',
                index === completed && phase === 'recording' && 'verify__step--current',
              )}
              aria-current={index === completed && phase === 'recording' ? 'step' : undefined}
            >
              {index < completed ? <CheckIcon aria-hidden="true" /> : <span>{index + 1}</span>}
              {t(LABELS[move])}
              {index < completed ? (
                <span className="visually-hidden"> {t('verify.done')}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}

      {error ? (
        <div className="media-step__error" role="alert">
          <p>{sharedText(error)}</p>
          {hint ? <p className="media-step__hint">{sharedText(hint)}</p> : null}
        </div>
      ) : null}

      {phase === 'idle' ? (
        <Button block onClick={() => void start()}>
          {error ? t('verify.tryAgain') : t('verify.start')}
        </Button>
      ) : null}
      {phase === 'success' ? (
        <Button block onClick={onDone}>
          {t('verify.continue')}
        </Button>
      ) : null}
    </section>
  );
}
