import { LIMITS, PasswordResetCompleteBody } from '@josie/contract';
import { useSearchParams } from 'react-router';
import { CompleteReset } from './CompleteReset';
import { IncompleteLink } from './IncompleteLink';
import { InitiateReset } from './InitiateReset';

/**
 * `/reset-password` (docs/product/routes-and-roles.md#guards,
 * docs/product/rules-and-limits.md#passwords-and-reset, docs/product/messages.md#sign-in-and-account;
 * docs/product/routes-and-roles.md#account). Without a `token` in the query it is in initiate mode: an email
 * (non-empty, with '@': `invalidEmail`) sent to `POST /api/users/reset-password/initiate`, then 'check your
 * email' whatever the account (the server answers the same either way), or `initiateError` when the call
 * fails. With a `token` it is in complete mode: both `email` and `token` must be present (`missingParams`),
 * then a new password and its confirmation go to `POST /api/users/reset-password/complete`; success shows
 * `success` and goes to `/login` after {@link LIMITS.resetRedirectMs} ms, a failure the server's message
 * (else `completeError`). Cancel goes to `/login`.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  if (!params.has('token')) return <InitiateReset initialEmail={email} />;
  const linkComplete = token !== '' && PasswordResetCompleteBody.shape.email.safeParse(email).success;
  if (!linkComplete) return <IncompleteLink email={email} />;
  // A new link replaces the form and its state.
  return <CompleteReset key={`${email}\n${token}`} email={email} token={token} />;
}
