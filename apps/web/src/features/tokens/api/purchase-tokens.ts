// POST /purchase-tokens: after the hosted form answered with response code 1.
import type {
  CreateTransactionTokenResponse,
  PurchaseTokensBody,
  PurchaseTokensResponse,
} from '@bidboard/shared';
import { api } from '@/lib/api-client';
import type { TransactResponse } from '../lib/communicator';

export function purchaseTokens(form: CreateTransactionTokenResponse, response: TransactResponse) {
  const body: PurchaseTokensBody = {
    transactionId: response.transId,
    amount: form.amount,
    tokens: form.tokens,
    quantity: form.quantity,
    authCode: response.authorization || undefined,
    fullResponse: response.raw,
    item_id: form.item_id,
    item_name: form.item_name,
  };
  return api.post<PurchaseTokensResponse>('/purchase-tokens', body);
}
