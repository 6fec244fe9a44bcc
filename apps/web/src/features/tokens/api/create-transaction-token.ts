// POST /create-transaction-token: a hosted payment form token for the chosen bundle and
// quantity. The figures sent are what the member sees; the server prices it itself.
import type { CreateTransactionTokenResponse, TokenBundle } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export function createTransactionToken(bundle: TokenBundle, quantity: number) {
  return api.post<CreateTransactionTokenResponse>('/create-transaction-token', {
    item_id: bundle.id,
    item_name: bundle.name,
    quantity,
    amount: (bundle.cost_cents * quantity) / 100,
    tokens: bundle.token_qty * quantity,
  });
}
