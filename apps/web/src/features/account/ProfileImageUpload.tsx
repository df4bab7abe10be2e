import { ImageUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { getSessionSnapshot } from '../../session/store';
import { Button, buttonClasses } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { useObjectUrl } from '../josie';
import { type ProfileImageKind, uploadProfileImage } from './api';
import { checkImageFile, IMAGE_LIMITS } from './imageFile';
import { Section } from './Section';

/** The texts of one upload, so the avatar and the header image each speak of themselves. */
const TEXTS = {
  avatar: {
    title: 'account.profile.avatarTitle',
    hint: 'account.profile.avatarHint',
    choose: 'account.profile.chooseAvatar',
    save: 'account.profile.saveAvatar',
    preview: 'account.profile.avatarPreview',
    done: 'account.profile.avatarUpdated',
    failed: 'account.avatarUploadFailed',
  },
  headerImage: {
    title: 'account.profile.headerTitle',
    hint: 'account.profile.headerHint',
    choose: 'account.profile.chooseHeader',
    save: 'account.profile.saveHeader',
    preview: 'account.profile.headerPreview',
    done: 'account.profile.headerImageUpdated',
    failed: 'account.headerImageUploadFailed',
  },
} as const;

export interface ProfileImageUploadProps {
  kind: ProfileImageKind;
  /** The image in use now (shown until a new one is chosen). */
  current: ReactNode;
  /** Draws the chosen file's preview in the kind's shape. */
  renderPreview(url: string, alt: string): ReactNode;
}

/**
 * One profile image of the Profile tab (docs/product/routes-and-roles.md#account,
 * docs/product/rules-and-limits.md#media, docs/product/messages.md#media): a file input that takes images
 * only ('Please select an image file') within the kind's limit ('Image must be less than 2MB' for the
 * avatar, 'Image must be at most 5MB' for the header image), a preview of the chosen file with Save and
 * Cancel, and on Save the multipart upload. The answer's user replaces the stored one (`userDataUpdated`),
 * so the header avatar changes at once. A refusal or an answer without `success` and a URL toasts
 * `account.avatarUploadFailed` / `headerImageUploadFailed`, with the refusal's text under it, chosen by its
 * code (`errorText`).
 */
export function ProfileImageUpload({ kind, current, renderPreview }: ProfileImageUploadProps) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const inputId = useId();
  const texts = TEXTS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewUrl = useObjectUrl(file);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadProfileImage(kind, chosen),
    onSuccess: ({ url, user }) => {
      const latest = getSessionSnapshot().user;
      if (user) updateUser(user);
      else if (latest) updateUser({ ...latest, [kind]: url });
      setFile(null);
      toast.success(t(texts.done));
    },
    onError: (failure) => {
      console.warn(`The ${kind} upload failed`, failure);
      const reason = failure instanceof ApiError ? errorText(t, failure) : null;
      toast.error(t(texts.failed), reason ? { description: reason } : undefined);
    },
  });

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const refused = checkImageFile(chosen, kind);
    if (refused) {
      setFile(null);
      setError(
        refused === 'notImage'
          ? t('account.selectImageFile')
          : t(IMAGE_LIMITS[kind].tooLarge, { max: IMAGE_LIMITS[kind].mb }),
      );
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const cancel = () => {
    setFile(null);
    setError(null);
  };

  return (
    <Section title={t(texts.title)} description={t(texts.hint)}>
      <div className="flex flex-col gap-4">
        {file && previewUrl ? (
          <div className="flex flex-col gap-3">
            {renderPreview(previewUrl, t(texts.preview))}
            <p className="text-sm text-zinc-600">{t('account.profile.previewNote')}</p>
            <div className="flex flex-wrap gap-3">
              <Button loading={upload.isPending} onClick={() => upload.mutate(file)}>
                {t(texts.save)}
              </Button>
              <Button variant="outline" disabled={upload.isPending} onClick={cancel}>
                {t('common.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {current}
            <div>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                className="peer sr-only"
                onChange={onChoose}
                aria-invalid={error ? true : undefined}
              />
              <label
                htmlFor={inputId}
                className={cn(
                  buttonClasses('outline', 'sm'),
                  'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                )}
              >
                <ImageUp className="size-4" aria-hidden="true" />
                {t(texts.choose)}
              </label>
            </div>
          </div>
        )}
        <FormError message={error} />
      </div>
    </Section>
  );
}
