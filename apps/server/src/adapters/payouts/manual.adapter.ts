// Manual payouts (the local default): nothing is sent; an admin pays the member by hand
// and marks the redemption paid or failed through the admin API.
import type { PayoutProvider } from './payouts.port';

export class ManualPayouts implements PayoutProvider {
  readonly provider = 'manual' as const;

  async submit() {
    return null;
  }
}
