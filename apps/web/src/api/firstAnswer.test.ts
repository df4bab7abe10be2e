import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession, storeUser } from '../session/storage';
import { makeSession, removeFirstAnswers, writeFirstAnswer } from '../test/fixtures';
import {
  discardFirstAnswers,
  keepFirstAnswersForFirstRoute,
  pageFirstAnswers,
  staticFirstAnswers,
} from './firstAnswer';

afterEach(removeFirstAnswers);

describe("the page's first answers (docs/performance.md, decisions 0007 and 0008)", () => {
  it('are read once into memory, out of the document, and taken as often as asked', () => {
    writeFirstAnswer('/api/josies/feed', { data: 1 }, 'u1');
    expect(pageFirstAnswers.take('/api/josies/feed', 'u1')).toEqual({ data: 1 });
    expect(document.querySelector('script[data-first-answer]')).toBeNull();
    // A render React throws away and starts again finds the same answer.
    expect(pageFirstAnswers.take('/api/josies/feed', 'u1')).toEqual({ data: 1 });
  });

  it('go only to the user they were written for; a visitor answer only to a visitor', () => {
    writeFirstAnswer('/api/josies/feed', { data: 1 }, 'u1');
    writeFirstAnswer('/api/josies/j1', { title: 'x' });
    expect(pageFirstAnswers.take('/api/josies/feed', 'u2')).toBeUndefined();
    expect(pageFirstAnswers.take('/api/josies/feed', null)).toBeUndefined();
    expect(pageFirstAnswers.take('/api/josies/j1', 'u1')).toBeUndefined();
    expect(pageFirstAnswers.take('/api/josies/j1', null)).toEqual({ title: 'x' });
    expect(pageFirstAnswers.take('/api/nothing', null)).toBeUndefined();
  });

  it('are gone once discarded, blocks still in the document too', () => {
    writeFirstAnswer('/api/josies/j1', { title: 'x' });
    discardFirstAnswers();
    expect(pageFirstAnswers.take('/api/josies/j1', null)).toBeUndefined();
    expect(document.querySelector('script[data-first-answer]')).toBeNull();
  });

  const keep = () => {
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/'] });
    return { router, stop: keepFirstAnswersForFirstRoute(router) };
  };

  it('last until the app leaves its first route', async () => {
    const session = makeSession('listener');
    storeSession(session);
    const { router, stop } = keep();
    try {
      writeFirstAnswer('/api/josies/feed', { data: 1 }, session.user.id);
      expect(pageFirstAnswers.take('/api/josies/feed', session.user.id)).toEqual({ data: 1 });
      // The user's data changing (a fresh copy from the server) is the same session.
      storeUser({ ...session.user, name: 'New name' });
      expect(pageFirstAnswers.take('/api/josies/feed', session.user.id)).toEqual({ data: 1 });
      await act(() => router.navigate('/about'));
      expect(pageFirstAnswers.take('/api/josies/feed', session.user.id)).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('last until another session is stored (a sign-in or sign-out, here or in another tab)', () => {
    const session = makeSession('listener');
    storeSession(session);
    const { stop } = keep();
    try {
      writeFirstAnswer('/api/josies/feed', { data: 2 }, session.user.id);
      expect(pageFirstAnswers.take('/api/josies/feed', session.user.id)).toEqual({ data: 2 });
      storeSession(makeSession('curator', { id: '0190a0b0-0000-7000-8000-0000000000f2' }));
      expect(pageFirstAnswers.take('/api/josies/feed', session.user.id)).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('outside the browser, are the ones the rendering was given', () => {
    const answers = staticFirstAnswers({ '/api/josies/feed': { data: 3 } });
    expect(answers.take('/api/josies/feed', 'anyone')).toEqual({ data: 3 });
    expect(answers.take('/api/users/me', 'anyone')).toBeUndefined();
  });
});
