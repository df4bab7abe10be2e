import { useLocation, useNavigate } from 'react-router';
import { useFeedEvent } from '../realtime/useFeedEvents';
import { noteSessionEnded, type ReturnToState } from './guards';
import { clearSession } from './storage';

/**
 * Signs this page out the moment the server says its session ended (`session-ended` on the shared socket:
 * a password changed or reset elsewhere, "sign out everywhere else", the session revoked from another
 * device, the account deleted or its role changed; docs/decisions/0025-account-and-data.md#sessions), rather
 * than showing private pages until the next request answers 401: the stored session is cleared (other tabs
 * follow through the `storage` event) and the page goes to `/login`, which says why and returns to this page
 * after sign-in. Used by the header bell's live part, which holds the socket on every signed-in page.
 */
export function useSessionEnded(enabled: boolean): void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useFeedEvent(
    'session-ended',
    () => {
      noteSessionEnded();
      clearSession();
      const state: ReturnToState = { from: { pathname, search, hash } };
      navigate('/login', { replace: true, state });
    },
    enabled,
  );
}
