import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  type PushServiceStandin,
  STANDIN_CA_FILE,
  startPushServiceStandin,
} from '../test/standins/push-service.js';
import { createPushSender, type PushSender } from './webpush.js';

describe('web push sender', () => {
  let service: PushServiceStandin;
  let sender: PushSender;
  const vapid = webpush.generateVAPIDKeys();
  const options = { ttlSeconds: 60 };

  beforeAll(async () => {
    service = await startPushServiceStandin();
    sender = createPushSender({
      vapid,
      subject: 'mailto:ops@josie.example.test',
      allowAddress: (address) => address === '127.0.0.1',
      extraCa: readFileSync(STANDIN_CA_FILE),
    });
  });
  afterAll(() => service.close());

  const target = (json: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
    endpoint: json.endpoint,
    ...json.keys,
  });

  it('encrypts the payload for the subscription (aes128gcm) and signs the request with VAPID', async () => {
    const subscription = service.subscribe();
    const outcome = await sender.send(target(subscription.json), '{"title":"Hi"}', {
      ttlSeconds: 120,
      urgency: 'high',
      topic: 'abc',
    });
    expect(outcome).toEqual({ status: 'delivered' });
    const [message] = service.messages.filter((m) => m.subscriptionId === subscription.id);
    expect(message?.text).toBe('{"title":"Hi"}');
    expect(message?.headers).toMatchObject({ ttl: '120', urgency: 'high', topic: 'abc' });
    expect(message?.headers.authorization).toContain(`k=${vapid.publicKey}`);
    expect(sender.publicKey).toBe(vapid.publicKey);
  });

  it('reports a subscription the service no longer has (404/410) as gone', async () => {
    const subscription = service.subscribe();
    service.expire(subscription.id);
    expect(await sender.send(target(subscription.json), 'x', options)).toEqual({
      status: 'gone',
      statusCode: 410,
    });
    const other = service.subscribe();
    service.failNext(other.id, { status: 404 });
    expect(await sender.send(target(other.json), 'x', options)).toEqual({ status: 'gone', statusCode: 404 });
  });

  it('throws for answers worth retrying (429, 5xx) and reports other refusals as rejected', async () => {
    const subscription = service.subscribe();
    service.failNext(subscription.id, { status: 429 });
    await expect(sender.send(target(subscription.json), 'x', options)).rejects.toThrow('429');
    service.failNext(subscription.id, { status: 502 });
    await expect(sender.send(target(subscription.json), 'x', options)).rejects.toThrow('502');
    service.failNext(subscription.id, { status: 400, body: 'bad payload' });
    expect(await sender.send(target(subscription.json), 'x', options)).toEqual({
      status: 'rejected',
      statusCode: 400,
      detail: 'bad payload',
    });
  });

  it('refuses endpoints on private or local addresses, literal or resolved, without sending', async () => {
    const guarded = createPushSender({
      vapid,
      subject: 'mailto:ops@josie.example.test',
      extraCa: readFileSync(STANDIN_CA_FILE),
    });
    const subscription = service.subscribe();
    const before = service.requests.length;
    const literal = await guarded.send(target(subscription.json), 'x', options);
    expect(literal).toMatchObject({ status: 'rejected', statusCode: null });
    const byName = {
      ...target(subscription.json),
      endpoint: subscription.json.endpoint.replace('127.0.0.1', 'localhost'),
    };
    const resolved = await guarded.send(byName, 'x', options);
    expect(resolved).toMatchObject({
      status: 'rejected',
      detail: expect.stringContaining('private or local'),
    });
    expect(service.requests.length).toBe(before);
  });
});
