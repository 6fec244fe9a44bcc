// A voice answer on the card (issue 44): a play button, the recording's waveform filling as
// it plays and its length. The audio comes from its signed URL only when played.
import { useEffect, useRef, useState } from 'react';
import { usePromptsText } from '../i18n';

interface VoicePlayerProps {
  url: string;
  durationMs: number;
  waveform: readonly number[];
  /** The prompt's words, for the button's accessible name. */
  prompt: string;
}

export function VoicePlayer({ url, durationMs, waveform, prompt }: VoicePlayerProps) {
  const t = usePromptsText();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  const handleToggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
    else audio.pause();
  };

  const played = Math.round(progress * waveform.length);
  const seconds = Math.max(1, Math.round(durationMs / 1000));
  return (
    <div className="voice-player">
      <button
        type="button"
        className="voice-player__toggle"
        aria-label={playing ? t('player.pause') : t('player.play', { prompt })}
        aria-pressed={playing}
        onClick={handleToggle}
      >
        <span
          aria-hidden="true"
          className={playing ? 'voice-player__pause' : 'voice-player__play'}
        />
      </button>
      <div className="voice-player__wave" aria-hidden="true">
        {waveform.map((height, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed bars of one recording
            key={index}
            className={index < played ? 'is-played' : undefined}
            style={{ height: `${Math.max(8, height)}%` }}
          />
        ))}
      </div>
      <span className="voice-player__time">{t('player.seconds', { seconds })}</span>
      {/* biome-ignore lint/a11y/useMediaCaption: the prompt is the caption; voice answers carry no transcript (issue 44) */}
      <audio
        ref={audioRef}
        src={url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setProgress(1);
        }}
        onTimeUpdate={(event) =>
          setProgress(Math.min(1, (event.currentTarget.currentTime * 1000) / durationMs))
        }
      />
    </div>
  );
}
