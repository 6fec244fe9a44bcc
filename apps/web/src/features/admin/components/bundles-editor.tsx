// The bundles on sale, each with its token count and price: saved one at a time, and
// refused by the server with a message naming the bundle when it would sell a token for
// less than it pays out at the base rate (product rules, The token economy).
import type { AdminBundle } from '@bidboard/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { saveBundle, useAdminBundles } from '../api/bundles';
import { useAdminAction } from '../api/use-admin-action';
import { ActionError, QueryState } from './section';
import './settings-section.css';

function BundleRow({ bundle }: { bundle: AdminBundle }) {
  const [tokens, setTokens] = useState(String(bundle.token_qty));
  const [price, setPrice] = useState((bundle.cost_cents / 100).toFixed(2));
  const [active, setActive] = useState(bundle.is_active);
  const save = useAdminAction(saveBundle);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      id: bundle.id,
      token_qty: Number(tokens),
      cost_cents: Math.round(Number(price) * 100),
      is_active: active,
    });
  };

  return (
    <form className="admin-bundle" onSubmit={handleSubmit} aria-label={`Bundle ${bundle.name}`}>
      <p className="admin-bundle__name">{bundle.name}</p>
      <label>
        Tokens
        <input
          type="number"
          inputMode="numeric"
          value={tokens}
          onChange={(e) => setTokens(e.target.value)}
        />
      </label>
      <label>
        Price ($)
        <input
          type="number"
          inputMode="decimal"
          step={0.01}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </label>
      <label className="admin-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        On sale
      </label>
      <Button type="submit" size="md" variant="secondary" busy={save.isPending}>
        Save {bundle.name}
      </Button>
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      <ActionError text={save.errorText} />
    </form>
  );
}

export function BundlesEditor() {
  const query = useAdminBundles();
  return (
    <section aria-labelledby="admin-bundles-title" className="admin-bundles">
      <h3 id="admin-bundles-title" className="admin-section__subtitle">
        Token bundles
      </h3>
      <p className="admin-section__intro">
        A token pays out one cent at the base rate, less the payout fee: no bundle may sell its
        tokens for less.
      </p>
      <QueryState query={query} loading="Loading bundles…">
        {query.data?.bundles.map((bundle) => (
          <BundleRow
            key={`${bundle.id}:${bundle.token_qty}:${bundle.cost_cents}`}
            bundle={bundle}
          />
        ))}
      </QueryState>
    </section>
  );
}
