import { type ReactNode, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeforeUnload, useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** What {@link useLeaveGuard} answers. */
export interface LeaveGuard {
  /** The confirmation to render while a navigation waits for the user's answer. */
  dialog: ReactNode;
  /** Lets the next navigation through unasked: call it before leaving after a successful save. */
  release(): void;
}

/**
 * Keeps the editor's unsaved changes from being lost unasked: while `unsaved`, leaving for another page
 * of the app (Back, a link, the browser's back button) waits for a translated confirmation ("Keep
 * editing" or "Leave"), and closing or reloading the tab makes the browser ask its own question
 * (`beforeunload`; browsers show their own text there).
 */
export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  const { t } = useTranslation();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!unsaved || released.current) return;
        event.preventDefault();
        // Older browsers ask only when returnValue is set.
        event.returnValue = '';
      },
      [unsaved],
    ),
  );
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('josie.editor.leaveTitle')}
      description={t('josie.editor.leaveDescription')}
      confirmLabel={t('josie.editor.leaveConfirm')}
      cancelLabel={t('josie.editor.leaveCancel')}
      destructive
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
  return {
    dialog,
    release: () => {
      released.current = true;
    },
  };
}
