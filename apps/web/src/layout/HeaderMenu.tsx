import { Languages, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useFlag } from '../flags';
import { useLanguageToggle } from '../i18n/LanguageSync';
import { useSession } from '../session/SessionProvider';
import { IconButton } from '../ui/IconButton';
import { menuLinksFor } from './menuEntries';

const itemClasses =
  'flex min-h-12 w-full cursor-pointer items-center gap-3 rounded-2xl px-4 py-3 text-start text-base font-medium text-zinc-800 transition-colors ' +
  'hover:bg-brand-50 hover:text-brand-900 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700 ' +
  'aria-[current=page]:bg-brand-50/60 aria-[current=page]:text-brand-800';

/**
 * The hamburger menu of the fixed header (docs/product/routes-and-roles.md#header-and-menu), built as a
 * disclosure (the pattern WAI recommends for site navigation): the toggle's icon switches between Menu and X,
 * its name between "Open menu" and "Close menu", and `aria-expanded` tells its state. Entries follow the role
 * ({@link menuLinksFor}), then Logout for signed-in users and the language toggle while the `language_select`
 * flag is on. Choosing any entry, Escape (focus returns to the toggle), a click outside or tabbing out closes
 * it.
 */
export function HeaderMenu() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const language = useLanguageToggle();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const studio = useFlag('studio');
  const links = menuLinksFor(user?.abilities ?? null, { studio });
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Tabbing out of the menu closes it too.
    const onFocusIn = (event: FocusEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  return (
    <div ref={containerRef}>
      <IconButton
        ref={buttonRef}
        label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="border border-zinc-200 bg-white shadow-xs"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </IconButton>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-4 top-full mt-2 w-[min(600px,calc(100vw-2rem))] max-w-[600px] rounded-3xl border border-zinc-200 bg-white p-2 shadow-2xl shadow-zinc-900/15"
      >
        <ul className="grid gap-1 sm:grid-cols-2">
          {links.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end onClick={close} className={itemClasses}>
                <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {t(`nav.${labelKey}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        {(user || language.available) && (
          <ul className="mt-1 grid gap-1 border-t border-zinc-200 pt-1 sm:grid-cols-2">
            {user && (
              <li>
                <button
                  type="button"
                  className={itemClasses}
                  onClick={() => {
                    close();
                    void logout();
                  }}
                >
                  <LogOut className="size-5 shrink-0 text-brand-700 rtl:-scale-x-100" aria-hidden="true" />
                  {t('nav.logout')}
                </button>
              </li>
            )}
            {language.available && (
              <li>
                <button
                  type="button"
                  className={itemClasses}
                  onClick={() => {
                    close();
                    language.toggle();
                  }}
                >
                  <Languages className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span lang={language.target}>{language.label}</span>
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
