// What a voice answer's bytes really are (issue 44): the EBML header's DocType must say
// 'webm' (ffprobe names WebM and Matroska alike), ffprobe must find exactly one stream, an
// Opus audio one, and the recording's length is where its last packet ends: MediaRecorder
// writes no Duration, and a header's Duration could lie about what follows. ffmpeg then
// decodes it to 8 kHz mono for the waveform, which proves it plays.
import { VOICE_ANSWER_MAX_SECONDS, VOICE_WAVEFORM_BARS } from '@bidboard/shared';
import { runTool, ToolFailed } from '../../lib/run-tool';
import { probeWebm } from '../media/webm-probe';

/** A 30 s clip probes and decodes in well under a second; a stuck tool is ended. */
const TOOL_TIMEOUT_MS = 20_000;
const WAVEFORM_RATE = 8000;
/** Packet timestamps are rounded to the millisecond; Opus frames run 2.5 to 60 ms. */
const DURATION_TOLERANCE_S = 0.1;

export type VoiceProblem = 'not_opus_webm' | 'too_long' | 'empty';

export type VoiceProbe =
  | { ok: true; durationMs: number; waveform: number[] }
  | { ok: false; problem: VoiceProblem };

export interface VoiceTools {
  ffprobePath: string;
  ffmpegPath: string;
}

interface FfprobeOutput {
  streams?: { codec_type?: string; codec_name?: string }[];
  packets?: { pts_time?: string; duration_time?: string }[];
}

/** Loudness of each of VOICE_WAVEFORM_BARS equal spans of signed 16-bit PCM, 0..100. */
export function waveformOf(pcm: Buffer): number[] {
  const samples = Math.floor(pcm.length / 2);
  const peaks: number[] = [];
  for (let bar = 0; bar < VOICE_WAVEFORM_BARS; bar++) {
    const from = Math.floor((bar * samples) / VOICE_WAVEFORM_BARS);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * samples) / VOICE_WAVEFORM_BARS));
    let sum = 0;
    let count = 0;
    for (let i = from; i < to && i < samples; i++) {
      const value = pcm.readInt16LE(i * 2) / 32768;
      sum += value * value;
      count += 1;
    }
    peaks.push(count === 0 ? 0 : Math.sqrt(sum / count));
  }
  const loudest = Math.max(...peaks);
  return peaks.map((peak) => (loudest === 0 ? 0 : Math.round((peak / loudest) * 100)));
}

/**
 * Probes a voice answer. Resolves with what is wrong with it, or its length and waveform;
 * rejects only when a tool could not run at all (missing, killed).
 */
export async function probeVoiceAnswer(bytes: Buffer, tools: VoiceTools): Promise<VoiceProbe> {
  if (probeWebm(bytes)?.docType !== 'webm') return { ok: false, problem: 'not_opus_webm' };
  let probed: FfprobeOutput;
  try {
    const json = await runTool(
      tools.ffprobePath,
      [
        '-v',
        'error',
        '-of',
        'json',
        '-show_entries',
        'stream=codec_type,codec_name:packet=pts_time,duration_time',
        'pipe:0',
      ],
      bytes,
      { timeoutMs: TOOL_TIMEOUT_MS },
    );
    probed = JSON.parse(json.toString('utf8')) as FfprobeOutput;
  } catch (error) {
    if (error instanceof ToolFailed || error instanceof SyntaxError) {
      return { ok: false, problem: 'not_opus_webm' };
    }
    throw error;
  }
  const streams = probed.streams ?? [];
  const [stream] = streams;
  if (streams.length !== 1 || stream?.codec_type !== 'audio' || stream.codec_name !== 'opus') {
    return { ok: false, problem: 'not_opus_webm' };
  }
  const seconds = Math.max(
    0,
    ...(probed.packets ?? []).map(
      (packet) => Number(packet.pts_time ?? 0) + Number(packet.duration_time ?? 0),
    ),
  );
  if (!Number.isFinite(seconds)) return { ok: false, problem: 'not_opus_webm' };
  if (seconds > VOICE_ANSWER_MAX_SECONDS + DURATION_TOLERANCE_S) {
    return { ok: false, problem: 'too_long' };
  }
  let pcm: Buffer;
  try {
    pcm = await runTool(
      tools.ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-threads',
        '1',
        '-i',
        'pipe:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(WAVEFORM_RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      bytes,
      { timeoutMs: TOOL_TIMEOUT_MS },
    );
  } catch (error) {
    if (error instanceof ToolFailed) return { ok: false, problem: 'not_opus_webm' };
    throw error;
  }
  if (seconds <= 0 || pcm.length < WAVEFORM_RATE / 10) return { ok: false, problem: 'empty' };
  return {
    ok: true,
    durationMs: Math.round(Math.min(seconds, VOICE_ANSWER_MAX_SECONDS) * 1000),
    waveform: waveformOf(pcm),
  };
}
