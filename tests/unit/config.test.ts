import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

describe('server configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', basePath: '/ccu-boot', tokenTtlMinutes: 120, databaseUrl: undefined, adminPassword: undefined });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.trustProxy).toEqual([]);
  });

  it('reads the trusted proxies as addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '9000', HOST: '127.0.0.1', BASE_PATH: '/api', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db', ADMIN_PASSWORD: 'longenough', TOKEN_TTL_MINUTES: '30' });
    expect(config).toMatchObject({ port: 9000, host: '127.0.0.1', basePath: '/api', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h/db', adminPassword: 'longenough', tokenTtlMinutes: 30 });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BASE_PATH: 'ccu-boot/' }, 'BASE_PATH'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ TOKEN_TTL_MINUTES: '0' }, 'TOKEN_TTL_MINUTES'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
  ])('refuses %j with a message naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
