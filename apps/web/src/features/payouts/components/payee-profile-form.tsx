// The payee profile form (issue 43): legal name (a Canadian individual's first and last
// name apart, as Part XX reports them), postal address, country, taxpayer id and
// the W-9-worded certification. The id is typed once and never shown back: after saving,
// only its last 4 digits are (the server answers masked).
import {
  needsSeparateNames,
  PAYEE_MESSAGES,
  PAYEE_REGIONS,
  type PayeeCountry,
  type PayeeIdentity,
  TAXPAYER_ID_TYPES_BY_COUNTRY,
  type TaxpayerIdType,
  validateTaxpayerId,
} from '@bidboard/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { type PayeeIdentityInput, useSavePayeeIdentity } from '../api/payee-identity';
import { usePayoutsText } from '../i18n';
import { unbroken } from './unbroken';

const TYPE_LABELS = {
  ssn: 'type.ssn',
  itin: 'type.itin',
  ein: 'type.ein',
  sin: 'type.sin',
  bn: 'type.bn',
} as const satisfies Record<TaxpayerIdType, string>;

const AUTOCOMPLETE = {
  legal_name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  address_line1: 'off',
  address_line2: 'off',
  city: 'off',
  postal_code: 'postal-code',
} as const;

const blank = (country: PayeeCountry): PayeeIdentityInput => ({
  legal_name: '',
  first_name: '',
  last_name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  region: '',
  postal_code: '',
  country,
  taxpayer_id_type: TAXPAYER_ID_TYPES_BY_COUNTRY[country][0]!,
  taxpayer_id: '',
  certified: false,
});

/** A saved profile to edit: the id is typed again and the certification ticked again. */
const fromSaved = (saved: PayeeIdentity): PayeeIdentityInput => ({
  legal_name: saved.legal_name,
  first_name: saved.first_name ?? '',
  last_name: saved.last_name ?? '',
  address_line1: saved.address_line1,
  address_line2: saved.address_line2,
  city: saved.city,
  region: saved.region,
  postal_code: saved.postal_code,
  country: saved.country,
  taxpayer_id_type: saved.taxpayer_id_type,
  taxpayer_id: '',
  certified: false,
});

export function PayeeProfileForm({
  saved,
  onSaved,
}: {
  saved: PayeeIdentity | null;
  onSaved: () => void;
}) {
  const t = usePayoutsText();
  const { sharedText } = useSharedText();
  const [form, setForm] = useState<PayeeIdentityInput>(() =>
    saved ? fromSaved(saved) : blank('US'),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePayeeIdentity();
  const id = useId();
  const set = <K extends keyof PayeeIdentityInput>(key: K, value: PayeeIdentityInput[K]) => {
    setProblem(null);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const setCountry = (country: PayeeCountry) =>
    setForm((f) => ({
      ...f,
      country,
      region: '',
      taxpayer_id_type: TAXPAYER_ID_TYPES_BY_COUNTRY[country][0]!,
    }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateTaxpayerId(form.country, form.taxpayer_id_type, form.taxpayer_id);
    if (!checked.ok) return setProblem(sharedText(checked.message));
    if (!form.certified) return setProblem(sharedText(PAYEE_MESSAGES.certificationRequired));
    save.mutate(form, {
      onSuccess: onSaved,
      onError: (error) => setProblem(errorMessage(error, t('form.saveFailed'))),
    });
  };

  const text = (key: keyof typeof AUTOCOMPLETE, label: string) => (
    <SettingsField label={label} htmlFor={`${id}-${key}`}>
      <input
        id={`${id}-${key}`}
        className="settings-input"
        value={form[key]}
        autoComplete={AUTOCOMPLETE[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </SettingsField>
  );

  return (
    <form className="payee-form" onSubmit={handleSubmit} noValidate>
      <p className="text-muted">{t('form.lead')}</p>
      {needsSeparateNames(form.country, form.taxpayer_id_type) ? (
        <div className="payee-form__row">
          {text('first_name', t('form.first_name'))}
          {text('last_name', t('form.last_name'))}
        </div>
      ) : (
        text('legal_name', t('form.legal_name'))
      )}
      <SettingsField label={t('form.country')} htmlFor={`${id}-country`}>
        <select
          id={`${id}-country`}
          className="settings-select"
          value={form.country}
          onChange={(e) => setCountry(e.target.value as PayeeCountry)}
        >
          <option value="US">{t('country.US')}</option>
          <option value="CA">{t('country.CA')}</option>
        </select>
      </SettingsField>
      {text('address_line1', t('form.address_line1'))}
      {text('address_line2', t('form.address_line2'))}
      {text('city', t('form.city'))}
      <div className="payee-form__row">
        <SettingsField
          label={form.country === 'US' ? t('form.region.US') : t('form.region.CA')}
          htmlFor={`${id}-region`}
        >
          <select
            id={`${id}-region`}
            className="settings-select"
            value={form.region}
            onChange={(e) => set('region', e.target.value)}
          >
            <option value="">{t('form.choose')}</option>
            {PAYEE_REGIONS[form.country].map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </SettingsField>
        {text('postal_code', t('form.postal_code'))}
      </div>
      <SettingsField label={t('form.idType')} htmlFor={`${id}-type`}>
        <select
          id={`${id}-type`}
          className="settings-select"
          value={form.taxpayer_id_type}
          onChange={(e) => set('taxpayer_id_type', e.target.value as TaxpayerIdType)}
        >
          {TAXPAYER_ID_TYPES_BY_COUNTRY[form.country].map((type) => (
            <option key={type} value={type}>
              {t(TYPE_LABELS[type])}
            </option>
          ))}
        </select>
      </SettingsField>
      <SettingsField
        label={t('form.taxpayerId')}
        htmlFor={`${id}-tin`}
        hint={
          saved
            ? t('form.onFile', { masked: unbroken(saved.taxpayer_id_masked) })
            : t('form.idHint')
        }
      >
        <input
          id={`${id}-tin`}
          className="settings-input"
          inputMode="numeric"
          autoComplete="off"
          value={form.taxpayer_id}
          onChange={(e) => set('taxpayer_id', e.target.value)}
        />
      </SettingsField>
      <label className="payee-form__certify">
        <input
          type="checkbox"
          checked={form.certified}
          onChange={(e) => set('certified', e.target.checked)}
        />
        <span>
          {sharedText(
            form.country === 'US' ? PAYEE_MESSAGES.certificationUS : PAYEE_MESSAGES.certificationCA,
          )}
        </span>
      </label>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" block busy={save.isPending}>
        {t('form.save')}
      </Button>
    </form>
  );
}
