// The year-end payee reports in the console (issue 43): the masked report downloads at
// once; the full-id report only after the admin says yes, by POST (the server audits it).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const saved: { name: string; bytes: Promise<ArrayBuffer> }[] = [];

beforeEach(() => {
  vi.setSystemTime(new Date('2027-01-20T15:00:00Z'));
  vi.stubGlobal('URL', Object.assign(URL, { revokeObjectURL: vi.fn() }));
  let blob: Blob | undefined;
  URL.createObjectURL = (b: Blob) => {
    blob = b;
    return 'blob:report';
  };
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, bytes: blob!.arrayBuffer() });
  });
});
afterEach(() => {
  saved.length = 0;
  vi.useRealTimers();
});

function asAdmin() {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ role: 'admin' }) }],
    'GET /api/alerts': () => [200, { success: true, alerts: [], unread: 0 }],
    'GET /api/checkTokens': () => [200, { claimed: true, message: '' }],
    'GET /api/admin/redemptions': () => [200, { success: true, redemptions: [] }],
    'GET /api/admin/payment-reviews': () => [200, { success: true, reviews: [] }],
    'GET /api/admin/payment-errors': () => [200, { success: true, errors: [] }],
    'GET /api/admin/payee-report': () => [200, 'tax_year,recipient_tin\r\n2026,•••-••-6789\r\n'],
    'POST /api/admin/payee-report/full-ids': () => [200, 'tax_year,tin\r\n2026,130 692 544\r\n'],
  });
}

describe('Year-end payee reports', () => {
  it('downloads the masked report of the chosen year and country', async () => {
    const api = asAdmin();
    renderApp('/admin/payouts');
    expect(await screen.findByRole('heading', { name: 'Year-end payee reports' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2026');
    await userEvent.click(screen.getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [call] = api.callsTo('GET /api/admin/payee-report');
    expect(Object.fromEntries(call!.query)).toEqual({ year: '2026', country: 'US' });
    expect(saved[0]!.name).toBe('payees-2026-US.csv');
    // With the byte order mark a spreadsheet needs to read the file as UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.bytes);
    expect(text).toBe('\uFEFFtax_year,recipient_tin\r\n2026,•••-••-6789\r\n');
    expect(api.callsTo('POST /api/admin/payee-report/full-ids')).toHaveLength(0);
  });

  it('asks before the full-id report, then posts for it', async () => {
    const api = asAdmin();
    renderApp('/admin/payouts');
    await userEvent.selectOptions(await screen.findByLabelText('Country'), 'CA');
    await userEvent.click(screen.getByRole('button', { name: 'Download with full taxpayer ids' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Download the 2027 report for Canada (Part XX) with full taxpayer ids?',
    });
    expect(within(dialog).getByText(/The audit log records that you downloaded it/)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/payee-report/full-ids')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/payee-report/full-ids')[0]!.body).toEqual({
      year: 2027,
      country: 'CA',
    });
    expect(saved[0]!.name).toBe('payees-2027-CA-full-ids.csv');
  });
});
