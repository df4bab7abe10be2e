import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeJosie, SPOTIFY_TRACK } from '../features/josie/testing';
import { changeInterfaceLanguage } from '../i18n';
import { StaticSessionProvider } from '../session/SessionProvider';
import { EmbedView } from './EmbedView';

/** A josie with a Spotify track and a text, by a curator whose name is in Hebrew. */
const josie = makeJosie({
  title: 'Night drive',
  creator: { _id: 'c1', name: 'מאיה', avatar: null, preferences: { myColor: '#ff69b4', myFont: 'Heebo' } },
  paragraphs: [
    { type: 'text', content: 'Songs for the road after midnight.' },
    {
      type: 'audioItem',
      content: { name: 'Nightcall', type: 'track', url: SPOTIFY_TRACK, provider: 'spotify', image: null },
    },
  ],
  listen: [],
});

function renderEmbed(shown: typeof josie | null) {
  return render(
    <StaticSessionProvider user={null}>
      <EmbedView josie={shown} />
    </StaticSessionProvider>,
  );
}

describe('the embed page (docs/decisions/0043-embeds.md)', () => {
  it('shows the title, the curator isolated, the audio card with its player and "Open in Josie" in a new tab', () => {
    renderEmbed(josie);
    expect(screen.getByRole('heading', { name: 'Night drive' })).toBeInTheDocument();
    const by = screen.getByText(/^by/);
    expect(by.querySelector('bdi')).toHaveTextContent('מאיה');
    const card = screen.getByRole('article', { name: 'Audio: Nightcall' });
    expect(within(card).getByTitle('Spotify player: Nightcall')).toHaveAttribute(
      'src',
      expect.stringContaining('open.spotify.com/embed/track/'),
    );
    const open = screen.getByRole('link', { name: 'Open in Josie (opens in a new tab)' });
    expect(open).toHaveAttribute('href', `/josie/${josie._id}`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
  });

  it('shows a josie without music by its opening words, and one without a josie as not found', () => {
    const { unmount } = renderEmbed(
      makeJosie({ paragraphs: [{ type: 'text', content: 'Only words here.' }] }),
    );
    expect(screen.getByText('Only words here.')).toHaveAttribute('dir', 'auto');
    unmount();
    renderEmbed(null);
    expect(screen.getByRole('heading', { name: "This josie isn't available" })).toBeInTheDocument();
    expect(document.title).toBe("This josie isn't available · Josie");
  });

  it("lets a visitor switch service where the browser refuses the frame's storage (another site's frame)", async () => {
    const refused = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused);
    renderEmbed(josie);
    const card = screen.getByRole('article', { name: 'Audio: Nightcall' });
    expect(within(card).getByRole('button', { name: 'Spotify' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(card).getByRole('button', { name: 'YouTube' }));
    expect(within(card).getByRole('button', { name: 'YouTube' })).toHaveAttribute('aria-pressed', 'true');
    vi.restoreAllMocks();
  });

  it('speaks Hebrew', async () => {
    await changeInterfaceLanguage('he');
    const { unmount } = renderEmbed(josie);
    expect(screen.getByText(/^מאת/).querySelector('bdi')).toHaveTextContent('מאיה');
    expect(screen.getByRole('link', { name: 'פתיחה ב־Josie (נפתח בכרטיסייה חדשה)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    unmount();
    renderEmbed(null);
    expect(screen.getByRole('heading', { name: 'הג׳וזי הזו לא זמינה' })).toBeInTheDocument();
  });
});
