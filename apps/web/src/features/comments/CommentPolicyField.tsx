import { COMMENT_POLICIES, type CommentPolicy } from '@josie/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../api/errorText';
import { setCommentPolicy } from './api';

export interface CommentPolicyFieldProps {
  /** The choice shown. */
  value: CommentPolicy;
  /** A new josie's choice, sent with it (`commentPolicy` of the create form). */
  onChange(policy: CommentPolicy): void;
  /**
   * An existing josie: the choice is saved at once (`PUT /api/josies/{id}/comment-policy`), apart from the
   * edit, which would send the josie back to review (docs/decisions/0046-comments.md).
   */
  josieId?: string;
}

/**
 * "Who can comment" in the josie editor (docs/product/rules-and-limits.md#comments): everyone, the creator's
 * followers only, or no one, as radio buttons (arrow keys move between them). Shown while the `comments`
 * flag is on.
 */
export function CommentPolicyField({ value, onChange, josieId }: CommentPolicyFieldProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const choose = async (policy: CommentPolicy) => {
    const before = value;
    onChange(policy);
    if (!josieId) return;
    setSaving(true);
    try {
      await setCommentPolicy(josieId, policy);
      toast.success(t('comments.policy.saved'));
    } catch (failure) {
      onChange(before);
      toast.error(errorText(t, failure, t('comments.policy.error')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={saving || undefined}>
      <legend className="mb-1 text-sm font-semibold text-zinc-800">{t('comments.policy.legend')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {COMMENT_POLICIES.map((policy) => (
          <label key={policy} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="radio"
              name="commentPolicy"
              value={policy}
              checked={value === policy}
              disabled={saving}
              onChange={() => void choose(policy)}
              className="size-4 accent-brand-600"
            />
            {t(`comments.policy.${policy}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
