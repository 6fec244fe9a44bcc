// The database's enums and the shared API contract name the same statuses and kinds.
import {
  ALERT_KINDS as SHARED_ALERT_KINDS,
  CONNECTION_STATUSES as SHARED_STATUSES,
} from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, CONNECTION_STATUSES } from '../../db/auction.schema';

describe('connection and alert enums', () => {
  it('match between the schema and the shared contract', () => {
    expect([...CONNECTION_STATUSES]).toEqual([...SHARED_STATUSES]);
    expect([...ALERT_KINDS]).toEqual([...SHARED_ALERT_KINDS]);
  });
});
