import type { AdminPreferencesResponse, AdminTemplate } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const admin = makeSession('admin');

const TEMPLATES: AdminTemplate[] = [
  {
    _id: '0190a0b0-0000-7000-8000-00000000t001',
    key: 'enticing-title',
    name: 'Enticing title',
    content: 'Write a short, catchy title for: {{text}}',
    variables: ['text'],
    version: 1,
  },
  {
    _id: '0190a0b0-0000-7000-8000-00000000t002',
    key: 'album-cover-style',
    name: 'Album cover style',
    content: 'Paint {{subject}} in the style of {{style}}.',
    variables: ['subject', 'style'],
    version: 4,
  },
];

const PREFERENCES: AdminPreferencesResponse = {
  genres: [
    { _id: 'g1', name: 'Jazz' },
    { _id: 'g2', name: 'Pop' },
  ],
  interests: [{ _id: 'i1', name: 'Concerts' }],
};

describe('admin system page (docs/product/routes-and-roles.md#admin)', () => {
  // Compile the lazily loaded page once up front, so no test's time limit pays for it.
  beforeAll(async () => {
    await import('./AdminSystemPage');
  }, 60_000);

  it('loads only the open tab and keeps it in the address bar', async () => {
    const { user, stub, router } = renderApp('/admin/system', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/templates', reply: () => json(200, { templates: TEMPLATES }) },
        { method: 'GET', path: '/api/admin/preferences', reply: () => json(200, PREFERENCES) },
      ],
    });
    expect(
      await screen.findByRole('tab', { name: 'AI templates', selected: true }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('button', { name: /Enticing title/ });
    expect(stub.calls('GET', '/api/admin/preferences')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Music preferences' }));
    expect(await screen.findByText('Jazz')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=preferences');
    expect(stub.calls('GET', '/api/admin/messages')).toHaveLength(0);
  });

  it('edits a template and shows the variables it uses while typing', async () => {
    const { user, stub } = renderApp('/admin/system', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/templates', reply: () => json(200, { templates: TEMPLATES }) },
        {
          method: 'PUT',
          path: `/api/admin/templates/${TEMPLATES[1]!._id}`,
          reply: (request) => {
            const body = request.body as { name: string; content: string };
            return json(200, { ...TEMPLATES[1]!, ...body, variables: ['subject', 'style', 'mood'] });
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /Album cover style/ }, { timeout: 5000 }));
    const name = screen.getByLabelText('Name');
    const content = screen.getByLabelText('Content');
    expect(name).toHaveValue('Album cover style');
    expect(content).toHaveValue('Paint {{subject}} in the style of {{style}}.');
    expect(content).toHaveAccessibleDescription(
      'Placeholders like {{text}} are filled in when the template runs. {{subject}} {{style}}',
    );
    const variables = screen.getByRole('list', { name: 'Variables' });
    expect(
      within(variables)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['{{subject}}', '{{style}}']);

    await user.type(content, ' Mood: {{{{mood}}');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Variables' })).getAllByRole('listitem')).toHaveLength(
        3,
      ),
    );
    expect(screen.getByRole('list', { name: 'Variables' })).toHaveTextContent('{{mood}}');

    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(stub.calls('PUT', `/api/admin/templates/${TEMPLATES[1]!._id}`)[0]?.body).toEqual({
      name: 'Album cover style',
      content: 'Paint {{subject}} in the style of {{style}}. Mood: {{mood}}',
      baseVersion: 4,
    });
  });

  it("shows the spec's message when a template cannot be saved, and refuses an empty name", async () => {
    const { user, stub } = renderApp('/admin/system?tab=templates', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/templates', reply: () => json(200, { templates: TEMPLATES }) },
        {
          method: 'PUT',
          path: `/api/admin/templates/${TEMPLATES[0]!._id}`,
          reply: () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /Enticing title/ }, { timeout: 5000 }));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(stub.calls('PUT', `/api/admin/templates/${TEMPLATES[0]!._id}`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Title');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Failed to update template. Please try again later')).toBeInTheDocument();
  });

  describe('a template changed elsewhere (docs/decisions/0041-edits-carry-their-version.md)', () => {
    const TEXTS = {
      en: {
        open: /Enticing title/,
        name: 'Name',
        save: 'Save template',
        dialog: 'This template was changed elsewhere since you opened it',
        reason:
          'Someone saved a newer version after you opened it (maybe you, in another tab). Your changes are not saved yet.',
        later: 'Not now',
        reload: 'Reload (discard your changes)',
        overwrite: 'Overwrite (keep your changes)',
        reloaded: 'Loaded the saved version',
        saved: 'Template saved',
      },
      he: {
        // A seeded template not renamed yet is shown by its Hebrew name.
        open: /כותרת מושכת/,
        name: 'שם',
        save: 'שמירת התבנית',
        dialog: 'התבנית הזו שונתה במקום אחר מאז שפתחתם אותה',
        reason:
          'מישהו שמר גרסה חדשה יותר אחרי שפתחתם (אולי אתם, בלשונית אחרת). השינויים שלכם עדיין לא נשמרו.',
        later: 'לא עכשיו',
        reload: 'טעינה מחדש (ביטול השינויים שלכם)',
        overwrite: 'החלפה (שמירת השינויים שלכם)',
        reloaded: 'הגרסה השמורה נטענה',
        saved: 'התבנית נשמרה',
      },
    } as const;
    /** The template as another tab saved it after this one loaded the list (version 1 -> 2). */
    const theirs: AdminTemplate = { ...TEMPLATES[0]!, name: 'Their title', version: 2 };
    const url = `/api/admin/templates/${TEMPLATES[0]!._id}`;

    /** Opens the first template, renames it and saves; the server refuses a save not based on version 2. */
    async function saveOverTheirs(language: 'en' | 'he') {
      if (language === 'he') window.localStorage.setItem('i18nextLng', 'he');
      const text = TEXTS[language];
      let reads = 0;
      const view = renderApp('/admin/system?tab=templates', {
        session: admin,
        flags: { language_select: 'true' },
        routes: [
          {
            method: 'GET',
            path: '/api/admin/templates',
            reply: () => json(200, { templates: reads++ === 0 ? TEMPLATES : [theirs, TEMPLATES[1]!] }),
          },
          {
            method: 'PUT',
            path: url,
            reply: (request) => {
              const body = request.body as { name: string; content: string; baseVersion: number };
              if (body.baseVersion !== 2) {
                return json(409, { message: 'This template was changed', code: 'STALE_VERSION' });
              }
              return json(200, { ...theirs, name: body.name, content: body.content, version: 3 });
            },
          },
        ],
      });
      if (language === 'he') {
        await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), {
          timeout: 5000,
        });
      }
      await view.user.click(await screen.findByRole('button', { name: text.open }, { timeout: 5000 }));
      const name = await screen.findByLabelText(text.name);
      await view.user.clear(name);
      await view.user.type(name, 'My title');
      await view.user.click(screen.getByRole('button', { name: text.save }));
      const dialog = await screen.findByRole('alertdialog', { name: text.dialog });
      expect(dialog).toHaveTextContent(text.reason);
      expect(within(dialog).getByRole('button', { name: text.later })).toHaveFocus();
      expect(screen.getByLabelText(text.name)).toHaveValue('My title');
      return { ...view, dialog, text };
    }
    const sent = (stub: ReturnType<typeof renderApp>['stub']) =>
      stub.calls('PUT', url).map((request) => {
        const { name, baseVersion } = request.body as { name: string; baseVersion: number };
        return { name, baseVersion };
      });

    it.each(['en', 'he'] as const)(
      'reloads the saved template on request, discarding the form (%s, keyboard)',
      async (language) => {
        const { user, stub, dialog, text } = await saveOverTheirs(language);
        await user.tab();
        expect(within(dialog).getByRole('button', { name: text.reload })).toHaveFocus();
        await user.keyboard('{Enter}');
        await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
        expect(await screen.findByText(text.reloaded)).toBeInTheDocument();
        expect(screen.getByLabelText(text.name)).toHaveValue('Their title');
        expect(sent(stub)).toEqual([{ name: 'My title', baseVersion: 1 }]);
      },
      15_000,
    );

    it.each(['en', 'he'] as const)(
      'overwrites with the form, saved over the version read again (%s, keyboard)',
      async (language) => {
        const { user, stub, dialog, text } = await saveOverTheirs(language);
        await user.tab();
        await user.tab();
        expect(within(dialog).getByRole('button', { name: text.overwrite })).toHaveFocus();
        await user.keyboard('{Enter}');
        expect(await screen.findByText(text.saved)).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
        expect(screen.getByLabelText(text.name)).toHaveValue('My title');
        expect(sent(stub)).toEqual([
          { name: 'My title', baseVersion: 1 },
          { name: 'My title', baseVersion: 2 },
        ]);
      },
      15_000,
    );
  });

  it("shows the spec's message when the templates fail to load", async () => {
    renderApp('/admin/system', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/templates',
          reply: () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
        },
      ],
    });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to load AI templates. Please try again later',
    );
  });

  it('adds a genre with Enter, ignores a blank name and shows a duplicate refusal', async () => {
    let genres = [...PREFERENCES.genres];
    const { user, stub } = renderApp('/admin/system?tab=preferences', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/preferences', reply: () => json(200, { ...PREFERENCES, genres }) },
        {
          method: 'POST',
          path: '/api/admin/preferences/genres',
          reply: (request) => {
            const { name } = request.body as { name: string };
            if (genres.some((genre) => genre.name.toLowerCase() === name.toLowerCase())) {
              return json(409, { message: `Genre "Jazz" already exists`, code: 'DUPLICATE_NAME' });
            }
            genres = [...genres, { _id: 'g3', name }].sort((a, b) => a.name.localeCompare(b.name));
            return json(201, { genres, added: true });
          },
        },
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'New genre' }, { timeout: 5000 });
    const genreList = () => screen.getByRole('list', { name: 'Genres' });

    await user.type(box, '   {Enter}');
    expect(stub.calls('POST', '/api/admin/preferences/genres')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, ' Afrobeat {Enter}');
    expect(await screen.findByText('Genre “Afrobeat” added')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/admin/preferences/genres')[0]?.body).toEqual({ name: 'Afrobeat' });
    expect(
      within(genreList())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Afrobeat', 'Jazz', 'Pop']);
    expect(box).toHaveValue('');

    await user.type(box, 'jazz{Enter}');
    await waitFor(() => expect(box).toHaveAccessibleDescription('Genre "Jazz" already exists'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('jazz');
  });

  it('names seed genres, interests and templates in Hebrew for a Hebrew admin, in Hebrew order', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const { user } = renderApp('/admin/system?tab=preferences', {
      session: admin,
      flags: { language_select: 'true' },
      routes: [
        {
          method: 'GET',
          path: '/api/admin/preferences',
          reply: () =>
            json(200, {
              genres: [
                { _id: 'g0', name: 'Afrobeat' },
                { _id: 'g1', name: 'HipHop' },
                { _id: 'g2', name: 'Jazz' },
                { _id: 'g3', name: 'Pop' },
                { _id: 'g4', name: 'Rock' },
              ],
              interests: [
                { _id: 'i1', name: 'Concerts' },
                { _id: 'i2', name: 'Karaoke' },
                { _id: 'i3', name: 'VinylCollection' },
              ],
            }),
        },
        {
          method: 'GET',
          path: '/api/admin/templates',
          reply: () =>
            json(200, {
              templates: [
                ...TEMPLATES,
                {
                  ...TEMPLATES[0],
                  _id: '0190a0b0-0000-7000-8000-00000000t003',
                  key: 'image-from-text',
                  name: 'Mine',
                },
              ],
            }),
        },
      ],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const items = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await screen.findByRole('list', { name: 'ז׳אנרים' }, { timeout: 5000 });
    // An entry an admin added keeps the name they wrote.
    expect(items('ז׳אנרים')).toEqual(['ג׳אז', 'היפ-הופ', 'פופ', 'רוק', 'Afrobeat']);
    expect(items('תחומי עניין')).toEqual(['אוסף תקליטים', 'הופעות', 'Karaoke']);
    expect(screen.getByRole('button', { name: 'הסרה של ג׳אז' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'תבניות AI' }));
    const templates = await screen.findByRole('list', { name: 'תבניות' }, { timeout: 5000 });
    // A renamed seed template ('Mine') keeps its admin's name.
    expect(
      within(templates)
        .getAllByRole('button')
        .map((button) => button.querySelector('span')?.textContent),
    ).toEqual(['בסגנון עטיפת אלבום', 'כותרת מושכת', 'Mine']);
    await user.click(within(templates).getByRole('button', { name: /כותרת מושכת/ }));
    expect(await screen.findByRole('heading', { name: 'עריכת „כותרת מושכת”' })).toBeInTheDocument();
  });

  it('removes an interest after a confirmation', async () => {
    const { user, stub } = renderApp('/admin/system?tab=preferences', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/preferences', reply: () => json(200, PREFERENCES) },
        {
          method: 'DELETE',
          path: '/api/admin/preferences/interests/i1',
          reply: () => json(200, { interests: [] }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Concerts' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the interest “Concerts”?' });
    expect(dialog).toHaveAccessibleDescription(
      'It is also removed from the preferences of every user who chose it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Interest “Concerts” removed')).toBeInTheDocument();
    expect(stub.calls('DELETE', '/api/admin/preferences/interests/i1')).toHaveLength(1);
    expect(screen.getByText('No interests yet.')).toBeInTheDocument();
  });

  it('loads the list again when the entry to remove was already removed elsewhere (404)', async () => {
    let reads = 0;
    const { user } = renderApp('/admin/system?tab=preferences', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/preferences',
          reply: () => json(200, reads++ === 0 ? PREFERENCES : { ...PREFERENCES, interests: [] }),
        },
        {
          method: 'DELETE',
          path: '/api/admin/preferences/interests/i1',
          reply: () => json(404, { message: 'Interest not found', code: 'NOT_FOUND' }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Concerts' }, { timeout: 5000 }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove the interest “Concerts”?' })).getByRole(
        'button',
        {
          name: 'Remove',
        },
      ),
    );
    expect(
      await screen.findByText(
        'This interest was already removed elsewhere; the list now shows the current interests.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Concerts' })).not.toBeInTheDocument(),
    );
  });

  it("shows the spec's message when a genre cannot be added", async () => {
    const { user } = renderApp('/admin/system?tab=preferences', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/preferences', reply: () => json(200, PREFERENCES) },
        {
          method: 'POST',
          path: '/api/admin/preferences/genres',
          reply: () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
        },
      ],
    });
    await user.type(await screen.findByRole('textbox', { name: 'New genre' }, { timeout: 5000 }), 'Afrobeat');
    await user.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText('Failed to add genre. Please try again later')).toBeInTheDocument();
  });

  it('turns a flag on with its switch, saves the string and refreshes the app-wide flags', async () => {
    let flags = {
      language_select: 'false',
      editor_advanced_mode: 'false',
      audio_input_url_mode: 'true',
      comments: 'false',
      studio: 'false',
    };
    const { user, stub } = renderApp('/admin/system?tab=flags', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/config/flags', reply: () => json(200, flags) },
        {
          method: 'PUT',
          path: '/api/admin/flags/language_select',
          reply: (request) => {
            flags = { ...flags, language_select: (request.body as { value: string }).value };
            return json(200, flags);
          },
        },
      ],
    });
    const language = await screen.findByRole('switch', { name: 'Language selection' }, { timeout: 5000 });
    expect(language).toHaveAttribute('aria-checked', 'false');
    expect(language).toHaveAccessibleDescription(
      'Shows the English / Hebrew language switch. While it is off, everyone sees English.',
    );
    expect(screen.getByRole('switch', { name: 'Audio by link' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Advanced editor' })).toHaveAttribute('aria-checked', 'false');
    const flagReads = stub.calls('GET', '/api/config/flags').length;

    await user.click(language);
    expect(await screen.findByText('“Language selection” is on')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/admin/flags/language_select')[0]?.body).toEqual({ value: 'true' });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Language selection' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    // The app-wide flags (which show the language switch) are read again at once.
    await waitFor(() => expect(stub.calls('GET', '/api/config/flags').length).toBeGreaterThan(flagReads));
    // So the language switch of the header menu appears without waiting for the hourly refresh.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('button', { name: 'עברית' })).toBeInTheDocument();
  });

  it('lists contact messages and newsletter subscribers with their dates', async () => {
    renderApp('/admin/system?tab=messages', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/messages',
          reply: () =>
            json(200, {
              contactMessages: [
                {
                  _id: 'm2',
                  name: 'Dana',
                  email: 'dana@example.com',
                  message: 'Love the new feed!',
                  createdAt: '2024-06-02T08:00:00.000Z',
                },
                {
                  _id: 'm1',
                  name: 'Eli',
                  email: 'eli@example.com',
                  message: 'A bug report',
                  createdAt: '2024-05-20T08:00:00.000Z',
                },
              ],
              newsletterSubscribers: [
                { _id: 's1', email: 'fan@example.com', createdAt: '2024-06-01T08:00:00.000Z' },
              ],
            }),
        },
      ],
    });
    const contact = await screen.findByRole('region', { name: /Contact messages/ }, { timeout: 5000 });
    const messages = within(contact).getAllByRole('article');
    expect(messages.map((message) => within(message).getByRole('heading').textContent)).toEqual([
      'Dana',
      'Eli',
    ]);
    expect(messages[0]).toHaveTextContent('Love the new feed!');
    expect(messages[0]).toHaveTextContent('Jun 2, 2024');
    expect(within(messages[0]!).getByRole('link', { name: 'Reply to Dana' })).toHaveAttribute(
      'href',
      'mailto:dana@example.com',
    );
    const newsletter = screen.getByRole('region', { name: /Newsletter subscribers/ });
    expect(newsletter).toHaveTextContent('fan@example.com');
    expect(newsletter).toHaveTextContent('Subscribed Jun 1, 2024');
  });
});
