import { describe, expect, it } from 'vitest';
import { parseFormMessage } from './communicator';

const encode = (response: object) =>
  `action=transactResponse&response=${encodeURIComponent(JSON.stringify(response))}`;

describe('hosted form messages', () => {
  it('reads resize and cancel', () => {
    expect(parseFormMessage('action=resizeWindow&width=400&height=612')).toEqual({
      action: 'resizeWindow',
      width: 400,
      height: 612,
    });
    expect(parseFormMessage('action=cancel')).toEqual({ action: 'cancel' });
    expect(parseFormMessage('action=successfulSave')).toEqual({ action: 'other' });
  });

  it('reads an approved and a declined transactResponse', () => {
    const approved = parseFormMessage(
      encode({
        responseCode: '1',
        transId: '60123',
        authorization: 'A1B2',
        dateTime: '3/2/2026 +5',
      }),
    );
    expect(approved).toMatchObject({
      action: 'transactResponse',
      response: { approved: true, transId: '60123', authorization: 'A1B2' },
    });
    const declined = parseFormMessage(
      encode({
        responseCode: '2',
        transId: '60124',
        errors: [{ errorText: 'This transaction has been declined.' }],
      }),
    );
    expect(declined).toMatchObject({
      response: { approved: false, reason: 'This transaction has been declined.' },
    });
    expect(parseFormMessage('action=transactResponse&response=%7Bbroken')).toEqual({
      action: 'other',
    });
  });
});
