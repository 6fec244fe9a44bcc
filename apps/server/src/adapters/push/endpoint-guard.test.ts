import { describe, expect, it } from 'vitest';
import { isPublicAddress, PushEndpointGuard } from './endpoint-guard';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.9.8.7',
    '172.20.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.100.100.100',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.64.10', '93.184.216.34', '2607:f8b0:4004:800::200e', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('the connection-time lookup', () => {
  const guard = new PushEndpointGuard({
    resolve: async (host) => (host === 'good.example' ? ['93.184.216.34'] : ['10.0.0.1']),
  });
  const lookup = (host: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
      guard.lookup(host, { all }, (error, result) => resolve({ error, result }));
    });

  it('hands the socket only vetted addresses, in both lookup forms', async () => {
    expect(await lookup('good.example', false)).toEqual({ error: null, result: '93.184.216.34' });
    expect((await lookup('good.example', true)).result).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('fails the connection when the name now resolves to a private address', async () => {
    const { error } = await lookup('rebound.example', false);
    expect(error?.code).toBe('EPUSHADDRESS');
  });
});
