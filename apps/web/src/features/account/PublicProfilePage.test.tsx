import type { PublicProfile } from '@josie/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
// Loaded up front so the route's lazy import resolves at once in every test.
import './PublicProfilePage';

const ID = '0190a0b0-0000-7000-8000-0000000000aa';

function profile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    _id: ID,
    id: ID,
    name: 'Maya Ben-David',
    avatar: null,
    headerImage: null,
    bio: 'Late-night jazz and לילה טוב',
    role: 'listener',
    preferences: { myFont: '', myColor: '#ff69b4' },
    postsCount: 0,
    followersCount: 1,
    followingCount: 12,
    isFollowing: false,
    isBlocked: false,
    ...overrides,
  };
}

const route = (body: PublicProfile) => ({
  method: 'GET',
  path: `/api/users/${ID}`,
  reply: () => json(200, body),
});

describe('public profile (docs/product/routes-and-roles.md#account; docs/product/differences.md#public-profile)', () => {
  it('shows the avatar, name, bio and the three counts', async () => {
    renderApp(`/profile/${ID}`, {
      session: makeSession('listener'),
      routes: [route(profile({ postsCount: 3 }))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Ben-David' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Maya Ben-David' })).toBeInTheDocument();
    expect(screen.getByText('Late-night jazz and לילה טוב')).toHaveAttribute('dir', 'auto');
    const counts = within(screen.getByRole('list', { name: 'Profile statistics' })).getAllByRole('listitem');
    expect(counts.map((item) => item.textContent)).toEqual(['3 josies', '1 follower', '12 following']);
    // A listener has no curator page.
    expect(screen.queryByRole('link', { name: 'View curator page' })).not.toBeInTheDocument();
  });

  it('links a curator to their curator page, and the owner to the account page', async () => {
    const session = makeSession('curator', { id: ID, _id: ID });
    renderApp(`/profile/${ID}`, {
      session,
      routes: [route(profile({ role: 'curator', preferences: { myFont: 'Anton', myColor: '#87a9ff' } }))],
    });
    expect(await screen.findByRole('link', { name: 'View curator page' })).toHaveAttribute(
      'href',
      `/curator/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
      'href',
      '/account?tab=profile',
    );
  });

  it('says errors.profileLoad with the reason when the load fails', async () => {
    renderApp(`/profile/${ID}`, {
      session: makeSession('listener'),
      routes: [
        {
          method: 'GET',
          path: `/api/users/${ID}`,
          reply: () => json(404, { message: 'User not found', code: 'NOT_FOUND' }),
        },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load profile');
    expect(alert).toHaveTextContent('Please try again in a moment.');
  });
});
