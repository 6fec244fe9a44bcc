// Payouts and taxes in Profile Settings (issue 43): the year's payouts, the payee profile
// form that checks the taxpayer id before sending it and then shows it masked only, and
// the yearly statement; in Canadian French too.
import { TAXPAYER_ID_MESSAGES } from '@bidboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage, textsReady } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import en from '../locales/en.json';
import fr from '../locales/fr-CA.json';
import { PayoutsSetting } from './payouts-setting';

const SAVED = {
  legal_name: 'Jordan A. Rivera',
  first_name: null,
  last_name: null,
  address_line1: '221 Elm Street',
  address_line2: '',
  city: 'Newark',
  region: 'NJ',
  postal_code: '07102',
  country: 'US',
  taxpayer_id_type: 'ssn',
  taxpayer_id_masked: '•••-••-6789',
  certified_at: '2026-12-02T03:00:00.000Z',
  certification_version: 1,
  updated_at: '2026-12-02T03:00:00.000Z',
};

function routes(year: { identity_threshold_cents?: number; payee_country?: 'US' | 'CA' } = {}) {
  return mockFetch({
    'GET /api/payouts/year-to-date': () => [
      200,
      {
        success: true,
        year: 2026,
        paid_cents: 45_000,
        payments: 3,
        pending_cents: 0,
        identity_threshold_cents: 60_000,
        payee_country: 'US',
        payee_profile_complete: false,
        ...year,
      },
    ],
    'GET /api/payee-identity': () => [200, { success: true, payee: null }],
    'PUT /api/payee-identity': () => [200, { success: true, payee: SAVED }],
    'GET /api/payouts/statement': () => [
      200,
      {
        success: true,
        year: 2026,
        payer: 'Bidboard Labs LLC',
        payee: null,
        payments: [
          { id: 12, paid_at: '2026-03-04T15:00:00.000Z', amount_cents: 44_900, fee_cents: 100 },
        ],
        total_cents: 44_900,
        fee_total_cents: 100,
      },
    ],
  });
}

const field = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PayoutsSetting', () => {
  it('checks the id before sending it, then shows it masked only', async () => {
    const { callsTo } = routes();
    renderWithProviders(<PayoutsSetting />);
    expect(await screen.findByText(/Paid to you in 2026: \$450\.00 \(3 payouts\)/)).toBeTruthy();
    expect(screen.getByText(/pass \$600\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en['setting.complete'] }));
    field(en['form.legal_name'], 'Jordan A. Rivera');
    field(en['form.address_line1'], '221 Elm Street');
    field(en['form.city'], 'Newark');
    field(en['form.region.US'], 'NJ');
    field(en['form.postal_code'], '07102');
    field(en['form.taxpayerId'], '666-12-3456');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: en['form.save'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(TAXPAYER_ID_MESSAGES.ssnInvalid);
    expect(callsTo('PUT /api/payee-identity')).toHaveLength(0);
    field(en['form.taxpayerId'], '123-45-6789');
    fireEvent.click(screen.getByRole('button', { name: en['form.save'] }));
    await waitFor(() => expect(callsTo('PUT /api/payee-identity')).toHaveLength(1));
    expect(callsTo('PUT /api/payee-identity')[0]!.body).toMatchObject({
      country: 'US',
      taxpayer_id_type: 'ssn',
      taxpayer_id: '123-45-6789',
      certified: true,
    });
    expect(await screen.findByText(/taxpayer id •••‑••‑6789/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('123-45-6789');
  });

  it('asks a Canadian individual for first and last name apart, a business for its name', async () => {
    const { callsTo } = routes();
    renderWithProviders(<PayoutsSetting />);
    fireEvent.click(await screen.findByRole('button', { name: en['setting.complete'] }));
    field(en['form.country'], 'CA');
    expect(screen.queryByLabelText(en['form.legal_name'])).toBeNull();
    field(en['form.first_name'], 'Élodie');
    field(en['form.last_name'], 'Tremblay');
    field(en['form.address_line1'], '1200 rue Sainte-Catherine');
    field(en['form.city'], 'Montréal');
    field(en['form.region.CA'], 'QC');
    field(en['form.postal_code'], 'H3B 1K9');
    field(en['form.taxpayerId'], '130 692 544');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: en['form.save'] }));
    await waitFor(() => expect(callsTo('PUT /api/payee-identity')).toHaveLength(1));
    expect(callsTo('PUT /api/payee-identity')[0]!.body).toMatchObject({
      first_name: 'Élodie',
      last_name: 'Tremblay',
      country: 'CA',
      taxpayer_id_type: 'sin',
    });
  });

  it('shows a saved Canadian individual’s names to edit; a business gives one name', async () => {
    const { callsTo } = mockFetch({
      'GET /api/payouts/year-to-date': () => [
        200,
        {
          success: true,
          year: 2026,
          paid_cents: 0,
          payments: 0,
          pending_cents: 0,
          identity_threshold_cents: 0,
          payee_country: 'CA',
          payee_profile_complete: true,
        },
      ],
      'GET /api/payee-identity': () => [
        200,
        {
          success: true,
          payee: {
            ...SAVED,
            legal_name: 'Élodie Tremblay',
            first_name: 'Élodie',
            last_name: 'Tremblay',
            country: 'CA',
            region: 'QC',
            postal_code: 'H3B 1K9',
            taxpayer_id_type: 'sin',
            taxpayer_id_masked: '••• ••2 544',
          },
        },
      ],
    });
    renderWithProviders(<PayoutsSetting />);
    fireEvent.click(await screen.findByRole('button', { name: en['setting.edit'] }));
    expect((screen.getByLabelText(en['form.first_name']) as HTMLInputElement).value).toBe('Élodie');
    expect((screen.getByLabelText(en['form.last_name']) as HTMLInputElement).value).toBe(
      'Tremblay',
    );
    field(en['form.idType'], 'bn');
    expect(screen.queryByLabelText(en['form.first_name'])).toBeNull();
    expect(screen.getByLabelText(en['form.legal_name'])).toBeTruthy();
    expect(callsTo('PUT /api/payee-identity')).toHaveLength(0);
  });

  it('says every payout is reported only to a payee in Canada, not to one held at a threshold of 0', async () => {
    routes({ identity_threshold_cents: 0, payee_country: 'CA' });
    const canada = renderWithProviders(<PayoutsSetting />);
    expect(await screen.findByText(en['setting.neededAny'])).toBeTruthy();
    canada.unmount();
    routes({ identity_threshold_cents: 0, payee_country: 'US' });
    renderWithProviders(<PayoutsSetting />);
    expect(await screen.findByText(/pass \$0\.00/)).toBeTruthy();
    expect(screen.queryByText(en['setting.neededAny'])).toBeNull();
  });

  it('opens the year’s statement with each payout, its fee, the totals and the gross', async () => {
    routes();
    renderWithProviders(<PayoutsSetting />);
    fireEvent.click(await screen.findByRole('button', { name: 'Statement 2026' }));
    expect(await screen.findByText('Paid by Bidboard Labs LLC')).toBeTruthy();
    expect(screen.getByText('#12')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Payout fee' })).toBeTruthy();
    expect(screen.getAllByText('$1.00')).toHaveLength(2);
    expect(screen.getAllByText('$449.00')).toHaveLength(2);
    expect(screen.getByText('Earned before payout fees: $450.00')).toBeTruthy();
  });

  it('reads in Canadian French', async () => {
    await setLanguage('fr-CA');
    await textsReady();
    routes();
    renderWithProviders(<PayoutsSetting />);
    expect(await screen.findByRole('heading', { name: fr['setting.title'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: fr['setting.complete'] })).toBeTruthy();
    await setLanguage('en');
  });
});
