// The face-verification head-turn sequence (accounts §4, §9): left, then right, then up,
// judged from human's head yaw/pitch (radians) against ±0.25 horizontally and 0.23
// vertically. A move counts only when the pose stays beyond its threshold for
// `holdFrames` consecutive samples, so one noisy frame at the threshold never counts, and
// a move out of order is ignored. Pure: the widget feeds it samples.
import { FACE_TURN } from '@bidboard/shared';

export type HeadTurn = 'left' | 'right' | 'up';
export const HEAD_TURN_ORDER: readonly HeadTurn[] = ['left', 'right', 'up'];

export interface PoseSample {
  yaw: number;
  pitch: number;
}

export interface HeadTurnState {
  /** How many moves of HEAD_TURN_ORDER are done (3 = complete). */
  completed: number;
  /** Consecutive samples showing the move expected next. */
  streak: number;
}

export interface HeadTurnOptions {
  yawThreshold?: number;
  pitchThreshold?: number;
  holdFrames?: number;
}

export const initialHeadTurnState: HeadTurnState = { completed: 0, streak: 0 };

/**
 * Which move a pose shows. Human reports yaw negative when the member turns to their own
 * left and pitch negative when they look up (camera space, before the preview's mirror).
 */
export function classifyPose(
  { yaw, pitch }: PoseSample,
  { yawThreshold = FACE_TURN.yaw, pitchThreshold = FACE_TURN.pitch }: HeadTurnOptions = {},
): HeadTurn | null {
  if (yaw < -yawThreshold) return 'left';
  if (yaw > yawThreshold) return 'right';
  if (pitch < -pitchThreshold) return 'up';
  return null;
}

export function isComplete(state: HeadTurnState): boolean {
  return state.completed >= HEAD_TURN_ORDER.length;
}

/** The next state and the move that was just completed by this sample, if any. */
export function advanceHeadTurns(
  state: HeadTurnState,
  sample: PoseSample | null,
  options: HeadTurnOptions = {},
): { state: HeadTurnState; completedMove: HeadTurn | null } {
  if (isComplete(state)) return { state, completedMove: null };
  const expected = HEAD_TURN_ORDER[state.completed]!;
  const shown = sample ? classifyPose(sample, options) : null;
  if (shown !== expected) return { state: { ...state, streak: 0 }, completedMove: null };
  const streak = state.streak + 1;
  if (streak < (options.holdFrames ?? 2)) {
    return { state: { ...state, streak }, completedMove: null };
  }
  return { state: { completed: state.completed + 1, streak: 0 }, completedMove: expected };
}

/** Runs a whole recorded sequence; returns the moves completed in order. */
export function replayHeadTurns(
  samples: readonly (PoseSample | null)[],
  options: HeadTurnOptions = {},
): HeadTurn[] {
  let state = initialHeadTurnState;
  const moves: HeadTurn[] = [];
  for (const sample of samples) {
    const next = advanceHeadTurns(state, sample, options);
    state = next.state;
    if (next.completedMove) moves.push(next.completedMove);
  }
  return moves;
}
