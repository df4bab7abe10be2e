import type { Role } from '@josie/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilitiesOfRole } from '../session/abilities';
import { storeUser } from '../session/storage';
import { makeSession } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

function entryNames(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('header menu (docs/product/routes-and-roles.md#header-and-menu)', () => {
  it('offers visitors Home, Explore, About, Contact, Sign up and Log in', async () => {
    const { user } = renderApp('/about');
    const nav = await openMenu(user);
    expect(entryNames(nav)).toEqual(['Home', 'Explore', 'About', 'Contact', 'Sign up', 'Log in']);
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
  });

  it.each<[Role, string[]]>([
    ['listener', ['Home', 'Explore', 'About', 'Contact', 'Account', 'Logout']],
    [
      'curator',
      ['Home', 'Explore', 'About', 'Contact', 'My Josies', 'Studio', 'Invites', 'Account', 'Logout'],
    ],
    ['admin', ['Home', 'Explore', 'About', 'Contact', 'Admin dashboard', 'Account', 'Logout']],
    ['editor', ['Home', 'Explore', 'About', 'Contact', 'Editor dashboard', 'Account', 'Logout']],
  ])('offers a %s exactly its entries', async (role, expected) => {
    const { user } = renderApp('/about', { session: makeSession(role) });
    const nav = await openMenu(user);
    expect(entryNames(nav)).toEqual(expected);
  });

  it('offers the pages of the abilities the server answered, whatever the role', async () => {
    const abilities = { ...abilitiesOfRole('listener'), createJosie: true, review: true };
    const { user } = renderApp('/about', { session: makeSession('listener', { abilities }) });
    const nav = await openMenu(user);
    expect(entryNames(nav)).toEqual([
      'Home',
      'Explore',
      'About',
      'Contact',
      'My Josies',
      'Studio',
      'Editor dashboard',
      'Account',
      'Logout',
    ]);
  });

  it('leaves out Invites for a curator whose abilities say no invite', async () => {
    const abilities = { ...abilitiesOfRole('curator'), invite: false };
    const { user } = renderApp('/about', { session: makeSession('curator', { abilities }) });
    const nav = await openMenu(user);
    expect(entryNames(nav)).toEqual([
      'Home',
      'Explore',
      'About',
      'Contact',
      'My Josies',
      'Studio',
      'Account',
      'Logout',
    ]);
  });

  it('switches the toggle between Menu and Close and closes on choosing an entry', async () => {
    const { user, router } = renderApp('/about');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const { user } = renderApp('/about');
    await openMenu(user);
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the signed-in user avatar and updates it as soon as the user changes', async () => {
    const session = makeSession('listener', { avatar: '/media/avatars/old.webp' });
    renderApp('/about', { session });
    const accountLink = await screen.findByRole('link', { name: 'Your account' });
    expect(accountLink.querySelector('img')).toHaveAttribute('src', '/media/avatars/old.webp');

    act(() => storeUser({ ...session.user, avatar: '/media/avatars/new.webp' }));
    expect(screen.getByRole('link', { name: 'Your account' }).querySelector('img')).toHaveAttribute(
      'src',
      '/media/avatars/new.webp',
    );
  });

  it('has the footer with copyright 2024 and the legal links', async () => {
    renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2024 Josie');
    expect(within(footer).getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
