import { ADMIN_MESSAGES } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { adjustTokens, approveMember } from './admin.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('admin operations', () => {
  it('approves a member by username, ignoring case', async () => {
    await buildMember(database.db, { username: 'Waiting1' });
    expect(await approveMember(database.db, 'waiting1')).toMatchObject({ is_approved: true });
    await expect(approveMember(database.db, 'ghost')).rejects.toMatchObject({
      status: 404,
      message: ADMIN_MESSAGES.noMemberNamed('ghost'),
    });
  });

  it('mints and burns tokens through the ledger, never below zero', async () => {
    await buildMember(database.db, { username: 'rich1' });
    expect(await adjustTokens({ db: database.db }, 'rich1', 500)).toMatchObject({
      tokenBalance: 500,
    });
    expect(await adjustTokens({ db: database.db }, 'rich1', -200)).toMatchObject({
      tokenBalance: 300,
    });
    await expect(adjustTokens({ db: database.db }, 'rich1', -301)).rejects.toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
    });
    await expect(adjustTokens({ db: database.db }, 'rich1', 1.5)).rejects.toMatchObject({
      status: 400,
    });
  });
});
