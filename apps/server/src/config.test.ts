import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with sensible defaults: port 3000, ./data, SQLite, admin named "admin"', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicOrigin: undefined,
      adminUsername: 'admin',
      adminEmail: 'admin@localhost',
      adminPassword: undefined,
      jwtSecret: undefined,
      logLevel: 'info',
    });
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/wheelmeet',
      DATABASE_URL: 'postgres://app@db:5432/wheelmeet',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_ORIGIN: 'https://meet.example.com/',
      ADMIN_USERNAME: 'ops',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'long enough secret',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/wheelmeet',
      databaseUrl: 'postgres://app@db:5432/wheelmeet',
      redisUrl: 'redis://cache:6379',
      publicOrigin: 'https://meet.example.com',
      adminUsername: 'ops',
      adminEmail: 'ops@example.com',
      adminPassword: 'long enough secret',
      logLevel: 'debug',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      adminPassword: undefined,
      redisUrl: undefined,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/wheelmeet'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['PUBLIC_ORIGIN', 'not a url'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_EMAIL', 'nobody'],
    ['JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s (%s) with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}:`));
  });
});
