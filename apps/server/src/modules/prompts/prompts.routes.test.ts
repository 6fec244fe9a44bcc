// Prompt answers (issue 44) through HTTP: text answers pass the bio's checks, voice answers
// are real recordings made by ffmpeg here (WebM/Opus up to 30 s passes; Vorbis, Ogg,
// Matroska, a video or 31 s are refused), others hear them only through signed URLs, a
// moderator removes a reported one (audited), they are in the member's data export, and
// they leave with the account.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PROMPT_MESSAGES,
  PROMPT_TEXTS,
  SAFETY_MESSAGES,
  VOICE_ANSWER_MAX_BYTES,
  VOICE_WAVEFORM_BARS,
} from '@bidboard/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, testClock } from '../../../test/marketplace';
import { createStorage } from '../../adapters/storage';
import { rows } from '../../db/client';
import { promptAnswers } from '../../db/prompts.schema';
import { users } from '../../db/schema';
import { loadSecrets } from '../../lib/secrets';
import { sweepPeriods } from '../auctions/period-sweep';
import { storedFiles } from '../media/media-test-helpers';
import { deleteQueuedObjects } from '../media/storage-deletions';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
let dir: string;
const recordings: Record<string, Buffer> = {};

/** A tone recorded by ffmpeg, as a browser's MediaRecorder would hand it over. */
function record(name: string, seconds: number, output: string[]): Buffer {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...output,
    '-y',
    file,
  ]);
  return readFileSync(file);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voice-answers-'));
  const opus = ['-c:a', 'libopus', '-b:a', '24k'];
  recordings.opus = record('ok.webm', 3, [...opus, '-f', 'webm']);
  recordings.long = record('long.webm', 31, [...opus, '-f', 'webm']);
  recordings.vorbis = record('vorbis.webm', 2, ['-c:a', 'libvorbis', '-f', 'webm']);
  recordings.ogg = record('opus.ogg', 2, [...opus, '-f', 'ogg']);
  recordings.matroska = record('opus.mkv', 2, [...opus, '-f', 'matroska']);
  recordings.video = (() => {
    const file = path.join(dir, 'video.webm');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'sine=duration=1', '-f', 'lavfi', '-i', 'color=size=32x32:d=1'],
      ...[...opus, '-c:v', 'libvpx', '-f', 'webm', '-y', file],
    ]);
    return readFileSync(file);
  })();
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function member() {
  const row = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}
type Member = Awaited<ReturnType<typeof member>>;

const putText = (who: Member, slot: number, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/prompts/${slot}`, headers: who.headers, payload: body });
const postVoice = (who: Member, slot: number, promptId: string, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/prompts/${slot}/voice?prompt_id=${promptId}`,
    headers: { ...who.headers, 'content-type': 'audio/webm;codecs=opus' },
    payload: bytes,
  });

describe('text answers', () => {
  it('are checked like the bio: length, words, the list of prompts and one prompt once', async () => {
    const jane = await member();
    const cases: [object, number, string][] = [
      [{ prompt_id: 'winMeOver', text: ' a ' }, 400, PROMPT_MESSAGES.tooShort],
      [{ prompt_id: 'winMeOver', text: 'a'.repeat(151) }, 400, PROMPT_MESSAGES.tooLong],
      [
        { prompt_id: 'winMeOver', text: 'you are a fucking star' },
        400,
        PROMPT_MESSAGES.inappropriate,
      ],
      [
        { prompt_id: 'winMeOver', text: 'sh1t happens, bring coffee' },
        400,
        PROMPT_MESSAGES.inappropriate,
      ],
      [{ prompt_id: 'notAPrompt', text: 'Bring snacks' }, 400, PROMPT_MESSAGES.unknownPrompt],
      [
        { prompt_id: 'winMeOver', text: 'Bring\u0000snacks' },
        400,
        'Text cannot contain control characters',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await putText(jane, 1, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await putText(jane, 4, { prompt_id: 'winMeOver', text: 'Snacks' })).statusCode).toBe(
      400,
    );
    expect(
      await t.database.db.select().from(promptAnswers).where(eq(promptAnswers.user_id, jane.id)),
    ).toEqual([]);

    const saved = await putText(jane, 1, {
      prompt_id: 'winMeOver',
      text: `  ${'b'.repeat(150)}  `,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PROMPT_MESSAGES.saved,
      prompt: { slot: 1, prompt_id: 'winMeOver', kind: 'text', text: 'b'.repeat(150), voice: null },
    });
    const twice = await putText(jane, 2, { prompt_id: 'winMeOver', text: 'Again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, PROMPT_MESSAGES.promptTaken]);
    await putText(jane, 2, { prompt_id: 'thursdayNight', text: 'Tacos and a trivia night' });
    // The slot's prompt may change with its answer.
    await putText(jane, 1, { prompt_id: 'firstDate', text: 'A long walk and ramen' });

    const mine = await t.app.inject({ method: 'GET', url: '/api/prompts', headers: jane.headers });
    expect(
      mine.json().prompts.map((p: { slot: number; prompt_id: string }) => [p.slot, p.prompt_id]),
    ).toEqual([
      [1, 'firstDate'],
      [2, 'thursdayNight'],
    ]);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/prompts/2',
      headers: jane.headers,
    });
    expect(cleared.json()).toEqual({ success: true, message: PROMPT_MESSAGES.deleted });
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/prompts/2',
      headers: jane.headers,
    });
    expect([again.statusCode, again.json().message]).toEqual([404, PROMPT_MESSAGES.answerNotFound]);
  });

  it('the shared list holds about thirty prompts', () => {
    expect(Object.keys(PROMPT_TEXTS).length).toBeGreaterThanOrEqual(28);
    expect(PROMPT_TEXTS.winMeOver).toBe('The way to win me over is…');
    expect(PROMPT_TEXTS.thursdayNight).toBe('A perfect Thursday night…');
  });
});

describe('voice answers', () => {
  it('keep a WebM/Opus recording with its length and waveform', async () => {
    const sam = await member();
    const res = await postVoice(sam, 1, 'karaokeSong', recordings.opus!);
    expect(res.statusCode).toBe(200);
    const { prompt } = res.json();
    expect(prompt).toMatchObject({ slot: 1, prompt_id: 'karaokeSong', kind: 'voice', text: null });
    expect(prompt.voice.duration_ms).toBeGreaterThanOrEqual(2900);
    expect(prompt.voice.duration_ms).toBeLessThanOrEqual(3100);
    expect(prompt.voice.waveform).toHaveLength(VOICE_WAVEFORM_BARS);
    expect(Math.max(...prompt.voice.waveform)).toBe(100);
  });

  it.each([
    ['vorbis', PROMPT_MESSAGES.voiceNotOpus],
    ['ogg', PROMPT_MESSAGES.voiceNotOpus],
    ['matroska', PROMPT_MESSAGES.voiceNotOpus],
    ['video', PROMPT_MESSAGES.voiceNotOpus],
    ['long', PROMPT_MESSAGES.voiceTooLong],
  ])('refuses a %s recording with a 400, storing nothing', async (name, message) => {
    const sam = await member();
    const before = await storedFiles(t);
    const res = await postVoice(sam, 1, 'karaokeSong', recordings[name]!);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await storedFiles(t)).toEqual(before);
    const kept = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.user_id, sam.id));
    expect(kept).toEqual([]);
  });

  it('refuses bytes that are no recording, and a file past the size cap with a 413', async () => {
    const sam = await member();
    const junk = await postVoice(sam, 1, 'karaokeSong', Buffer.from('not a recording at all'));
    expect([junk.statusCode, junk.json().message]).toEqual([400, PROMPT_MESSAGES.voiceNotOpus]);
    const big = Buffer.concat([recordings.opus!, Buffer.alloc(VOICE_ANSWER_MAX_BYTES)]);
    const large = await postVoice(sam, 1, 'karaokeSong', big);
    expect([large.statusCode, large.json().message]).toEqual([413, PROMPT_MESSAGES.voiceTooLarge]);
  });

  it('replacing a recording queues the old file for deletion', async () => {
    const sam = await member();
    await postVoice(sam, 2, 'hiddenTalent', recordings.opus!);
    const [first] = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.user_id, sam.id));
    await putText(sam, 2, { prompt_id: 'hiddenTalent', text: 'Juggling, badly' });
    const queued = await rows<{ reason: string }>(
      t.database.db,
      sql`SELECT reason FROM storage_deletions WHERE storage_key = ${first!.voice_file_name}`,
    );
    expect(queued).toEqual([{ reason: 'prompt_answer_replaced' }]);
  });
});

describe("others' voice answers", () => {
  it('reach other members on the card only as signed URLs', async () => {
    const owner = await member();
    const viewer = await member();
    await postVoice(owner, 1, 'karaokeSong', recordings.opus!);
    await putText(owner, 2, { prompt_id: 'winMeOver', text: 'Bring snacks' });
    await sweepPeriods({ db: t.database.db, clock: clock.clock });
    const [auction] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
    );
    const [row] = await t.database.db
      .select()
      .from(promptAnswers)
      .where(and(eq(promptAnswers.slot, 1), eq(promptAnswers.user_id, owner.id)));
    const key = row!.voice_file_name!;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/auction_profile_data',
      headers: viewer.headers,
      payload: { auctionIds: [auction!.id] },
    });
    const [profile] = res.json().auctionProfileData;
    expect(profile.prompts.map((p: { kind: string }) => p.kind)).toEqual(['voice', 'text']);
    const { url } = profile.prompts[0].voice;
    expect(url).toMatch(
      /^\/api\/files\/dev\/voice-answers\/\d+\/[0-9a-f-]{36}\.webm\?exp=\d+&sig=/,
    );
    // The row's fields stay on the server: the key appears only inside the signed URL.
    expect(res.body).not.toContain('voice_file_name');
    expect(res.body.split(key).length - 1).toBe(1);

    const played = await t.app.inject({ method: 'GET', url });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(recordings.opus!)).toBe(true);
    for (const bad of [
      `/api/files/${key}`,
      url.replace(/sig=[^&]+/, 'sig=forged'),
      url.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) + 999_999}`),
    ]) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(403);
    }
  });
});

describe('a reported prompt answer', () => {
  it('an admin removes it from the safety queue: the row, its recording, one audit row', async () => {
    const admin = await member();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const reporter = await member();
    const reported = await member();
    const bystander = await member();
    await postVoice(reported, 1, 'karaokeSong', recordings.opus!);
    await putText(reported, 2, { prompt_id: 'winMeOver', text: 'Bring snacks' });
    await putText(bystander, 1, { prompt_id: 'winMeOver', text: 'Bring a map' });
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.headers,
      payload: { user_id: reported.id, reason: 'inappropriate_prompt', text: 'The song' },
    });
    expect(filed.statusCode).toBe(200);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=open',
      headers: admin.headers,
    });
    const report = queue
      .json()
      .reports.find((r: { reported_user: { id: number } }) => r.reported_user.id === reported.id);
    expect(report.reason_label).toBe('Inappropriate prompt answer');

    // The admin sees the member's answers, the recording by signed URL.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${reported.id}`,
      headers: admin.headers,
    });
    const answers = detail.json().member.prompts;
    expect(answers.map((a: { kind: string }) => a.kind)).toEqual(['voice', 'text']);
    expect(answers[0].voice.url).toMatch(/^\/api\/files\/dev\/voice-answers\/.*sig=/);
    const voice = answers[0] as { id: number };
    const [row] = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.id, voice.id));

    const act = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${report.id}/action`,
        headers: admin.headers,
        payload,
      });
    const unnamed = await act({ action: 'remove_prompt' });
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([
      400,
      SAFETY_MESSAGES.promptRequired,
    ]);
    // Another member's answer is not this report's to remove; the report stays open.
    const [theirs] = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.user_id, bystander.id));
    const wrong = await act({ action: 'remove_prompt', prompt_answer_id: theirs!.id });
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, SAFETY_MESSAGES.promptNotFound]);

    const removed = await act({ action: 'remove_prompt', prompt_answer_id: voice.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().report).toMatchObject({ status: 'actioned', action: 'remove_prompt' });
    const left = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.user_id, reported.id));
    expect(left.map((a) => a.prompt_id)).toEqual(['winMeOver']);
    const queued = await rows<{ reason: string }>(
      t.database.db,
      sql`SELECT reason FROM storage_deletions WHERE storage_key = ${row!.voice_file_name}`,
    );
    expect(queued).toEqual([{ reason: 'prompt_answer_reported' }]);
    const audit = await rows<{ action: string; after: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT action, after FROM admin_audit_log
           WHERE target_type = 'report' AND target_id = ${String(report.id)}`,
    );
    expect(audit).toEqual([
      {
        action: 'report.remove_prompt',
        after: expect.objectContaining({
          status: 'actioned',
          prompt_answer_id: voice.id,
          slot: 1,
          prompt_id: 'karaokeSong',
          kind: 'voice',
        }),
      },
    ]);
    // Handled once.
    const again = await act({ action: 'remove_prompt', prompt_answer_id: voice.id });
    expect(again.statusCode).toBe(409);
  });
});

describe('the data export', () => {
  it('holds each prompt answer: the words, or the recording by signed URL', async () => {
    const sam = await member();
    await postVoice(sam, 1, 'karaokeSong', recordings.opus!);
    await putText(sam, 3, { prompt_id: 'winMeOver', text: 'Bring snacks' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: sam.headers,
    });
    expect(res.statusCode).toBe(200);
    const { prompts } = res.json();
    expect(prompts).toEqual([
      {
        slot: 1,
        prompt_id: 'karaokeSong',
        prompt: PROMPT_TEXTS.karaokeSong,
        kind: 'voice',
        text: null,
        voice: {
          url: expect.stringMatching(/voice-answers\/.*sig=/),
          duration_ms: expect.any(Number),
        },
      },
      {
        slot: 3,
        prompt_id: 'winMeOver',
        prompt: PROMPT_TEXTS.winMeOver,
        kind: 'text',
        text: 'Bring snacks',
        voice: null,
      },
    ]);
    const played = await t.app.inject({ method: 'GET', url: prompts[0].voice.url });
    expect(played.rawPayload.equals(recordings.opus!)).toBe(true);
  });
});

describe('deleting an account', () => {
  it('deletes the prompt answers and, through the deletion queue, the recordings', async () => {
    const leaving = await member();
    await postVoice(leaving, 1, 'karaokeSong', recordings.opus!);
    await putText(leaving, 2, { prompt_id: 'winMeOver', text: 'Bring snacks' });
    const [voice] = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.user_id, leaving.id));
    const file = path.join(t.config.DATA_DIR, 'uploads', voice!.voice_file_name!);
    expect((await storedFiles(t)).includes(file)).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: leaving.headers,
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(promptAnswers).where(eq(promptAnswers.user_id, leaving.id)),
    ).toEqual([]);
    await deleteQueuedObjects({
      db: t.database.db,
      storage: await createStorage(t.config, loadSecrets(t.config)),
      clock: clock.clock,
      onFailure: (failure) => {
        throw new Error(`storage deletion failed: ${failure.kind}`);
      },
    });
    expect((await storedFiles(t)).includes(file)).toBe(false);
  });
});
