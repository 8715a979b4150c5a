// HOST and PORT as the to-do server reads them: defaults, the values it takes, and a clear error for the rest.
import { describe, expect, it } from 'vitest';
import { readKeepAliveTimeout, readListenConfig, readMaxUnsentBytes } from '../src/todo/listen-config.js';

describe('readListenConfig', () => {
  it.each([
    { env: {}, expected: { host: '127.0.0.1', port: 5000 } },
    { env: { HOST: '', PORT: '' }, expected: { host: '127.0.0.1', port: 5000 } },
    { env: { PORT: '0' }, expected: { host: '127.0.0.1', port: 0 } },
    { env: { PORT: ' 8080 ' }, expected: { host: '127.0.0.1', port: 8080 } },
    { env: { PORT: '65535' }, expected: { host: '127.0.0.1', port: 65535 } },
    { env: { HOST: '0.0.0.0' }, expected: { host: '0.0.0.0', port: 5000 } },
    { env: { HOST: '::' }, expected: { host: '::', port: 5000 } },
    { env: { HOST: '::1' }, expected: { host: '::1', port: 5000 } },
    { env: { HOST: 'localhost' }, expected: { host: 'localhost', port: 5000 } },
    { env: { HOST: 'api.example-1.test' }, expected: { host: 'api.example-1.test', port: 5000 } },
  ])('$env → $expected', ({ env, expected }) => {
    expect(readListenConfig(env)).toEqual(expected);
  });

  it.each([
    { env: { PORT: 'abc' }, message: 'PORT must be a whole number from 0 to 65535, 0 for a free port (got "abc")' },
    { env: { PORT: '65536' }, message: 'PORT must be a whole number from 0 to 65535, 0 for a free port (got "65536")' },
    { env: { PORT: '-1' }, message: '(got "-1")' },
    { env: { PORT: '80.5' }, message: '(got "80.5")' },
    { env: { PORT: '1e3' }, message: '(got "1e3")' },
    { env: { HOST: 'local host' }, message: 'HOST must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name (got "local host")' },
    { env: { HOST: 'http://localhost' }, message: '(got "http://localhost")' },
    { env: { HOST: '-bad-.test' }, message: '(got "-bad-.test")' },
    { env: { HOST: '[::1]' }, message: '(got "[::1]") (write an IPv6 address without brackets: ::1)' },
  ])('$env → an error saying $message', ({ env, message }) => {
    expect(() => readListenConfig(env)).toThrow(message);
  });
});

describe('readKeepAliveTimeout', () => {
  it.each([
    { env: {}, expected: 5000 },
    { env: { TODO_KEEP_ALIVE_MS: '' }, expected: 5000 },
    { env: { TODO_KEEP_ALIVE_MS: ' 65000 ' }, expected: 65000 },
    { env: { TODO_KEEP_ALIVE_MS: '1' }, expected: 1 },
    { env: { TODO_KEEP_ALIVE_MS: '3600000' }, expected: 3600000 },
  ])('$env → $expected', ({ env, expected }) => {
    expect(readKeepAliveTimeout(env)).toBe(expected);
  });

  it.each(['0', '-5', '5s', '1e4', '3600001', '99999999'])('TODO_KEEP_ALIVE_MS=%s → an error naming the variable and the range', (text) => {
    expect(() => readKeepAliveTimeout({ TODO_KEEP_ALIVE_MS: text })).toThrow(`TODO_KEEP_ALIVE_MS must be a whole number of milliseconds from 1 to 3600000 (got "${text}")`);
  });
});

describe('readMaxUnsentBytes', () => {
  it.each([
    { env: {}, expected: 262144 },
    { env: { TODO_MAX_UNSENT_BYTES: '' }, expected: 262144 },
    { env: { TODO_MAX_UNSENT_BYTES: ' 1048576 ' }, expected: 1048576 },
    { env: { TODO_MAX_UNSENT_BYTES: '16384' }, expected: 16384 },
    { env: { TODO_MAX_UNSENT_BYTES: '2147483648' }, expected: 2147483648 },
  ])('$env → $expected', ({ env, expected }) => {
    expect(readMaxUnsentBytes(env)).toBe(expected);
  });

  it.each(['0', '16383', '-5', '256k', '1e6', '2147483649', '99999999999'])('TODO_MAX_UNSENT_BYTES=%s → an error naming the variable and the range', (text) => {
    expect(() => readMaxUnsentBytes({ TODO_MAX_UNSENT_BYTES: text })).toThrow(`TODO_MAX_UNSENT_BYTES must be a whole number of bytes from 16384 to 2147483648 (got "${text}")`);
  });
});
