import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../session/SessionProvider';
import { PageSpinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast';
import { useJosie } from '../api';
import { editorHomePath } from './editorHome';
import { JosieEditor } from './JosieEditor';

/** The toast of a failed load for editing (docs/product/messages.md#josies): 404, 403, anything else. */
function loadErrorKey(error: unknown) {
  if (error instanceof ApiError && error.status === 404) return 'josie.notFound' as const;
  if (error instanceof ApiError && error.status === 403) return 'josie.notAuthorized' as const;
  return 'josie.loadError' as const;
}

/** Loads the josie to edit; a failure goes back to the list with its toast (docs/product/rules-and-limits.md#josies, docs/product/messages.md#josies). */
export function EditJosie({ id }: { id: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const query = useJosie(id, { editing: true });
  const home = editorHomePath(user?.abilities);
  // A published josie is readable by anyone, but only those its answer says may edit it.
  const refusal = query.error
    ? loadErrorKey(query.error)
    : query.data && !query.data.abilities.edit
      ? ('josie.notAuthorized' as const)
      : null;
  useEffect(() => {
    if (!refusal) return;
    toast.error(t(refusal));
    navigate(home, { replace: true });
  }, [refusal, home, navigate, t]);
  if (!query.data || refusal) return <PageSpinner />;
  return <JosieEditor key={query.data._id} josie={query.data} />;
}
