// Factories: each creates exactly the rows a test needs.
import { randomInt } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { users } from '../src/db/schema';

type NewUser = typeof users.$inferInsert;

let sequence = 0;

const AREA_CODES = [202, 212, 213, 305, 312, 415, 416, 514, 604, 617, 646, 718, 773];

const NUMBERS_PER_AREA = 10_000;
const firstNumber = randomInt(0, AREA_CODES.length * NUMBERS_PER_AREA);

/** A number libphonenumber accepts as a real US or Canadian line, unique within a test file. */
export function uniquePhone(): string {
  sequence += 1;
  const n = (firstNumber + sequence) % (AREA_CODES.length * NUMBERS_PER_AREA);
  const area = AREA_CODES[Math.floor(n / NUMBERS_PER_AREA)];
  return `+1${area}555${String(n % NUMBERS_PER_AREA).padStart(4, '0')}`;
}

export async function buildMember(db: Executor, overrides: Partial<NewUser> = {}) {
  sequence += 1;
  const [member] = await db
    .insert(users)
    .values({
      phone_number: uniquePhone(),
      username: `member${sequence}_${randomInt(0, 1_000_000)}`.slice(0, 14),
      ...overrides,
    })
    .returning();
  return member!;
}
