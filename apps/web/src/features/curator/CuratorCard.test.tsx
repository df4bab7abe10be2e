import type { CuratorRecommendation } from '@josie/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../../i18n';
import { Button } from '../../ui/Button';
import { CuratorCard } from './CuratorCard';

const maya: CuratorRecommendation = {
  _id: '0190a0b0-0000-7000-8000-0000000000c1',
  id: '0190a0b0-0000-7000-8000-0000000000c1',
  name: 'Maya',
  avatar: null,
  font: '',
  color: '#87A9FF',
  bio: 'Late-night jazz and field recordings',
  followersCount: 12,
};

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('CuratorCard', () => {
  it("links to the curator's profile with name, bio, role and follower count", () => {
    inRouter(<CuratorCard curator={maya} />);
    const card = screen.getByRole('link');
    expect(card).toHaveAttribute('href', `/curator/${maya.id}`);
    expect(card).toHaveTextContent('Maya');
    expect(card).toHaveTextContent('Late-night jazz and field recordings');
    expect(card).toHaveTextContent('Curator · 12 followers');
  });

  it('leaves the bio out when compact', () => {
    inRouter(<CuratorCard curator={{ ...maya, followersCount: 1 }} compact />);
    const card = screen.getByRole('link');
    expect(card).not.toHaveTextContent('Late-night jazz');
    expect(card).toHaveTextContent('Curator · 1 follower');
  });

  it('with actions, is no link and offers them', async () => {
    const follow = vi.fn();
    inRouter(<CuratorCard curator={maya} actions={<Button onClick={follow}>Follow</Button>} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(follow).toHaveBeenCalledOnce();
  });

  it('speaks Hebrew', async () => {
    await changeInterfaceLanguage('he');
    inRouter(<CuratorCard curator={{ ...maya, followersCount: 2 }} />);
    expect(screen.getByRole('link')).toHaveTextContent('אוצר · 2 עוקבים');
  });
});
