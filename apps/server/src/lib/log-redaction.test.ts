import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactLogObject, redactUrl, withoutQueryValues } from './log-redaction.js';

const failed = () =>
  new DrizzleQueryError(
    'insert into "invites" ("code") values ($1)',
    ['s3cret-code', 42],
    new Error('duplicate'),
  );

describe('withoutQueryValues', () => {
  it('hides the parameters of a failed query in its message, stack and params, and keeps the rest', () => {
    const err = failed();
    const copy = withoutQueryValues(err) as DrizzleQueryError;
    expect(copy).toBeInstanceOf(DrizzleQueryError);
    expect(copy.message).toBe('Failed query: insert into "invites" ("code") values ($1)\nparams: [redacted]');
    expect(copy.stack).toContain('params: [redacted]');
    expect(copy.params).toEqual(['[redacted]', '[redacted]']);
    expect(copy.query).toBe(err.query);
    expect(copy.cause).toBe(err.cause);
    for (const text of [copy.message, copy.stack, JSON.stringify(copy)]) expect(text).not.toContain('s3cret');
    // The original, which the error handler still classifies, is untouched.
    expect(err.message).toContain('s3cret-code');
    expect(err.params[0]).toBe('s3cret-code');
  });

  it('copies an error wrapping a failed query, and leaves other errors as they are', () => {
    const wrapped = new Error('job failed', { cause: failed() });
    const copy = withoutQueryValues(wrapped) as Error;
    expect(copy).not.toBe(wrapped);
    expect(copy.message).toBe('job failed');
    expect((copy.cause as Error).message).not.toContain('s3cret');
    const plain = new Error('plain', { cause: new Error('inner') });
    expect(withoutQueryValues(plain)).toBe(plain);
    expect(withoutQueryValues('text')).toBe('text');
  });

  it('rewrites only the `err` of a log object', () => {
    const object = { err: failed(), userId: 'u1' };
    const out = redactLogObject(object);
    expect(out.userId).toBe('u1');
    expect((out.err as Error).message).not.toContain('s3cret');
    const plain = { msg: 'hello' };
    expect(redactLogObject(plain)).toBe(plain);
  });
});

describe('redactUrl', () => {
  it('keeps the path and the query names, and hides every value', () => {
    expect(redactUrl('/api/josies')).toBe('/api/josies');
    expect(redactUrl('/api/josies?')).toBe('/api/josies?');
    expect(redactUrl('/reset-password?email=a%40b.test&token=xyz')).toBe(
      '/reset-password?email=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/auth/callback?data=a.b.c&&x=')).toBe('/auth/callback?data=[redacted]&&x=[redacted]');
    // A bare part, or a name that is not a plain name, may be the secret itself.
    expect(redactUrl('/x?s3cret-bare-token&%3Cs3cret%3E=1')).toBe('/x?[redacted]&[redacted]');
  });
});
