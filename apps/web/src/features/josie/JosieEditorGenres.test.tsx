import type { Josie } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, type RecordedRequest, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ME, makeJosie } from './testing';

const curator = makeSession('curator');

/** No AI configured: the providers call fails like on a server without the AI module. */
const noAi: StubRoute = {
  method: 'GET',
  path: '/api/ai/providers',
  reply: () => json(503, { message: 'AI is not configured', code: 'NOT_CONFIGURED' }),
};
const myJosies: StubRoute = {
  method: 'GET',
  path: '/api/josies/my-josies',
  reply: () => json(200, { data: { posts: [] } }),
};
/** A live genre list of `names`. */
const options = (names: string[]): StubRoute => ({
  method: 'GET',
  path: '/api/preferences/options',
  reply: () => json(200, { genres: names.map((name) => ({ _id: `g-${name}`, name })), interests: [] }),
});

function renderEditor(path: string, routes: StubRoute[]) {
  return renderApp(path, { session: curator, routes: [...routes, noAi, myJosies] });
}

/** The genres a save sent (JSON text, like the paragraphs). */
function sentGenres(request: RecordedRequest | undefined): unknown {
  const form = request?.body as FormData;
  return JSON.parse(String(form.get('genres')));
}

const genreGroup = () => screen.findByRole('group', { name: 'Genres' });

beforeAll(async () => {
  await import('./JosieEditorPage');
});
afterEach(() => {
  toast.dismiss();
});

describe('josie editor: genres (docs/product/rules-and-limits.md#josies)', () => {
  it('lists the genres by their Hebrew names in Hebrew order for a Hebrew reader', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/new', {
      session: curator,
      flags: { language_select: 'true' },
      routes: [options(['Afrobeat', 'HipHop', 'Jazz', 'Pop', 'Rock']), noAi, myJosies],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const group = await screen.findByRole('group', { name: 'ז׳אנרים' }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(['ג׳אז', 'היפ-הופ', 'פופ', 'רוק', 'Afrobeat']),
    );
  });
  it('toggles up to 3 genres by pointer or keys, says why a fourth is refused, and sends them', async () => {
    const created = makeJosie({ _id: 'new', status: 'pending', genres: ['Jazz', 'Soul', 'Funk'] });
    const { user, stub, router } = renderEditor('/josie/new', [
      options(['Funk', 'Jazz', 'Pop', 'Soul']),
      { method: 'POST', path: '/api/josies', reply: () => json(201, created) },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'Late night');
    const group = await genreGroup();
    const chip = (name: string) => within(group).getByRole('button', { name });
    await waitFor(() => expect(chip('Jazz')).toHaveAttribute('aria-pressed', 'false'));
    expect(group).toHaveAccessibleDescription('Choose up to 3 · 0 chosen');

    await user.click(chip('Jazz'));
    // Keyboard: Tab reaches the chips, Space and Enter press them.
    chip('Soul').focus();
    await user.keyboard(' ');
    chip('Funk').focus();
    await user.keyboard('{Enter}');
    for (const name of ['Jazz', 'Soul', 'Funk']) expect(chip(name)).toHaveAttribute('aria-pressed', 'true');
    expect(group).toHaveAccessibleDescription('Choose up to 3 · 3 chosen');

    expect(chip('Pop')).toHaveAttribute('aria-disabled', 'true');
    await user.click(chip('Pop'));
    expect(chip('Pop')).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('status')).toHaveTextContent(
      'A josie can have up to 3 genres. Unselect one to choose another.',
    );
    // Unpressing one frees a place.
    await user.click(chip('Soul'));
    expect(chip('Pop')).not.toHaveAttribute('aria-disabled');
    await user.click(chip('Pop'));
    await user.click(chip('Soul'));
    expect(chip('Soul')).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(sentGenres(stub.calls('POST', '/api/josies')[0])).toEqual(['Jazz', 'Funk', 'Pop']);
  });

  it('says a genre is no longer offered on UNKNOWN_LIST_ENTRY and shows the list as it is now', async () => {
    let live = ['Disco', 'Jazz'];
    const { user, stub, router } = renderEditor('/josie/new', [
      {
        method: 'GET',
        path: '/api/preferences/options',
        reply: () => json(200, { genres: live.map((name) => ({ _id: `g-${name}`, name })), interests: [] }),
      },
      {
        method: 'POST',
        path: '/api/josies',
        reply: () => json(400, { message: 'Unknown genre: Disco', code: 'UNKNOWN_LIST_ENTRY' }),
      },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'Mirror ball');
    const group = await genreGroup();
    await user.click(await within(group).findByRole('button', { name: 'Disco' }));
    // An admin removes Disco meanwhile.
    live = ['Jazz'];
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'One of the genres you chose is no longer offered. The list is up to date now: please choose again.',
    );
    expect(router.state.location.pathname).toBe('/josie/new');
    await waitFor(() => expect(stub.calls('GET', '/api/preferences/options').length).toBeGreaterThan(1));
    // Still chosen, marked as no longer offered, and unpressing it lets the save through.
    const disco = await within(group).findByRole('button', {
      name: 'Disco',
      description: /no longer offered/,
    });
    await user.click(disco);
    expect(within(group).queryByRole('button', { name: 'Disco' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message for a refused genres field", async () => {
    const { user } = renderEditor('/josie/new', [
      options(['Jazz']),
      {
        method: 'POST',
        path: '/api/josies',
        reply: () =>
          json(400, {
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            issues: [{ path: 'body.genres', message: 'A josie has at most 3 genres' }],
          }),
      },
    ]);
    await user.type(await screen.findByLabelText('Title'), 'Too many');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const group = await genreGroup();
    expect(await within(group).findByRole('alert')).toHaveTextContent('A josie has at most 3 genres');
  });

  it('keeps a genre the josie had after it left the list, and sends it back', async () => {
    const josie: Josie = makeJosie({
      _id: 'j1',
      status: 'published',
      genres: ['Shoegaze', 'Jazz'],
      creator: { ...makeJosie().creator, _id: ME },
      abilities: { edit: true, review: false, delete: true, seeReviews: true },
    });
    const { user, stub, router } = renderEditor('/josie/edit/j1', [
      options(['Jazz', 'Soul']),
      { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
      { method: 'PUT', path: '/api/josies/j1', reply: () => json(200, { ...josie, status: 'pending' }) },
    ]);
    const group = await genreGroup();
    const shoegaze = await within(group).findByRole('button', { name: 'Shoegaze' });
    expect(shoegaze).toHaveAttribute('aria-pressed', 'true');
    expect(shoegaze).toHaveAccessibleDescription(
      'Genres with a dashed border are no longer offered. You can keep them or remove them.',
    );
    await user.click(within(group).getByRole('button', { name: 'Soul' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-josies'));
    expect(sentGenres(stub.calls('PUT', '/api/josies/j1')[0])).toEqual(['Shoegaze', 'Jazz', 'Soul']);
  });
});
