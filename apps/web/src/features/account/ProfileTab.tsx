import { BIO_MAX_LENGTH, type User } from '@josie/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Textarea } from '../../ui/Input';
import { toast } from '../../ui/toast';
import { updateBio } from './api';
import { ProfileImageUpload } from './ProfileImageUpload';
import { Section } from './Section';

/** A header image, or the brand gradient where there is none; the banner shape of the curator page. */
function Banner({ src, alt }: { src: string | null; alt: string }) {
  return src ? (
    <img src={src} alt={alt} className="aspect-[4/1] w-full rounded-2xl bg-zinc-100 object-cover" />
  ) : (
    <div
      role="img"
      aria-label={alt}
      className="aspect-[4/1] w-full rounded-2xl bg-linear-to-br from-brand-300 via-brand-100 to-violet-200"
    />
  );
}

/** The read-only facts of the account (docs/product/routes-and-roles.md#account): username, email, account type, last login. */
function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rows = [
    { key: 'username', label: t('account.profile.username'), value: user.name, userText: true },
    { key: 'email', label: t('account.profile.email'), value: user.email, userText: true },
    { key: 'accountType', label: t('account.profile.accountType'), value: t('account.profile.standard') },
    { key: 'role', label: t('account.profile.role'), value: t(`account.roles.${user.role}`) },
    {
      key: 'lastLogin',
      label: t('account.profile.lastLogin'),
      value: user.lastLogin ? formatDate(user.lastLogin, language) : t('account.profile.never'),
    },
    {
      key: 'memberSince',
      label: t('account.profile.memberSince'),
      value: formatDate(user.createdAt, language),
    },
  ];
  return (
    <Section title={t('account.profile.detailsTitle')}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.key} className="flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">{row.label}</dt>
            <dd className="truncate text-base text-zinc-950">
              {/* User-typed values keep their own direction inside the page's. */}
              {row.userText ? <bdi>{row.value}</bdi> : row.value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/**
 * The bio shown on the public profile (`PUT /api/users/me/profile`, at most {@link BIO_MAX_LENGTH}
 * characters). Save is enabled only when the text differs from the saved bio.
 */
function BioEditor({ user }: { user: User }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const id = useId();
  const [bio, setBio] = useState(user.bio);
  const save = useMutation({
    mutationFn: (text: string) => updateBio(text),
    onSuccess: (saved) => {
      updateUser(saved);
      setBio(saved.bio);
      toast.success(t('account.profile.bioSaved'));
    },
    onError: (error) => {
      console.warn('Saving the bio failed', error);
      toast.error(errorText(t, error, t('account.profile.bioSaveFailed')));
    },
  });
  const changed = bio.trim() !== user.bio.trim();
  return (
    <Section title={t('account.profile.bio')} description={t('account.profile.bioHint')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) save.mutate(bio.trim());
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('account.profile.bio')}
        </label>
        <Textarea
          id={id}
          value={bio}
          maxLength={BIO_MAX_LENGTH}
          rows={4}
          placeholder={t('account.profile.bioPlaceholder')}
          aria-describedby={`${id}-count`}
          onChange={(event) => setBio(event.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id={`${id}-count`} className="text-xs text-zinc-600">
            {t('account.profile.bioCount', { length: bio.length, max: BIO_MAX_LENGTH })}
          </p>
          <Button type="submit" size="sm" disabled={!changed} loading={save.isPending}>
            {t('account.profile.saveBio')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/**
 * The Profile tab (docs/product/routes-and-roles.md#account): avatar upload for everyone, header-image upload
 * for whom the server's abilities allow it (`setHeaderImage`: curators, editors and admins; the server
 * refuses listeners, docs/product/routes-and-roles.md#roles), the bio editor and the read-only details.
 */
export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const mayHaveHeader = user.abilities.setHeaderImage;
  return (
    <div className="flex flex-col gap-5">
      <ProfileImageUpload
        kind="avatar"
        current={<Avatar src={user.avatar} name={user.name} size={96} className="shadow-md" />}
        renderPreview={(url, alt) => (
          <img
            src={url}
            alt={alt}
            className="size-24 rounded-full object-cover shadow-md ring-2 ring-white"
          />
        )}
      />
      {mayHaveHeader && (
        <ProfileImageUpload
          kind="headerImage"
          current={<Banner src={user.headerImage} alt={t('account.profile.currentHeader')} />}
          renderPreview={(url, alt) => <Banner src={url} alt={alt} />}
        />
      )}
      <BioEditor user={user} />
      <AccountDetails user={user} />
    </div>
  );
}
